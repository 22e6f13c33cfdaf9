import type { ReactNode } from 'react';

/**
 * The first rows of a source as a plain table: one header cell a column, one cell a column in every
 * row (a short row is padded, NULL shows empty). Used by the read-options and database previews.
 */
export function RowsTable(props: { columns: { name: string; title?: string }[]; rows: readonly (readonly (string | null)[])[]; className?: string; label?: string; caption?: ReactNode }) {
  return (
    <table className={props.className} aria-label={props.label}>
      {props.caption}
      <thead>
        <tr>
          {props.columns.map((c, i) => (
            <th key={i} scope="col" title={c.title}>
              {c.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={i}>
            {props.columns.map((_, j) => (
              <td key={j}>{r[j] ?? ''}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
