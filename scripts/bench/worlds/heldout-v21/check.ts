/**
 * Self-check of the twenty-first held-out set: `npx tsx scripts/bench/worlds/heldout-v21/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with its
 * own knowledge of the layouts (SAP's unconverted list with pipes, trailing minus signs, subtotals and
 * total; Norma 43's 80-character 11/22/23/33/88 records, counts, totals and balances; Tally's quoted
 * Dr/Cr report and Grand Total; the MoMo statement's direction by wallet number, BAL BEFORE/BAL AFTER
 * chain, opening and closing balance and rising F_IDs; Business Central's whole-krónur ledger with
 * kennitala check digits and Samtals; Landsbankinn's running Staða), and checks that the truth names
 * every transaction row once and that every group's amounts add up net of the confirming discount,
 * remesa returns, withholding tax, transfer charges, claim notification fees, late fees and penalty
 * interest, credit notes, instalments and part payments modelled; refunded duplicates, cancelled
 * bookings, reversed transfers net to zero.
 */
import type { World } from '../world';
import { splitCsvLine, colOf } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney, LAST_DAY } from './common';
import { HELDOUT_V21_WORLDS } from './index';
import { ES_HOLIDAYS, ES_REMESA_COMMISSION, ES_RETURN_FEE, cifControl, confirmingInterest } from './es-norma43';
import { GH_WALLET, ghP2pFee, ghWht } from './gh-momo';
import { IS_SEDILGJALD, IS_VANSKILAGJALD, isDiscount, isInterest, ktCheck } from './is-krafa';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOf = (y: number, m: number, d: number) => Math.round((Date.UTC(y, m - 1, d) - Date.UTC(2026, 8, 1)) / 86400000);
/** dd.mm.yyyy, dd/mm/yyyy, d-Mmm-yy, dd-Mmm-yyyy or YYMMDD to a day number (0 = 1 Sep 2026). */
function dayNo(s: string): number {
  let m = /^(\d\d)[./](\d\d)[./](\d{4})$/.exec(s);
  if (m) return dayOf(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})-([A-Z][a-z]{2})-(\d{2}|\d{4})$/.exec(s);
  if (m && MON.includes(m[2])) return dayOf(m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]), MON.indexOf(m[2]) + 1, Number(m[1]));
  m = /^(\d\d)(\d\d)(\d\d)$/.exec(s);
  if (m) return dayOf(2000 + Number(m[1]), Number(m[2]), Number(m[3]));
  throw new Error(`bad date "${s}"`);
}
const dow = (d: number) => new Date(Date.UTC(2026, 8, 1) + d * 86400000).getUTCDay();
const bankDay = (d: number, hol: number[]) => ![0, 6].includes(dow(d)) && !hol.includes(d) && d >= 0 && d <= LAST_DAY;
const nextWorkDay = (d: number, hol: number[]) => { let x = d; while ([0, 6].includes(dow(x)) || hol.includes(x)) x++; return x; };
const bytes = (c: string | Buffer, what: string, name: string) => {
  assert(Buffer.isBuffer(c) && !(c as Buffer).includes(Buffer.from('ð')) && !(c as Buffer).includes(Buffer.from('á')), `${name}: ${what} is single-byte (Windows-1252 / Latin-1)`);
  return new TextDecoder('windows-1252').decode(c as Buffer);
};

interface Item { amt: number; cust: string; no: string; extra: Record<string, string> }
interface Line { amt: number; who: string; text: string; day: number; extra: Record<string, string> }
interface Parsed { oi: Item[]; st: Line[] }

/** SAP amounts: 1.234,56 with a trailing minus (or a trailing blank). */
const sapAmt = (s: string) => { const t = s.trim(), neg = t.endsWith('-'); const v = parseMoney(neg ? t.slice(0, -1) : t, '.', ','); return neg ? -v : v; };
/** Whole krónur with dots as thousands marks, in aurar. */
const iskAmt = (s: string) => { if (!/^-?\d{1,3}(\.\d{3})*$/.test(s)) throw new Error(`bad ISK "${s}"`); return Number(s.replace(/\./g, '')) * 100; };
const ghAmt = (s: string) => parseMoney(s, ',', '.');
const drcr = (s: string) => { const m = /^(.*) (Dr|Cr)$/.exec(s); if (!m) throw new Error(`bad Dr/Cr "${s}"`); const v = ghAmt(m[1]); return m[2] === 'Cr' ? -v : v; };

