/**
 * Self-check of the nineteenth held-out set: `npx tsx scripts/bench/worlds/heldout-v19/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with its
 * own knowledge of the layouts (UTF-8 with and without a BOM, Windows-1250, preambles, balance rows
 * inside Swedbank's table, per-partner subtotal lines, lakh grouping, Bengali digits, newest-first
 * order, trailers), checks running balances and totals, VAT/PDV, 7-3-1 references, OIB and HR01
 * control digits, bKash merchant charges, that the truth names every transaction row once, and that
 * every group's amounts add up net of the SWIFT charges, FINA interest and costs, cash-out charges,
 * credit notes and sales returns, instalments and part payments modelled; refunded duplicates,
 * returned payments and reversed wrong-number transfers net to zero.
 */
import type { World } from '../world';
import { csvTable, colOf, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { eeRef, fromBn, bnDigits, mod11ini, oibCheck, parseLakh, parseMoney } from './common';
import { HELDOUT_V19_WORLDS } from './index';
import { EE_VAT, EE_SWIFT_FEES } from './ee-swedbank';
import { HR_PDV, HR_SWIFT_FEES, HR_HOLIDAYS } from './hr-hub3';
import { BD_CASHOUT, BD_PAYMENT_CHARGE } from './bd-bkash';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const dow = (dd: string) => { const [d, m, y] = dd.split(/[./-]/).map(Number); return new Date(Date.UTC(y, m - 1, d)).getUTCDay(); };
const dayNo = (dd: string) => { const [d, m, y] = dd.split(/[./-]/).map(Number); return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(2026, 8, 1)) / 86400000); };
const MONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Per open-item row: its amount, customer, number as payers quote it, reference and phone. */
interface Item { amt: number; cust: string; no: string; ref: string; mobile: string }
/** Per statement row: signed amount, counterparty, text (with the reference), structured reference. */
interface Line { amt: number; who: string; text: string; ref: string }
interface Parsed { oi: Item[]; st: Line[] }

