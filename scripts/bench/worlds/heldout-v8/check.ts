/**
 * Self-check for the eighth held-out set: generates each world twice (must be identical), reads both files
 * back with its own readers (the Xero CSV and the headerless CommBank CSV; the scadenzario .xlsx through
 * exceljs and the CBI-style CSV; the NetSuite CSV and the Chase-style CSV with its EDI 820 addenda) and
 * asserts that the truth covers every transaction row once, that every group has both sides and one kind,
 * that each kind's arithmetic holds (exact; part payments; abbuono to the euro; 2 % discounts; deductions;
 * wire fees; Ri.Ba. distinta = collected instalments + insoluti), that what a kind says the payer cited is
 * there (and what it says they did not cite is not), and that check digits (BPAY CRN Luhn, Partita IVA,
 * IBAN), list totals, ageing buckets, running balances, EDI 820 totals and segment counts are right.
 * Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v8/check.ts [--open-items 2000] [--seed 1] [--world au-bpay] [--kinds]
 */
import ExcelJS from 'exceljs';
import type { World } from '../world';
import { assert, runSelfChecks } from '../self-check';
import { HELDOUT_V8_WORLDS } from './index';
import { luhnValid, pivaValid, ibanValid, splitCsv } from './common';

const DAY = 86400000, REPORT = Date.UTC(2026, 10, 2) / DAY;
const dayOfDmy = (s: string) => { const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s); if (!m) throw new Error(`bad date ${s}`); return Date.UTC(+m[3], +m[2] - 1, +m[1]) / DAY; };
const dayOfMdy = (s: string) => { const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s); if (!m) throw new Error(`bad date ${s}`); return Date.UTC(+m[3], +m[1] - 1, +m[2]) / DAY; };
/** "1234.56" / "-1,234.56" / "+1234.56" / "1.234,56" / "$1,234.56" / "($1,234.56)" → cents. */
function cents(s: string, style: 'en' | 'it'): number {
  let t = s.trim(), neg = false;
  if (/^\(.*\)$/.test(t)) { neg = true; t = t.slice(1, -1); }
  if (t.startsWith('-')) { neg = true; t = t.slice(1); } else if (t.startsWith('+')) t = t.slice(1);
  t = t.replace(/^\$/, '');
  const m = style === 'en' ? /^(\d{1,3}(?:,\d{3})*|\d+)\.(\d\d)$/.exec(t) : /^(\d{1,3}(?:\.\d{3})*)\,(\d\d)$/.exec(t);
  if (!m) throw new Error(`bad ${style} amount "${s}"`);
  return (neg ? -1 : 1) * (Number(m[1].replace(/[.,]/g, '')) * 100 + Number(m[2]));
}
const cites = (text: string, no: string) => new RegExp(`(^|\\D)${no}(\\D|$)`).test(text);

interface OI { amt: number; cust: string; no: string; credit: boolean; x: Record<string, string> }
interface ST { amt: number; day: number; text: string; x: Record<string, string> }
interface Parsed { oi: OI[]; st: ST[] }

