/**
 * Column profiles computed by DuckDB over the typed view: one aggregate pass
 * for all columns plus one small GROUP BY per column for the top values.
 * Unparsed counts were taken at load (SourceInfo.unparsed). Nothing but
 * results reaches JS.
 */
import type { ColumnProfile, SourceInfo, SourceProfile } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ident } from './sql';
import { dataTable, ROW_ID, typedView } from './sources';

const TOP_VALUES = 5;
const SAMPLE_ROWS = 5;
/**
 * Up to this many rows the distinct count is exact (a people-sized file must never show "13
 * distinct" for 12 rows); above, DuckDB's HyperLogLog estimate, capped at the non-null count, and
 * the profile says it is an estimate.
 */
export const EXACT_DISTINCT_MAX_ROWS = 200_000;

export async function profileSource(db: Db, info: SourceInfo): Promise<SourceProfile> {
  const view = ident(typedView(info.side));
  const data = ident(dataTable(info.side));
  const cols = info.columns;
  const exact = info.row_count <= EXACT_DISTINCT_MAX_ROWS;
  const select = cols.flatMap((c, i) => {
    const x = ident(c.name);
    const parts = [
      `count(*) - count(${x}) AS nulls_${i}`,
      exact ? `count(DISTINCT ${x}) AS distinct_${i}` : `least(approx_count_distinct(${x}), count(${x})) AS distinct_${i}`,
      `CAST(min(${x}) AS VARCHAR) AS min_${i}`,
      `CAST(max(${x}) AS VARCHAR) AS max_${i}`,
    ];
    // Legacy workspaces (no unparsed counts in SourceInfo) keep the original text in __raw_<i>.
    const typed = !c.derived && c.type !== 'text';
    if (!info.unparsed) parts.push(typed ? `count_if(${x} IS NULL AND nullif(trim(${ident(`__raw_${i}`)}), '') IS NOT NULL) AS unparsed_${i}` : `0 AS unparsed_${i}`);
    return parts;
  });
  const stats =
    cols.length === 0
      ? {}
      : ((await db.one<Record<string, string | number | null>>(
          `SELECT ${select.join(', ')} FROM ${data}`,
        )) ?? {});
  const columns: ColumnProfile[] = [];
  for (const [i, c] of cols.entries()) {
    const top = await db.all<{ value: string | null; n: string }>(
      `SELECT CAST(${ident(c.name)} AS VARCHAR) AS value, count(*) AS n FROM ${view} GROUP BY 1 ORDER BY n DESC, value NULLS LAST LIMIT ${TOP_VALUES}`,
    );
    const v = (k: string) => stats[`${k}_${i}`];
    columns.push({
      name: c.name,
      type: c.type,
      ...(c.format && !c.derived ? { format: c.format } : {}),
      nulls: Number(v('nulls') ?? 0),
      distinct: Number(v('distinct') ?? 0),
      ...(exact ? {} : { distinctEstimated: true }),
      min: (v('min') as string | null) ?? null,
      max: (v('max') as string | null) ?? null,
      top_values: top.map((t) => ({ value: t.value, count: Number(t.n) })),
      unparsed: info.unparsed ? (info.unparsed[c.name] ?? 0) : Number(v('unparsed') ?? 0),
    });
  }
  const sample = await db.all(`SELECT * EXCLUDE ("__row_hash") FROM ${view} ORDER BY ${ident(ROW_ID)} LIMIT ${SAMPLE_ROWS}`);
  return { side: info.side, name: info.name, row_count: info.row_count, columns, sample_rows: sample, notices: info.notices };
}
