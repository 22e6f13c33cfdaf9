/**
 * Issue 27: `kalla recon` on 5,000 columns × 50 rows died with DuckDB's "Out of Memory" in the export
 * (2 of 4 runs in session 6, every run in session 7). The matched table carries every mapped column
 * of both sides; its split/batch members were gathered in a struct with one field per column, which
 * DuckDB copied and compared once per column (planning for minutes, quadratic), and every wide
 * operator holds one 2,048-row vector per column (32 KiB each, counted against the memory limit
 * even for 50 rows) on each thread. A narrower pair under a smaller limit goes the same way: with
 * the struct and two threads, 1,500 mapped columns a side ran out of 1 GiB in the matched table
 * (12.9 s CPU, most of it planning); as a VARCHAR list, planned without the common-subexpression
 * pass and on one thread, it fits (and needs more than 768 MiB: ~0.3 MB per exported column).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldMapping } from '../../../src/shared/reconcile/recipe';
import { UserError } from '../../../src/main/errors';
import { Db } from '../../../src/main/reconcile/engine/db';
import { recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
const saved = process.env.KALLA_RECON_MEMORY_LIMIT;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => {
  if (saved === undefined) delete process.env.KALLA_RECON_MEMORY_LIMIT;
  else process.env.KALLA_RECON_MEMORY_LIMIT = saved;
  sb.cleanup();
});

const ROWS = 12;

/** One CSV line's fields (quotes as DuckDB writes them; no line breaks in these files). */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') (cur += '"'), i++;
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) out.push(cur), (cur = '');
    else cur += ch;
  }
  return [...out, cur];
}

