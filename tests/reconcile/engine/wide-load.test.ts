/**
 * A wide file's typed table (issue 27: a 5,000-column file must load in seconds). Above
 * WIDE_STATEMENT_COLUMNS the columns typed by the same expression are parsed by one copy of it
 * over the list of their values; the table must be the one the per-column expressions give, which
 * is what a file of the same columns at most WIDE_STATEMENT_COLUMNS wide still gets.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db, WIDE_STATEMENT_COLUMNS } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const ROWS = 24;
/** Values of column kind `k` in row `r`: amounts in several formats (with unreadable ones), dates, timestamps, booleans, codes, text. */
function cell(k: number, r: number, i: number): string {
  const n = (r * 37 + i * 11) % 997;
  switch (k) {
    case 0:
      return [`${n}.50`, `-${n},${String(r).padStart(3, '0')}.25`, `(${n}.00)`, '', `$1,${String(n).padStart(3, '0')}.00`, '1.5E+3', `${n}.10-`, '12,34,567.89'][r % 8];
    case 1:
      return [`${n},50`, `1.${String(n).padStart(3, '0')},75`, `-${n},00`, '', `EUR ${n},99`][r % 5];
    case 2:
      return `2026-${String(1 + (r % 12)).padStart(2, '0')}-${String(1 + ((r + i) % 28)).padStart(2, '0')}`;
    case 3:
      return `${String(1 + ((r + i) % 28)).padStart(2, '0')}.${String(1 + (r % 12)).padStart(2, '0')}.2025`;
    case 4:
      return `note ${n} of ${i}`;
    case 5:
      return ['yes', 'no', 'true', 'false'][(r + i) % 4];
    case 6:
      return r === 5 ? 'N/A' : `${n * 3}.${String(r % 100).padStart(2, '0')}`;
    case 7:
      return `2026-02-${String(1 + (r % 28)).padStart(2, '0')} ${String(r % 24).padStart(2, '0')}:15:00`;
    default:
      return `C${n}`;
  }
}

const KINDS = 9;
const csv = (cols: number[]): string => {
  const head = cols.map((i) => `c_${i}`);
  const lines = [head.join(',')];
  for (let r = 0; r < ROWS; r++) lines.push(cols.map((i) => `"${cell(i % KINDS, r, i)}"`).join(','));
  return `${lines.join('\n')}\n`;
};

const dbOf = (ws: ReconEngine) => (ws as unknown as { db: Db }).db;

/** Every column of the side's data table (but the row hash) as its type and its values in row order. */
async function typed(ws: ReconEngine): Promise<Map<string, string>> {
  const db = dbOf(ws);
  const cols = await db.all<{ column_name: string; column_type: string }>(`DESCRIBE "data_left"`);
  const out = new Map<string, string>();
  for (const c of cols.filter((x) => x.column_name.startsWith('c_'))) {
    const rows = await db.all<{ v: string | null }>(`SELECT CAST("${c.column_name}" AS VARCHAR) AS v FROM "data_left" ORDER BY rowid`);
    out.set(c.column_name, `${c.column_type}: ${rows.map((x) => x.v ?? 'NULL').join('|')}`);
  }
  return out;
}

describe('a wide file', () => {
  it('types every column as the same columns do in files at most WIDE_STATEMENT_COLUMNS wide, parsing each shape once', async () => {
    const width = WIDE_STATEMENT_COLUMNS + 160;
    const all = Array.from({ length: width }, (_, i) => i);
    const statements: string[] = [];
    const exec = Db.prototype.exec;
    Db.prototype.exec = function (this: Db, sql: string, p?: never) {
      statements.push(sql);
      return exec.call(this, sql, p);
    } as typeof exec;
    let wideInfo;
    let wide;
    try {
      wide = await sb.workspace('wide');
      wideInfo = await wide.addSourceFromPath('left', sb.file('wide.csv', csv(all)));
    } finally {
      Db.prototype.exec = exec;
    }
    const halves = [all.slice(0, width / 2), all.slice(width / 2)];
    const narrow = new Map<string, string>();
    const narrowTypes: string[] = [];
    const narrowUnparsed: Record<string, number> = {};
    for (const [h, cols] of halves.entries()) {
      const ws = await sb.workspace(`narrow${h}`);
      const info = await ws.addSourceFromPath('left', sb.file(`narrow${h}.csv`, csv(cols)));
      narrowTypes.push(...info.columns.map((c) => `${c.name}:${c.type}:${c.format ?? ''}`));
      Object.assign(narrowUnparsed, info.unparsed);
      for (const [k, v] of await typed(ws)) narrow.set(k, v);
    }

    expect(wideInfo.columns.map((c) => `${c.name}:${c.type}:${c.format ?? ''}`)).toEqual(narrowTypes);
    expect(wideInfo.unparsed).toEqual(narrowUnparsed);
    const kinds = new Set(wideInfo.columns.map((c) => `${c.type}:${c.format ?? ''}`));
    expect(kinds.size).toBeGreaterThanOrEqual(6); // us and eu numbers, iso and dd.mm dates, timestamps, booleans, text
    expect(Object.values(wideInfo.unparsed ?? {}).some((n) => n > 0)).toBe(true); // the N/A columns
    expect(await typed(wide)).toEqual(narrow);

    // One copy of each number parser in the wide typed table, not one per amount column.
    const create = statements.find((s) => s.startsWith('CREATE OR REPLACE TABLE "data_left__next"'))!;
    const numberColumns = wideInfo.columns.filter((c) => c.type === 'number').length;
    expect(numberColumns).toBeGreaterThan(200);
    expect(create.split('kalla_parse_').length - 1).toBeLessThanOrEqual(3);
  }, 120_000);
});
