import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchRule, Recipe } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem, RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, recipe, refRule, rule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const HEADER = 'ref,amount,date,memo';

async function setup(left: string[], right: string[], name = 'ws'): Promise<ReconEngine> {
  const ws = await sb.workspace(name);
  await ws.addSourceFromPath('left', sb.file(`${name}-l.csv`, csv(HEADER, left)));
  await ws.addSourceFromPath('right', sb.file(`${name}-r.csv`, csv(HEADER, right)));
  return ws;
}

const rowText = (r: Record<string, unknown>) => `${r.ref}|${Number(r.amount)}|${r.date}|${r.memo}`;

/** Matches described by content, so results can be compared across row orders. */
async function matchesByContent(ws: ReconEngine, runId: number, category: 'matched' | 'suggested' = 'matched'): Promise<string[]> {
  const page = await ws.page(runId, category, { offset: 0, limit: 1000 });
  return (page.items as GroupPageItem[])
    .map((g) => `${g.rule_id}: ${g.left_rows.map(rowText).sort().join(' + ')} <-> ${g.right_rows.map(rowText).sort().join(' + ')}`)
    .sort();
}

async function records(ws: ReconEngine, runId: number, category: 'exceptions_left' | 'exceptions_right' | 'unmatched_left' | 'unmatched_right'): Promise<RecordPageItem[]> {
  return (await ws.page(runId, category, { offset: 0, limit: 1000 })).items as RecordPageItem[];
}