// ---- au-bpay ------------------------------------------------------------------------------------
function parseAu(w: World): Parsed {
  const ls = (w.openItems.content as string).split('\r\n');
  assert(ls[0] === 'Aged Receivables Detail' && ls[4] === '' && ls[5].startsWith('Contact,Invoice Date,Invoice Number,Reference,Due Date,Current,< 1 Month'), 'au: Xero title lines and header');
  const oi: OI[] = [];
  let contact = '', tot = [0, 0, 0, 0, 0, 0], grand = [0, 0, 0, 0, 0, 0], done = false;
  for (const l of ls.slice(6)) {
    if (!l) continue;
    const f = splitCsv(l, ',');
    if (f.length === 1) { contact = f[0]; tot = [0, 0, 0, 0, 0, 0]; continue; }
    if (f[0] === `Total ${contact}`) { assert(f.slice(5, 11).every((v, i) => cents(v, 'en') === tot[i]) && cents(f[11], 'en') === tot.reduce((s, t) => s + t, 0), `au: ${f[0]} adds up`); continue; }
    if (f[0] === 'Total') { assert(f.slice(5, 11).every((v, i) => cents(v, 'en') === grand[i]), 'au: grand total adds up'); done = true; continue; }
    assert(f.length === 12 && f[0] === '' && !done, `au: detail row ${l}`);
    const amt = cents(f[11], 'en'), no = f[2], filled = f.slice(5, 11).map((v, i) => [v, i] as const).filter(([v]) => v !== '');
    assert(filled.length === 1 && cents(filled[0][0], 'en') === amt, `au: ${no} in one ageing column`);
    const late = REPORT - dayOfDmy(f[4]), b = late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : late <= 120 ? 4 : 5;
    assert(filled[0]?.[1] === b, `au: ${no} in the right ageing column`);
    assert(/^\d{1,2}\/\d{1,2}\/2026$/.test(f[1]) && !/^0|\/0/.test(f[1]), `au: d/m/yyyy ${f[1]}`);
    assert(/^INV-\d{5}$/.test(no) ? amt > 0 : /^CN-\d{4}$/.test(no) && amt < 0, `au: ${no} form and sign`);
    tot[b] += amt; grand[b] += amt;
    oi.push({ amt, cust: contact, no, credit: amt < 0, x: { digits: no.replace(/\D/g, ''), ref: f[3], due: String(dayOfDmy(f[4])) } });
  }
  assert(done && new Set(oi.map((o) => o.no)).size === oi.length, 'au: Total line, numbers unique');
  const sl = (w.statement.content as string).split('\r\n').filter(Boolean);
  assert(/^\d\d\/\d\d\/2026,"[+-]/.test(sl[0]), 'au: no header row');
  const st: ST[] = [], bal: number[] = [];
  let prev = Infinity;
  for (const l of sl) {
    const f = splitCsv(l, ',');
    assert(f.length === 4 && /^[+-]\d+\.\d\d$/.test(f[1]) && /^[+-]\d+\.\d\d$/.test(f[3]) && /^\d\d\/\d\d\/2026$/.test(f[0]), `au: CommBank row ${l}`);
    const day = dayOfDmy(f[0]);
    assert(day <= prev && day >= Date.UTC(2026, 9, 1) / DAY && day <= Date.UTC(2026, 9, 31) / DAY, 'au: October, newest first');
    prev = day;
    const text = f[2], crn = /^BPAY Credit CRN (\d+) Rcpt \d+$/.exec(text)?.[1] ?? '';
    if (text.startsWith('BPAY Credit')) assert(!!crn && luhnValid(crn), `au: CRN ${crn} Luhn check digit`);
    const dcm = /^Direct Credit \d{6} (.+)$/.exec(text);
    if (dcm) assert(dcm[1].length <= 16 + 1 + 18, `au: direct credit name + lodgement reference too long: ${text}`);
    st.push({ amt: cents(f[1], 'en'), day, text, x: { crn } });
    bal.push(cents(f[3], 'en'));
  }
  for (let i = 0; i + 1 < st.length; i++) if (bal[i] !== bal[i + 1] + st[i].amt) { assert(false, `au: running balance at row ${i + 1}`); break; }
  return { oi, st };
}

// ---- it-fatturapa -------------------------------------------------------------------------------
async function parseIt(w: World): Promise<Parsed> {
  const wb = new ExcelJS.Workbook(), xb = w.openItems.content as Buffer;
  await wb.xlsx.load(xb.buffer.slice(xb.byteOffset, xb.byteOffset + xb.length) as ArrayBuffer);
  const ws = wb.worksheets[0];
  assert(wb.worksheets.length === 1 && ws.name === 'Scadenzario clienti', 'it: one sheet "Scadenzario clienti"');
  assert(ws.getRow(4).getCell(1).value === 'Cod. cliente', 'it: header on row 4');
  const head = (ws.getRow(4).values as unknown[]).slice(1).map(String), c = (n: string) => head.indexOf(n) + 1;
  const oi: OI[] = [];
  let r = 5, tot = 0;
  const dmy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  for (; ws.getRow(r).getCell(1).value; r++) {
    const row = ws.getRow(r), v = (n: string) => row.getCell(c(n)).value;
    const amt = Math.round((v('Residuo') as number) * 100), tipo = String(v('Tipo doc.')), no = String(v('Num. doc.')), rata = String(v('Rata') ?? ''), pv = String(v('Partita IVA'));
    assert(amt === Math.round((v('Importo rata') as number) * 100), `it: ${no} Residuo = Importo rata`);
    assert(v('Data doc.') instanceof Date && v('Scadenza') instanceof Date, `it: ${no} Excel dates`);
    assert(pivaValid(pv), `it: Partita IVA ${pv} check digit`);
    assert(tipo === 'FT' ? amt > 0 && /^\d\/\d$/.test(rata) : tipo === 'NC' && amt < 0 && rata === '', `it: ${tipo} ${no} sign and rata`);
    const [k, m] = rata.split('/').map(Number);
    if (tipo === 'FT' && k < m) assert(amt % 100 === 0, `it: FT ${no} rata ${rata} whole euros (cents on the last)`);
    tot += amt;
    const day = dmy(v('Data doc.') as Date), tp = String(v('Tipo pag.')).slice(0, 2);
    oi.push({ amt, cust: String(v('Cod. cliente')), no: (tipo === 'NC' ? 'NC' : '') + no, credit: amt < 0, x: { seq: no, rata, day, tp, due: String((v('Scadenza') as Date).getTime() / DAY) } });
  }
  assert(Math.round((ws.getRow(r + 1).getCell(c('Residuo')).value as number) * 100) === tot, 'it: total row adds up');
  const byDoc = new Map<string, OI[]>();
  for (const o of oi) byDoc.set(o.cust + '|' + o.no, [...(byDoc.get(o.cust + '|' + o.no) ?? []), o]);
  for (const [k, xs] of byDoc) {
    assert(new Set(xs.map((o) => o.x.day)).size === 1 && new Set(xs.map((o) => o.x.rata)).size === xs.length && new Set(xs.map((o) => o.x.rata.split('/')[1])).size === 1, `it: instalments of ${k} share date and count, distinct rate`);
    const rs = xs.filter((o) => !o.credit).map((o) => Number(o.x.rata.split('/')[0]));
    assert(xs.every((o) => o.x.tp === xs[0].x.tp) && rs.every((n, i) => i === 0 || n > rs[i - 1]), `it: instalments of ${k} in order, one payment type`);
  }
  const docs = new Set(oi.map((o) => o.no)), owner = new Map<string, string>();
  for (const o of oi) { const prev = owner.get(o.no); assert(!prev || prev === o.cust, `it: number ${o.no} used by one customer only`); owner.set(o.no, o.cust); }
  void docs;
  const sl = (w.statement.content as string).split('\r\n').filter(Boolean);
  assert(sl[0] === 'Data contabile;Data valuta;Importo;Divisa;Causale;Descrizione', 'it: CBI header');
  const st: ST[] = [];
  let prev = 0;
  for (const l of sl.slice(1)) {
    const f = splitCsv(l, ';');
    assert(f.length === 6 && f[3] === 'EUR', `it: row ${l}`);
    const day = dayOfDmy(f[0]), val = dayOfDmy(f[1]), amt = cents(f[2], 'it');
    assert(day >= prev && val >= day, 'it: oldest first, valuta on or after contabile');
    prev = day;
    const ib = /IBAN ORD\.: (IT\d\d[A-Z]\d{22}) /.exec(f[5]);
    if (f[5].startsWith('BONIFICO SEPA DA:')) assert(!!ib && ibanValid(ib[1]) && f[4] === 'BONIFICO A VOSTRO FAVORE', `it: bonifico with a valid IBAN: ${f[5]}`);
    const causale = /CAUSALE: (.*) TRN: \d+$/.exec(f[5])?.[1] ?? f[5];
    st.push({ amt, day, text: causale, x: { causale: f[4], full: f[5] } });
  }
  return { oi, st };
}

// ---- us-ach-ctx ---------------------------------------------------------------------------------
function parseUs(w: World): Parsed {
  const ls = (w.openItems.content as string).split('\r\n');
  assert(ls[1] === 'A/R Aging Detail' && ls[3] === '' && ls[4] === 'Customer,Type,Date,Document Number,Due Date,Age,Open Balance', 'us: NetSuite title lines and header');
  const oi: OI[] = [];
  let tot = 0, done = false;
  for (const l of ls.slice(5)) {
    if (!l) continue;
    const f = splitCsv(l, ',');
    if (f[0] === 'Total') { assert(cents(f[6], 'en') === tot, 'us: Total adds up'); done = true; continue; }
    assert(f.length === 7 && !done, `us: row ${l}`);
    const amt = cents(f[6], 'en'), no = f[3];
    assert(f[1] === 'Invoice' ? /^INV\d{6}$/.test(no) && amt > 0 : f[1] === 'Credit Memo' && /^CM\d{4}$/.test(no) && amt < 0, `us: ${no} type, form, sign`);
    assert(/^\$|^\(\$/.test(f[6]), `us: ${no} dollar format`);
    assert(Number(f[5]) === Math.max(0, REPORT - dayOfMdy(f[4])), `us: ${no} age`);
    const m = /^(\d{5}) (.+)$/.exec(f[0]);
    assert(!!m, `us: customer "${f[0]}" has its number`);
    tot += amt;
    oi.push({ amt, cust: m?.[1] ?? f[0], no, credit: amt < 0, x: { name: m?.[2] ?? '' } });
  }
  assert(done && new Set(oi.map((o) => o.no)).size === oi.length, 'us: Total line, numbers unique');
  const sl = (w.statement.content as string).split('\r\n').filter(Boolean);
  assert(sl[0] === 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,Addenda Information', 'us: Chase header');
  const st: ST[] = [], bal: number[] = [];
  let prev = Infinity;
  for (const l of sl.slice(1)) {
    const f = splitCsv(l, ',');
    assert(f.length === 8 && /^\d\d\/\d\d\/2026$/.test(f[1]), `us: row ${l.slice(0, 80)}`);
    const day = dayOfMdy(f[1]), amt = cents(f[3], 'en');
    assert(day <= prev && day >= Date.UTC(2026, 9, 1) / DAY && day <= Date.UTC(2026, 9, 31) / DAY, 'us: October, newest first');
    prev = day;
    assert((f[0] === 'DEBIT') === (amt < 0) && (f[0] !== 'DSLIP' || (f[4] === 'CHECK_DEPOSIT' && /^\d+$/.test(f[6]))), `us: Details/Type/check number ${l.slice(0, 80)}`);
    const add = f[7];
    if (add.startsWith('ST*820*')) {
      const segs = add.split('~').filter(Boolean), el = segs.map((s) => s.split('*'));
      assert(el[0][0] === 'ST' && el[el.length - 1][0] === 'SE' && el[el.length - 1][2] === el[0][2] && Number(el[el.length - 1][1]) === segs.length, `us: ST/SE control number and segment count`);
      const bpr = el.find((e) => e[0] === 'BPR')!, rmrs = el.filter((e) => e[0] === 'RMR');
      assert(cents(bpr[2], 'en') === amt && rmrs.reduce((s, e) => s + cents(e[4], 'en'), 0) === amt && /SEC:CTX/.test(f[2]), `us: BPR02 = Σ RMR04 = amount`);
      for (const e of rmrs) if (e[1] === 'IV') assert(cents(e[4], 'en') + (e[6] ? cents(e[6], 'en') : 0) <= cents(e[5], 'en'), `us: RMR paid + discount ≤ invoice amount`);
    } else if (add) assert(/^RMR\*IV\*\w+\*PI\*[\d.]+\\$/.test(add) && cents(add.split('*')[4].slice(0, -1), 'en') === amt && /SEC:CCD/.test(f[2]), `us: CCD+ addenda ${add}`);
    bal.push(cents(f[5], 'en'));
    st.push({ amt, day, text: `${f[2]} ${add}`, x: { add, desc: f[2], ck: f[6], type: f[4], ind: /IND ID:(\d+)/.exec(f[2])?.[1] ?? '', obi: /OBI:(.*)$/.exec(f[2])?.[1] ?? '' } });
  }
  for (let i = 0; i + 1 < st.length; i++) if (bal[i] !== bal[i + 1] + st[i].amt) { assert(false, `us: running balance at row ${i + 1}`); break; }
  return { oi, st };
}

// ---- truth ---------------------------------------------------------------------------------------
const EXACT = new Set(['eft_invoice_ref', 'eft_multi_invoice', 'eft_credit_netted', 'eft_ref_typo', 'eft_name_only', 'bpay_crn', 'bpay_crn_multi', 'bpay_crn_equal_amounts', 'de_batch_total',
  'bonifico_ft_ref', 'bonifico_multi', 'bonifico_nc_netted', 'bonifico_name_only', 'bonifico_rata_cited', 'bonifico_ft_ref_rata', 'bonifico_equal_rate', 'riba_distinta',
  'ccd_plus_single', 'ctx_rmr_multi', 'ctx_credit_memo', 'ccd_no_addenda', 'lockbox_check_only', 'lockbox_check_twin', 'wire_obi_invoice']);
/** Kinds whose line cites no document of the customer. */
const SILENT = new Set(['eft_name_only', 'bpay_crn', 'bpay_crn_multi', 'bpay_crn_equal_amounts', 'bonifico_name_only', 'ccd_no_addenda', 'lockbox_check_only', 'lockbox_check_twin']);
/** Kinds whose line cites every document of the group. */
const ALL_CITED = new Set(['eft_invoice_ref', 'part_payment', 'bonifico_ft_ref', 'bonifico_multi', 'bonifico_nc_netted', 'bonifico_abbuono', 'bonifico_rata_cited', 'bonifico_ft_ref_rata', 'bonifico_equal_rate', 'ccd_plus_single', 'ctx_rmr_multi', 'ctx_discount_taken', 'ctx_credit_memo', 'ctx_deduction', 'wire_obi_invoice', 'wire_fee_short']);
const MULTI_CUSTOMER = new Set(['de_batch_total', 'riba_distinta']);
const UNPAID = new Set(['unpaid_invoice', 'open_credit_note', 'open_credit_memo', 'riba_not_due', 'unpaid_instalment', 'riba_insoluto', 'de_dishonoured', 'check_returned']);

function check(w: World, p: Parsed): void {
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const kindOf = { open_items: new Map<number, string>(), statement: new Map<number, string>() }, ambOf = new Map<number, boolean>();
  const groups = new Map<string, { oi: number[]; st: number[]; kinds: Set<string>; amb: boolean }>();
  for (const t of w.truth) {
    const n = t.side === 'open_items' ? p.oi.length : p.st.length;
    assert(t.row >= 1 && t.row <= n && !seen[t.side].has(t.row), `${w.name}: ${t.side} row ${t.row} exists once`);
    seen[t.side].add(t.row);
    kindOf[t.side].set(t.row - 1, t.kind);
    if (t.side === 'open_items') ambOf.set(t.row - 1, !!t.ambiguous);
    if (t.group === null) { assert(t.side === 'statement' ? t.kind.startsWith('noise_') || t.kind === 'check_returned' : UNPAID.has(t.kind) || !!t.ambiguous, `${w.name}: ${t.side} ${t.row} ${t.kind} without a group`); continue; }
    const g = groups.get(t.group) ?? { oi: [], st: [], kinds: new Set<string>(), amb: false };
    groups.set(t.group, g);
    (t.side === 'open_items' ? g.oi : g.st).push(t.row - 1);
    g.kinds.add(t.kind);
    g.amb ||= !!t.ambiguous;
  }
  assert(seen.open_items.size === p.oi.length && seen.statement.size === p.st.length, `${w.name}: truth covers ${seen.open_items.size}/${p.oi.length} open items, ${seen.statement.size}/${p.st.length} statement rows`);
  const byCust = new Map<string, OI[]>(), allAmts = new Map<number, number>();
  for (const o of p.oi) { byCust.set(o.cust, [...(byCust.get(o.cust) ?? []), o]); allAmts.set(o.amt, (allAmts.get(o.amt) ?? 0) + 1); }
  const crnOf = new Map<string, string>(), custOfCrn = new Map<string, string>();
  const citesDoc = (text: string, o: OI) => w.name === 'au-bpay' ? cites(text, o.x.digits) : w.name === 'it-fatturapa' ? cites(text, o.x.seq) : cites(text, o.no) || cites(text, o.no.replace(/^INV/, ''));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind (${[...g.kinds]})`); continue; }
    const kind = [...g.kinds][0], tag = `${w.name} ${id} (${kind})`;
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0), text = S.map((s) => s.text).join(' | ');
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (kind === 'part_payment') assert(P > 0 && P / I >= 0.25 && P / I <= 0.75, `${tag}: part ${P}/${I}`);
    else if (kind === 'bonifico_abbuono') assert(P === Math.floor(I / 100) * 100 && I - P >= 1 && I - P <= 99, `${tag}: rounded down to the euro ${P}/${I}`);
    else if (kind === 'ctx_discount_taken') assert(P === O.reduce((s, o) => s + o.amt - Math.round(o.amt * 0.02), 0) && S[0].x.add.includes('~RMR*IV*') && O.every((o) => S[0].x.add.includes(`*${(Math.round(o.amt * 0.02) / 100).toFixed(2)}~`)), `${tag}: 2 % discounts ${P}/${I}`);
    else if (kind === 'ctx_deduction') assert(I - P >= I * 0.02 - 1 && I - P <= I * 0.1 + 1 && S[0].x.add.includes(`ADX*-${((I - P) / 100).toFixed(2)}*`), `${tag}: deduction ${I - P} of ${I} with ADX`);
    else if (kind === 'wire_fee_short') assert([1500, 2000, 2500, 3500, 4500].includes(I - P) && S[0].x.type === 'WIRE_INCOMING', `${tag}: wire short of a fee ${I - P}`);
    else assert(false, `${tag}: unknown group kind`);
    if (!MULTI_CUSTOMER.has(kind)) assert(new Set(O.map((o) => o.cust)).size === 1, `${tag}: one customer`);
    const mine = byCust.get(O[0].cust) ?? [];
    if (['eft_credit_netted', 'bonifico_nc_netted', 'ctx_credit_memo'].includes(kind)) assert(O.some((o) => o.credit) && O.some((o) => !o.credit), `${tag}: invoices and a credit`);
    else assert(O.every((o) => !o.credit), `${tag}: no credit`);
    // Ambiguity: exactly the equal-amount kinds, with a twin that has no group.
    const twins = (o: OI) => p.oi.filter((x, i) => x !== o && x.amt === o.amt && ambOf.get(i) && !g.oi.includes(i) && (kind === 'lockbox_check_twin' ? x.cust !== o.cust : x.cust === o.cust));
    if (['bpay_crn_equal_amounts', 'bonifico_equal_rate', 'lockbox_check_twin'].includes(kind)) assert(g.amb && O.length === 1 && twins(O[0]).length >= 1, `${tag}: ambiguous with a twin`);
    else assert(!g.amb, `${tag}: not ambiguous`);
    if (kind === 'lockbox_check_twin') assert(allAmts.get(I) === 2, `${tag}: amount on exactly two customers`);
    if (kind === 'lockbox_check_only') assert(allAmts.get(I) === 1, `${tag}: amount unique in the whole list`);
    if (['eft_name_only', 'bpay_crn', 'bonifico_name_only', 'ccd_no_addenda'].includes(kind)) assert(mine.filter((o) => o.amt === I).length === 1, `${tag}: amount unique for the customer`);
    if (kind === 'bpay_crn_multi') assert(!mine.some((o) => o.amt === P), `${tag}: no single invoice of the customer has the total`);
    if (SILENT.has(kind)) { for (const o of mine) assert(!citesDoc(text, o), `${tag}: no document of the customer cited: ${text}`); }
    else if (kind === 'eft_ref_typo') assert(!mine.some((o) => citesDoc(text, o)), `${tag}: neither the number nor another of the customer's: ${text}`);
    else if (ALL_CITED.has(kind)) assert(O.every((o) => citesDoc(text, o)), `${tag}: every document cited: ${text}`);
    else if (kind === 'eft_multi_invoice' || kind === 'eft_credit_netted') assert(citesDoc(text, O.filter((o) => !o.credit).sort((a, b) => (a.no < b.no ? -1 : 1))[0]) || O.some((o) => !o.credit && citesDoc(text, o)), `${tag}: an invoice cited: ${text}`);
    // Per-world specifics.
    if (kind.startsWith('bpay')) { const crn = S[0].x.crn; assert(!!crn, `${tag}: a CRN`); const c0 = custOfCrn.get(crn), k0 = crnOf.get(O[0].cust); assert((!c0 || c0 === O[0].cust) && (!k0 || k0 === crn), `${tag}: one CRN per customer`); custOfCrn.set(crn, O[0].cust); crnOf.set(O[0].cust, crn); }
    if (kind === 'de_batch_total') {
      const credit = S.filter((s) => s.amt > 0), rets = S.filter((s) => s.amt < 0), n = Number(/ (\d+) ITEMS$/.exec(credit[0]?.text ?? '')?.[1]);
      assert(credit.length === 1 && n === O.length + rets.length && O.every((o) => o.x.ref === 'DIRECT DEBIT' && Number(o.x.due) === credit[0].day), `${tag}: one settlement of ${O.length} + ${rets.length} dishonoured, due that day`);
      for (const r of rets) assert(p.oi.some((o, i) => kindOf.open_items.get(i) === 'de_dishonoured' && o.amt === -r.amt && r.text.endsWith(o.no)), `${tag}: dishonour names a dishonoured invoice`);
    }
    if (kind === 'riba_distinta') {
      const credit = S.filter((s) => s.amt > 0), rets = S.filter((s) => s.amt < 0), m = /SCAD\. (\d\d\/\d\d\/2026) N\. (\d+) EFFETTI$/.exec(credit[0]?.text ?? '');
      assert(credit.length === 1 && !!m && Number(m[2]) === O.length + rets.length && O.every((o) => o.x.tp === 'RB' && Number(o.x.due) === dayOfDmy(m[1])), `${tag}: one distinta of ${O.length} + ${rets.length} insoluti, Ri.Ba. due that day`);
      for (const r of rets) assert(p.oi.some((o, i) => kindOf.open_items.get(i) === 'riba_insoluto' && o.amt === -r.amt && r.text.includes(`FT ${o.x.seq}/2026 RATA ${o.x.rata}`)), `${tag}: insoluto names an open instalment`);
      const all = p.oi.filter((o) => o.x.tp === 'RB' && Number(o.x.due) === dayOfDmy(m?.[1] ?? '01/01/2000'));
      assert(all.length === O.length + rets.length, `${tag}: every Ri.Ba. instalment due that day is in the distinta`);
    }
    if (kind === 'bonifico_rata_cited') assert(S[0].text.includes(`RATA ${O[0].x.rata.replace('/', ' DI ')}`), `${tag}: the rata cited`);
    if (kind === 'bonifico_equal_rate') assert(twins(O[0]).every((t) => t.no === O[0].no), `${tag}: the twin is another instalment of the invoice`);
    if (w.name === 'it-fatturapa' && kind.startsWith('bonifico')) assert(S.every((s) => s.x.causale === 'BONIFICO A VOSTRO FAVORE'), `${tag}: causale`);
    if (w.name === 'us-ach-ctx' && S[0].x.ind) assert(S[0].x.ind === O[0].cust, `${tag}: IND ID = the customer's number`);
    if (kind.startsWith('ctx')) assert(S[0].x.add.startsWith('ST*820*'), `${tag}: CTX with an 820`);
    if (kind === 'ccd_plus_single') assert(/^RMR\*IV\*/.test(S[0].x.add), `${tag}: CCD+ addenda`);
    if (kind.startsWith('lockbox') || kind === 'ccd_no_addenda') assert(!S[0].x.add, `${tag}: no addenda`);
    if (kind.startsWith('lockbox')) assert(/^\d+$/.test(S[0].x.ck) && S[0].x.type === 'CHECK_DEPOSIT', `${tag}: a check number only`);
  }
  for (const [j, kind] of kindOf.statement) if (kind === 'check_returned' && p.st[j].amt < 0) {
    const s = p.st[j];
    assert(p.st.some((t) => t.x.ck === s.x.ck && t.amt === -s.amt && t.day < s.day) && p.oi.some((o, i) => kindOf.open_items.get(i) === 'check_returned' && o.amt === -s.amt), `${w.name}: NSF return of check ${s.x.ck} has its deposit and invoice`);
  }
  for (const [i, kind] of kindOf.open_items) {
    const o = p.oi[i];
    if (kind.startsWith('open_')) assert(o.credit, `${w.name}: ${o.no} open credit is a credit`);
    if (kind === 'unpaid_invoice' || kind === 'riba_not_due') assert(!o.credit, `${w.name}: ${o.no} unpaid is an invoice`);
    if (kind === 'riba_not_due') assert(o.x.tp === 'RB' && Number(o.x.due) + 2 >= Date.UTC(2026, 9, 31) / DAY, `${w.name}: ${o.no} Ri.Ba. not due in October`);
  }
}

void runSelfChecks(HELDOUT_V8_WORLDS, async (w) => check(w, w.name === 'au-bpay' ? parseAu(w) : w.name === 'it-fatturapa' ? await parseIt(w) : parseUs(w)));
