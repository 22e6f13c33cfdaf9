/**
 * Self-check of the sixteenth held-out set: `npx tsx scripts/bench/worlds/heldout-v16/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with
 * its own knowledge of the layouts (encoding, separators, decimal marks and lakh grouping, preambles,
 * trailers), checks running balances and totals, that the truth names every transaction row once,
 * and that every group's amounts add up net of the withholding, retentions, credit notes,
 * instalments and part payments modelled.
 */
import type { World } from '../world';
import { csvTable, colOf } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney } from './common';
import { HELDOUT_V16_WORLDS } from './index';
import { egWht } from './eg-cib';
import { pkNet } from './pk-hbl';
import { coRetentions, nitDv } from './co-pse';

const utf8 = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));
const field = (lines: string[], label: string, sep = ',') => { const l = lines.find((x) => x.startsWith(label + sep)); if (!l) throw new Error(`no line ${label}`); return l.slice(label.length + 1).split(sep === ',' ? /,(?=(?:[^"]*"[^"]*")*[^"]*$)/ : sep)[0].replace(/^"|"$/g, ''); };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Per open-item row: its amount and what the group checks need (invoice base, tax, services flag). */
interface Item { amt: number; base: number; tax: number; svc: boolean; cust: string }
interface Parsed { oi: Item[]; st: number[]; desc: string[] }

/** Debit/Credit columns into signed cents, checking the running balance from `open` to `close`. */
function running(rows: string[][], col: (n: string) => number, n: { debit: string; credit: string; bal: string }, amt: (s: string) => number, bal0: number, close: number, name: string): number[] {
  let bal = bal0;
  const out = rows.map((f, i) => {
    const d = f[col(n.debit)], c = f[col(n.credit)];
    assert((d === '') !== (c === ''), `${name}: statement row ${i + 1} has exactly one of debit/credit`);
    const v = c ? amt(c) : -amt(d);
    assert(v !== 0 && (c ? v > 0 : v < 0), `${name}: statement row ${i + 1} amount unsigned and non-zero`);
    bal += v;
    assert(bal === amt(f[col(n.bal)]), `${name}: running balance at row ${i + 1}`);
    return v;
  });
  assert(bal === close, `${name}: closing balance ${bal} != ${close}`);
  return out;
}

function parse(w: World): Parsed {
  if (w.name === 'eg-cib') {
    const text = utf8(w.openItems.content);
    assert(text.startsWith('\ufeff'), `${w.name}: open items start with a BOM`);
    const o = csvTable(text, ',', 'رقم المستند', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, ',', '.');
    const oi = o.rows.map((f) => {
      const a = m(f[oc('المتبقي')]), no = f[oc('رقم المستند')];
      assert((a < 0) === (f[oc('نوع المستند')] === 'إشعار دائن') && (a < 0 ? /^إ\.د-2026\/\d{4}$/ : /^ف-(2025|2026)\/\d{4}$/).test(no), `${w.name}: number and sign of ${no}`);
      assert(/^\d{3}-\d{3}-\d{3}$/.test(f[oc('رقم التسجيل الضريبي')]) && /^\d\d\/\d\d\/20\d\d$/.test(f[oc('تاريخ المستند')]), `${w.name}: tax id and date of ${no}`);
      return { amt: a, base: 0, tax: 0, svc: false, cust: f[oc('كود العميل')] };
    });
    const nos = o.rows.map((f) => f[oc('رقم المستند')]);
    assert(new Set(nos).size === nos.length, `${w.name}: document numbers unique`);
    const tot = o.after.find((l) => l.startsWith('الإجمالي'));
    assert(!!tot && m(tot.split(',"').pop()!.replace(/"$/, '')) === sum(oi.map((x) => x.amt)), `${w.name}: total line`);
    const st = utf8(w.statement.content), s = csvTable(st, ',', 'Booking Date', assert), sc = colOf(s.head), lines = st.split('\n');
    const amts = running(s.rows, sc, { debit: 'Debit', credit: 'Credit', bal: 'Balance' }, m, m(field(lines, 'Opening Balance')), m(field(lines, 'Closing Balance')), w.name);
    assert(sum(amts.filter((v) => v > 0)) === m(field(lines, 'Total Credit')) && -sum(amts.filter((v) => v < 0)) === m(field(lines, 'Total Debit')), `${w.name}: trailer totals`);
    s.rows.forEach((f, i) => { const d = new Date(Date.UTC(Number(f[0].slice(6)), Number(f[0].slice(3, 5)) - 1, Number(f[0].slice(0, 2)))).getUTCDay(); assert(f[sc('Reference No.')].startsWith('IPN') || (d !== 5 && d !== 6), `${w.name}: row ${i + 1} booked on a Friday/Saturday`); });
    return { oi, st: amts, desc: s.rows.map((f) => f[sc('Description')]) };
  }
  if (w.name === 'pk-hbl') {
    const o = csvTable(utf8(w.openItems.content), ',', 'Sr. No.', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, ',', '.');
    const lakhRe = /^\(?(\d{1,3}|\d{1,2}(,\d\d)*,\d{3})\.\d\d\)?$/;
    const oi = o.rows.map((f, i) => {
      assert(f[oc('Sr. No.')] === String(i + 1), `${w.name}: serial ${i + 1}`);
      for (const k of ['Gross Amount', 'Balance']) assert(lakhRe.test(f[oc(k)]), `${w.name}: lakh grouping of ${f[oc(k)]}`);
      const a = m(f[oc('Balance')]), cn = f[oc('Doc Type')] === 'CN';
      assert((a < 0) === cn && f[oc('Balance')].startsWith('(') === cn, `${w.name}: credit note ${f[oc('Document No.')]} in parentheses`);
      const base = cn ? 0 : m(f[oc('Value Excl. Tax')]), tax = cn ? 0 : m(f[oc('Sales Tax')]);
      if (!cn) assert(base + tax === a && tax === Math.round(base * (f[oc('Doc Type')] === 'SSI' ? 0.16 : 0.18) / 100) * 100, `${w.name}: gross = value + sales tax for ${f[oc('Document No.')]}`);
      return { amt: a, base, tax, svc: f[oc('Doc Type')] === 'SSI', cust: f[oc('Customer Code')] };
    });
    const tot = o.after.find((l) => l.startsWith(',,Grand Total'));
    assert(!!tot && m(tot.split(',"').pop()!.replace(/"$/, '')) === sum(oi.map((x) => x.amt)), `${w.name}: Grand Total line`);
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'Txn Date', assert), sc = colOf(s.head), lines = text.split(/\r?\n/);
    const crdr = (x: string) => { const t = x.trim(); assert(/ (Cr|Dr)$/.test(t), `${w.name}: balance ${t} ends Cr/Dr`); return (t.endsWith('Dr') ? -1 : 1) * m(t.slice(0, -3)); };
    const amts = running(s.rows, sc, { debit: 'Withdrawal', credit: 'Deposit', bal: 'Balance' }, (x) => (/ (Cr|Dr)$/.test(x) ? crdr(x) : m(x)), crdr(field(lines, 'Opening Balance:')), crdr(field(lines, 'Closing Balance:')), w.name);
    assert(-sum(amts.filter((v) => v < 0)) === m(field(lines, 'Total Withdrawals:')) && sum(amts.filter((v) => v > 0)) === m(field(lines, 'Total Deposits:')), `${w.name}: trailer totals`);
    s.rows.forEach((f, i) => { const d = f[sc('Transaction Details')]; if (d.startsWith('IBFT CR/')) assert(d.split('/').slice(2).join('/').length <= 30, `${w.name}: IBFT narration of row ${i + 1} within 30 characters`); });
    return { oi, st: amts, desc: s.rows.map((f) => f[sc('Transaction Details')]) };
  }
  if (w.name === 'co-pse') {
    const buf = w.openItems.content as Buffer;
    assert(Buffer.isBuffer(buf) && buf.includes(0xf3) && !buf.includes(Buffer.from('ó')), `${w.name}: open items in Windows-1252`);
    const o = csvTable(new TextDecoder('windows-1252').decode(buf), ';', 'Identificación', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, '.', ',');
    const oi = o.rows.map((f) => {
      const nit = f[oc('Identificación')], a = m(f[oc('Saldo')]), base = m(f[oc('Base')]), tax = m(f[oc('IVA')]);
      assert(String(nitDv(nit)) === f[oc('DV')], `${w.name}: check digit of NIT ${nit}`);
      assert((a < 0) === (f[oc('Tipo')] === 'NC') && base + tax === a && Math.abs(tax) === Math.round(Math.abs(base) * 0.19 / 100) * 100, `${w.name}: base + IVA = total for ${f[oc('Comprobante')]}`);
      return { amt: a, base, tax, svc: false, cust: nit };
    });
    const tot = o.after.find((l) => l.startsWith(';;;Total general'));
    assert(!!tot && m(tot.split(';').pop()!) === sum(oi.map((x) => x.amt)), `${w.name}: Total general line`);
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'FECHA', assert), sc = colOf(s.head), lines = text.split(/\r?\n/), d = (x: string) => parseMoney(x, '', '.');
    let bal = d(field(lines, 'SALDO ANTERIOR'));
    const amts = s.rows.map((f, i) => { const v = d(f[sc('VALOR')]); bal += v; assert(bal === d(f[sc('SALDO')]) && /^2026\d{4}$/.test(f[sc('FECHA')]), `${w.name}: running balance and date at row ${i + 1}`); assert(!/[^\x20-\x7e]/.test(s.rows[i].join(',')), `${w.name}: statement row ${i + 1} plain ASCII`); return v; });
    assert(bal === d(field(lines, 'SALDO ACTUAL')), `${w.name}: closing balance`);
    const desc = s.rows.map((f) => f[sc('DESCRIPCION')]);
    const gmf = amts.filter((_, i) => desc[i] === 'IMPTO GOBIERNO 4X1000'), taxed = amts.filter((v, i) => v < 0 && desc[i] !== 'IMPTO GOBIERNO 4X1000' && desc[i] !== 'REVERSION RECAUDO PSE');
    assert(gmf.length === taxed.length && sum(gmf) === sum(taxed.map((v) => -Math.round(-v * 0.004 / 100) * 100)), `${w.name}: a 4x1000 line for every debit (${gmf.length}/${taxed.length})`);
    return { oi, st: amts, desc };
  }
  throw new Error(`unknown world ${w.name}`);
}

/** eg-cib kinds paid in full (the sum of the payments is the sum of the open items, credit notes included). */
const EG_EXACT = new Set(['instapay_arabic_digits', 'transfer_latin_reference', 'year_collision_amount_resolves', 'instalments', 'credit_note_netted', 'name_and_amount_only', 'replaced_after_return', 'duplicate_refunded', 'ambiguous_equal_amounts', 'same_amount_two_customers', 'tax_id_and_date_in_text', 'mistyped_reference']);

function groupOk(w: World, kind: string, items: Item[], S: number): boolean {
  const I = sum(items.map((x) => x.amt));
  if (w.name === 'eg-cib') {
    if (kind === 'withholding_deducted' || kind === 'tax_id_and_date_in_text_wht') return [1, 3].some((p) => S === sum(items.map((x) => x.amt - egWht(x.amt, p))));
    if (kind === 'cheque_deposit_multi') return S === I || [1, 3].some((p) => S === sum(items.map((x) => x.amt - egWht(x.amt, p))));
    return EG_EXACT.has(kind) && S === I;
  }
  if (w.name === 'pk-hbl') {
    const net = sum(items.map((x) => (x.amt < 0 ? x.amt : pkNet(x.base, x.tax, x.svc))));
    if (kind === 'withholding_agent_net') return S === net && S < I;
    if (kind === 'partial_payment') return S % 500000 === 0 && S >= I * 0.2 && S <= I * 0.75;
    if (kind === 'cash_deposit_by_officer' || kind === 'wallet_phone_only') return S === I;
    return ['ibft_reference', 'ibft_reference_truncated', 'raast_reference', 'cheque_clearing_multi', 'credit_note_netted', 'replaced_after_dishonour', 'ambiguous_equal_amounts', 'same_amount_two_customers', 'mistyped_reference'].includes(kind) && (S === I || S === net);
  }
  if (w.name === 'co-pse') {
    if (kind === 'abono_parcial') return S % 10000000 === 0 && S >= I * 0.2 && S <= I * 0.75;
    if (kind === 'pse_reference' || kind === 'same_amount_two_customers' || kind === 'nequi_cell_only') return S === I;
    const icas = [4.14, 6.9, 9.66, 11.04];
    const nets = icas.flatMap((ica) => [false, true].flatMap((gc) => [false, true].map((svc) =>
      kind === 'credit_note_netted' ? I - coRetentions(sum(items.map((x) => x.base)), sum(items.map((x) => x.tax)), svc, ica, gc) : sum(items.map((x) => x.amt - coRetentions(x.base, x.tax, svc, ica, gc))))));
    const mixed = icas.flatMap((ica) => [false, true].map((gc) => sum(items.map((x) => x.amt - Math.min(coRetentions(x.base, x.tax, false, ica, gc), coRetentions(x.base, x.tax, true, ica, gc))))));
    if (kind === 'ach_net_of_retentions' || kind === 'supplier_run_net_multi') return S < I && (nets.includes(S) || (items.length > 1 && S <= Math.max(...mixed) && S >= I * 0.9));
    return ['cash_nit_only', 'mistyped_reference', 'order_number_quoted', 'two_branches_one_payment', 'credit_note_netted', 'ambiguous_equal_amounts', 'nit_in_reference_2'].includes(kind) && (S === I || nets.includes(S) || (items.length > 1 && S < I && S >= I * 0.9));
  }
  return false;
}

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), S = sum(g.st.map((i) => p.st[i]));
    assert(new Set(items.map((x) => x.cust)).size === 1, `${w.name}: group ${id} one customer`);
    assert(groupOk(w, kind, items, S), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${S}`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    if (kind === 'instapay_arabic_digits') assert(g.st.every((i) => /[٠-٩]/.test(p.desc[i])), `${w.name}: group ${id} remark in Arabic-Indic digits`);
  }
  // Lines with no counterpart that undo each other: bounced cheques, refunded duplicates, reversed PSE payments.
  for (const k of ['returned_cheque', 'duplicate_refunded', 'dishonoured_cheque', 'pse_reversal']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1], 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
}

void runSelfChecks(HELDOUT_V16_WORLDS, check);