function parse(w: World): Parsed {
  if (w.name === 'ee-swedbank') {
    const t = (w.openItems.content as string);
    assert(t.startsWith('\ufeff'), `${w.name}: open items start with a BOM`);
    const o = csvTable(t, ';', 'Klient', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, '', ',');
    const custRef = new Map<string, Set<string>>();
    const oi = o.rows.map((f, i) => {
      const no = f[oc('Arve nr')], net = m(f[oc('Summa km-ta')]), vat = m(f[oc('Käibemaks')]), tot = m(f[oc('Summa')]), paid = m(f[oc('Tasutud')]), open = m(f[oc('Tasumata')]), ref = f[oc('Viitenumber')], reg = f[oc('Registrikood')];
      assert(/^\d{5,6}$/.test(no) && net + vat === tot && Math.abs(vat) === (reg ? EE_VAT(Math.abs(net)) : 0) && tot - paid === open && open !== 0 && (open < 0 ? paid === 0 : paid >= 0), `${w.name}: net, VAT, paid and open of ${no}`);
      assert(eeRef(ref.slice(0, -1)) === ref && (reg === '' || /^1\d{7}$/.test(reg)) && /^\d\d\.\d\d\.2026$/.test(f[oc('Arve kuupäev')]), `${w.name}: 7-3-1 reference ${ref}, registry code and date of ${no}`);
      if (ref !== eeRef(no)) { const s = custRef.get(f[0]) ?? new Set(); s.add(ref); custRef.set(f[0], s); }
      assert(i === 0 || o.rows[i - 1][0] <= f[0] || o.rows[i - 1][0].localeCompare(f[0]) <= 0, `${w.name}: sorted by customer at ${no}`);
      return { amt: open, cust: f[0], no, ref, mobile: '' };
    });
    assert([...custRef.values()].every((s) => s.size === 1), `${w.name}: one customer reference per customer`);
    const tot = o.after.map((l) => splitCsvLine(l, ';')).find((f) => f[0] === 'Kokku');
    assert(!!tot && m(tot[10]) === sum(oi.map((x) => x.amt)), `${w.name}: Kokku line`);
    const s = csvTable(w.statement.content as string, ';', 'Kliendi konto', assert), sc = colOf(s.head);
    let open = NaN, close = NaN, turnD = NaN, turnK = NaN;
    const st: Line[] = [];
    for (const f of s.rows) {
      const type = f[sc('Reatüüp')], v = m(f[sc('Summa')]), dk = f[sc('Deebet/Kreedit')];
      assert(v >= 0 && (dk === 'D' || dk === 'K') && /^\d\d\.\d\d\.2026$/.test(f[2]), `${w.name}: unsigned amount with D/K and date in a ${type} row`);
      if (type === '10') open = v;
      else if (type === '86') close = v;
      else if (type === '82') { if (dk === 'D') turnD = v; else turnK = v; }
      else {
        assert(type === '20' && ![0, 6].includes(dow(f[2])) && (st.length === 0 || true), `${w.name}: a transaction row on a banking day (${f[2]})`);
        const ref = f[sc('Viitenumber')];
        if (ref && f[sc('Saaja/Maksja')] !== 'Maksu- ja Tolliamet') assert(eeRef(ref.slice(0, -1)) === ref, `${w.name}: statement reference ${ref} has a valid check digit`);
        st.push({ amt: dk === 'D' ? -v : v, who: f[sc('Saaja/Maksja')], text: `${f[sc('Selgitus')]} ${ref}`, ref });
      }
    }
    const rowsDates = s.rows.filter((f) => f[1] === '20').map((f) => dayNo(f[2]));
    assert(rowsDates.every((d, i) => i === 0 || rowsDates[i - 1] <= d), `${w.name}: oldest first`);
    assert(turnD === -sum(st.filter((x) => x.amt < 0).map((x) => x.amt)) && turnK === sum(st.filter((x) => x.amt > 0).map((x) => x.amt)) && open + turnK - turnD === close, `${w.name}: turnover rows and closing balance`);
    return { oi, st };
  }
  if (w.name === 'hr-hub3') {
    const dec = (c: string | Buffer, what: string) => { assert(Buffer.isBuffer(c) && !c.includes(Buffer.from('č')), `${w.name}: ${what} in Windows-1250`); return new TextDecoder('windows-1250').decode(c as Buffer); };
    const m = (s: string) => parseMoney(s, '.', ',');
    const ot = dec(w.openItems.content, 'open items').split(/\r?\n/), h = ot.findIndex((l) => l.startsWith('Šifra;'));
    const head = ot[h].split(';'), oc = colOf(head), oi: Item[] = [];
    let sub = 0, all = 0, seenTotal = false;
    const seenCodes = new Set<string>();
    for (const l of ot.slice(h + 1)) {
      if (l === '') continue;
      const f = splitCsvLine(l, ';');
      assert(f.length === head.length, `${w.name}: width of "${l.slice(0, 40)}"`);
      if (f[0] === '' && f[1].startsWith('Ukupno ')) { assert(m(f[10]) === sub, `${w.name}: subtotal of ${f[1]}`); all += sub; sub = 0; continue; }
      if (f[1] === 'UKUPNO') { assert(m(f[10]) === all && sub === 0, `${w.name}: grand total`); seenTotal = true; continue; }
      const fiscal = f[oc('Broj računa')], dug = m(f[oc('Duguje')]), pot = m(f[oc('Potražuje')]), sal = m(f[oc('Saldo')]), pnb = f[oc('Poziv na broj')], oib = f[oc('OIB')];
      assert(/^\d{3,4}-[12]-[12]$/.test(fiscal) && dug - pot === sal && sal !== 0 && /^26-3[01]0-\d{6}$/.test(f[oc('Dokument')]) && /^\d\d\.\d\d\.2026\.$/.test(f[oc('Datum dokumenta')]), `${w.name}: amounts, numbers and date of ${fiscal}`);
      assert(oib === '' || (/^\d{11}$/.test(oib) && oibCheck(oib.slice(0, 10)) === Number(oib[10])), `${w.name}: OIB ${oib}`);
      if (sal > 0) { const mm = /^HR01 (\d+)-(\d+)-(\d+)$/.exec(pnb); assert(!!mm && mm[1] === f[0] && mm[2] === fiscal.split('-')[0] && mod11ini(`${mm[1]}${mm[2]}${mm[3].slice(0, -1)}`) === Number(mm[3].slice(-1)), `${w.name}: HR01 reference ${pnb} of ${fiscal}`); }
      if (!seenCodes.has(f[0])) { assert(sub === 0, `${w.name}: partner ${f[0]} rows together`); seenCodes.add(f[0]); }
      sub += sal;
      oi.push({ amt: sal, cust: f[oc('Partner')], no: fiscal, ref: pnb.replace(/^HR01 /, ''), mobile: '' });
    }
    assert(seenTotal, `${w.name}: UKUPNO line`);
    const text = dec(w.statement.content, 'statement'), s = csvTable(text, ';', 'Datum knjiženja', assert), sc = colOf(s.head);
    const lines = text.split(/\r?\n/), val = (label: string) => { const l = lines.find((x) => x.split(';')[0] === label); if (!l) throw new Error(`no ${label}`); return m(l.split(';')[1]); };
    let bal = val('Početno stanje');
    const st = s.rows.map((f, i) => {
      const out = f[sc('Isplata')], inn = f[sc('Uplata')], v = inn ? m(inn) : -m(out), model = f[sc('Model')], pnb = f[sc('Poziv na broj')];
      assert((out === '') !== (inn === '') && ![0, 6].includes(dow(f[0])) && !HR_HOLIDAYS.includes(dayNo(f[0])) && (i === 0 || dayNo(s.rows[i - 1][0]) <= dayNo(f[0])), `${w.name}: one of Isplata/Uplata, a banking day, oldest first at row ${i + 1}`);
      if (model === 'HR01' && pnb) { const mm = /^(\d+)-(\d+)-(\d+)$/.exec(pnb); assert(!!mm && mod11ini(`${mm[1]}${mm[2]}${mm[3].slice(0, -1)}`) === Number(mm[3].slice(-1)), `${w.name}: HR01 control digit of ${pnb}`); }
      bal += v;
      assert(bal === m(f[sc('Stanje')]), `${w.name}: running balance at row ${i + 1}`);
      return { amt: v, who: f[sc('Naziv platitelja/primatelja')], text: f[sc('Opis plaćanja')], ref: model === 'HR01' ? pnb : '' };
    });
    assert(val('Ukupno isplate') === -sum(st.filter((x) => x.amt < 0).map((x) => x.amt)) && val('Ukupno uplate') === sum(st.filter((x) => x.amt > 0).map((x) => x.amt)) && val('Završno stanje') === bal, `${w.name}: trailer totals and closing balance`);
    return { oi, st };
  }
  if (w.name === 'bd-bkash') {
    const t = w.openItems.content as string;
    assert(t.startsWith('\ufeff'), `${w.name}: open items start with a BOM`);
    const o = csvTable(t, ',', 'SL', assert), oc = colOf(o.head);
    const gt = o.rows.pop()!;
    assert(gt[4] === 'Grand Total', `${w.name}: Grand Total line last`);
    const oi = o.rows.map((f, i) => {
      const no = f[oc('Memo No')], amt = parseLakh(f[oc('Memo Amount')]), col = parseLakh(f[oc('Collected')]), due = parseLakh(f[oc('Due')]);
      assert(f[0] === String(i + 1) && /^S[OR]-\d{3,5}$/.test(no) && amt - col === due && due % 100 === 0 && (no.startsWith('SR-') ? due < 0 && col === 0 : due > 0) && /^01[3-9]\d{8}$/.test(f[oc('Mobile')]) && /^RT\d{5}$/.test(f[oc('Retailer Code')]), `${w.name}: serial, amounts, mobile and code of ${no}`);
      assert(/^\d\d\/\d\d\/2026$/.test(f[oc('Memo Date')]) && (i === 0 || dayNo(o.rows[i - 1][oc('Memo Date')].split('/').join('.')) <= dayNo(f[oc('Memo Date')].split('/').join('.'))), `${w.name}: date and order of ${no}`);
      return { amt: due, cust: f[oc('Retailer Code')], no: no.slice(3), ref: f[oc('Retailer Code')], mobile: f[oc('Mobile')] };
    });
    assert(parseLakh(gt[10]) === sum(oi.map((x) => x.amt)), `${w.name}: Grand Total`);
    const text = w.statement.content as string, s = csvTable(text, ',', 'Date', assert), sc = colOf(s.head), m = (x: string) => parseMoney(x, '', '.');
    const lines = text.split(/\r?\n/), val = (label: string) => { const l = lines.find((x) => x.split(',')[0] === label); if (!l) throw new Error(`no ${label}`); return m(l.split(',')[1]); };
    const when = (f: string[]) => { const [d, mo, y] = f[0].split('-'); return `${y}${String(MONS.indexOf(mo) + 1).padStart(2, '0')}${d}${f[1]}`; };
    const st = s.rows.map((f, i) => {
      const cr = f[sc('Credit (BDT)')], db = f[sc('Debit (BDT)')], ch = m(f[sc('Charge (BDT)')]), v = cr ? m(cr) : -m(db), type = f[sc('Transaction Type')];
      assert((cr === '') !== (db === '') && /^\d\d-[A-Z][a-z]{2}-2026$/.test(f[0]) && /^\d\d:\d\d:\d\d$/.test(f[1]) && /^[A-Z][A-Z0-9]{9}$/.test(f[2]), `${w.name}: credit/debit, date, time and transaction id at row ${i + 1}`);
      assert(ch === (type === 'Payment' ? BD_PAYMENT_CHARGE(v) : 0), `${w.name}: charge of a ${type} at row ${i + 1}`);
      if (i + 1 < s.rows.length) assert(when(f) >= when(s.rows[i + 1]) && m(f[sc('Balance (BDT)')]) === m(s.rows[i + 1][sc('Balance (BDT)')]) + v - ch, `${w.name}: newest first, running balance at row ${i + 1}`);
      return { amt: v, who: f[sc('From/To')], text: f[sc('Reference')], ref: '', ch };
    });
    const last = s.rows[s.rows.length - 1];
    assert(val('Opening Balance') + st[st.length - 1].amt - st[st.length - 1].ch === m(last[sc('Balance (BDT)')]), `${w.name}: opening balance and the oldest row`);
    assert(val('Total Credit') === sum(st.filter((x) => x.amt > 0).map((x) => x.amt)) && val('Total Debit') === -sum(st.filter((x) => x.amt < 0).map((x) => x.amt)) && val('Total Charge') === sum(st.map((x) => x.ch)) && val('Closing Balance') === m(s.rows[0][sc('Balance (BDT)')]), `${w.name}: trailer totals and closing balance`);
    return { oi, st: st.map(({ amt, who, text, ref }) => ({ amt, who, text: fromBn(text), ref: text })) };
  }
  throw new Error(`unknown world ${w.name}`);
}

