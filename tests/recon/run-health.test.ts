/**
 * Warnings that catch silent zeros (issue 15), on real runs: an empty scope names the filter that
 * removed everything, a date column read as text is named as the likely cause of nothing
 * matching, and a run whose match rate collapses against the previous one says so.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchRule, Recipe, SourceFilter } from '../../src/shared/recon';
import type { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { rateTone, runWarnings, type RunHealthInput } from '../../src/shared/run-health';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date';
const rows = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1));

async function health(ws: ReconEngine, r: Recipe, previous: RunHealthInput['previous'] = null) {
  const result = await ws.run(r);
  const left = (await ws.source('left'))!;
  const right = (await ws.source('right'))!;
  const input: RunHealthInput = {
    summary: result.summary,
    previous,
    aliases: { left: r.left.alias, right: r.right.alias },
    loaded: { left: left.row_count, right: right.row_count },
    columns: { left: left.columns, right: right.columns },
    filters: r.filters,
    mappings: r.mappings,
    rules: r.rules,
  };
  return { summary: result.summary, warnings: runWarnings(input) };
}

describe('run health', () => {
  it('an empty scope names the filter that removed every row', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,2024-01-0${i}`))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,2024-01-0${i}`))));
    const filters: SourceFilter[] = [{ source: 'ledger', column: 'amount', op: 'gt', value: 1000 }];
    const { summary, warnings } = await health(ws, recipe([refRule('exact')], { filters }));
    expect(summary.left_rows).toBe(0);
    expect(rateTone(summary)).toBe('bad');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].kind).toBe('empty_scope');
    expect(warnings[0].message).toMatch(/No ledger rows were in scope/);
    expect(warnings[0].causes[0]).toMatch(/filters removed every ledger row \(5 loaded\): amount gt 1000/);
  });

  it('nothing matched because a date column is text (dates written with words) says so', async () => {
    const ws = await sb.workspace();
    // "booked 01.01.2024" is no date format the engine reads, so the column stays text.
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,booked 0${i}.01.2024`))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,2024-01-0${i}`))));
    const left = (await ws.source('left'))!;
    expect(left.columns.find((c) => c.name === 'date')?.type).toBe('text');
    const byDateAndAmount: MatchRule = { ...refRule('amount-date'), keys: [] };
    const { summary, warnings } = await health(ws, recipe([byDateAndAmount], { mappings: [{ field_a: 'date', field_b: 'date', confidence: 1, reason: 'same name', role: 'date' }] }));
    expect(summary.match_rate).toBe(0);
    expect(rateTone(summary)).toBe('bad');
    expect(warnings.map((w) => w.kind)).toEqual(['nothing_matched']);
    expect(warnings[0].causes.join('\n')).toMatch(/date column “date” of ledger is read as text/);
    expect(warnings[0].causes.join('\n')).toMatch(/mapped pair “date” \(ledger, text\) ↔ “date” \(bank, date\) has different types/);
  });

  it('a match rate that collapses against the previous run is called out; a steady one is not', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(10, (i) => `R${i},${i}.00,2024-01-0${(i % 9) + 1}`))));
    // Two bank rows carry the amount with the opposite sign.
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(10, (i) => `R${i},${i <= 2 ? '-' : ''}${i}.00,2024-01-0${(i % 9) + 1}`))));
    const first = await health(ws, recipe([refRule('exact')]));
    expect(first.summary.match_rate).toBeCloseTo(0.8);
    expect(first.warnings).toEqual([]);
    expect(rateTone(first.summary)).toBe('ok');
    const flipped = refRule('exact', { amount: { left: 'amount', right: 'amount', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: true } });
    const second = await health(ws, recipe([flipped]), first.summary);
    expect(second.summary.match_rate).toBeCloseTo(0.2);
    expect(rateTone(second.summary)).toBe('warn');
    expect(second.warnings.map((w) => w.kind)).toEqual(['rate_collapsed']);
    expect(second.warnings[0].message).toMatch(/fell from 80\.0 % \(run \d+\) to 20\.0 %/);
    // The same run again is not a collapse against itself.
    expect((await health(ws, recipe([flipped]), second.summary)).warnings).toEqual([]);
  });
});
