/**
 * Self-check of the fifteenth held-out set: `npx tsx scripts/bench/worlds/heldout-v15/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with
 * its own knowledge of the layouts (encoding, separators, decimal marks, preambles, trailers),
 * checks running balances and totals, that the truth names every transaction row once, and that
 * every group's amounts add up net of the withholding, fees, credit notes and part payments modelled.
 */
import type { World } from '../world';
import { csvTable, colOf } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney } from './common';
import { HELDOUT_V15_WORLDS } from './index';
import { ewt } from './ph-bdo-ewt';
import { wht } from './ng-gtb-distributor';

const utf8 = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));

/** Statement rows as signed cents, after checking the running balance from `open` to `close`. */
function balanced(rows: string[][], col: (n: string) => number, names: { debit: string; credit: string; bal: string }, th: string, dec: string, open: number, close: number, name: string): number[] {
  let bal = open;
  const out = rows.map((f, i) => {
    const d = f[col(names.debit)], c = f[col(names.credit)];
    assert((d === '') !== (c === ''), `${name}: statement row ${i + 1} has exactly one of debit/credit`);
    const v = c ? parseMoney(c, th, dec) : -Math.abs(parseMoney(d, th, dec));
    bal += v;
    assert(bal === parseMoney(f[col(names.bal)], th, dec), `${name}: running balance at row ${i + 1}`);
    return v;
  });
  assert(bal === close, `${name}: closing balance ${bal} != ${close}`);
  return out;
}
const field = (lines: string[], label: string) => { const l = lines.find((x) => x.startsWith(label)); if (!l) throw new Error(`no line ${label}`); return l.slice(label.length + 1).replace(/^"|"$/g, ''); };

function parse(w: World): { oi: number[]; st: number[] } {
  if (w.name === 'ph-bdo-ewt') {
    const o = csvTable(utf8(w.openItems.content), ',', 'Customer Code', assert), oc = colOf(o.head);
    const oi = o.rows.map((f) => { const a = parseMoney(f[oc('Balance Due (PHP)')], ',', '.'); assert((a < 0) === (f[oc('Doc Type')] === 'CM'), `${w.name}: sign of ${f[oc('Document No.')]}`); return a; });
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'Posting Date', assert), lines = text.split(/\r?\n/);
    const st = balanced(s.rows, colOf(s.head), { debit: 'Debit', credit: 'Credit', bal: 'Running Balance' }, ',', '.', parseMoney(field(lines, 'Beginning Balance'), ',', '.'), parseMoney(field(lines, 'Ending Balance'), ',', '.'), w.name);
    assert(-st.filter((v) => v < 0).reduce((a, b) => a + b, 0) === parseMoney(field(lines, 'Total Debits'), ',', '.'), `${w.name}: total debits`);
    return { oi, st };
  }
  if (w.name === 'ng-gtb-distributor') {
    const o = csvTable(utf8(w.openItems.content), ',', 'Customer No.', assert), oc = colOf(o.head);
    const oi = o.rows.map((f) => parseMoney(f[oc('Outstanding Balance (NGN)')], ',', '.'));
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'Trans. Date', assert), lines = text.split(/\r?\n/);
    const st = balanced(s.rows, colOf(s.head), { debit: 'Debits', credit: 'Credits', bal: 'Balance' }, ',', '.', parseMoney(field(lines, 'Opening Balance:'), ',', '.'), parseMoney(field(lines, 'Closing Balance:'), ',', '.'), w.name);
    s.rows.forEach((f, i) => assert(f[colOf(s.head)('Remarks')].length <= 72, `${w.name}: remarks of row ${i + 1} within 72 characters`));
    // every credit of NGN 10,000 or more is followed by its NGN 50 levy
    st.forEach((v, i) => { if (v >= 1000000) assert(st[i + 1] === -5000, `${w.name}: levy after row ${i + 1}`); });
    return { oi, st };
  }
  if (w.name === 'ro-serii') {
    const buf = w.openItems.content as Buffer;
    assert(Buffer.isBuffer(buf) && !buf.includes(Buffer.from('ș')) && buf.includes(0xba), `${w.name}: open items in Windows-1250 with cedilla ş`);
    const o = csvTable(new TextDecoder('windows-1250').decode(buf), ';', 'Tip', assert), oc = colOf(o.head);
    const data = o.rows.filter((f) => f[oc('Partener')] !== 'TOTAL'), tot = o.rows.filter((f) => f[oc('Partener')] === 'TOTAL');
    const oi = data.map((f) => { const a = parseMoney(f[oc('Rest de încasat')], '.', ','); assert((a < 0) === (f[oc('Tip')] === 'FS'), `${w.name}: sign of ${f[oc('Serie')]} ${f[oc('Numar')]}`); return a; });
    assert(tot.length === 1 && parseMoney(tot[0][oc('Rest de încasat')], '.', ',') === oi.reduce((a, b) => a + b, 0), `${w.name}: TOTAL line`);
    const keys = data.map((f) => `${f[oc('Serie')]}/${f[oc('Numar')]}/${f[oc('Data')].slice(-4)}`);
    assert(new Set(keys).size === keys.length, `${w.name}: series, number and year identify an invoice`);
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'Data tranzactie', assert), lines = text.split(/\r?\n/);
    const st = balanced(s.rows, colOf(s.head), { debit: 'Debit', credit: 'Credit', bal: 'Sold contabil' }, '.', ',', parseMoney(field(lines, 'Sold initial:'), '.', ','), parseMoney(field(lines, 'Sold final:'), '.', ','), w.name);
    return { oi, st };
  }
  throw new Error(`unknown world ${w.name}`);
}

const EXACT = new Set(['single_full', 'single_nip_reference', 'distributor_lump_exact', 'split_nip_transfers', 'cash_deposit_by_rep', 'duplicate_reversed', 'series_and_number', 'number_only', 'number_and_date', 'series_collision_amount_resolves', 'multi_invoice', 'storno_netted', 'proforma_number_quoted', 'payer_by_cui_only']);
const PH_EWT = new Set(['single_ewt', 'dr_number_only', 'check_deposit_multi_ewt', 'credit_memo_netted', 'replaced_after_daif', 'ambiguous_equal_amounts']);

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), I = items.reduce((a, b) => a + b, 0), S = g.st.reduce((a, i) => a + p.st[i], 0);
    const ok = EXACT.has(kind) || (kind === 'credit_note_netted' || kind === 'ambiguous_equal_amounts') && w.name !== 'ph-bdo-ewt' ? S === I
      : w.name === 'ph-bdo-ewt' && PH_EWT.has(kind) ? S === I - ewt(I, 1) || S === I - ewt(I, 2)
      : kind === 'parent_pays_subsidiaries' ? I - S >= 0 && I - S <= ewt(I, 2) + items.length
      : kind === 'interbank_fee_short' ? I - S === 1000 || I - S === 2500
      : kind === 'partial_payment' ? S / I >= 0.25 && S / I <= 0.75
      : kind === 'wht_deducted' ? S === I - wht(I)
      : kind === 'on_account_round_sum' ? S < I && S > I - Math.max(...items) && S % 100000 === 0
      : false;
    assert(ok, `${w.name}: group ${id} (${kind}) items ${I} paid ${S}`);
    if (kind === 'ambiguous_equal_amounts' || kind === 'on_account_round_sum') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
  }
  // Lines with no counterpart that undo each other: a returned cheque, a reversed duplicate.
  for (const k of ['returned_check', 'duplicate_reversed']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1], 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
}

void runSelfChecks(HELDOUT_V15_WORLDS, check);
