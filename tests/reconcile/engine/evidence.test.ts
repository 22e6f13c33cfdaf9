/**
 * Issue 27, item 1: a rule never runs without the evidence it claims. An amount column that could
 * not be typed is said (auto recipe, run summary, CLI stderr and --json) with its fix, no group is
 * confirmed on a key alone while it is so, and every value that did not read becomes an exception
 * row with its own reason, whatever its share of the column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReconCli } from '../../../src/cli/recon';
import { untypedEvidence } from '../../../src/main/reconcile/engine/evidence';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { runWarnings } from '../../../src/shared/run-health';
import { csv, recipe, refRule, rule, sandbox, io, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** 12 invoices, 4 of them paid 999.00 instead; three amounts the reader cannot type (1e308, 1.234,50 in a 1,234.56 column, abc). */
function mixedFiles() {
  const l: string[] = [];
  const r: string[] = [];
  for (let i = 0; i < 12; i++) {
    l.push(`INV-${1000 + i},2026-01-${String(i + 1).padStart(2, '0')},${100 + i}.00`);
    r.push(`INV-${1000 + i},2026-01-${String(i + 1).padStart(2, '0')},${i % 3 === 0 ? 999 : 100 + i}.00`);
  }
  l.push('INV-3000,2026-01-20,1e308', 'INV-3001,2026-01-21,"1.234,50"', 'INV-3002,2026-01-22,abc');
  r.push('INV-3000,2026-01-20,1.00', 'INV-3001,2026-01-21,1234.50', 'INV-3002,2026-01-22,5.00');
  return { left: sb.file('l.csv', csv('invoice,date,amount', l)), right: sb.file('r.csv', csv('ref,date,amount', r)) };
}