describe('1:1 matching', () => {
  it('is exclusive: the smallest amount difference wins, then the smallest date difference; the loser is a duplicate_candidate exception', async () => {
    const ws = await setup(['INV-1,100.00,2024-01-10,a'], ['INV-1,100.01,2024-01-10,b', 'inv1,100.00,2024-01-12,c', 'INV 1,100.00,2024-01-11,d']);
    const { run_id, summary } = await ws.run(recipe([refRule('exact')]));
    expect(await matchesByContent(ws, run_id)).toEqual(['exact: INV-1|100|2024-01-10|a <-> INV 1|100|2024-01-11|d']);
    expect(summary.matched_groups).toBe(1);
    const exceptions = await records(ws, run_id, 'exceptions_right');
    expect(exceptions.map((e) => [e.row.memo, e.exception?.reason, e.exception?.counterpart_row_id])).toEqual([
      ['b', 'duplicate_candidate', 1],
      ['c', 'duplicate_candidate', 1],
    ]);
  });

  it('is exclusive from the right side too: two ledger lines never share one bank line', async () => {
    // The mirror of the case above: two left rows want the one right row; the closer date wins.
    const ws = await setup(['INV-7,80.00,2024-01-10,early', 'inv7,80.00,2024-01-12,late'], ['INV 7,80.00,2024-01-12,pay']);
    const { run_id, summary } = await ws.run(recipe([refRule('exact')]));
    expect(await matchesByContent(ws, run_id)).toEqual(['exact: inv7|80|2024-01-12|late <-> INV 7|80|2024-01-12|pay']);
    expect(summary.matched.left.count).toBe(1);
    const exceptions = await records(ws, run_id, 'exceptions_left');
    expect(exceptions.map((e) => [e.row.memo, e.exception?.reason])).toEqual([['early', 'duplicate_candidate']]);
  });

  it('includes the date window boundary: exactly window_days apart matches, one day more does not', async () => {
    const ws = await setup(['A,10.00,2024-01-10,at', 'B,10.00,2024-01-10,past', 'C,10.00,2024-01-10,before'], ['A,10.00,2024-01-13,y', 'B,10.00,2024-01-14,y', 'C,10.00,2024-01-07,y']);
    const { run_id } = await ws.run(recipe([refRule('window3')]));
    expect(await matchesByContent(ws, run_id)).toEqual(['window3: A|10|2024-01-10|at <-> A|10|2024-01-13|y', 'window3: C|10|2024-01-10|before <-> C|10|2024-01-07|y']);
    const exceptions = await records(ws, run_id, 'exceptions_left');
    expect(exceptions.map((e) => [e.row.memo, e.exception?.reason])).toEqual([['past', 'date_out_of_window']]);
  });

  it('does not depend on the order of the rows (shuffled files give the same matches)', async () => {
    // Many rows share references so that ties and competition are common.
    const left: string[] = [];
    const right: string[] = [];
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 60; i++) {
      const ref = `R${i % 12}`;
      const cents = 1000 + (i % 5) * 100 + Math.floor(rnd() * 3);
      left.push(`${ref},${(cents / 100).toFixed(2)},2024-01-${String(1 + (i % 9)).padStart(2, '0')},L${i}`);
      right.push(`${ref},${((cents + Math.floor(rnd() * 2)) / 100).toFixed(2)},2024-01-${String(1 + ((i + Math.floor(rnd() * 3)) % 9)).padStart(2, '0')},R${i}`);
    }
    const shuffle = (rows: string[]) => {
      const copy = [...rows];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    };
    const r = recipe([refRule('exact'), refRule('split', { cardinality: '1:N' })]);
    const a = await setup(left, right, 'a');
    const b = await setup(shuffle(left), shuffle(right), 'b');
    const ra = await a.run(r);
    const rb = await b.run(r);
    const matchedA = await matchesByContent(a, ra.run_id);
    expect(matchedA.length).toBeGreaterThan(20);
    expect(await matchesByContent(b, rb.run_id)).toEqual(matchedA);
    for (const category of ['exceptions_left', 'exceptions_right', 'unmatched_left', 'unmatched_right'] as const) {
      const contentA = (await records(a, ra.run_id, category)).map((x) => `${rowText(x.row)} ${x.exception?.reason ?? ''}`).sort();
      const contentB = (await records(b, rb.run_id, category)).map((x) => `${rowText(x.row)} ${x.exception?.reason ?? ''}`).sort();
      expect(contentB).toEqual(contentA);
    }
  });

  it('applies absolute and percentage tolerances and flip_sign', async () => {
    const ws = await setup(['A,100.00,2024-01-01,x', 'B,1000.00,2024-01-01,x', 'C,50.00,2024-01-01,x'], ['A,-100.50,2024-01-01,y', 'B,-1009.00,2024-01-01,y', 'C,-52.00,2024-01-01,y']);
    const amount = { left: 'amount', right: 'amount', tolerance_abs: 0.5, tolerance_pct: 1, flip_sign: true };
    const { run_id, summary } = await ws.run(recipe([refRule('tol', { amount })]));
    expect(await matchesByContent(ws, run_id)).toEqual([
      'tol: A|100|2024-01-01|x <-> A|-100.5|2024-01-01|y',
      'tol: B|1000|2024-01-01|x <-> B|-1009|2024-01-01|y',
    ]);
    expect(summary.exceptions.left.count).toBe(1);
    const [exception] = await records(ws, run_id, 'exceptions_left');
    expect(exception.exception).toMatchObject({ reason: 'amount_mismatch', amount_delta: 2 });
  });

  it('a key that groups records (a customer number) explains no near miss: its unpaid invoices stay open items', async () => {
    // Three customers, four invoices and three payments each; one payment per customer pays one
    // invoice exactly, the others pay nothing of this list (interest, refunds). Keyed on the
    // customer, every free invoice meets every free payment of its customer: no record is named.
    const left: string[] = [];
    const right: string[] = [];
    for (const c of ['C1', 'C2', 'C3']) {
      for (let i = 0; i < 4; i++) left.push(`${c},${100 + i * 11}.00,2024-01-0${i + 1},inv${i}`);
      right.push(`${c},100.00,2024-01-02,pay`, `${c},7.25,2024-01-03,interest`, `${c},-35.00,2024-01-04,refund`);
    }
    const ws = await setup(left, right);
    const { run_id, summary } = await ws.run(recipe([refRule('customer')]));
    expect(summary.matched_groups).toBe(3);
    expect(summary.exceptions.left.count + summary.exceptions.right.count).toBe(0);
    expect((await records(ws, run_id, 'unmatched_left')).length).toBe(9);
    // A reference key still explains its near miss (same files, one invoice number per row).
    const named = await setup(['A,100.00,2024-01-01,x', 'B,100.00,2024-01-01,x'], ['A,90.00,2024-01-01,y', 'B,100.00,2024-01-01,y'], 'named');
    const run = await named.run(recipe([refRule('exact')]));
    expect((await records(named, run.run_id, 'exceptions_left')).map((e) => `${e.row.ref}:${e.exception?.reason}`)).toEqual(['A:amount_mismatch']);
  });

  it('classifies near misses: amount_mismatch, date_out_of_window, amount_and_date_mismatch; the rest is unmatched', async () => {
    const ws = await setup(
      ['A,100.00,2024-01-01,x', 'B,100.00,2024-01-01,x', 'C,100.00,2024-01-01,x', 'D,100.00,2024-01-01,x'],
      ['A,90.00,2024-01-01,y', 'B,100.00,2024-01-20,y', 'C,90.00,2024-01-20,y', 'E,100.00,2024-01-01,y'],
    );
    const { run_id, summary } = await ws.run(recipe([refRule('exact')]));
    const reasons = (await records(ws, run_id, 'exceptions_left')).map((e) => `${e.row.ref}:${e.exception?.reason}`);
    expect(reasons).toEqual(['A:amount_mismatch', 'B:date_out_of_window', 'C:amount_and_date_mismatch']);
    expect((await records(ws, run_id, 'unmatched_left')).map((e) => e.row.ref)).toEqual(['D']);
    expect((await records(ws, run_id, 'unmatched_right')).map((e) => e.row.ref)).toEqual(['E']);
    expect(summary.exceptions.right.count).toBe(3);
    expect(summary.match_rate).toBe(0);
  });

  it('matches without keys on amount + date + description similarity', async () => {
    const ws = await setup(['X1,250.00,2024-03-01,ACME Corp invoice 42', 'X2,250.00,2024-03-01,Globex payment'], ['Y1,250.00,2024-03-02,acme corp', 'Y2,250.00,2024-03-02,unrelated text']);
    const r = rule({
      id: 'fuzzy',
      amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
      date: { left: 'date', right: 'date', window_days: 2 },
      description: { left: 'memo', right: 'memo', min_similarity: 0.3 },
    });
    const { run_id } = await ws.run(recipe([r]));
    expect(await matchesByContent(ws, run_id)).toEqual(['fuzzy: X1|250|2024-03-01|ACME Corp invoice 42 <-> Y1|250|2024-03-02|acme corp']);
  });

  it('runs rules in order: rows matched by an earlier rule are not available later; non-auto rules only suggest', async () => {
    const ws = await setup(['A,100.00,2024-01-01,x', 'B,100.00,2024-01-01,x'], ['A,100.00,2024-01-01,y', 'B,100.00,2024-01-09,y']);
    const loose = refRule('loose', { date: { left: 'date', right: 'date', window_days: 30 }, auto_confirm: false });
    const { run_id, summary } = await ws.run(recipe([refRule('strict'), loose]));
    expect(await matchesByContent(ws, run_id)).toEqual(['strict: A|100|2024-01-01|x <-> A|100|2024-01-01|y']);
    expect(await matchesByContent(ws, run_id, 'suggested')).toEqual(['loose: B|100|2024-01-01|x <-> B|100|2024-01-09|y']);
    expect(summary.suggested_groups).toBe(1);
    expect(summary.per_rule.map((p) => p.rule_id)).toEqual(['strict', 'loose']);
  });

  it('applies per-source filters in SQL before matching', async () => {
    const ws = await setup(['A,100.00,2024-01-01,x', 'B,100.00,2024-02-01,x'], ['A,100.00,2024-01-01,y', 'B,100.00,2024-02-01,y']);
    const { summary } = await ws.run(
      recipe([refRule('exact')], { filters: [{ source: 'ledger', column: 'date', op: 'lt', value: '2024-02-01' }, { source: 'bank', column: 'ref', op: 'neq', value: 'Z' }] }),
    );
    expect(summary.left_rows).toBe(1);
    expect(summary.right_rows).toBe(2);
    expect(summary.matched_groups).toBe(1);
    expect(summary.unmatched.right.count).toBe(1);
  });
});

