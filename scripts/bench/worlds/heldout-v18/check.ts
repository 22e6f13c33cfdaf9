/**
 * Self-check of the eighteenth held-out set: `npx tsx scripts/bench/worlds/heldout-v18/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with
 * its own knowledge of the layouts (UTF-8 with a BOM, Big5, preambles, Dr/Cr and CR/DR suffixes,
 * whole-dollar amounts, Hijri and ROC dates, newest-first order, trailers), checks running balances
 * and totals, VAT/business tax, virtual-account check digits, that the truth names every transaction
 * row once, and that every group's amounts add up net of the GCC SWIFT and TT charges, Etimad delay
 * penalties, Taiwanese remittance fees and retentions, credit notes and allowances, instalments and
 * part payments modelled; returned and bounced cheques and refunded duplicates net to zero.
 */
import type { World } from '../world';
import { csvTable, colOf, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney } from './common';
import { HELDOUT_V18_WORLDS } from './index';
import { SA_VAT, GCC_FEES } from './sa-sadad';
import { TT_FEES } from './lk-sampath';
import { TW_TAX, TW_FEES, retention, vaCheck } from './tw-ctbc';

const utf8 = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const MONS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Per open-item row: its amount, the customer, its number as payers quote it, and its net for the tax-based checks. */
interface Item { amt: number; cust: string; no: string; net: number }
interface Parsed { oi: Item[]; st: number[]; desc: string[] }