function wideFile(prefix: string, extra: number): string {
  const head = ['ref', 'amount', 'date', ...Array.from({ length: extra }, (_, i) => `${prefix}_${i}`)];
  const lines = [head.join(',')];
  for (let r = 0; r < ROWS; r++) {
    lines.push([`INV-${100 + r}`, (10 + r).toFixed(2), `2026-03-${String(1 + r).padStart(2, '0')}`, ...Array.from({ length: extra }, (_, i) => `${prefix}${r}x${i}`)].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** A workspace with two `extra`-column files, every column mapped, run, and one split made by hand. */
async function wideRun(extra: number, limit: string) {
  process.env.KALLA_RECON_MEMORY_LIMIT = limit;
  const ws = await sb.workspace(`w${extra}-${limit}`);
  await ws.addSourceFromPath('left', sb.file(`l${extra}.csv`, wideFile('l', extra)));
  await ws.addSourceFromPath('right', sb.file(`r${extra}.csv`, wideFile('r', extra)));
  const m = (a: string, b: string): FieldMapping => ({ field_a: a, field_b: b, confidence: 0.9, reason: 'test' });
  const mappings = [m('ref', 'ref'), m('amount', 'amount'), m('date', 'date'), ...Array.from({ length: extra }, (_, i) => m(`l_${i}`, `r_${i}`))];
  const { run_id } = await ws.run(recipe([refRule('exact')], { mappings }));
  // The last two left rows and their right rows taken apart, then both left rows matched to one right
  // row: a batch, so the export gathers members (listed out of row order on purpose).
  const last = (await ws.page(run_id, 'matched', { offset: 0, limit: 100 })).items.filter((g) => g.left_ids.some((id) => id >= ROWS - 1));
  expect(last).toHaveLength(2);
  for (const g of last) await ws.unmatch(run_id, g.group_id);
  await ws.matchManual(run_id, { left: [ROWS, ROWS - 1], right: [ROWS - 1] });
  return { ws, run_id };
}

describe('a wide export', () => {
  it('writes 1,500 mapped columns a side within a 1 GiB engine limit (the struct members ran out of it)', async () => {
    const { ws, run_id } = await wideRun(1500, '1GiB');
    const dir = sb.mkdir('out');
    const result = await ws.export(run_id, { dir, formats: ['csv', 'xlsx'] });
    expect(result.files.map((f) => f.slice(dir.length + 1))).toEqual(expect.arrayContaining(['matched.csv', 'reconciliation.xlsx']));
    const lines = readFileSync(join(dir, 'matched.csv'), 'utf8').trim().split('\n');
    const header = fields(lines[0]!);
    // Group columns, then ledger.line + 1,503 mapped columns, then the same for the bank.
    expect(header.filter((h) => h.startsWith('ledger.'))).toHaveLength(1504);
    expect(header.filter((h) => h.startsWith('bank.'))).toHaveLength(1504);
    expect(lines).toHaveLength(ROWS);
    // The batch: both left rows, in row order, joined with " | ".
    const batch = fields(lines.find((l) => l.includes(' | '))!);
    expect(batch[header.indexOf('ledger.l_7')]).toBe(`l${ROWS - 2}x7 | l${ROWS - 1}x7`);
    expect(batch[header.indexOf('bank.r_7')]).toBe(`r${ROWS - 2}x7`);
  }, 240_000);

  it('that does not fit says so with the way out, not DuckDB’s text', async () => {
    const { ws, run_id } = await wideRun(400, '1GiB');
    await (ws as unknown as { db: Db }).db.exec(`SET memory_limit = '48MiB'`);
    const err = await ws.export(run_id, { dir: sb.mkdir('out2'), formats: ['csv', 'xlsx'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).code).toBe('out_of_memory');
    expect((err as UserError).message).toMatch(/ran out of the memory it may use \(48\.0 MiB\) while writing the exports\..*KALLA_RECON_MEMORY_LIMIT/);
  }, 120_000);
});

describe('a wide load', () => {
  /** 600 columns: amounts, dates, codes with a stray word, notes. */
  function mixed(): string {
    const kinds = ['amt', 'day', 'code', 'note'];
    const head = Array.from({ length: 600 }, (_, i) => `${kinds[i % 4]}_${i}`);
    const lines = [head.join(',')];
    for (let r = 0; r < 20; r++) {
      lines.push(head.map((_, i) => [`${(r * 13.7 + i).toFixed(2)}`, `2026-0${1 + (r % 9)}-1${r % 10}`, r === 7 ? 'n/a' : `${100 + r + i}`, `note ${r} ${i}`][i % 4]).join(','));
    }
    return `${lines.join('\n')}\n`;
  }

  it('types 600 columns without the common-subexpression pass, into the same table as with it', async () => {
    const file = sb.file('mixed.csv', mixed());
    const exec = Db.prototype.exec;
    const seen: string[] = [];
    const load = async (name: string, keepPass: boolean) => {
      Db.prototype.exec = function (this: Db, sql: string, p?: never) {
        if (/^(SET|RESET) disabled_optimizers/.test(sql)) {
          seen.push(sql);
          if (keepPass) return Promise.resolve();
        }
        return exec.call(this, sql, p);
      };
      try {
        const ws = await sb.workspace(name);
        const info = await ws.addSourceFromPath('left', file);
        const db = (ws as unknown as { db: Db }).db;
        const row = await db.one<{ h: string; setting: string }>(
          `SELECT md5(string_agg(CAST(t AS VARCHAR), '\n' ORDER BY t.rowid)) AS h, current_setting('disabled_optimizers') AS setting FROM data_left t`,
        );
        return { info, ...row };
      } finally {
        Db.prototype.exec = exec;
      }
    };
    const without = await load('wide-a', false);
    expect(seen).toEqual([`SET disabled_optimizers = 'common_subexpressions'`, 'RESET disabled_optimizers']);
    const withPass = await load('wide-b', true);
    // Amounts and codes (one n/a among numbers) are numbers, the days dates.
    expect(without.info.columns.filter((c) => c.type === 'number')).toHaveLength(300);
    expect(without.info.columns.filter((c) => c.type === 'date')).toHaveLength(150);
    expect(without.info.columns).toEqual(withPass.info.columns);
    expect(without.h).toBe(withPass.h);
    expect(without.setting).toBe('');
  }, 120_000);
});