describe('rules that cannot run', () => {
  it('are refused before the run with a message naming the rule and what it lacks', async () => {
    const ws = await setup(['R1,10.00,2024-01-01,a'], ['R1,10.00,2024-01-01,b']);
    const amount = { left: 'amount', right: 'amount', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false };
    const date = { left: 'date', right: 'date', window_days: 3 };
    const ref = { kind: 'reference' as const, groups: [{ width: 0, min: 1, max: 9 }] };
    const refKey = { left: 'ref', right: 'memo', normalisers: [ref] };
    const model = { references: [], amounts: 'settled' as const, auto_at: 0.995, suggest_at: 0.5 };
    const cases: Array<[Partial<MatchRule>, RegExp]> = [
      [{}, /rule "bad" needs at least one key or an amount to compare/],
      [{ keys: [refKey, { ...refKey, left: 'memo', right: 'ref' }], amount }, /rule "bad" has 2 reference keys; one key can be read as references/],
      [{ keys: [refKey], amount, cardinality: 'N:M' }, /rule "bad" is N:M with a reference key/],
      [{ amount, cardinality: '1:N', model: { ...model, party: { left: 'memo', right: 'memo' } } }, /rule "bad" is a scored model; it matches 1:1 \(its cardinality is 1:N\)/],
      [{ keys: [{ left: 'ref', right: 'ref', normalisers: [] }], model: { ...model, party: { left: 'memo', right: 'memo' } } }, /rule "bad" is a scored model and needs the amount columns/],
      [{ amount, model }, /rule "bad" is a scored model with neither a reference nor a counterparty/],
      [{ amount: { ...amount, differences: { reason: 'bank_fee', fixed: [7.5], percent: [] } } }, /rule "bad" names amount differences but has no key/],
      [{ amount, cardinality: 'N:M' }, /rule "bad" is N:M and needs keys to form the groups/],
      [{ keys: [{ left: 'ref', right: 'ref', normalisers: [] }], cardinality: 'N:1' }, /rule "bad" is N:1 and needs an amount to sum/],
      [{ keys: [{ left: 'ref', right: 'ref', normalisers: [] }], amount, cardinality: '1:N', named: refKey }, /rule "bad" names open items by a key \(named\); that needs an N:1 rule/],
      [{ keys: [{ left: 'ref', right: 'ref', normalisers: [] }], amount, cardinality: 'N:1', named: { ...refKey, normalisers: [] } }, /rule "bad" names open items by a key \(named\)/],
      [{ amount, date, cardinality: '1:N', collection: { by: [] } }, /rule "bad" is a collection; that needs an N:1 rule with an amount and a date/],
      [{ amount, cardinality: 'N:1', collection: { by: [] } }, /rule "bad" is a collection; that needs an N:1 rule with an amount and a date/],
      [{ keys: [{ left: 'ref', right: 'ref', normalisers: [] }], date, cardinality: 'N:1', collection: { by: [] } }, /rule "bad" is a collection; that needs an N:1 rule with an amount and a date/],
    ];
    for (const [partial, message] of cases) {
      await expect(ws.run(recipe([refRule('ok'), rule({ id: 'bad', ...partial })])), message.source).rejects.toMatchObject({ code: 'invalid_recipe', message: expect.stringMatching(message), details: { rule: 'bad' } });
    }
    // A rule that can run still does, after all those refusals: so do a reference key outside N:M,
    // a named N:1 rule and an N:1 collection.
    expect((await ws.run(recipe([refRule('ok')]))).summary.matched_groups).toBe(1);
    for (const partial of [
      { keys: [refKey], amount, cardinality: '1:N' },
      { keys: [{ left: 'ref', right: 'ref', normalisers: [] }], amount, cardinality: 'N:1', named: refKey },
      { amount, date, cardinality: 'N:1', collection: { by: [] } },
    ] satisfies Partial<MatchRule>[]) {
      expect((await ws.run(recipe([rule({ id: 'runs', ...partial })]))).summary.left_rows).toBe(1);
    }
  });
});