function parse(w: World): Parsed {
  if (w.name === 'es-norma43') {
    const ls = bytes(w.openItems.content, 'open items', w.name).split('\r\n');
    const h = ls.findIndex((l) => l.startsWith('|Est '));
    assert(h === 7 && ls[0].includes('Distribuciones Hidráulicas del Ebro') && /^-+$/.test(ls[h - 1]) && /^-+$/.test(ls[h + 1]), `${w.name}: SAP heading, dashes around the column header`);
    const head = ls[h].split('|').slice(1, -1).map((x) => x.trim()), oc = colOf(head), oi: Item[] = [];
    let block: Item[] = [], grand = 0, sawTotal = false;
    for (const l of ls.slice(h + 2)) {
      if (l === '' || /^-+$/.test(l)) continue;
      assert(l.length === ls[h].length && l.startsWith('|') && l.endsWith('|'), `${w.name}: fixed width, pipes: "${l.slice(0, 40)}"`);
      const f = l.split('|').slice(1, -1).map((x) => x.trim());
      const v = sapAmt(f[oc('Importe en ML')]);
      if (f[0] === '*') { assert(block.length > 0 && block.every((x) => x.cust === f[1]) && sum(block.map((x) => x.amt)) === v, `${w.name}: subtotal of customer ${f[1]}`); grand += v; block = []; continue; }
      if (f[0] === '**') { assert(block.length === 0 && grand === v && v === sum(oi.map((x) => x.amt)), `${w.name}: total line`); sawTotal = true; continue; }
      const doc = f[oc('Nº doc.')], ref = f[oc('Referencia')], cl = f[oc('Cl')];
      assert((cl === 'RV' && /^18000\d{5}$/.test(doc) && /^FV26-\d{6}$/.test(ref) && v > 0) || (cl === 'DG' && /^17000\d{5}$/.test(doc) && /^AB26-\d{6}$/.test(ref) && v < 0), `${w.name}: class, document, reference and sign of ${doc}`);
      const d = dayNo(f[oc('Fecha doc.')]), due = dayNo(f[oc('Vence el')]);
      assert(d >= -40 && d <= LAST_DAY && due >= d && ['@5B@', '@5C@'].includes(f[0]) && (f[0] === '@5C@') === (due < LAST_DAY) && /^1\d{5}$/.test(f[1]) && f[oc('MonL')] === 'EUR', `${w.name}: dates, status, customer, currency of ${doc}`);
      assert(f[oc('Nombre 1')] !== '', `${w.name}: customer name of ${doc}`);
      const it = { amt: v, cust: f[1], no: ref, extra: { due: String(due), doc, name: f[oc('Nombre 1')] } };
      block.push(it); oi.push(it);
    }
    assert(sawTotal && block.length === 0, `${w.name}: every block closed, total present`);
    const rs = bytes(w.statement.content, 'statement', w.name).split('\r\n');
    assert(rs[rs.length - 1] === '' && rs.slice(0, -1).every((l) => l.length === 80), `${w.name}: every Norma 43 record 80 characters, CRLF`);
    const recs = rs.slice(0, -1), r11 = recs[0], r33 = recs[recs.length - 2], r88 = recs[recs.length - 1];
    assert(r11.startsWith('11') && r33.startsWith('33') && r88.startsWith('88' + '9'.repeat(18)) && Number(r88.slice(20, 26)) === recs.length - 1, `${w.name}: 11 first, 33 and 88 last, record count`);
    assert(r11.slice(2, 20) === r33.slice(2, 20) && r11.slice(20, 26) === '260901' && r11.slice(26, 32) === '261127' && r11.slice(47, 50) === '978', `${w.name}: account, period and currency agree`);
    const open = (r11[32] === '1' ? -1 : 1) * Number(r11.slice(33, 47));
    const st: Line[] = [];
    let prevCode = 0;
    for (const l of recs.slice(1, -2)) {
      if (l.startsWith('22')) {
        const d = dayNo(l.slice(10, 16)), v = Number(l.slice(28, 42)) * (l[27] === '1' ? -1 : 1);
        assert(l.slice(10, 16) === l.slice(16, 22) && bankDay(d, ES_HOLIDAYS) && (st.length === 0 || st[st.length - 1].day <= d) && ['1', '2'].includes(l[27]) && /^\d{2}$/.test(l.slice(22, 24)) && /^\d{10}$/.test(l.slice(42, 52)) && Number(l.slice(28, 42)) > 0, `${w.name}: 22 record fields at "${l.slice(0, 30)}"`);
        st.push({ amt: v, who: '', text: `${l.slice(52, 64).trim()} ${l.slice(64, 80).trim()} `, day: d, extra: { comun: l.slice(22, 24), parts: '' } });
        prevCode = 0;
      } else {
        const code = Number(l.slice(2, 4));
        assert(l.startsWith('23') && st.length > 0 && code === prevCode + 1 && code <= 5, `${w.name}: 23 records follow a 22, numbered 01..05`);
        prevCode = code;
        const x = st[st.length - 1], p = l.slice(4);
        if (code === 1) x.who = p.trim();
        x.text += p.length === 76 && p[75] !== ' ' ? p : `${p.trimEnd()} `;
      }
    }
    const deb = st.filter((x) => x.amt < 0), cred = st.filter((x) => x.amt > 0);
    assert(Number(r33.slice(20, 25)) === deb.length && Number(r33.slice(25, 39)) === -sum(deb.map((x) => x.amt)) && Number(r33.slice(39, 44)) === cred.length && Number(r33.slice(44, 58)) === sum(cred.map((x) => x.amt)), `${w.name}: 33 counts and totals`);
    assert(open + sum(st.map((x) => x.amt)) === (r33[58] === '1' ? -1 : 1) * Number(r33.slice(59, 73)) && r33.slice(73, 76) === '978', `${w.name}: opening balance plus movements is the 33 closing balance`);
    for (const x of st) {
      if (/^COMISION REMESA/.test(x.who)) { const n = /(\d+) ADEUDOS X 0,35 EUR/.exec(x.text); assert(!!n && x.amt === -Number(n![1]) * ES_REMESA_COMMISSION, `${w.name}: remesa commission ${x.text}`); }
      if (x.who === 'GASTOS DEVOLUCION ADEUDO') assert(x.amt === -ES_RETURN_FEE, `${w.name}: return fee`);
      for (const m of x.text.matchAll(/\b([AB])(\d{7})(\d)\b/g)) assert(cifControl(m[2]) === Number(m[3]), `${w.name}: CIF ${m[0]} control digit`);
    }
    return { oi, st };
  }
  if (w.name === 'gh-momo') {
    const t = w.openItems.content as string, ls = t.split('\r\n');
    assert(typeof t === 'string' && ls[0] === '"ADOM BEVERAGES DISTRIBUTION LTD"' && ls[2] === '"Bills Receivable"' && ls[4] === '', `${w.name}: Tally preamble`);
    const head = splitCsvLine(ls[5], ','), oc = colOf(head), oi: Item[] = [];
    let i = 6;
    for (; i < ls.length && !ls[i].includes('"Grand Total"'); i++) {
      const f = splitCsvLine(ls[i], ',');
      assert(f.length === head.length && ls[i].startsWith('"'), `${w.name}: width and quoting at ${i}`);
      const pend = drcr(f[oc('Pending Amount')]), orig = drcr(f[oc('Opening Amount')]), no = f[oc('Ref. No.')], d = dayNo(f[0]), due = dayNo(f[oc('Due on')]);
      assert((/^ABD\/26\/\d{5}$/.test(no) && pend > 0 && orig >= pend) || (/^CN\/26\/\d{4}$/.test(no) && pend < 0 && orig === pend), `${w.name}: number, sign and opening amount of ${no}`);
      const od = f[oc('Overdue by days')];
      assert(d <= LAST_DAY && due > d && (od === '' ? !(pend > 0 && due < LAST_DAY) : Number(od) === LAST_DAY - due), `${w.name}: dates and overdue days of ${no}`);
      oi.push({ amt: pend, cust: f[oc("Party's Name")], no, extra: { due: String(due) } });
    }
    const tot = splitCsvLine(ls[i] ?? '', ',');
    assert(tot[2] === 'Grand Total' && drcr(tot[4]) === sum(oi.map((x) => x.amt)), `${w.name}: Grand Total of pending amounts`);
    const s = (w.statement.content as string).split('\n');
    const kv = (k: string) => { const l = s.find((x) => x.startsWith(`${k}:,`)); if (!l) throw new Error(`no ${k}`); return splitCsvLine(l, ',')[1]; };
    const open = ghAmt(kv('Opening Balance')), close = ghAmt(kv('Closing Balance'));
    assert(kv('Account Number') === GH_WALLET, `${w.name}: wallet number in the preamble`);
    const hs = s.findIndex((l) => l.startsWith('TRANSACTION DATE,')), sh = splitCsvLine(s[hs], ','), sc = colOf(sh);
    const rows = s.slice(hs + 1).filter((l) => l !== '').map((l) => splitCsvLine(l, ','));
    const when = (x: string) => { const m = /^(\S+) (\d\d):(\d\d):(\d\d) (AM|PM)$/.exec(x); if (!m) throw new Error(`bad time ${x}`); return dayNo(m[1]) * 86400 + ((Number(m[2]) % 12) + (m[5] === 'PM' ? 12 : 0)) * 3600 + Number(m[3]) * 60 + Number(m[4]); };
    const st = rows.map((f, k) => {
      const out = f[sc('FROM NO.')] === GH_WALLET, inn = f[sc('TO NO.')] === GH_WALLET;
      const a = ghAmt(f[sc('AMOUNT')]), fee = ghAmt(f[sc('FEES')]), b0 = ghAmt(f[sc('BAL BEFORE')]), b1 = ghAmt(f[sc('BAL AFTER')]);
      assert(f.length === sh.length && out !== inn && a > 0 && f[sc('E-LEVY')] === '0.00' && (inn ? fee === 0 : true) && b1 === b0 + (inn ? a : -a - fee), `${w.name}: direction, fee and balance at row ${k + 1}`);
      const below = k + 1 < rows.length ? ghAmt(rows[k + 1][sc('BAL AFTER')]) : open;
      assert(b0 === below && (k > 0 || b1 === close), `${w.name}: balance chain at row ${k + 1}`);
      assert(k + 1 === rows.length || (when(f[0]) >= when(rows[k + 1][0]) && Number(f[sc('F_ID')]) > Number(rows[k + 1][sc('F_ID')])), `${w.name}: newest first with rising F_IDs at row ${k + 1}`);
      const d = Math.floor(when(f[0]) / 86400);
      assert(d >= 0 && d <= LAST_DAY, `${w.name}: date in period at row ${k + 1}`);
      return { amt: inn ? a : -a, who: inn ? f[sc('FROM NAME')] : f[sc('TO NAME')], text: f[sc('REF')], day: d, extra: { type: f[sc('TRANS. TYPE')], ova: f[sc('OVA')], fid: f[sc('F_ID')] } };
    });
    for (const x of st) if (x.extra.type === 'REVERSAL') { const m = /^REVERSAL OF FT (\d{11})$/.exec(x.text), src = m && st.find((y) => y.extra.fid === m[1]); assert(!!src && src.amt === -x.amt && src.who === x.who && src.day <= x.day, `${w.name}: reversal ${x.text} names the line it reverses`); }
    return { oi, st };
  }
  if (w.name === 'is-krafa') {
    const ls = bytes(w.openItems.content, 'open items', w.name).split('\r\n');
    const h = ls.findIndex((l) => l.startsWith('Bókunardags.;'));
    assert(h === 4 && ls[0] === 'Viðskiptamannafærslur' && ls[2].startsWith('Afmörkun: Opið: Já') && ls[3] === '', `${w.name}: title, company and filter line above the header`);
    const head = ls[h].split(';'), oc = colOf(head), oi: Item[] = [];
    let i = h + 1;
    for (; i < ls.length && !ls[i].startsWith('Samtals;'); i++) {
      const f = ls[i].split(';');
      assert(f.length === head.length, `${w.name}: width at ${i}`);
      const v = iskAmt(f[oc('Upphæð')]), no = f[oc('Nr. fylgiskjals')], kt = f[oc('Kennitala')], claim = f[oc('Kröfunúmer')];
      assert(iskAmt(f[oc('Eftirstöðvar')]) === v && ((f[1] === 'Reikningur' && /^SR-\d{6}$/.test(no) && v > 0 && /^(\d{6})?$/.test(claim)) || (f[1] === 'Kreditreikningur' && /^KR-\d{4}$/.test(no) && v < 0 && claim === '')), `${w.name}: type, number, amounts, claim of ${no}`);
      assert(/^\d{6}-\d{4}$/.test(kt) && ktCheck(kt.replace('-', '').slice(0, 8)) === Number(kt[9]) && Number(kt.slice(0, 2)) > 40, `${w.name}: company kennitala ${kt}`);
      const d = dayNo(f[0]), due = dayNo(f[oc('Gjalddagi')]);
      assert(d >= -31 && d <= LAST_DAY && due >= d && (i === h + 1 || dayNo(ls[i - 1].split(';')[0]) <= d), `${w.name}: dates and order of ${no}`);
      oi.push({ amt: v, cust: f[oc('Viðskm.nr.')], no, extra: { kt: kt.replace('-', ''), claim, due: String(due), day: String(d) } });
    }
    assert(ls[i]?.split(';')[8] !== undefined && iskAmt(ls[i].split(';')[8]) === sum(oi.map((x) => x.amt)), `${w.name}: Samtals`);
    const t = w.statement.content as string;
    assert(t.startsWith('\ufeff'), `${w.name}: statement starts with a BOM`);
    const s = t.slice(1).split('\r\n'), open = iskAmt(s[2].replace('Upphafsstaða: ', ''));
    const hs = s.findIndex((l) => l.startsWith('Dags.;')), sh = s[hs].split(';'), sc = colOf(sh);
    let bal = open;
    const st = s.slice(hs + 1).filter((l) => l !== '').map((l, k, all) => {
      const f = l.split(';'), v = iskAmt(f[sc('Upphæð')]), d = dayNo(f[0]);
      bal += v;
      assert(f.length === sh.length && f[0] === f[1] && bankDay(d, []) && iskAmt(f[sc('Staða')]) === bal && (k === 0 || dayNo(all[k - 1].split(';')[0]) <= d) && f[sc('Tilvísun')].length <= 16, `${w.name}: width, banking day, running Staða, order at row ${k + 1}`);
      assert(f[sc('Kennitala')] === '' || (/^\d{10}$/.test(f[sc('Kennitala')]) && ktCheck(f[sc('Kennitala')].slice(0, 8)) === Number(f[sc('Kennitala')][8])), `${w.name}: payer kennitala at row ${k + 1}`);
      return { amt: v, who: f[sc('Nafn')], text: `${f[sc('Tilvísun')]} ${f[sc('Skýring greiðslu')]}`, day: d, extra: { kt: f[sc('Kennitala')], tegund: f[sc('Textalykill')], tilv: f[sc('Tilvísun')] } };
    });
    return { oi, st };
  }
  throw new Error(`unknown world ${w.name}`);
}

