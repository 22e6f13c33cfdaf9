/**
 * Warnings that catch silent zeros (issue 15), on real runs: an empty scope names the filter that
 * removed everything, a date column read as text is named as the likely cause of nothing
 * matching, and a run whose match rate collapses against the previous one says so.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchRule, Recipe, SourceFilter } from '../../../src/shared/reconcile/recipe';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { rateTone, runWarnings, type RunHealthInput } from '../../../src/shared/run-health';
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

  it('a rule whose date column is read as text is refused with the column named, not run without its date check', async () => {
    const ws = await sb.workspace();
    // "booked 01.01.2024" is no date format the engine reads, so the column stays text.
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,booked 0${i}.01.2024`))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(5, (i) => `R${i},${i}.00,2024-01-0${i}`))));
    const left = (await ws.source('left'))!;
    expect(left.columns.find((c) => c.name === 'date')?.type).toBe('text');
    const byDateAndAmount: MatchRule = { ...refRule('amount-date'), keys: [] };
    const refused = await ws.run(recipe([byDateAndAmount])).catch((e: unknown) => e as { code: string; message: string });
    expect(refused).toMatchObject({ code: 'column_not_typed' });
    expect((refused as { message: string }).message).toMatch(/left column "date", but that column is read as text/);
    expect((await ws.runs()).map((r) => r.status)).toEqual(['failed']);
  });

  it('one N/A amount does not drop the amount check: 10 amounts off by 100 do not match (issue 13, item 5)', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(20, (i) => `R${i},${i === 7 ? 'N/A' : `${i}.00`},2024-01-01`))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(20, (i) => `R${i},${i % 2 === 0 ? i + 100 : i}.00,2024-01-01`))));
    const left = (await ws.source('left'))!;
    expect(left.columns.find((c) => c.name === 'amount')?.type).toBe('number');
    expect(left.notices.map((n) => n.code)).toContain('unparsed_values');
    const { summary } = await health(ws, recipe([refRule('exact')]));
    // Odd refs match (R7's amount is unreadable, so it cannot); the ten even ones are 100 off.
    expect(summary.matched_groups).toBe(9);
    expect(summary.match_rate).toBeLessThan(0.5);
  });

  it('a mapped date pair of different types is named when nothing matched', () => {
    const none = { left: { count: 0, amount: 0 }, right: { count: 0, amount: 0 } };
    const summary = { left_rows: 5, right_rows: 5, matched_groups: 0, suggested_groups: 0, match_rate: 0, matched: none, suggested: none } as unknown as RunHealthInput['summary'];
    const columns = { left: [{ name: 'date', type: 'text' as const }], right: [{ name: 'date', type: 'date' as const, format: 'iso' }] };
    const warnings = runWarnings({
      summary,
      previous: null,
      aliases: { left: 'ledger', right: 'bank' },
      loaded: { left: 5, right: 5 },
      columns,
      filters: [],
      mappings: [{ field_a: 'date', field_b: 'date', confidence: 1, reason: 'same name', role: 'date' }],
      rules: [{ ...refRule('amount-date'), keys: [] }],
    });
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

  it('a run whose pairs all wait for review is not "nothing matched": the rate is 0 but every row has a suggestion', async () => {
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv(HEADER, rows(10, (i) => `R${i},${i}.00,2024-01-0${(i % 9) + 1}`))));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv(HEADER, rows(10, (i) => `R${i},${i}.00,2024-01-0${(i % 9) + 1}`))));
    const review = await health(ws, recipe([refRule('exact', { auto_confirm: false })]));
    expect(review.summary.match_rate).toBe(0);
    expect(review.summary.suggested_groups).toBe(10);
    expect(review.warnings).toEqual([]);
    expect(rateTone(review.summary)).toBe('warn');
    // Against a run that auto-confirmed the same pairs, nothing collapsed either: the same rows were found.
    const auto = await health(ws, recipe([refRule('exact')]));
    expect((await health(ws, recipe([refRule('exact', { auto_confirm: false })]), auto.summary)).warnings).toEqual([]);
  });
});