describe('split, batch and N:M matching', () => {
  it('1:N: matches a ledger line to the bank lines sharing its reference when their sum agrees', async () => {
    const ws = await setup(['S1,100.00,2024-01-10,x', 'S2,50.00,2024-01-10,x'], ['S1,60.00,2024-01-10,a', 'S1,40.00,2024-01-12,b', 'S2,20.00,2024-01-10,c', 'S2,20.00,2024-01-10,d']);
    const { run_id, summary } = await ws.run(recipe([refRule('exact'), refRule('split', { cardinality: '1:N' })]));
    expect(await matchesByContent(ws, run_id)).toEqual(['split: S1|100|2024-01-10|x <-> S1|40|2024-01-12|b + S1|60|2024-01-10|a']);
    expect(summary.unmatched.left.count + summary.exceptions.left.count).toBe(1);
  });

  it('1:N: finds the subset of candidates that sums to the amount when the key alone does not group them', async () => {
    // Customer C1 has two open invoices on the left; bank lines for C1 contain the three parts of invoice 1 plus noise.
    // Amounts in cents: in whole units every sum of these parts lies within 200 units of 100, and an
    // exact one would be chance-level (only suggested; see party-only.test.ts).
    const ws = await setup(
      ['C1,100.00,2024-01-10,inv1', 'C1,75.00,2024-02-20,inv2'],
      ['C1,30.17,2024-01-10,p1', 'C1,45.38,2024-01-11,p2', 'C1,24.45,2024-01-12,p3', 'C1,13.09,2024-01-12,noise', 'C1,75.00,2024-02-21,q'],
    );
    const { run_id } = await ws.run(recipe([refRule('exact'), refRule('split', { cardinality: '1:N', date: { left: 'date', right: 'date', window_days: 5 } })]));
    expect(await matchesByContent(ws, run_id)).toEqual([
      'exact: C1|75|2024-02-20|inv2 <-> C1|75|2024-02-21|q',
      'split: C1|100|2024-01-10|inv1 <-> C1|24.45|2024-01-12|p3 + C1|30.17|2024-01-10|p1 + C1|45.38|2024-01-11|p2',
    ]);
  });

  it('N:1: matches several ledger lines settled by one bank line (batch payment)', async () => {
    const ws = await setup(['B7,10.00,2024-01-01,a', 'B7,20.00,2024-01-02,b', 'B7,30.00,2024-01-02,c'], ['b7,60.00,2024-01-03,batch']);
    const { run_id, summary } = await ws.run(recipe([refRule('exact'), refRule('batch', { cardinality: 'N:1' })]));
    expect(await matchesByContent(ws, run_id)).toEqual(['batch: B7|10|2024-01-01|a + B7|20|2024-01-02|b + B7|30|2024-01-02|c <-> b7|60|2024-01-03|batch']);
    expect(summary.matched.left).toEqual({ count: 3, amount: 60 });
    expect(summary.match_rate).toBe(1);
  });

  it('N:1: of equal instalments of one document, a payment of two is suggested for the two due first', async () => {
    // br-boleto: "NF 46879 PARC 1 E 2" pays two of three equal parcels. Any two fit, so a person
    // decides; the pair put forward is the oldest (payers settle instalments in order), whatever the
    // file order or the rows' content.
    for (const order of [[2, 0, 1], [1, 2, 0], [0, 1, 2]]) {
      const parcels = ['NF46879,2214.94,2024-03-12,parc 1/3', 'NF46879,2214.94,2024-03-26,parc 2/3', 'NF46879,2214.94,2024-05-13,parc 3/3'];
      const ws = await setup(order.map((i) => parcels[i]), ['nf46879,4429.88,2024-04-27,NF 46879 PARC 1 E 2'], `parc${order.join('')}`);
      const { run_id } = await ws.run(recipe([refRule('batch', { cardinality: 'N:1', date: { left: 'date', right: 'date', window_days: 90 } })]));
      expect(await matchesByContent(ws, run_id)).toEqual([]);
      expect(await matchesByContent(ws, run_id, 'suggested')).toEqual([
        'batch: NF46879|2214.94|2024-03-12|parc 1/3 + NF46879|2214.94|2024-03-26|parc 2/3 <-> nf46879|4429.88|2024-04-27|NF 46879 PARC 1 E 2',
      ]);
    }
  });

  it('1:N: an invoice paid in parts net of a bank fee is matched with the fee named, amounts side by side', async () => {
    const ws = await setup(['S8,60.00,2024-01-01,inv'], ['s8,30.00,2024-01-02,p1', 's8,22.50,2024-01-03,p2']);
    const fee = { left: 'amount', right: 'amount', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false, differences: { reason: 'bank_fee' as const, fixed: [7.5], percent: [] } };
    const { run_id } = await ws.run(recipe([refRule('split', { cardinality: '1:N', amount: fee })]));
    const [group, ...more] = (await ws.page(run_id, 'matched', { offset: 0, limit: 10 })).items as GroupPageItem[];
    expect(more).toEqual([]);
    expect(group.right_rows.map((r) => r.memo).sort()).toEqual(['p1', 'p2']);
    expect([group.amount_left, group.amount_right, group.amount_delta, group.difference_reason]).toEqual([60, 52.5, 7.5, 'bank_fee']);
  });

  it('N:1: a batch paid net of a bank fee is matched with the fee named, amounts side by side (left the invoices, right the payment)', async () => {
    // The fee is left − right (invoices 60.00, payment 52.50): a batch compares its invoices' sum
    // with the one payment in that order, and stores each side's amount on its own side.
    const ws = await setup(['B8,10.00,2024-01-01,a', 'B8,20.00,2024-01-02,b', 'B8,30.00,2024-01-02,c'], ['b8,52.50,2024-01-03,batch']);
    const fee = { left: 'amount', right: 'amount', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false, differences: { reason: 'bank_fee' as const, fixed: [7.5], percent: [] } };
    const { run_id } = await ws.run(recipe([refRule('batch', { cardinality: 'N:1', amount: fee })]));
    const [group, ...more] = (await ws.page(run_id, 'matched', { offset: 0, limit: 10 })).items as GroupPageItem[];
    expect(more).toEqual([]);
    expect(group.left_rows.map((r) => r.memo).sort()).toEqual(['a', 'b', 'c']);
    expect([group.amount_left, group.amount_right, group.amount_delta, group.difference_reason]).toEqual([60, 52.5, 7.5, 'bank_fee']);
  });

  it('N:M: matches groups with equal keys (customer + month) whose sums agree', async () => {
    const ws = await setup(
      ['K1,10.00,2024-01-03,a', 'K1,20.00,2024-01-20,b', 'K1,5.00,2024-02-01,c', 'K2,7.00,2024-01-05,d'],
      ['K1,12.00,2024-01-10,x', 'K1,18.00,2024-01-28,y', 'K1,6.00,2024-02-02,z', 'K2,7.00,2024-01-30,w'],
    );
    const monthly = rule({
      id: 'monthly',
      keys: [
        { left: 'ref', right: 'ref', normalisers: [] },
        { left: 'date', right: 'date', normalisers: [{ kind: 'date_trunc', unit: 'month' }] },
      ],
      amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
      cardinality: 'N:M',
    });
    const { run_id } = await ws.run(recipe([monthly]));
    expect(await matchesByContent(ws, run_id)).toEqual([
      'monthly: K1|10|2024-01-03|a + K1|20|2024-01-20|b <-> K1|12|2024-01-10|x + K1|18|2024-01-28|y',
      'monthly: K2|7|2024-01-05|d <-> K2|7|2024-01-30|w',
    ]);
    const exceptions = await records(ws, run_id, 'exceptions_left');
    expect(exceptions.map((e) => [e.row.memo, e.exception?.reason])).toEqual([['c', 'amount_mismatch']]);
  });

  it('N:M with a date window: groups match only when every left date is within the window of every right date', async () => {
    const ws = await setup(
      ['K1,10.00,2024-01-03,a', 'K1,20.00,2024-01-05,b', 'K2,10.00,2024-01-05,c'],
      ['K1,12.00,2024-01-04,x', 'K1,18.00,2024-01-06,y', 'K2,10.00,2024-01-30,w'],
    );
    const windowed = rule({
      id: 'windowed',
      keys: [{ left: 'ref', right: 'ref', normalisers: [] }],
      amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
      date: { left: 'date', right: 'date', window_days: 5 },
      cardinality: 'N:M',
    });
    const { run_id, summary } = await ws.run(recipe([windowed]));
    expect(await matchesByContent(ws, run_id)).toEqual(['windowed: K1|10|2024-01-03|a + K1|20|2024-01-05|b <-> K1|12|2024-01-04|x + K1|18|2024-01-06|y']);
    const group = (await ws.page(run_id, 'matched', { offset: 0, limit: 10 })).items[0];
    expect(group.date_delta_days).toBe(3);
    // K2 sums agree (10 = 10) but 25 days apart: not matched, explained as a date problem.
    const exceptions = await records(ws, run_id, 'exceptions_right');
    expect(exceptions.map((e) => [e.row.memo, e.exception?.reason])).toEqual([['w', 'date_out_of_window']]);
    expect(summary.matched.left.count).toBe(2);
  });
});

describe('determinism', () => {
  it('same inputs and recipe give identical results and byte-identical CSV/XLSX exports', async () => {
    const left = ['A,100.00,2024-01-01,x', 'B,50.00,2024-01-02,x', 'B,50.00,2024-01-02,dup', 'C,75.00,2024-01-03,x'];
    const right = ['A,100.00,2024-01-01,y', 'B,50.00,2024-01-02,y', 'C,70.00,2024-01-03,y', 'D,1.00,2024-01-01,y'];
    const r: Recipe = recipe([refRule('exact'), refRule('split', { cardinality: '1:N' })]);
    const outputs: Buffer[][] = [];
    for (const name of ['one', 'two']) {
      const ws = await setup(left, right, name);
      const { run_id } = await ws.run(r);
      const dir = sb.mkdir(`out-${name}`);
      await ws.export(run_id, { dir, formats: ['csv', 'xlsx'] });
      outputs.push(['matched.csv', 'exceptions_left.csv', 'exceptions_right.csv', 'unmatched_right.csv', 'summary.csv', 'reconciliation.xlsx'].map((f) => readFileSync(join(dir, f))));
    }
    expect(outputs[1]).toEqual(outputs[0]);
  });
});