/** Kinds whose lines add up to their items exactly. */
const EXACT = new Set(['transfer_invoice_in_concept', 'several_invoices_one_transfer', 'credit_note_netted', 'pagare_several_invoices', 'confirming_at_due', 'remesa_adeudos', 'remesa_with_returned_adeudo', 'returned_adeudo_then_transfer', 'instalments', 'name_and_amount_only', 'mistyped_invoice_number', 'cif_order_customer_in_concept', 'customer_number_and_order_only', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded',
  'invoice_in_ref', 'phone_number_and_invoice_in_ref', 'owner_name_and_amount_only', 'paid_by_other_person_shop_in_ref', 'agent_cash_deposit', 'instalments_owner_name_only', 'several_invoices_one_payment', 'empties_credit_netted',
  'transfer_invoice_cited', 'own_kennitala_as_reference', 'transfer_claim_number_cited', 'payer_kennitala_and_amount_only', 'paid_by_related_company_invoice_cited', 'phone_order_date_in_text']);
const MULTI_CUSTOMER = new Set(['remesa_adeudos', 'remesa_with_returned_adeudo']);
/** Kinds whose every bank line must quote (one of) the group's invoice numbers. */
const CITED = new Set(['transfer_invoice_in_concept', 'several_invoices_one_transfer', 'credit_note_netted', 'instalments', 'part_payment', 'cif_order_customer_in_concept', 'returned_adeudo_then_transfer',
  'invoice_in_ref', 'phone_number_and_invoice_in_ref', 'several_invoices_one_payment', 'empties_credit_netted', 'sender_charges_deducted', 'wht_deducted_bank_to_wallet',
  'transfer_invoice_cited', 'paid_by_related_company_invoice_cited', 'phone_order_date_in_text', 'cash_discount_deducted']);
