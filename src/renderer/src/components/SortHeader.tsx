import type { ReactNode } from 'react';

/** Sorting by one column; `null` is the data's own order. */
export interface ColumnSort {
  by: string;
  desc?: boolean;
}

/** Ascending, then descending, then back to the data's own order: the cycle every sortable header follows. */
export function nextSort(sort: ColumnSort | null, by: string): ColumnSort | null {
  if (sort?.by !== by) return { by };
  return sort.desc ? null : { by, desc: true };
}

/**
 * A column header that sorts (a button inside a `columnheader` with `aria-sort`), so tables that
 * sort behave and read the same for the keyboard and screen readers.
 */
export function SortHeader(props: { by: string; sort: ColumnSort | null; onSort: (next: ColumnSort | null) => void; className?: string; title?: string; children: ReactNode }) {
  const active = props.sort?.by === props.by;
  const desc = active && props.sort?.desc === true;
  return (
    <span role="columnheader" className={props.className} aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="sort-btn" title={props.title} onClick={() => props.onSort(nextSort(props.sort, props.by))}>
        {props.children}
        <span aria-hidden="true" className="sort-mark">
          {active ? (desc ? ' ▼' : ' ▲') : ''}
        </span>
      </button>
    </span>
  );
}