const EXACT: Record<string, string[]> = {
  'ee-swedbank': ['reference_exact', 'invoice_in_explanation', 'customer_reference_single', 'customer_reference_several', 'several_invoices_cited', 'credit_note_netted', 'instalments', 'remainder_after_earlier_payment', 'foreign_sepa_invoice_cited', 'name_and_amount_only', 'mistyped_invoice_number', 'registry_code_in_text', 'paid_by_owner_personal_code', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded', 'returned_then_repaid'],
  'hr-hub3': ['hr01_reference', 'invoice_in_description', 'several_invoices_cited', 'credit_note_netted', 'instalments', 'remainder_after_earlier_payment', 'cesija_third_party', 'stale_reference_reused', 'name_and_amount_only', 'mistyped_invoice_number', 'oib_phone_in_text', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded'],
  'bd-bkash': ['memo_in_reference', 'memo_in_bengali_digits', 'registered_mobile_no_reference', 'other_phone_name_only', 'sr_cash_in_several_shops', 'several_memos_one_payment', 'sales_return_netted', 'weekly_instalments', 'remainder_after_earlier_payment', 'retailer_code_in_reference', 'mistyped_memo_number', 'same_amount_two_shops', 'ambiguous_equal_amounts', 'duplicate_refunded'],
};

function groupOk(w: World, kind: string, items: Item[], lines: Line[]): boolean {
  const I = sum(items.map((x) => x.amt)), S = sum(lines.map((x) => x.amt));
  if (kind === 'part_payment') return S > 0 && S < I;
  if (kind === 'swift_fee_deducted') return (w.name === 'ee-swedbank' ? EE_SWIFT_FEES : HR_SWIFT_FEES).includes(I - S);
  if (kind === 'fina_enforced_collection') {
    const mm = /GLAVNICA ([\d.,]+) KAMATE ([\d.,]+) TROŠKOVI ([\d.,]+)$/.exec(lines[0].text), m = (s: string) => parseMoney(s, '.', ',');
    return !!mm && items.length === 1 && m(mm[1]) === I && I + m(mm[2]) + m(mm[3]) === S;
  }
  if (kind === 'cashout_charge_added') return items.length === 1 && S - I === BD_CASHOUT(I);
  return EXACT[w.name].includes(kind) && S === I;
}

/** Kinds whose text must quote the item's number, per world. */
const CITED: Record<string, Set<string>> = {
  'ee-swedbank': new Set(['invoice_in_explanation', 'registry_code_in_text', 'paid_by_owner_personal_code', 'several_invoices_cited', 'credit_note_netted']),
  'hr-hub3': new Set(['invoice_in_description', 'several_invoices_cited', 'oib_phone_in_text', 'cesija_third_party', 'swift_fee_deducted', 'part_payment', 'remainder_after_earlier_payment', 'instalments']),
  'bd-bkash': new Set(['memo_in_reference', 'memo_in_bengali_digits', 'several_memos_one_payment', 'sr_cash_in_several_shops']),
};

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  const quotes = (text: string, x: Item) => {
    if (w.name === 'hr-hub3') { const [a, b, c] = x.no.split('-'); return new RegExp(`(^|\\D)${a}[-/ ]${b}[-/ ]${c}(\\D|$)`).test(text); }
    return new RegExp(`(^|\\D)${x.no}(\\D|$)`).test(text);
  };
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), lines = g.st.map((i) => p.st[i]);
    const custs = new Set(items.map((x) => x.cust)).size;
    assert(kind === 'sr_cash_in_several_shops' ? custs >= 2 : custs === 1, `${w.name}: group ${id} (${kind}) ${custs} customers`);
    assert(lines.every((x) => x.amt > 0), `${w.name}: group ${id} (${kind}) paid by money in`);
    assert(groupOk(w, kind, items, lines), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${sum(lines.map((x) => x.amt))}`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    if (CITED[w.name].has(kind)) assert(lines.every((l) => items.filter((x) => x.amt > 0).some((x) => quotes(l.text, x))), `${w.name}: group ${id} (${kind}) quotes its number`);
    if (kind.startsWith('mistyped')) assert(lines.every((l) => !quotes(l.text, items[0])), `${w.name}: group ${id} mistyped number differs from ${items[0].no}`);
    if (kind === 'reference_exact') assert(lines.every((l) => l.ref === items[0].ref && l.ref === eeRef(items[0].no)), `${w.name}: group ${id} reference ${items[0].ref}`);
    if (kind.startsWith('customer_reference')) assert(lines.every((l) => l.ref === items[0].ref && l.ref !== eeRef(items[0].no)), `${w.name}: group ${id} customer reference`);
    if (kind === 'hr01_reference') assert(lines.every((l) => l.ref === items[0].ref), `${w.name}: group ${id} HR01 reference ${items[0].ref}`);
    if (kind === 'stale_reference_reused') assert(lines.every((l) => l.ref !== '' && l.ref !== items[0].ref && l.ref.split('-')[0] === items[0].ref.split('-')[0]), `${w.name}: group ${id} stale reference of the same partner`);
    if (kind === 'cesija_third_party') assert(lines.every((l) => l.who.toUpperCase() !== items[0].cust.toUpperCase() && l.text.includes(items[0].cust)), `${w.name}: group ${id} paid by a third company for ${items[0].cust}`);
    if (kind === 'registered_mobile_no_reference' || kind === 'same_amount_two_shops') assert(lines.every((l) => l.who === items[0].mobile), `${w.name}: group ${id} from the registered mobile`);
    if (kind === 'memo_in_bengali_digits') assert(lines.every((l) => l.ref.includes(bnDigits(items[0].no))), `${w.name}: group ${id} in Bengali digits`);
  }
  for (const k of ['duplicate_refunded', 'returned_then_repaid', 'wrong_number_reversed']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1].amt, 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
  assert(w.truth.filter((t) => t.ambiguous).every((t) => t.kind === 'ambiguous_equal_amounts'), `${w.name}: only equal twins are ambiguous`);
}

void runSelfChecks(HELDOUT_V19_WORLDS, check);