function parse(w: World): Parsed {
  if (w.name === 'sa-sadad') {
    const t = utf8(w.openItems.content);
    assert(t.startsWith('\ufeff'), `${w.name}: open items start with a BOM`);
    const o = csvTable(t, ',', 'Number', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, '', '.');
    const oi = o.rows.map((f) => {
      const no = f[oc('Number')], net = m(f[oc('Untaxed Amount Signed')]), tax = m(f[oc('Tax Signed')]), tot = m(f[oc('Total Signed')]), due = m(f[oc('Amount Due Signed')]);
      const cn = no.startsWith('RINV/');
      assert(/^R?INV\/2026\/\d{5}$/.test(no) && net + tax === tot && Math.abs(tax) === SA_VAT(Math.abs(net)) && (cn ? due === tot && tot < 0 : due > 0 && due <= tot), `${w.name}: net, VAT, total and due of ${no}`);
      assert(/^3\d{13}3$/.test(f[oc('Tax ID')]) && /^2026-\d\d-\d\d$/.test(f[oc('Invoice/Bill Date')]) && f[oc('Currency')] === 'SAR', `${w.name}: VAT number, date and currency of ${no}`);
      return { amt: due, cust: f[oc('Partner')], no: String(Number(no.slice(-5))), net: Math.abs(net) };
    });
    assert(oi.every((x, i) => i === 0 || o.rows[i - 1][oc('Invoice/Bill Date')] >= o.rows[i][oc('Invoice/Bill Date')]), `${w.name}: newest first`);
    const text = utf8(w.statement.content);
    assert(text.startsWith('\ufeff'), `${w.name}: statement starts with a BOM`);
    const s = csvTable(text, ',', 'Transaction Date', assert), sc = colOf(s.head), d = (x: string) => parseMoney(x, ',', '.');
    const lines = text.split(/\r?\n/), val = (label: string) => { const l = lines.find((x) => splitCsvLine(x, ',')[0] === label); if (!l) throw new Error(`no ${label}`); return d(splitCsvLine(l, ',')[1]); };
    const hij = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    let bal = val('Opening Balance');
    const amts = s.rows.map((f, i) => {
      const db = f[sc('Debit')], cr = f[sc('Credit')];
      assert((db === '') !== (cr === ''), `${w.name}: one of debit/credit at row ${i + 1}`);
      const v = cr ? d(cr) : -d(db), [dd, mm, yy] = f[0].split('/').map(Number), dt = new Date(Date.UTC(yy, mm - 1, dd));
      bal += v;
      assert(bal === d(f[sc('Balance')]), `${w.name}: running balance at row ${i + 1}`);
      const p = hij.formatToParts(dt), h = `${p.find((x) => x.type === 'day')!.value}/${p.find((x) => x.type === 'month')!.value}/${p.find((x) => x.type === 'year')!.value}`;
      assert(f[sc('Hijri Date')] === h && ![5, 6].includes(dt.getUTCDay()) && (i === 0 || s.rows[i - 1][0].split('/').reverse().join('') <= f[0].split('/').reverse().join('')), `${w.name}: Hijri date ${f[sc('Hijri Date')]} of ${f[0]}, a Saudi working day, oldest first at row ${i + 1}`);
      return v;
    });
    assert(val('Total Debit') === -sum(amts.filter((v) => v < 0)) && val('Total Credit') === sum(amts.filter((v) => v > 0)) && val('Closing Balance') === bal, `${w.name}: trailer totals and closing balance`);
    return { oi, st: amts, desc: s.rows.map((f) => f[sc('Description')]) };
  }
  if (w.name === 'lk-sampath') {
    const o = csvTable(utf8(w.openItems.content), ',', 'Date', assert), oc = colOf(o.head);
    const dc = (s: string) => { const m = /^([\d,]+\.\d\d) (Dr|Cr)$/.exec(s); if (!m) throw new Error(`bad Tally amount ${s}`); const v = parseMoney(m[1], ',', '.'); return m[2] === 'Cr' ? -v : v; };
    const oi = o.rows.map((f) => {
      const no = f[oc('Ref. No.')], op = dc(f[oc('Opening Amount')]), pend = dc(f[oc('Pending Amount')]), cn = no.startsWith('CN/');
      assert((cn ? /^CN\/26-27\/\d{3}$/.test(no) && pend === op && op < 0 : /^SI\/26-27\/\d{4}$/.test(no) && pend > 0 && pend <= op) && /^\d{1,2}-[A-Z][a-z]{2}-26$/.test(f[0]), `${w.name}: opening, pending and date of ${no}`);
      return { amt: pend, cust: f[oc("Party's Name")], no: no.split('/')[2], net: 0 };
    });
    const tot = o.after.map((l) => splitCsvLine(l, ',')).find((f) => f[1] === 'Total');
    assert(!!tot && dc(tot[4]) === sum(oi.map((x) => x.amt)), `${w.name}: Total line`);
    const text = utf8(w.statement.content), s = csvTable(text, ',', 'Txn Date', assert), sc = colOf(s.head), d = (x: string) => parseMoney(x, ',', '.');
    const bd = (x: string) => { const m = /^([\d,]+\.\d\d) (CR|DR)$/.exec(x); if (!m) throw new Error(`bad balance ${x}`); return m[2] === 'DR' ? -d(m[1]) : d(m[1]); };
    const lines = text.split(/\r?\n/), val = (label: string) => { const l = lines.find((x) => splitCsvLine(x, ',')[0] === label); if (!l) throw new Error(`no ${label}`); return splitCsvLine(l, ',')[1]; };
    let bal = bd(val('Opening Balance'));
    const deposited = new Map<string, number>();
    const amts = s.rows.map((f, i) => {
      const db = f[sc('Debit')], cr = f[sc('Credit')], desc = f[sc('Description')], chq = f[sc('Cheque No')];
      assert((db === '') !== (cr === '') && /^\d\d-[A-Z]{3}-2026$/.test(f[0]) && (chq === '' || /^\d{6}$/.test(chq)), `${w.name}: debit/credit, date and cheque number at row ${i + 1}`);
      const [dd, mon] = f[0].split('-'), dt = new Date(Date.UTC(2026, MONS.indexOf(mon), Number(dd)));
      assert(![0, 6].includes(dt.getUTCDay()) && !['26-SEP-2026', '25-OCT-2026', '24-NOV-2026'].includes(f[0]), `${w.name}: ${f[0]} is a banking day at row ${i + 1}`);
      const v = cr ? d(cr) : -d(db);
      bal += v;
      assert(bal === bd(f[sc('Balance')]), `${w.name}: running balance at row ${i + 1}`);
      if (v > 0 && chq) deposited.set(chq, v);
      const rt = /^RETURN CHQ (\d{6}) /.exec(desc);
      if (rt) assert(deposited.get(rt[1]) === -v && chq === rt[1], `${w.name}: returned cheque ${rt[1]} was deposited for ${-v} before row ${i + 1}`);
      return v;
    });
    assert(d(val('Total Debits')) === -sum(amts.filter((v) => v < 0)) && d(val('Total Credits')) === sum(amts.filter((v) => v > 0)) && bd(val('Closing Balance')) === bal, `${w.name}: trailer totals and closing balance`);
    return { oi, st: amts, desc: s.rows.map((f) => `${f[sc('Description')]} ${f[sc('Cheque No')]}`) };
  }
  if (w.name === 'tw-ctbc') {
    const dec = (c: string | Buffer, what: string) => { assert(Buffer.isBuffer(c) && !(c as Buffer).includes(Buffer.from('款')), `${w.name}: ${what} in Big5`); return new TextDecoder('big5').decode(c as Buffer); };
    const o = csvTable(dec(w.openItems.content, 'open items'), ',', '客戶代號', assert), oc = colOf(o.head), m = (s: string) => parseMoney(s, ',', '');
    const oi = o.rows.map((f, i) => {
      const doc = f[oc('單據號碼')], net = m(f[oc('未稅金額')]), tax = m(f[oc('稅額')]), tot = m(f[oc('應收金額')]), paid = m(f[oc('已收金額')]), open = m(f[oc('未收餘額')]), uni = f[oc('發票號碼')], al = doc.startsWith('6190-');
      assert(net + tax === tot && Math.sign(tax) * TW_TAX(Math.abs(net)) === tax && tot - paid === open && (al ? uni === '' && open < 0 : /^(6110)-115\d{7}$/.test(doc) && /^[A-Z]{2}\d{8}$/.test(uni) && open > 0), `${w.name}: net, tax, paid and open of ${doc}`);
      assert(/^1(14|15)\/\d\d\/\d\d$/.test(f[oc('單據日期')]) && /^\d{8}$/.test(f[oc('統一編號')]) && (i === 0 || o.rows[i - 1][0] < f[0] || (o.rows[i - 1][0] === f[0] && o.rows[i - 1][oc('單據日期')] <= f[oc('單據日期')])), `${w.name}: ROC date, tax id and order of ${doc}`);
      return { amt: open, cust: f[0], no: uni.slice(2), net };
    });
    const tot = o.after.map((l) => splitCsvLine(l, ',')).find((f) => f[0] === '合計');
    assert(!!tot && m(tot[10]) === sum(oi.map((x) => x.amt)), `${w.name}: 合計 line`);
    const text = dec(w.statement.content, 'statement'), s = csvTable(text, ',', '交易日期', assert), sc = colOf(s.head);
    const amts = s.rows.map((f, i) => {
      const out = f[sc('支出金額')], inn = f[sc('存入金額')];
      assert((out === '') !== (inn === '') && /^115\/\d\d\/\d\d$/.test(f[0]), `${w.name}: one of 支出/存入 and the ROC date at row ${i + 1}`);
      const memo = f[sc('備註')], va = /^(\d{14}) /.exec(memo);
      if (f[sc('摘要')] === '虛擬帳號轉入') assert(!!va && vaCheck(va[1].slice(0, 13)) === Number(va[1][13]), `${w.name}: virtual account check digit at row ${i + 1}`);
      return inn ? m(inn) : -m(out);
    });
    s.rows.forEach((f, i) => { if (i + 1 < s.rows.length) assert(f[0] >= s.rows[i + 1][0] && m(f[sc('餘額')]) === m(s.rows[i + 1][sc('餘額')]) + amts[i], `${w.name}: newest first, running balance at row ${i + 1}`); });
    const after = s.after.map((l) => splitCsvLine(l, ',')), tl = after.find((f) => f[0] === '支出合計')!, bl = after.find((f) => f[0] === '期初餘額')!;
    assert(m(tl[1]) === -sum(amts.filter((v) => v < 0)) && m(tl[3]) === sum(amts.filter((v) => v > 0)), `${w.name}: 支出合計 / 存入合計`);
    assert(m(bl[1]) + sum(amts) === m(bl[3]) && m(bl[3]) === m(s.rows[0][sc('餘額')]), `${w.name}: opening + movements = closing = top balance`);
    return { oi, st: amts, desc: s.rows.map((f) => f[sc('備註')]) };
  }
  throw new Error(`unknown world ${w.name}`);
}

