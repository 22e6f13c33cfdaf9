/**
 * Collections (issue 25, heldout-v8 it-fatturapa's Ri.Ba. distinte): the bank collects every open
 * item due on one day by one payment method and credits one sum. Through buildAutoRecipe and a run
 * on a UK direct-debit layout: the rule is learned from the data (which date is the due date, which
 * column the bank collects by), a returned debit takes its item out of the group, and a day whose
 * total no line equals is left alone.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, recipe, rule, sandbox, type Sandbox } from './helpers';
import { COLLECTION_LEFT as LEFT, COLLECTION_RIGHT as RIGHT, collectionWorld as world } from '../../fixtures/collections-world';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

describe('a direct-debit collection credited as one sum', () => {
  it('pays every item due that day by direct debit, and a returned debit leaves its item open', async () => {
    const w = world();
    const ws = await sb.workspace('collections');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv(LEFT, w.left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv(RIGHT, w.lines)));
    const auto = await buildAutoRecipe(ws);
    const rule = auto.recipe.rules.find((r) => r.id === 'collection');
    expect(rule).toMatchObject({ cardinality: 'N:1', date: { left: 'Due Date' }, collection: { by: ['Method'] } });
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'collection');
    const invoices = (due: string, except: number[] = []) => w.dd(due).filter((it) => !except.includes(it.no)).map((it) => `INV-${it.no}`).sort();
    const got = groups.map((g) => ({ invoices: g.left_rows.map((r) => String(r.Invoice)).sort(), lines: g.right_rows.length, status: g.status }));
    expect(got).toEqual(
      expect.arrayContaining([
        { invoices: invoices(w.dues[0]), lines: 1, status: 'auto' },
        { invoices: invoices(w.dues[1], [w.returned.no]), lines: 2, status: 'auto' },
        { invoices: invoices(w.dues[2]), lines: 1, status: 'auto' },
      ]),
    );
    // Day 4's credit is not the day's total: no collection group claims its items.
    expect(got).toHaveLength(3);
    const evidence = groups.find((g) => g.right_rows.length === 2)?.evidence ?? '';
    expect(evidence).toContain('returned, open again');
    // The returned invoice is not matched anywhere.
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.flatMap((g) => g.left_rows.map((r) => String(r.Invoice)));
    expect(matched).not.toContain(`INV-${w.returned.no}`);
  });

  it('is not proposed when no line is a day’s total', async () => {
    const w = world();
    const ws = await sb.workspace('no-collections');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv(LEFT, w.left)));
    // Only the transfers: every line names one invoice.
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv(RIGHT, w.lines.filter((l) => l.includes('FASTER PAYMENT')))));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.find((r) => r.id === 'collection')).toBeUndefined();
  });
});

describe('a Ri.Ba. distinta: every item whose payment terms start with the method, booked before the due date', () => {
  // Italian ledgers write the method into the payment terms ("RB RIBA 30/60 GG DFFM", "BB BONIFICO
  // 30 GG DFFM"): 8 different terms, 2 methods. The bank books the distinta ~12 days before the
  // due date (SBF) with the due date + 1 as its value date (it-riba, heldout-v2).
  const terms = ['RB RIBA 30 GG DFFM', 'RB RIBA 60 GG DFFM', 'RB RIBA 30/60 GG DFFM', 'RB RIBA 90 GG DFFM + 10', 'BB BONIFICO 30 GG DFFM', 'BB BONIFICO 60 GG DFFM', 'RD RIMESSA DIRETTA', 'BB BONIFICO 90 GG'];
  const dues = ['2026-01-10', '2026-01-31', '2026-02-10', '2026-02-28'];
  function world() {
    const items = dues.flatMap((due, d) => Array.from({ length: 12 }, (_, k) => ({ no: 300 + d * 12 + k, due, terms: terms[(d + k) % terms.length], cents: 10_000 + (((d * 12 + k) * 7_919) % 400_000) })));
    const minus = (iso: string, days: number) => new Date(Date.parse(iso) - days * 86_400_000).toISOString().slice(0, 10);
    const plus = (iso: string, days: number) => minus(iso, -days);
    const riba = (due: string) => items.filter((it) => it.due === due && it.terms.startsWith('RB '));
    const lines = dues.slice(0, 3).map((due, i) => `${minus(due, 12)},${plus(due, 1)},ACCREDITO RIBA SBF DISTINTA N. 00${i + 1},${(riba(due).reduce((a, it) => a + it.cents, 0) / 100).toFixed(2)}`);
    // Transfers name their invoice; the February 28 distinta is not on this statement yet.
    for (const it of items.filter((x) => !x.terms.startsWith('RB ') && x.due !== dues[3])) lines.push(`${it.due},${it.due},BONIFICO A VOSTRO FAVORE FT ${it.no}/26,${(it.cents / 100).toFixed(2)}`);
    return { left: items.map((it) => `FT,${it.no}/26,${it.due},${it.terms},${(it.cents / 100).toFixed(2)}`), lines, riba };
  }

  it('learns the method from the terms’ first word and the value date, and pays each distinta', async () => {
    const w = world();
    const ws = await sb.workspace('riba');
    await ws.addSourceFromPath('left', sb.file('scadenzario.csv', csv('Tipo,Num.doc.,Scadenza,Modalità pag.,Importo', w.left)));
    await ws.addSourceFromPath('right', sb.file('movimenti.csv', csv('Data contabile,Data valuta,Descrizione,Importo', w.lines)));
    const auto = await buildAutoRecipe(ws);
    const rule = auto.recipe.rules.find((r) => r.id === 'collection');
    expect(rule).toMatchObject({ date: { left: 'Scadenza', right: 'Data valuta' }, collection: { by: [], of: { column: 'Modalità pag.', values: ['RB'], first_word: true } } });
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items.filter((g) => g.rule_id === 'collection');
    const got = groups.map((g) => g.left_rows.map((r) => String(r['Num.doc.'])).sort());
    expect(got).toHaveLength(3);
    for (const due of dues.slice(0, 3)) expect(got).toContainEqual(w.riba(due).map((it) => `${it.no}/26`).sort());
    expect(groups[0].evidence).toMatch(/with Modalità pag\. starting RB \(\d+ items\) adds up to this line/);
  });
});

describe('a collection rule written by hand', () => {
  const coll = (by: string[], named = false) =>
    rule({
      id: 'coll',
      cardinality: 'N:1',
      amount: { left: 'amount', right: 'amount', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
      date: { left: 'due', right: 'date', window_days: 3 },
      collection: { by },
      ...(named ? { named: { left: 'inv', right: 'text', normalisers: [{ kind: 'reference', groups: [{ width: 0, min: 1, max: 9 }] }] } } : {}),
    });
  const ledger = ['INV-1001,2026-10-01,DD,A,10.00', 'INV-1002,2026-10-01,DD,A,20.00', 'INV-1003,2026-10-01,DD,A,30.00', 'INV-1004,2026-10-01,CARD,A,5.00'];

  it('says in words which items the line adds up to, by method and with a return', async () => {
    const ws = await sb.workspace('evidence');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv('inv,due,method,account,amount', ledger)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('date,text,amount', ['2026-10-02,DD COLLECTION,60.00', '2026-10-09,DD RETURN INV-1002,-20.00', '2026-10-03,CARD BATCH,65.00'])));
    const evidence = async (by: string[], named: boolean) => {
      const { run_id } = await ws.run(recipe([coll(by, named)]));
      return (await ws.page(run_id, 'matched', { offset: 0, limit: 10 })).items.map((g) => g.evidence);
    };
    // Without `by`, the day's four items add up to the card batch line; by method, the three direct debits to the collection.
    expect(await evidence([], false)).toEqual(['every open item due 2026-10-01 (4 items) adds up to this line']);
    expect(await evidence(['method'], false)).toEqual(['every open item due 2026-10-01 with the same method (3 items) adds up to this line']);
    expect(await evidence(['method', 'account'], false)).toEqual(['every open item due 2026-10-01 with the same method and account (3 items) adds up to this line']);
    expect(await evidence(['method'], true)).toEqual([
      'every open item due 2026-10-01 with the same method (3 items) adds up to this line; returned, open again: the item of 20.00 (its return debit is in this group)',
    ]);
  });

  it('reads the named key even when the rule before compared the same columns without one', async () => {
    // The working tables are kept from one rule to the next when they would be the same; a rule's
    // `named` key adds columns to them, so it is part of what makes them the same (run.ts).
    const ws = await sb.workspace('named-after-unnamed');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv('inv,due,method,account,amount', ledger)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('date,text,amount', ['2026-10-02,DD COLLECTION,60.00', '2026-10-09,DD RETURN INV-1002,-20.00'])));
    const sameDay = { ...coll(['method']), id: 'same-day', date: { left: 'due', right: 'date', window_days: 0 } };
    const { run_id } = await ws.run(recipe([sameDay, coll(['method'], true)]));
    const matched = (await ws.page(run_id, 'matched', { offset: 0, limit: 10 })).items;
    expect(matched.map((g) => [g.rule_id, g.right_rows.length])).toEqual([['coll', 2]]);
  });

  it('is refused, naming the rule, when the open items have no column it collects by', async () => {
    const ws = await sb.workspace('no-method');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv('inv,due,method,account,amount', ledger)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('date,text,amount', ['2026-10-02,DD COLLECTION,60.00'])));
    await expect(ws.run(recipe([coll(['channel'])]))).rejects.toMatchObject({
      code: 'unknown_column',
      message: expect.stringContaining('rule coll collection: the left source has no column "channel"'),
    });
  });
});