const CLAIM = new Set(['claim_paid_on_time', 'claim_paid_late_with_interest']);
/** Kinds where the payer is told by its name only: every word of the wallet name is in the ledger name. */
const OWNER = new Set(['owner_name_and_amount_only', 'instalments_owner_name_only']);

function quotes(w: World, text: string, x: Item): boolean {
  const u = text.toUpperCase();
  if (w.name === 'es-norma43') return new RegExp(`(^|\\D)0*${Number(x.no.slice(5))}(\\D|$)`).test(u.replace(/FV-?\s?26[-\s]?/g, ' ').replace(/(^|\D)26\//g, '$1 ').replace(/\/26(\D|$)/g, ' $1'));
  if (w.name === 'gh-momo') return new RegExp(`(^|\\D)0*${Number(x.no.slice(7))}(\\D|$)`).test(u.replace(/ABD\W*26\W*/g, ' '));
  return new RegExp(`(^|\\D)${x.no.slice(3)}(\\D|$)`).test(u);
}

function groupOk(w: World, kind: string, items: Item[], lines: Line[]): boolean {
  const I = sum(items.map((x) => x.amt)), S = sum(lines.map((x) => x.amt));
  if (kind === 'part_payment' || kind === 'claim_part_payment') return S > 0 && S < I;
  if (kind === 'confirming_anticipado') { const due = Number(items[0].extra.due); return lines.length === 1 && items.every((x) => x.extra.due === items[0].extra.due) && S === I - confirmingInterest(I, due - lines[0].day); }
  if (kind === 'cash_discount_deducted') return lines.every((l) => l.day <= Number(items[0].extra.day) + 14) && S === I - isDiscount(I);
  if (kind === 'sender_charges_deducted') return S === I - ghP2pFee(I);
  if (kind === 'wht_deducted_bank_to_wallet') return lines.every((l) => l.extra.type === 'DEPOSIT' && l.extra.ova !== '') && S === I - sum(items.map((x) => ghWht(x.amt)));
  if (CLAIM.has(kind) || (kind === 'duplicate_refunded' && w.name === 'is-krafa')) {
    if (items.length !== 1 || lines.length !== 1 || lines[0].extra.tegund !== 'Greiðsla kröfu' || lines[0].extra.tilv !== `66-${items[0].extra.claim}`) return false;
    const late = Math.max(0, lines[0].day - nextWorkDay(Number(items[0].extra.due), []));
    if (kind === 'claim_paid_on_time' && late > 0) return false;
    if (kind === 'claim_paid_late_with_interest' && late === 0) return false;
    const rest = S - I - (late > 0 ? IS_VANSKILAGJALD + isInterest(I, late) : 0);
    return rest === 0 || rest === IS_SEDILGJALD;
  }
  return EXACT.has(kind) && S === I;
}

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), lines = g.st.map((i) => p.st[i]);
    const custs = new Set(items.map((x) => x.cust)).size;
    assert(MULTI_CUSTOMER.has(kind) || custs === 1, `${w.name}: group ${id} (${kind}) ${custs} customers`);
    assert(kind === 'remesa_with_returned_adeudo' ? lines.filter((x) => x.amt < 0).length === 1 : lines.every((x) => x.amt > 0), `${w.name}: group ${id} (${kind}) paid by money in`);
    assert(groupOk(w, kind, items, lines), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${sum(lines.map((x) => x.amt))}`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    if (CITED.has(kind)) assert(lines.every((l) => items.filter((x) => x.amt > 0).some((x) => quotes(w, l.text, x))), `${w.name}: group ${id} (${kind}) quotes its number`);
    if (kind.startsWith('mistyped')) assert(lines.every((l) => !quotes(w, l.text, items[0])), `${w.name}: group ${id} mistyped number differs from ${items[0].no}`);
    if (kind.startsWith('remesa')) {
      const credit = lines.find((l) => l.amt > 0)!, n = /REMESA \d{7} (\d+) ADEUDOS VTO/.exec(credit.text);
      assert(lines.filter((l) => l.amt > 0).length === 1 && credit.extra.comun === '06' && !!n && Number(n![1]) === items.length + (kind === 'remesa_with_returned_adeudo' ? 1 : 0) && items.every((x) => Number(x.extra.due) === credit.day), `${w.name}: group ${id} remesa of ${items.length} adeudos charged on their due date`);
    }
    if (kind === 'confirming_at_due') assert(items.every((x) => Number(x.extra.due) === lines[0].day) && /CONFIRMING/.test(lines[0].text), `${w.name}: group ${id} confirming paid on the due date`);
    if (w.name === 'es-norma43' && ['name_and_amount_only', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'pagare_several_invoices', 'confirming_at_due', 'confirming_anticipado'].includes(kind)) {
      const words = items[0].extra.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().split(/[\s,.]+/).filter((x) => x.length > 3);
      assert(lines.every((l) => words.filter((x) => l.text.includes(x.slice(0, 7))).length >= Math.min(2, words.length)), `${w.name}: group ${id} (${kind}) names the payer ${items[0].extra.name}`);
    }
    if (kind === 'customer_number_and_order_only') assert(lines.every((l) => l.text.includes(`CLIENTE ${items[0].cust}`) && !quotes(w, l.text, items[0])), `${w.name}: group ${id} quotes the customer number only`);
    if (OWNER.has(kind) || (w.name === 'gh-momo' && ['same_amount_two_customers', 'ambiguous_equal_amounts'].includes(kind))) assert(lines.every((l) => l.who.split(' ').every((word) => items[0].cust.toUpperCase().includes(word))), `${w.name}: group ${id} (${kind}) wallet name ${lines[0].who} in the ledger name ${items[0].cust}`);
    if (kind === 'paid_by_other_person_shop_in_ref') assert(lines.every((l) => l.text.toUpperCase().includes(items[0].cust.split(' ')[0].toUpperCase())), `${w.name}: group ${id} names the shop`);
    if (['own_kennitala_as_reference', 'payer_kennitala_and_amount_only', 'transfer_invoice_cited', 'transfer_claim_number_cited', 'same_amount_two_customers', 'ambiguous_equal_amounts'].includes(kind) && w.name === 'is-krafa') assert(lines.every((l) => l.extra.kt === items[0].extra.kt), `${w.name}: group ${id} (${kind}) paid from the customer's kennitala`);
    if (kind === 'paid_by_related_company_invoice_cited') assert(lines.every((l) => l.extra.kt !== items[0].extra.kt), `${w.name}: group ${id} paid from another kennitala`);
    if (kind === 'transfer_claim_number_cited') assert(lines.every((l) => l.text.includes(items[0].extra.claim) && !quotes(w, l.text, items[0])), `${w.name}: group ${id} quotes the claim number, not the invoice`);
  }
  for (const k of ['duplicate_refunded', 'booking_cancelled', 'wrong_number_reversed', 'transfer_reversed']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1].amt, 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  // A returned adeudo: its remesa credit and the return debit sit in another group; it is debited back.
  for (const t of w.truth.filter((x) => x.side === 'open_items' && (x.kind === 'returned_adeudo_still_open' || x.kind === 'returned_adeudo_then_transfer'))) {
    const x = p.oi[t.row - 1];
    assert(p.st.some((l) => l.amt === -x.amt && l.extra.comun === '14' && l.text.includes(x.no.replace('-', ''))), `${w.name}: returned adeudo ${x.no} debited back`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
  assert(w.truth.filter((t) => t.ambiguous).every((t) => t.kind === 'ambiguous_equal_amounts'), `${w.name}: only equal twins are ambiguous`);
}

void runSelfChecks(HELDOUT_V21_WORLDS, check);
