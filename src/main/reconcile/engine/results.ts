/**
 * Reads of persisted run results: the summary and paged category lists with
 * the source rows side by side. Every read is bounded by offset/limit.
 */
import type {
  ExceptionRecord,
  ExceptionStatus,
  GroupPageItem,
  MatchGroup,
  Page,
  PageCategory,
  PageRequest,
  RecordPageItem,
  RunStatus,
  RunSummary,
  Side,
} from '../../../shared/reconcile/sources-and-runs';
import { GROUP_SORT_FIELDS, PAGE_CATEGORIES, type PageSort } from '../../../shared/reconcile/sources-and-runs';
import { DifferenceReasonSchema, type Recipe } from '../../../shared/reconcile/recipe';
import type { SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import { untypedEvidence } from './evidence';
import { listValue } from '@duckdb/node-api';
import type { Db } from './db';
import { ReconError } from '../../errors';
import { ident } from './sql';
import { ROW_ID, typedView } from './row-columns';

export const MATCHED_STATUSES = `('auto', 'manual', 'accepted')`;

interface RunRow {
  run_id: string;
  status: RunStatus;
  recipe: string;
  sources: string | null;
  started_at: string;
  finished_at: string | null;
  error: string | null;
}

export async function getRunRow(db: Db, runId: number): Promise<RunRow> {
  const run = await db.one<RunRow>(`SELECT run_id, status, recipe::VARCHAR AS recipe, sources::VARCHAR AS sources, strftime(started_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS started_at,
    strftime(finished_at, '%Y-%m-%dT%H:%M:%S.%gZ') AS finished_at, error FROM runs WHERE run_id = $1`, [runId]);
  if (!run) throw new ReconError('not_found', `run ${runId} does not exist`, { run_id: runId });
  return run;
}

export async function computeSummary(db: Db, runId: number): Promise<RunSummary> {
  const run = await getRunRow(db, runId);
  const totals = await db.all<{ side: Side; category: string; n: string; amount: string | null }>(
    `SELECT side, category, count(*) AS n, sum(amount)::DOUBLE AS amount FROM run_rows WHERE run_id = $1 GROUP BY side, category`,
    [runId],
  );
  const pick = (side: Side, category: string) => {
    const row = totals.find((t) => t.side === side && t.category === category);
    return { count: row ? Number(row.n) : 0, amount: row && row.amount !== null ? round2(Number(row.amount)) : 0 };
  };
  const both = (category: string) => ({ left: pick('left', category), right: pick('right', category) });
  const groups = await db.all<{ status: string; n: string }>(`SELECT status, count(*) AS n FROM match_groups WHERE run_id = $1 GROUP BY status`, [runId]);
  const groupCount = (statuses: string[]) => groups.filter((g) => statuses.includes(g.status)).reduce((sum, g) => sum + Number(g.n), 0);
  const perRule = await db.all<{ rule_id: string; groups: string; l: string; r: string }>(
    `SELECT rule_id, count(*) AS groups, sum(len(left_ids)) AS l, sum(len(right_ids)) AS r FROM match_groups
     WHERE run_id = $1 AND status <> 'rejected' GROUP BY rule_id ORDER BY min(group_id)`,
    [runId],
  );
  const sideRows = (side: Side) => totals.filter((t) => t.side === side).reduce((sum, t) => sum + Number(t.n), 0);
  const matched = both('matched');
  const leftRows = sideRows('left');
  const rightRows = sideRows('right');
  const inScope = leftRows + rightRows;
  const warnings = await runWarnings(db, runId, run);
  return {
    run_id: runId,
    status: run.status,
    recipe_name: (JSON.parse(run.recipe) as { name: string }).name,
    started_at: run.started_at,
    finished_at: run.finished_at,
    error: run.error,
    left_rows: leftRows,
    right_rows: rightRows,
    matched_groups: groupCount(['auto', 'manual', 'accepted']),
    suggested_groups: groupCount(['suggested']),
    matched,
    suggested: both('suggested'),
    exceptions: both('exception'),
    unmatched: both('unmatched'),
    match_rate: inScope === 0 ? 0 : Math.round(((matched.left.count + matched.right.count) / inScope) * 1e6) / 1e6,
    per_rule: perRule.map((r) => ({ rule_id: r.rule_id, groups: Number(r.groups), left: Number(r.l), right: Number(r.r) })),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * What the run could not check, in sentences (evidence.ts): amount or date columns read as text,
 * the rules that only suggested because of it, and the rows whose compared value did not read.
 */
async function runWarnings(db: Db, runId: number, run: RunRow): Promise<string[]> {
  const out: string[] = [];
  if (run.sources) {
    const recipe = JSON.parse(run.recipe) as Recipe;
    const sources = JSON.parse(run.sources) as Record<Side, SourceInfo>;
    if (sources.left?.columns && sources.right?.columns) {
      const found = untypedEvidence(sources, recipe.mappings);
      for (const w of found) out.push(w.message);
      const suggestOnly = recipe.rules.filter((r) => !r.amount && !r.auto_confirm).map((r) => r.id);
      if (found.some((w) => w.what === 'amount') && suggestOnly.length > 0) out.push(`rule(s) ${suggestOnly.join(', ')} compare no amount, so their groups were suggested, not confirmed`);
    }
  }
  const unread = await db.all<{ side: Side; reason: string; n: string | number }>(
    `SELECT side, reason, count(*) AS n FROM exceptions WHERE run_id = $1 AND reason IN ('amount_unreadable', 'date_unreadable') GROUP BY side, reason ORDER BY side, reason`,
    [runId],
  );
  for (const u of unread) {
    out.push(`${Number(u.n)} ${u.side} row(s) hold ${u.reason === 'amount_unreadable' ? 'an amount' : 'a date'} that did not read: they were not compared and are listed as ${u.reason} exceptions`);
  }
  return out;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function checkPage(req: PageRequest): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(req.offset ?? 0));
  const limit = Math.min(10_000, Math.max(1, Math.floor(req.limit ?? 100)));
  return { offset, limit };
}

interface GroupRowJson {
  group_id: string;
  rule_id: string;
  cardinality: MatchGroup['cardinality'];
  status: MatchGroup['status'];
  left_ids: string[];
  right_ids: string[];
  amount_left: string | null;
  amount_right: string | null;
  amount_delta: string | null;
  date_delta_days: number | null;
  score: number;
  note: string | null;
  evidence?: string | null;
  difference_reason?: string | null;
}

/**
 * A group's named difference (bank_fee, discount, …; short_payment rules name overpayments too): the `differences.reason` of the rule that
 * matched it, when its amounts differ. Read from the run's own recipe, so it is what that run meant.
 * `p` qualifies match_groups' columns (e.g. "g.").
 */
export function differenceReasonSql(p: string): string {
  // A rule for short payments names both directions: paid more than the invoice is an overpayment.
  const named = `(SELECT json_extract_string(r, '$.amount.differences.reason')
    FROM (SELECT unnest(json_extract(x.recipe, '$.rules[*]')) AS r FROM runs x WHERE x.run_id = ${p}run_id)
    WHERE json_extract_string(r, '$.id') = ${p}rule_id)`;
  // A reviewer's reason (accept with difference) wins over the rule's.
  return `CASE WHEN abs(${p}amount_delta) >= 0.005 THEN coalesce(${p}reviewed_reason, ${p}model_reason, (
    CASE WHEN ${named} = 'short_payment' AND ${p}amount_delta < 0 THEN 'overpayment' ELSE ${named} END)) END`;
}

export function toMatchGroup(g: GroupRowJson): MatchGroup {
  const n = (v: string | null) => (v === null ? null : Number(v));
  return {
    group_id: Number(g.group_id),
    rule_id: g.rule_id,
    cardinality: g.cardinality,
    status: g.status,
    left_ids: g.left_ids.map(Number),
    right_ids: g.right_ids.map(Number),
    amount_left: n(g.amount_left),
    amount_right: n(g.amount_right),
    amount_delta: n(g.amount_delta),
    date_delta_days: g.date_delta_days,
    score: g.score,
    note: g.note,
    ...(g.evidence ? { evidence: g.evidence } : {}),
    ...(g.difference_reason ? { difference_reason: DifferenceReasonSchema.parse(g.difference_reason) } : {}),
  };
}

export async function getGroup(db: Db, runId: number, groupId: number): Promise<MatchGroup> {
  const g = await db.one<GroupRowJson>(`SELECT g.*, ${differenceReasonSql('g.')} AS difference_reason FROM match_groups g WHERE run_id = $1 AND group_id = $2`, [runId, groupId]);
  if (!g) throw new ReconError('not_found', `run ${runId} has no match group ${groupId}`, { run_id: runId, group_id: groupId });
  return toMatchGroup(g);
}

async function sourceRows(db: Db, side: Side, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const map = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return map;
  const rows = await db.all<Record<string, unknown>>(
    `SELECT * EXCLUDE ("__row_hash") FROM ${ident(typedView(side))} WHERE ${ident(ROW_ID)} IN (SELECT unnest($1::BIGINT[])) ORDER BY ${ident(ROW_ID)}`,
    [listValue(ids)],
  );
  for (const row of rows) map.set(Number(row[ROW_ID]), row);
  return map;
}

/** A row's values as one lower-case text to search in (every column of the typed source view). */
async function rowTextSql(db: Db, side: Side, alias: string): Promise<string> {
  const cols = (await db.all<{ column_name: string }>(`DESCRIBE SELECT * EXCLUDE (${ident(ROW_ID)}, "__row_hash") FROM ${ident(typedView(side))}`)).map((c) => c.column_name);
  return cols.length > 0 ? `lower(concat_ws(' ', ${cols.map((c) => `CAST(${alias}.${ident(c)} AS VARCHAR)`).join(', ')}))` : `''`;
}

/** `%text%` for ILIKE-style matching, with LIKE's wildcards in the user's text taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The groups of a run in one category whose member rows (either side), rule or note contain
 * `search` (case-insensitive); all of them without a search. The one definition of "the rows
 * that match the current filter", for pages and for select-all.
 */
async function groupFilter(db: Db, category: 'matched' | 'suggested', search: string | undefined): Promise<{ where: string; params: string[] }> {
  const where = `run_id = $1 AND status ${category === 'matched' ? `IN ${MATCHED_STATUSES}` : `= 'suggested'`}`;
  const q = search?.trim();
  if (!q) return { where, params: [] };
  const member = async (side: Side) =>
    `group_id IN (SELECT m.group_id FROM (SELECT group_id, unnest(${side}_ids) AS rid FROM match_groups WHERE run_id = $1) m
       JOIN ${ident(typedView(side))} s ON s.${ident(ROW_ID)} = m.rid WHERE ${await rowTextSql(db, side, 's')} LIKE $2 ESCAPE '\\')`;
  return { where: `${where} AND (${await member('left')} OR ${await member('right')} OR lower(rule_id || ' ' || coalesce(note, '')) LIKE $2 ESCAPE '\\')`, params: [containsPattern(q)] };
}

/** Every group id of a category matching `search` (select-all over the current filter), up to `max`. */
export async function groupIdsMatching(db: Db, runId: number, category: 'matched' | 'suggested', search: string | undefined, max: number): Promise<{ ids: number[]; total: number }> {
  await getRunRow(db, runId);
  const { where, params } = await groupFilter(db, category, search);
  const total = await db.scalarNumber(`SELECT count(*) FROM match_groups WHERE ${where}`, [runId, ...params]);
  const ids = (await db.all<{ group_id: string }>(`SELECT group_id FROM match_groups WHERE ${where} ORDER BY group_id LIMIT ${max}`, [runId, ...params])).map((r) => Number(r.group_id));
  return { ids, total };
}

/** Columns of a side's typed view a page can be sorted by. */
async function sortableColumns(db: Db, side: Side): Promise<Set<string>> {
  return new Set((await db.all<{ column_name: string }>(`DESCRIBE SELECT * EXCLUDE ("__row_hash") FROM ${ident(typedView(side))}`)).map((c) => c.column_name));
}

const unknownSort = (by: string, known: string) => new ReconError('unknown_column', `cannot sort by "${by}": ${known}`, { by });

/** ORDER BY key (over `mg`, match_groups) and join for a group page's sort. */
async function groupOrder(db: Db, sort: PageSort | undefined): Promise<{ key: string; join: string; dir: string }> {
  const dir = sort?.desc ? 'DESC' : 'ASC';
  if (!sort) return { key: 'mg.group_id', join: '', dir };
  const side = /^(left|right):(.+)$/s.exec(sort.by);
  if (side) {
    const [, s, column] = side as unknown as [string, Side, string];
    if (!(await sortableColumns(db, s)).has(column)) throw unknownSort(sort.by, `${s} has no column "${column}"`);
    return { key: `sk.${ident(column)}`, join: `LEFT JOIN ${ident(typedView(s))} sk ON sk.${ident(ROW_ID)} = mg.${s}_ids[1]`, dir };
  }
  if (!(GROUP_SORT_FIELDS as readonly string[]).includes(sort.by)) throw unknownSort(sort.by, `use one of ${GROUP_SORT_FIELDS.join(', ')} or left:<column> / right:<column>`);
  return { key: sort.by === 'amount_delta' ? 'abs(mg.amount_delta)' : `mg.${sort.by}`, join: '', dir };
}

/** ORDER BY key (over `rr`, the page's run rows) and join for a row page's sort. */
async function rowOrder(db: Db, side: Side, sort: PageSort | undefined): Promise<{ key: string; join: string; dir: string }> {
  const dir = sort?.desc ? 'DESC' : 'ASC';
  if (!sort || sort.by === 'row_id') return { key: 'rr.row_id', join: '', dir };
  if (!(await sortableColumns(db, side)).has(sort.by)) throw unknownSort(sort.by, `${side} has no column "${sort.by}"`);
  return { key: `sk.${ident(sort.by)}`, join: `JOIN ${ident(typedView(side))} sk ON sk.${ident(ROW_ID)} = rr.row_id`, dir };
}

export async function readPage(db: Db, runId: number, category: PageCategory, req: PageRequest): Promise<Page<GroupPageItem> | Page<RecordPageItem>> {
  if (!PAGE_CATEGORIES.includes(category)) throw new ReconError('not_found', `unknown category "${category}" (one of ${PAGE_CATEGORIES.join(', ')})`);
  await getRunRow(db, runId);
  const { offset, limit } = checkPage(req);
  if (category === 'matched' || category === 'suggested') {
    const { where, params } = await groupFilter(db, category, req.search);
    const total = await db.scalarNumber(`SELECT count(*) FROM match_groups WHERE ${where}`, [runId, ...params]);
    const order = await groupOrder(db, req.sort);
    const groups = (
      await db.all<GroupRowJson>(
        `SELECT g.*, ${differenceReasonSql('g.')} AS difference_reason FROM (SELECT mg.*, ${order.key} AS kalla_sort FROM (SELECT * FROM match_groups WHERE ${where}) mg ${order.join} ORDER BY kalla_sort ${order.dir} NULLS LAST, mg.group_id LIMIT ${limit} OFFSET ${offset}) g ORDER BY kalla_sort ${order.dir} NULLS LAST, g.group_id`,
        [runId, ...params],
      )
    ).map(toMatchGroup);
    const left = await sourceRows(db, 'left', groups.flatMap((g) => g.left_ids));
    const right = await sourceRows(db, 'right', groups.flatMap((g) => g.right_ids));
    const items: GroupPageItem[] = groups.map((g) => ({
      ...g,
      left_rows: g.left_ids.map((id) => left.get(id) ?? { [ROW_ID]: id }),
      right_rows: g.right_ids.map((id) => right.get(id) ?? { [ROW_ID]: id }),
    }));
    return { total, offset, limit, items };
  }
  const side: Side = category.endsWith('left') ? 'left' : 'right';
  const rowCategory = category.startsWith('exceptions') ? 'exception' : 'unmatched';
  const q = req.search?.trim();
  let where = q
    ? `run_id = $1 AND side = $2 AND category = $3 AND row_id IN (SELECT s.${ident(ROW_ID)} FROM ${ident(typedView(side))} s WHERE ${await rowTextSql(db, side, 's')} LIKE $4 ESCAPE '\\')`
    : `run_id = $1 AND side = $2 AND category = $3`;
  const params: (string | number)[] = [runId, side, rowCategory, ...(q ? [containsPattern(q)] : [])];
  // Work queue filters (exceptions only): a status (no status yet reads as open) and an owner ('' = nobody).
  const queue = rowCategory === 'exception' ? req.queue : undefined;
  if (queue && (queue.status !== undefined || queue.owner !== undefined)) {
    const conds: string[] = [];
    if (queue.status !== undefined) {
      params.push(queue.status);
      conds.push(`coalesce(e.queue_status, 'open') = $${params.length}`);
    }
    if (queue.owner !== undefined) {
      params.push(queue.owner.trim());
      conds.push(`lower(coalesce(e.owner, '')) = lower($${params.length})`);
    }
    where += ` AND row_id IN (SELECT e.row_id FROM exceptions e WHERE e.run_id = $1 AND e.side = $2 AND ${conds.join(' AND ')})`;
  }
  const total = await db.scalarNumber(`SELECT count(*) FROM run_rows WHERE ${where}`, params);
  const order = await rowOrder(db, side, req.sort);
  const ids = (
    await db.all<{ row_id: string }>(
      `SELECT rr.row_id FROM (SELECT row_id FROM run_rows WHERE ${where}) rr ${order.join} ORDER BY ${order.key} ${order.dir} NULLS LAST, rr.row_id LIMIT ${limit} OFFSET ${offset}`,
      params,
    )
  ).map((r) => Number(r.row_id));
  const rows = await sourceRows(db, side, ids);
  const exceptions = new Map<number, ExceptionRecord>();
  if (rowCategory === 'exception' && ids.length > 0) {
    const list = await db.all<Record<string, string | number | null>>(
      `SELECT * EXCLUDE (due_date), strftime(due_date, '%Y-%m-%d') AS due_date FROM exceptions WHERE run_id = $1 AND side = $2 AND row_id IN (SELECT unnest($3::BIGINT[]))`,
      [runId, side, listValue(ids)],
    );
    for (const e of list) exceptions.set(Number(e.row_id), toException(e));
  }
  const items: RecordPageItem[] = ids.map((id) => ({ side, row_id: id, row: rows.get(id) ?? {}, ...(exceptions.has(id) ? { exception: exceptions.get(id) } : {}) }));
  return { total, offset, limit, items };
}

export function toException(e: Record<string, string | number | null>): ExceptionRecord {
  const n = (v: string | number | null) => (v === null ? null : Number(v));
  return {
    side: e.side as Side,
    row_id: Number(e.row_id),
    rule_id: String(e.rule_id),
    reason: e.reason as ExceptionRecord['reason'],
    counterpart_row_id: n(e.counterpart_row_id),
    amount_delta: n(e.amount_delta),
    date_delta_days: n(e.date_delta_days),
    annotation_reason: (e.annotation_reason as string | null) ?? null,
    annotation_note: (e.annotation_note as string | null) ?? null,
    owner: (e.owner as string | null) ?? null,
    status: ((e.queue_status as ExceptionStatus | null) ?? 'open'),
    due_date: e.due_date === null || e.due_date === undefined ? null : String(e.due_date).slice(0, 10),
  };
}