const EXACT: Record<string, string[]> = {
  'sa-sadad': ['sarie_invoice_cited', 'sadad_account_amount', 'sadad_several_invoices', 'po_number_only', 'several_invoices_cited', 'credit_note_netted', 'instalments', 'remainder_after_earlier_payment', 'gov_etimad_po', 'name_and_amount_only', 'mistyped_invoice_number', 'cr_vat_mobile_in_text', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded'],
  'lk-sampath': ['ceft_invoice_cited', 'cheque_deposit_named', 'cheque_deposit_number_only', 'cheque_batch_deposit', 'repaid_after_returned_cheque', 'cash_deposit_by_rep', 'several_invoices_ceft', 'credit_note_netted', 'instalments_pdc', 'remainder_after_earlier_payment', 'name_and_amount_only', 'mistyped_invoice_number', 'mobile_and_nic_in_text', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded'],
  'tw-ctbc': ['va_single_invoice', 'monthly_statement_total', 'invoice_number_cited', 'post_dated_cheque_collected', 'replaced_after_bounced_cheque', 'allowance_netted', 'deposit_and_final', 'name_and_amount_only', 'mistyped_invoice_number', 'tax_id_and_phone_in_text', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded'],
};

function groupOk(w: World, kind: string, items: Item[], S: number): boolean {
  const I = sum(items.map((x) => x.amt));
  if (kind === 'part_payment') return S > 0 && S < I;
  if (w.name === 'sa-sadad') {
    if (kind === 'gcc_swift_charges_deducted') return GCC_FEES.includes(I - S);
    if (kind === 'gov_delay_penalty_deducted') return items.length === 1 && [1, 2, 3, 4, 5, 6].some((p) => I - S === Math.round(items[0].net * p / 100));
  }
  if (w.name === 'lk-sampath' && kind === 'tt_charges_deducted') return TT_FEES.includes(I - S);
  if (w.name === 'tw-ctbc') {
    if (kind === 'remittance_fee_deducted') return TW_FEES.includes(I - S);
    if (kind === 'retention_withheld') return items.length === 1 && S === I - retention(I);
  }
  return EXACT[w.name].includes(kind) && S === I;
}

/** Kinds whose bank text must quote the item's number, and kinds whose text must not. */
const CITED = new Set(['sarie_invoice_cited', 'cr_vat_mobile_in_text', 'ceft_invoice_cited', 'mobile_and_nic_in_text', 'invoice_number_cited', 'tax_id_and_phone_in_text']);

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), S = sum(g.st.map((i) => p.st[i]));
    const custs = new Set(items.map((x) => x.cust)).size;
    assert(kind === 'cheque_batch_deposit' ? custs >= 2 : custs === 1, `${w.name}: group ${id} (${kind}) ${custs} customers`);
    assert(S > 0 && g.st.every((i) => p.st[i] > 0), `${w.name}: group ${id} (${kind}) paid by money in`);
    assert(groupOk(w, kind, items, S), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${S}`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    const has = (i: number, no: string) => new RegExp(`(^|\\D)0*${no}(\\D|$)`).test(p.desc[i]);
    if (CITED.has(kind)) assert(g.st.every((i) => has(i, items[0].no)), `${w.name}: group ${id} (${kind}) quotes ${items[0].no}`);
    if (kind === 'mistyped_invoice_number') assert(g.st.every((i) => !has(i, items[0].no)), `${w.name}: group ${id} mistyped number differs from ${items[0].no}`);
    if (w.name === 'tw-ctbc') for (const i of g.st) { const va = /^(\d{14}) /.exec(p.desc[i]); if (va) assert(`C${va[1].slice(9, 13)}` === items[0].cust, `${w.name}: group ${id} virtual account ${va[1]} is ${items[0].cust}'s`); }
  }
  for (const k of ['duplicate_refunded', 'cheque_returned', 'cheque_bounced']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1], 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
  assert(w.truth.filter((t) => t.ambiguous).every((t) => t.kind === 'ambiguous_equal_amounts'), `${w.name}: only equal twins are ambiguous`);
}

void runSelfChecks(HELDOUT_V18_WORLDS, check);
