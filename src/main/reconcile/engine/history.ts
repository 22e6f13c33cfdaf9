/**
 * A workspace's run history (issue 28): per run its match and auto rate, open items, exceptions by
 * reason, the aging of open items and the counterparties with the most open items — kept in
 * `run_history` so that a month's figures stay when its files are replaced by next month's, and
 * carried to a duplicate ("next month") with the name of the workspace they came from.
 *
 * Figures are computed from the persisted run (run_rows, match_groups, exceptions) and the loaded
 * sources' typed views; they are recomputed after a review only while the run's sources are still
 * the loaded ones (the caller checks), so a past month's entry is never mixed with new files.
 */
import { AGING_BUCKETS, RunHistoryEntrySchema, type RunHistoryEntry, type SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import type { Recipe } from '../../../shared/reconcile/recipe';
import type { Db } from './db';
import { getRunRow } from './results';
import { ident } from './sql';
import { ROW_ID, rowsWith } from './row-columns';

export const HISTORY_DDL = `CREATE TABLE IF NOT EXISTS run_history (
  run_id BIGINT NOT NULL,
  workspace VARCHAR NOT NULL,
  carried BOOLEAN NOT NULL,
  finished_at VARCHAR NOT NULL,
  stats JSON NOT NULL
)`;

/** Counterparty-like column names of an open-items list, when no rule names the payer column. */
const PARTY_WORDS = /counterparty|customer|client|debtor|debitor|kunde|klant|relatie|tiers|payer|payee|name|naam|nom\b/i;
const TOP = 10;

/** The left (open items) date column and the right one, from the run's rules or its date mapping. */
function dateColumns(recipe: Recipe): { left: string | null; right: string | null } {
  const rule = recipe.rules.find((r) => r.date);
  if (rule?.date) return { left: rule.date.left, right: rule.date.right };
  const m = recipe.mappings.find((x) => x.role === 'date');
  return { left: m?.field_a ?? null, right: m?.field_b ?? null };
}

function partyColumn(recipe: Recipe, left: SourceInfo | undefined): string | null {
  const party = recipe.rules.find((r) => r.model?.party)?.model?.party?.left;
  if (party) return party;
  const text = (left?.columns ?? []).filter((c) => !c.derived && c.type === 'text');
  return text.find((c) => PARTY_WORDS.test(c.name))?.name ?? null;
}

const has = (info: SourceInfo | undefined, column: string | null): column is string => !!column && !!info?.columns.some((c) => c.name === column);

/** Computes run `runId`'s history figures (its sources must be the loaded ones). */
export async function computeHistoryEntry(db: Db, runId: number): Promise<Omit<RunHistoryEntry, 'workspace' | 'carried'>> {
  const run = await getRunRow(db, runId);
  const recipe = JSON.parse(run.recipe) as Recipe;
  const sources = (run.sources ? JSON.parse(run.sources) : {}) as Partial<Record<'left' | 'right', SourceInfo>>;
  const rows = await db.all<{ side: string; category: string; n: string }>(`SELECT side, category, count(*) AS n FROM run_rows WHERE run_id = $1 GROUP BY ALL`, [runId]);
  const count = (side: string, pred: (c: string) => boolean) => rows.filter((r) => r.side === side && pred(r.category)).reduce((s, r) => s + Number(r.n), 0);
  const leftRows = count('left', () => true);
  const rightRows = count('right', () => true);
  const matched = count('left', (c) => c === 'matched') + count('right', (c) => c === 'matched');
  const auto = await db.scalarNumber(`SELECT coalesce(sum(len(left_ids) + len(right_ids)), 0) FROM match_groups WHERE run_id = $1 AND status = 'auto'`, [runId]);
  const inScope = leftRows + rightRows;
  const rate = (n: number) => (inScope === 0 ? 0 : Math.round((n / inScope) * 1e6) / 1e6);
  const reasons = await db.all<{ reason: string; n: string }>(`SELECT reason, count(*) AS n FROM exceptions WHERE run_id = $1 GROUP BY reason ORDER BY count(*) DESC, reason`, [runId]);

  const dates = dateColumns(recipe);
  const leftDate = has(sources.left, dates.left) ? dates.left : null;
  const rightDate = has(sources.right, dates.right) ? dates.right : null;
  const party = partyColumn(recipe, sources.left);
  const partyCol = has(sources.left, party) ? party : null;
  const dateOf = (col: string | null) => (col ? `TRY_CAST(s.${ident(col)} AS DATE)` : 'NULL::DATE');
  // Only the columns read (row-columns.ts: the typed view binds all of them, 0.1–0.2 s at 5,000 columns).
  const read = { left: [leftDate, partyCol], right: [rightDate] };
  const scoped = (side: 'left' | 'right', select: string, where = 'TRUE') =>
    `SELECT ${select} FROM run_rows rr JOIN ${rowsWith(side, read[side].filter((c): c is string => c !== null))} s ON s.${ident(ROW_ID)} = rr.row_id WHERE rr.run_id = $1 AND rr.side = '${side}' AND ${where}`;

  // The as-of date: the latest date among the run's rows, so the figures do not depend on when they are read.
  const asOfRow = await db.one<{ d: string | null }>(
    `SELECT strftime(max(d), '%Y-%m-%d') AS d FROM (${scoped('left', `${dateOf(leftDate)} AS d`)} UNION ALL ${scoped('right', `${dateOf(rightDate)} AS d`)})`,
    [runId],
  );
  const asOf = asOfRow?.d ?? null;
  const open = scoped('left', `rr.amount AS amount, ${dateOf(leftDate)} AS d, ${partyCol ? `nullif(trim(CAST(s.${ident(partyCol)} AS VARCHAR)), '')` : 'NULL'} AS p`, `rr.category <> 'matched'`);
  const aging = await db.all<{ bucket: string | null; n: string; amount: number | null }>(
    `WITH o AS (${open}), a AS (SELECT amount, CASE WHEN d IS NULL OR $2::DATE IS NULL THEN NULL
        WHEN date_diff('day', d, $2::DATE) <= 30 THEN '0–30' WHEN date_diff('day', d, $2::DATE) <= 60 THEN '31–60'
        WHEN date_diff('day', d, $2::DATE) <= 90 THEN '61–90' ELSE '90+' END AS bucket FROM o)
     SELECT bucket, count(*) AS n, sum(amount)::DOUBLE AS amount FROM a GROUP BY bucket`,
    [runId, asOf],
  );
  const top = partyCol
    ? await db.all<{ p: string; n: string; amount: number | null }>(
        `WITH o AS (${open}) SELECT p, count(*) AS n, sum(amount)::DOUBLE AS amount FROM o WHERE p IS NOT NULL GROUP BY p ORDER BY count(*) DESC, sum(amount) DESC NULLS LAST, p LIMIT ${TOP}`,
        [runId],
      )
    : [];
  const round2 = (x: number | null) => Math.round((x ?? 0) * 100) / 100;
  return {
    run_id: runId,
    finished_at: run.finished_at ?? run.started_at,
    as_of: asOf,
    left_rows: leftRows,
    right_rows: rightRows,
    match_rate: rate(matched),
    auto_rate: rate(auto),
    open_items: { left: count('left', (c) => c !== 'matched'), right: count('right', (c) => c !== 'matched') },
    exceptions_by_reason: reasons.map((r) => ({ reason: r.reason, count: Number(r.n) })),
    aging: AGING_BUCKETS.map((bucket) => {
      const row = aging.find((a) => a.bucket === bucket);
      return { bucket, count: Number(row?.n ?? 0), amount: round2(row?.amount ?? 0) };
    }),
    aging_unknown: Number(aging.find((a) => a.bucket === null)?.n ?? 0),
    top_unmatched: top.map((t) => ({ name: t.p, count: Number(t.n), amount: round2(t.amount) })),
    counterparty_column: partyCol,
  };
}

/** Records (or refreshes) run `runId`'s entry in the workspace's own history. */
export async function recordHistory(db: Db, runId: number): Promise<void> {
  const entry = await computeHistoryEntry(db, runId);
  await db.transaction(async () => {
    await db.exec(`DELETE FROM run_history WHERE run_id = $1 AND NOT carried`, [runId]);
    await db.exec(`INSERT INTO run_history VALUES ($1, '', false, $2, $3::JSON)`, [runId, entry.finished_at, JSON.stringify(entry)]);
  });
}

/** The history, oldest first. Own entries are named `ownName`. */
export async function readHistory(db: Db, ownName: string): Promise<RunHistoryEntry[]> {
  const rows = await db.all<{ workspace: string; carried: boolean; stats: string }>(`SELECT workspace, carried, stats::VARCHAR AS stats FROM run_history ORDER BY finished_at, carried DESC, run_id`);
  return rows.map((r) => RunHistoryEntrySchema.parse({ ...(JSON.parse(r.stats) as object), workspace: r.carried ? r.workspace : ownName, carried: r.carried }));
}

/** Adds another workspace's history (its own entries and those it carried) as carried entries. */
export async function importHistory(db: Db, entries: RunHistoryEntry[]): Promise<void> {
  await db.transaction(async () => {
    for (const e of entries) {
      const { workspace, carried: _carried, ...stats } = e;
      await db.exec(`INSERT INTO run_history VALUES ($1, $2, true, $3, $4::JSON)`, [e.run_id, workspace, e.finished_at, JSON.stringify(stats)]);
    }
  });
}