describe('an amount column the reader cannot type', () => {
  it('kalla recon (auto recipe) says so on stderr and in --json, and confirms nothing on the key alone', async () => {
    const { left, right } = mixedFiles();
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--json', '--out', out, '--format', 'csv'], t.io)).toBe(0);
    const line = JSON.parse(t.out.join('').trim());
    // Before: 15 of 15 auto-confirmed at 100 %, 4 of them 999.00 against 100–109.
    expect(line.matched).toBe(0);
    expect(line.suggested).toBe(15);
    expect(line.warnings.join(' ')).toMatch(/left column "amount" holds amounts but is read as text \(12 of 15 value\(s\) are amounts but 3 are not\)/);
    expect(line.warnings.join(' ')).toContain('--left-type "amount=number"');
    expect(t.err.join('')).toMatch(/kalla recon: warning: left column "amount" holds amounts/);
    const matched = readFileSync(join(out, 'matched.csv'), 'utf8').trim().split('\n');
    expect(matched).toHaveLength(1); // header only
  });

  it('with the proposed fix the amounts are compared and each unreadable value is an exception with its reason', async () => {
    const { left, right } = mixedFiles();
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--json', '--left-type', 'amount=number', '--out', out, '--format', 'csv'], t.io)).toBe(0);
    const line = JSON.parse(t.out.join('').trim());
    expect(line.matched).toBe(8);
    expect(line.warnings).toEqual(['3 left row(s) hold an amount that did not read: they were not compared and are listed as amount_unreadable exceptions']);
    const exceptions = readFileSync(join(out, 'exceptions_left.csv'), 'utf8');
    for (const inv of ['INV-3000', 'INV-3001', 'INV-3002']) expect(exceptions).toMatch(new RegExp(`amount_unreadable,[^\\n]*${inv}`));
    expect(exceptions.match(/amount_mismatch/g)).toHaveLength(4);
    // No 999.00 pair is in matched.csv.
    expect(readFileSync(join(out, 'matched.csv'), 'utf8')).not.toContain('999.00');
    // The fix is kept in recipe.json, so --recipe reads the same way next time.
    expect(JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8')).left.read.column_overrides).toEqual({ amount: { type: 'number' } });
  });

  it('rejects a malformed --left-type', async () => {
    const { left, right } = mixedFiles();
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--left-type', 'amount=money'], t.io)).toBe(2);
    expect(t.err.join('')).toContain('--left-type takes COLUMN=TYPE[:FORMAT]');
  });

  it('the auto recipe explains the untyped column and turns key-only rules into suggestions', async () => {
    const { left, right } = mixedFiles();
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', right);
    const auto = await buildAutoRecipe(ws);
    expect(auto.warnings).toHaveLength(1);
    expect(auto.explanation).toContain('Not compared: left column "amount" holds amounts');
    expect(auto.recipe.rules.filter((r) => r.auto_confirm && !r.amount)).toEqual([]);
  });
});

describe('one N/A among amounts (no share decides)', () => {
  it('18 good rows and 1 N/A: the N/A row is an amount_unreadable exception, not a 0.00 amount_mismatch', async () => {
    const rows = (amt: (i: number) => string) => Array.from({ length: 18 }, (_, i) => `R${i},${amt(i)},2026-01-05`);
    const left = sb.file('l.csv', csv('ref,amount,date', [...rows((i) => `${100 + i}.00`), 'R99,N/A,2026-01-05']));
    const right = sb.file('r.csv', csv('ref,amount,date', [...rows((i) => `${i % 2 ? 200 + i : 100 + i}.00`), 'R99,50.00,2026-01-05']));
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', right);
    const result = await ws.run(recipe([refRule('exact')]));
    const s = result.summary;
    expect(s.matched_groups).toBe(9);
    const page = await ws.page(result.run_id, 'exceptions_left', { offset: 0, limit: 100 });
    const reasons = page.items.map((i) => i.exception?.reason);
    expect(reasons.filter((r) => r === 'amount_mismatch')).toHaveLength(9);
    expect(reasons.filter((r) => r === 'amount_unreadable')).toHaveLength(1);
    expect(s.warnings).toEqual(['1 left row(s) hold an amount that did not read: they were not compared and are listed as amount_unreadable exceptions']);
    const health = runWarnings({
      summary: s,
      previous: null,
      aliases: { left: 'left', right: 'right' },
      loaded: { left: 19, right: 19 },
      columns: { left: [], right: [] },
      filters: [],
      mappings: [],
      rules: [],
    });
    expect(health.map((w) => w.kind)).toContain('not_compared');
  });

  it('an N/A amount two rules compare is listed under the first of them, the rule it was held from', async () => {
    const left = sb.file('l.csv', csv('ref,amount,date', ['A,1.00,2026-01-05', 'B,2.00,2026-01-06', 'C,N/A,2026-01-07']));
    const right = sb.file('r.csv', csv('ref,amount,date', ['A,1.00,2026-01-05', 'B,2.50,2026-01-06', 'C,3.00,2026-01-07']));
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', right);
    const near = refRule('near', { amount: { left: 'amount', right: 'amount', tolerance_abs: 1, tolerance_pct: 0, flip_sign: false } });
    const result = await ws.run(recipe([refRule('exact'), near]));
    const page = await ws.page(result.run_id, 'exceptions_left', { offset: 0, limit: 10 });
    expect(page.items.map((i) => [i.row.ref, i.exception?.reason, i.exception?.rule_id])).toEqual([['C', 'amount_unreadable', 'exact']]);
    expect(result.summary.matched_groups).toBe(2);
  });

  it('an unreadable date is a date_unreadable exception', async () => {
    const left = sb.file('l.csv', csv('ref,amount,date', ['A,1.00,2026-01-05', 'B,2.00,2026-01-06', 'C,3.00,2026-01-07', 'D,4.00,n/a']));
    const right = sb.file('r.csv', csv('ref,amount,date', ['A,1.00,2026-01-05', 'B,2.00,2026-01-06', 'C,3.00,2026-01-07', 'D,4.00,2026-01-08']));
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', left, { column_overrides: { date: { type: 'date', format: '%Y-%m-%d' } } });
    await ws.addSourceFromPath('right', right);
    const info = (await ws.source('left'))!;
    expect(info.columns.find((c) => c.name === 'date')?.type).toBe('date');
    const result = await ws.run(recipe([refRule('exact')]));
    const page = await ws.page(result.run_id, 'exceptions_left', { offset: 0, limit: 10 });
    expect(page.items.map((i) => i.exception?.reason)).toEqual(['date_unreadable']);
    expect(result.summary.matched_groups).toBe(3);
  });
});

describe('a hand recipe over an untyped amount column', () => {
  it('a key-only auto_confirm rule only suggests, and the summary says why', async () => {
    const { left, right } = mixedFiles();
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', right);
    const r = recipe([rule({ id: 'key-only', keys: [{ left: 'invoice', right: 'ref', normalisers: [] }] })], {
      mappings: [{ field_a: 'amount', field_b: 'amount', confidence: 1, reason: 'same name', role: 'amount' }],
    });
    const result = await ws.run(r);
    expect(result.summary.matched_groups).toBe(0);
    expect(result.summary.suggested_groups).toBe(15);
    expect(result.summary.warnings?.join(' ')).toContain('rule(s) key-only compare no amount, so their groups were suggested, not confirmed');
  });

  it('names a mapped amount read as text, and a date column in several formats', () => {
    const info = (side: 'left' | 'right', columns: { name: string; type: 'text' | 'number' | 'date' }[], notices: { code: 'mixed_date_formats'; column: string; message: string }[] = []) =>
      ({ side, name: side, path: side, sha256: '', size: 0, row_count: 2, bad_lines: 0, columns, notices, loaded_at: '' }) as never;
    const found = untypedEvidence(
      {
        left: info('left', [{ name: 'Betrag', type: 'text' }, { name: 'Datum', type: 'text' }], [{ code: 'mixed_date_formats', column: 'Datum', message: 'column "Datum" holds dates in 2 formats (yyyy-mm-dd, dd.mm.yyyy); it stays text — pick the date format' }]),
        right: info('right', [{ name: 'amount', type: 'number' }]),
      },
      [{ field_a: 'Betrag', field_b: 'amount', confidence: 1, reason: '', role: 'amount' }],
    );
    expect(found.map((w) => [w.side, w.column, w.what])).toEqual([
      ['left', 'Datum', 'date'],
      ['left', 'Betrag', 'amount'],
    ]);
    expect(found[1].message).toContain('mapped as the amount, read as text');
  });
});

/** 12 invoices with ISO dates, and a 13th whose date is `bad` (n/a, pending); the bank has a date for every row. */
function dateFiles(bad: string) {
  const l: string[] = [];
  const r: string[] = [];
  for (let i = 0; i < 12; i++) {
    l.push(`INV-${1000 + i},2026-01-${String(i + 1).padStart(2, '0')},${100 + i}.00`);
    r.push(`INV-${1000 + i},2026-01-${String(i + 1).padStart(2, '0')},${100 + i}.00`);
  }
  l.push(`INV-2000,${bad},55.00`);
  r.push('INV-2000,2026-01-20,55.00');
  return { left: sb.file('l.csv', csv('invoice,date,amount', l)), right: sb.file('r.csv', csv('ref,date,amount', r)) };
}

describe('a date column with one value that is not a date (issue 27)', () => {
  it('one n/a among 12 ISO dates: the column stays a date column and the row is a date_unreadable exception, said on stderr and in --json', async () => {
    const { left, right } = dateFiles('n/a');
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--json', '--out', out, '--format', 'csv'], t.io)).toBe(0);
    const line = JSON.parse(t.out.join('').trim());
    // Before: the column became text below 95 % dates, no rule compared dates, 13/13 matched, no word.
    expect(line.warnings).toEqual(['1 left row(s) hold a date that did not read: they were not compared and are listed as date_unreadable exceptions']);
    expect(t.err.join('')).toContain('kalla recon: warning: 1 left row(s) hold a date that did not read');
    expect(line.matched).toBe(12);
    expect(readFileSync(join(out, 'exceptions_left.csv'), 'utf8')).toMatch(/date_unreadable,[^\n]*INV-2000/);
  });

  it('one word among 12 ISO dates: named with its fix (the format the dates are written in), and the fix makes it an exception', async () => {
    const { left, right } = dateFiles('pending');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--json', '--out', sb.mkdir('a'), '--format', 'csv'], t.io)).toBe(0);
    const line = JSON.parse(t.out.join('').trim());
    expect(line.warnings.join(' ')).toMatch(/left column "date" holds dates but is read as text \(12 of 13 value\(s\) are dates \(yyyy-mm-dd\) but 1 are not\)/);
    expect(line.warnings.join(' ')).toContain('--left-type "date=date:%Y-%m-%d"');
    expect(t.err.join('')).toMatch(/kalla recon: warning: left column "date" holds dates/);

    const out = sb.mkdir('b');
    const fixed = io();
    expect(await runReconCli(['--left', left, '--right', right, '--json', '--left-type', 'date=date:%Y-%m-%d', '--out', out, '--format', 'csv'], fixed.io)).toBe(0);
    expect(JSON.parse(fixed.out.join('').trim()).warnings).toEqual(['1 left row(s) hold a date that did not read: they were not compared and are listed as date_unreadable exceptions']);
    expect(readFileSync(join(out, 'exceptions_left.csv'), 'utf8')).toMatch(/date_unreadable,[^\n]*INV-2000/);
  });

  it('the source notice names the value and its row (the mapping step shows it through untypedEvidence)', async () => {
    const { left, right } = dateFiles('31.02.');
    const ws = await sb.workspace();
    const l = await ws.addSourceFromPath('left', left);
    const r = await ws.addSourceFromPath('right', right);
    const notice = l.notices.find((n) => n.code === 'not_all_dates');
    expect(notice?.message).toMatch(/column "date" stays text: 12 of 13 value\(s\) are dates \(yyyy-mm-dd\) but 1 are not.*row 13: "31\.02\." \(not a date\)/);
    expect(untypedEvidence({ left: l, right: r }).map((w) => [w.side, w.column, w.what])).toEqual([['left', 'date', 'date']]);
  });
});

