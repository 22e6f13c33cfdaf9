/**
 * Self-check for the ninth held-out set: generates each world twice (must be identical), reads both files
 * back with its own readers (the Windows-1252 Tripletex and DNB CSVs; the MYOB and ANZ CSVs; the Odoo .xlsx
 * through exceljs and the Stripe itemized CSV) and asserts that the truth covers every transaction row once,
 * that every group has both sides and one kind, that each kind's arithmetic holds (exact; part payments;
 * bank charges; ex-GST amounts; Stripe gross), that what a kind says the payer cited is there (and what it
 * says they did not cite is not), and that KID and account check digits, list totals, ageing columns, due
 * dates, the 12-character ANZ fields, Stripe's net = gross − fee, its fee schedule and payout sums are right.
 * Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v9/check.ts [--open-items 2000] [--seed 1] [--world no-kid] [--kinds]
 */
import ExcelJS from 'exceljs';
import type { World } from '../world';
import { assert, runSelfChecks } from '../self-check';
import { HELDOUT_V9_WORLDS } from './index';
import { kidValid, mod11, splitCsv, decodeSbcs } from './common';

const DAY = 86400000, REPORT = Date.UTC(2026, 10, 2) / DAY, OCT1 = Date.UTC(2026, 9, 1) / DAY, OCT31 = Date.UTC(2026, 9, 31) / DAY;
const dmy = (s: string, sep: string) => { const m = new RegExp(`^(\\d{1,2})\\${sep}(\\d{1,2})\\${sep}(\\d{4})$`).exec(s); if (!m) throw new Error(`bad date ${s}`); return Date.UTC(+m[3], +m[2] - 1, +m[1]) / DAY; };
/** "12 345,67" (no) / "$1,234.56" (nz) / "1234.56" (en) → cents. */
function cents(s: string, style: 'no' | 'nz' | 'en'): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  if (style === 'nz') { if (!t.startsWith('$')) throw new Error(`bad nz amount "${s}"`); t = t.slice(1); }
  const m = style === 'no' ? /^(\d{1,3}(?: \d{3})*),(\d\d)$/.exec(t) : style === 'nz' ? /^(\d{1,3}(?:,\d{3})*)\.(\d\d)$/.exec(t) : /^(\d+)\.(\d\d)$/.exec(t);
  if (!m) throw new Error(`bad ${style} amount "${s}"`);
  return (neg ? -1 : 1) * (Number(m[1].replace(/[ ,]/g, '')) * 100 + Number(m[2]));
}
const cites = (text: string, no: string) => new RegExp(`(^|\\D)${no.replace(/[/]/g, '\\/')}(\\D|$)`).test(text);

interface OI { amt: number; cust: string; no: string; credit: boolean; day: number; x: Record<string, string> }
interface ST { amt: number; day: number; text: string; x: Record<string, string> }
interface Parsed { oi: OI[]; st: ST[] }

// ---- no-kid -------------------------------------------------------------------------------------
function parseNo(w: World): Parsed {
  const ls = decodeSbcs(w.openItems.content as Buffer, 'windows-1252').split('\r\n');
  assert(ls[0] === 'Kundereskontro - åpne poster' && ls[3] === '' && ls[4] === 'Kundenr;Kundenavn;Bilagsnr;Fakturanr;Fakturadato;Forfallsdato;KID;Valuta;Beløp;Utestående', 'no: title lines and header');
  const oi: OI[] = [];
  let sum = 0, done = false, prevCust = 0;
  for (const l of ls.slice(5)) {
    if (!l) continue;
    const f = l.split(';');
    assert(f.length === 10, `no: 10 fields ${l}`);
    if (f[0] === 'Sum') { assert(cents(f[8], 'no') === sum && cents(f[9], 'no') === sum, 'no: Sum line adds up'); done = true; continue; }
    assert(!done && /^\d{5}$/.test(f[0]) && /^\d{5}$/.test(f[2]) && /^\d{6}$/.test(f[3]) && f[7] === 'NOK', `no: row ${l}`);
    assert(Number(f[0]) >= prevCust, 'no: sorted by customer'); prevCust = Number(f[0]);
    const amt = cents(f[8], 'no');
    assert(cents(f[9], 'no') === amt, `no: ${f[3]} open = original`);
    if (amt < 0) assert(f[6] === '', `no: credit note ${f[3]} without KID`);
    else assert(kidValid(f[6]) && f[6] === f[0] + f[3] + mod11(f[0] + f[3]), `no: KID ${f[6]} of ${f[0]}/${f[3]}`);
    const day = dmy(f[4], '.');
    assert(/^\d\d\.\d\d\.2026$/.test(f[4]) && dmy(f[5], '.') >= day, `no: dates ${f[4]} ${f[5]}`);
    sum += amt;
    oi.push({ amt, cust: f[0], no: f[3], credit: amt < 0, day, x: { kid: f[6], bilag: f[2] } });
  }
  assert(done && new Set(oi.map((o) => o.no)).size === oi.length && new Set(oi.map((o) => o.x.bilag)).size === oi.length, 'no: Sum line, numbers unique');
  const sl = decodeSbcs(w.statement.content as Buffer, 'windows-1252').split('\r\n').filter(Boolean);
  assert(sl[0] === '"Dato";"Forklaring";"Rentedato";"Uttak fra konto";"Innskudd på konto"', 'no: DNB header');
  const st: ST[] = [];
  let prev = Infinity;
  for (const l of sl.slice(1)) {
    const f = splitCsv(l, ';');
    assert(f.length === 5 && f[0] === f[2] && (f[3] === '') !== (f[4] === '') && /^\d+,\d\d$/.test(f[3] || f[4]), `no: DNB row ${l.slice(0, 90)}`);
    const day = dmy(f[0], '.'), amt = f[3] ? -Number(f[3].replace(',', '')) : Number(f[4].replace(',', ''));
    assert(day <= prev && day >= OCT1 && day <= OCT31, 'no: October, newest first');
    prev = day;
    const kid = /^KID-innbetaling (\S+) Fra: /.exec(f[1])?.[1] ?? '';
    if (f[1].startsWith('KID-innbetaling')) assert(kidValid(kid), `no: KID ${kid} valid`);
    const acct = /^Overføring (\d{4})\.(\d\d)\.(\d{5}) Fra: /.exec(f[1]);
    if (f[1].startsWith('Overføring ') && !f[1].startsWith('Overføring Fra:')) {
      const d = acct ? acct[1] + acct[2] + acct[3] : '', w10 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
      assert(!!acct && (11 - (w10.reduce((s, x, i) => s + x * Number(d[i]), 0) % 11)) % 11 === Number(d[10]), `no: payer account check digit ${f[1].slice(0, 40)}`);
    }
    st.push({ amt, day, text: f[1], x: { kid } });
  }
  return { oi, st };
}

// ---- nz-anz -------------------------------------------------------------------------------------
function parseNz(w: World): Parsed {
  const ls = (w.openItems.content as string).split('\r\n');
  assert(ls[1] === 'Aged Receivables [Detail]' && ls[3] === '' && ls[4].startsWith('Co./Last Name,Card ID,Invoice No.,Date,Customer PO,Terms,Due Date,Original Amount,Balance Due,Current'), 'nz: MYOB title lines and header');
  const oi: OI[] = [], tot = [0, 0, 0, 0, 0];
  let done = false;
  const cardOf = new Map<string, string>();
  for (const l of ls.slice(5)) {
    if (!l) continue;
    const f = splitCsv(l, ',');
    assert(f.length === 14, `nz: 14 fields ${l}`);
    if (f[0] === 'Total') { assert(f.slice(9).every((v, i) => cents(v, 'nz') === tot[i]) && cents(f[7], 'nz') === tot.reduce((s, t) => s + t, 0), 'nz: Total line adds up'); done = true; continue; }
    const amt = cents(f[7], 'nz'), day = dmy(f[3], '/'), due = dmy(f[6], '/');
    assert(!done && /^\d{8}$/.test(f[2]) && /^CUS\d{5}$/.test(f[1]) && f[5] === '20th after EOM' && cents(f[8], 'nz') === amt, `nz: row ${l}`);
    assert(/^\d{1,2}\/\d\d\/2026$/.test(f[3]) && !f[3].startsWith('0'), `nz: d/mm/yyyy ${f[3]}`);
    const [y, m] = [new Date(day * DAY).getUTCFullYear(), new Date(day * DAY).getUTCMonth()];
    assert(due === Date.UTC(y, m + 1, 20) / DAY, `nz: ${f[2]} due the 20th of the next month`);
    const filled = f.slice(9).map((v, i) => [v, i] as const).filter(([v]) => v !== ''), late = REPORT - due, b = late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : 4;
    assert(filled.length === 1 && filled[0][1] === b && cents(filled[0][0], 'nz') === amt, `nz: ${f[2]} in the right ageing column`);
    tot[b] += amt;
    assert((cardOf.get(f[0]) ?? f[1]) === f[1], `nz: one card ID per customer`); cardOf.set(f[0], f[1]);
    oi.push({ amt, cust: f[1], no: f[2], credit: amt < 0, day, x: { po: f[4], num: String(Number(f[2])) } });
  }
  assert(done && new Set(oi.map((o) => o.no)).size === oi.length, 'nz: Total line, numbers unique');
  const sl = (w.statement.content as string).split('\r\n').filter(Boolean);
  assert(sl[0] === 'Type,Details,Particulars,Code,Reference,Amount,Date,ForeignCurrencyAmount,ConversionCharge', 'nz: ANZ header');
  const st: ST[] = [];
  let prev = -Infinity;
  for (const l of sl.slice(1)) {
    const f = splitCsv(l, ',');
    assert(f.length === 9 && f[1].length <= 20 && [f[2], f[3], f[4]].every((v) => v.length <= 12 && v === v.trim()) && /^-?\d+\.\d\d$/.test(f[5]) && f[7] === '' && f[8] === '', `nz: ANZ row ${l}`);
    const day = dmy(f[6], '/');
    assert(day >= prev && day >= OCT1 && day <= OCT31 && /^\d\d\/\d\d\/2026$/.test(f[6]), 'nz: October, oldest first');
    prev = day;
    st.push({ amt: Math.round(Number(f[5]) * 100), day, text: `${f[2]} | ${f[3]} | ${f[4]}`, x: { type: f[0], det: f[1], p: f[2], c: f[3], r: f[4] } });
  }
  return { oi, st };
}

// ---- ie-stripe ----------------------------------------------------------------------------------
async function parseIe(w: World): Promise<Parsed> {
  const wb = new ExcelJS.Workbook();
  const xb = w.openItems.content as Buffer;
  await wb.xlsx.load(xb.buffer.slice(xb.byteOffset, xb.byteOffset + xb.length) as ArrayBuffer);
  const ws = wb.worksheets[0];
  const head = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  assert(head.join('|') === 'Number|Partner|Invoice/Bill Date|Due Date|Payment Reference|Currency|Untaxed Amount Signed|Total Signed|Amount Due Signed|Payment Status', `ie: Odoo header ${head.join('|')}`);
  const oi: OI[] = [];
  let prev = Infinity;
  for (let r = 2; r <= ws.rowCount; r++) {
    const v = (ws.getRow(r).values as unknown[]).slice(1);
    if (!v.length || v[0] == null) continue;
    const no = String(v[0]), d1 = v[2] as Date, d2 = v[3] as Date, total = Math.round(Number(v[7]) * 100), untaxed = Math.round(Number(v[6]) * 100);
    assert(d1 instanceof Date && d2 instanceof Date && d2 >= d1, `ie: ${no} real dates`);
    const day = Math.round((d1 as Date).getTime() / DAY);
    assert(day <= prev, 'ie: newest first'); prev = day;
    assert(/^INV\/2026\/\d{5}$/.test(no) ? total > 0 : /^RINV\/2026\/\d{5}$/.test(no) && total < 0, `ie: ${no} form and sign`);
    assert(Math.round(Number(v[8]) * 100) === total && v[5] === 'EUR' && v[9] === 'Not Paid', `ie: ${no} amount due = total, EUR, not paid`);
    assert(untaxed === total || untaxed === Math.round(total / 1.23), `ie: ${no} untaxed = total or total / 1.23`);
    assert(String(v[4]) === no || /^[0-9A-F]{8}-\d{4}$/.test(String(v[4])), `ie: ${no} payment reference ${v[4]}`);
    oi.push({ amt: total, cust: String(v[1]), no, credit: total < 0, day, x: { payref: String(v[4]) } });
  }
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'ie: numbers unique');
  const sl = (w.statement.content as string).split('\n').filter(Boolean);
  const H = sl[0].split(','), col = (f: string[], n: string) => f[H.indexOf(n)];
  assert(H[0] === 'balance_transaction_id' && H.length === 25, 'ie: Stripe header');
  const st: ST[] = [], payoutNet = new Map<string, number>(), payoutRow = new Map<string, number>(), charges = new Map<string, number>();
  let prevT = '';
  for (const l of sl.slice(1)) {
    const f = splitCsv(l, ',');
    const gross = cents(col(f, 'gross'), 'en'), fee = cents(col(f, 'fee'), 'en'), net = cents(col(f, 'net'), 'en'), cat = col(f, 'reporting_category'), t = col(f, 'created_utc');
    assert(f.length === 25 && net === gross - fee && col(f, 'currency') === 'eur', `ie: net = gross - fee ${l.slice(0, 90)}`);
    assert(t >= prevT && col(f, 'available_on_utc') >= t && t.startsWith('2026-10-'), 'ie: October, in time order, available after created'); prevT = t;
    const pm = col(f, 'payment_method_type');
    if (cat === 'charge') {
      const want = pm === 'card' ? [0.015, 0.025, 0.0325].map((r) => Math.round(gross * r) + 25) : pm === 'sepa_debit' || pm === 'bancontact' ? [35] : pm === 'ideal' ? [29] : [];
      assert(want.includes(fee), `ie: ${pm} fee ${fee} on ${gross}`);
      charges.set(col(f, 'charge_id'), gross);
    }
    if (cat === 'payout') { assert(fee === 0 && /^po_/.test(col(f, 'source_id')), 'ie: payout row'); payoutRow.set(col(f, 'source_id'), -gross); }
    else if (col(f, 'automatic_payout_id')) payoutNet.set(col(f, 'automatic_payout_id'), (payoutNet.get(col(f, 'automatic_payout_id')) ?? 0) + net);
    if (cat === 'dispute' || cat === 'payment_failure_refund') assert(charges.get(col(f, 'charge_id')) === -gross && fee === (cat === 'dispute' ? 2000 : 750), `ie: ${cat} reverses an earlier charge, with its fee`);
    const day = Date.UTC(+t.slice(0, 4), +t.slice(5, 7) - 1, +t.slice(8, 10)) / DAY;
    st.push({ amt: gross, day, text: `${col(f, 'description')} | ${col(f, 'invoice_number')}`, x: { cat, cus: col(f, 'customer_id'), invNo: col(f, 'invoice_number'), desc: col(f, 'description'), name: col(f, 'customer_name'), email: col(f, 'customer_email') } });
  }
  for (const [po, net] of payoutRow) assert(payoutNet.get(po) === net, `ie: payout ${po} = Σ net of its rows`);
  return { oi, st };
}

// ---- truth ---------------------------------------------------------------------------------------
const EXACT = new Set(['kid_exact', 'kid_two_invoices', 'melding_invoice', 'melding_multi', 'melding_credit_netted', 'melding_typo', 'name_only', 'name_only_equal_amounts',
  'ref_in_reference', 'ref_in_particulars', 'po_only', 'multi_across_fields', 'multi_truncated', 'credit_netted', 'statement_balance', 'hire_auto_payment_equal', 'ref_typo',
  'odoo_portal_ref', 'odoo_portal_multi', 'stripe_invoice_synced', 'stripe_customer_only', 'subscription_equal_months', 'refund_credit_note']);
const PART = new Set(['kid_part', 'part_payment', 'payment_link_part']);
/** Kinds whose line cites no document on the list. */
const SILENT = new Set(['name_only', 'name_only_equal_amounts', 'statement_balance', 'hire_auto_payment_equal', 'po_only', 'stripe_customer_only', 'subscription_equal_months', 'refund_credit_note']);
/** Kinds whose line cites every document of the group. */
const ALL_CITED = new Set(['kid_exact', 'kid_part', 'melding_invoice', 'melding_multi', 'melding_credit_netted', 'foreign_fee_short', 'ref_in_reference', 'ref_in_particulars', 'multi_across_fields', 'credit_netted', 'gst_exclusive_short', 'part_payment', 'odoo_portal_ref', 'odoo_portal_multi', 'payment_link_part', 'stripe_invoice_synced']);
const TYPO = new Set(['melding_typo', 'ref_typo']);
const AMBIGUOUS = new Set(['name_only_equal_amounts', 'hire_auto_payment_equal', 'subscription_equal_months']);
const UNPAID = new Set(['unpaid_invoice', 'open_credit_note', 'charge_disputed', 'sepa_debit_failed']);

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
    if (t.group === null) { assert(t.side === 'statement' ? t.kind.startsWith('noise_') || UNPAID.has(t.kind) : UNPAID.has(t.kind) || !!t.ambiguous, `${w.name}: ${t.side} ${t.row} ${t.kind} without a group`); continue; }
    const g = groups.get(t.group) ?? { oi: [], st: [], kinds: new Set<string>(), amb: false };
    groups.set(t.group, g);
    (t.side === 'open_items' ? g.oi : g.st).push(t.row - 1);
    g.kinds.add(t.kind);
    g.amb ||= !!t.ambiguous;
  }
  assert(seen.open_items.size === p.oi.length && seen.statement.size === p.st.length, `${w.name}: truth covers ${seen.open_items.size}/${p.oi.length} open items, ${seen.statement.size}/${p.st.length} statement rows`);
  const byCust = new Map<string, OI[]>();
  for (const o of p.oi) byCust.set(o.cust, [...(byCust.get(o.cust) ?? []), o]);
  const citesDoc = (text: string, o: OI): boolean =>
    w.name === 'no-kid' ? cites(text, o.no) || (!!o.x.kid && text.includes(o.x.kid)) : w.name === 'nz-anz' ? cites(text, '0*' + o.x.num) : cites(text, o.no) || (o.x.payref !== o.no && text.includes(o.x.payref));
  const cusOf = new Map<string, string>(), custOfCus = new Map<string, string>();
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind (${[...g.kinds]})`); continue; }
    const kind = [...g.kinds][0], tag = `${w.name} ${id} (${kind})`;
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0), text = S.map((s) => s.text).join(' | ');
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (PART.has(kind)) assert(P > 0 && P / I >= 0.25 && P / I <= 0.75, `${tag}: part ${P}/${I}`);
    else if (kind === 'foreign_fee_short') assert([5000, 7500, 10000, 15000].includes(I - P) && S[0].text.startsWith('Innbetaling fra utlandet'), `${tag}: short of a bank charge ${I - P}`);
    else if (kind === 'gst_exclusive_short') assert(P === Math.round(I / 1.15), `${tag}: paid before GST ${P}/${I}`);
    else assert(false, `${tag}: unknown group kind`);
    assert(S.length === 1 && new Set(O.map((o) => o.cust)).size === 1, `${tag}: one line, one customer`);
    const mine = byCust.get(O[0].cust) ?? [];
    if (['melding_credit_netted', 'credit_netted'].includes(kind)) assert(O.some((o) => o.credit) && O.some((o) => !o.credit), `${tag}: an invoice and a credit note`);
    else if (kind === 'refund_credit_note') assert(O.length === 1 && O[0].credit && S[0].x.cat === 'refund', `${tag}: a credit note and a refund`);
    else assert(O.every((o) => !o.credit), `${tag}: no credit`);
    const twins = (o: OI) => p.oi.filter((x, i) => x !== o && x.amt === o.amt && ambOf.get(i) && !g.oi.includes(i) && x.cust === o.cust);
    if (AMBIGUOUS.has(kind)) assert(g.amb && O.length === 1 && twins(O[0]).length >= 1, `${tag}: ambiguous with a twin`);
    else assert(!g.amb, `${tag}: not ambiguous`);
    if (['name_only', 'stripe_customer_only', 'po_only'].includes(kind)) assert(mine.filter((o) => o.amt === I).length === 1, `${tag}: amount unique for the customer`);
    if (kind === 'statement_balance') assert(!mine.some((o) => o.amt === P), `${tag}: no single document of the customer has the total`);
    if (SILENT.has(kind)) { for (const o of (kind === 'refund_credit_note' ? p.oi : mine)) assert(!citesDoc(text, o), `${tag}: no document cited: ${text}`); }
    else if (TYPO.has(kind)) assert(!mine.some((o) => citesDoc(text, o)), `${tag}: neither the number nor another of the customer's: ${text}`);
    else if (ALL_CITED.has(kind)) assert(O.every((o) => citesDoc(text, o)), `${tag}: every document cited: ${text}`);
    else if (kind === 'kid_two_invoices') assert(O.filter((o) => citesDoc(text, o)).length === 1 && O.some((o) => o.x.kid === S[0].x.kid), `${tag}: the KID of one of the two: ${text}`);
    else if (kind === 'multi_truncated') assert(citesDoc(text, O[0]) || O.some((o) => citesDoc(text, o)), `${tag}: an invoice cited: ${text}`);
    // Per-world specifics.
    if (kind.startsWith('kid_')) assert(!!S[0].x.kid && O.some((o) => o.x.kid === S[0].x.kid), `${tag}: KID of the group`);
    if (kind === 'po_only') assert(!!O[0].x.po && S[0].x.r === O[0].x.po, `${tag}: the customer's PO in Reference`);
    if (kind === 'statement_balance') {
      const sep = mine.filter((o) => o.day >= Date.UTC(2026, 8, 1) / DAY && o.day <= Date.UTC(2026, 8, 30) / DAY);
      assert(S[0].x.p === O[0].cust && sep.length === O.length && O.every((o) => sep.includes(o)), `${tag}: card ID cited, every September invoice of the customer`);
    }
    if (kind === 'hire_auto_payment_equal') assert(S[0].x.type === 'Automatic Payment' && O[0].x.po === 'HIRE', `${tag}: automatic payment for hire`);
    if (w.name === 'ie-stripe') {
      assert(S[0].x.cat === (kind === 'refund_credit_note' ? 'refund' : 'charge') && !!S[0].x.cus, `${tag}: a ${S[0].x.cat} with a customer`);
      const c0 = custOfCus.get(S[0].x.cus), k0 = cusOf.get(O[0].cust);
      assert((!c0 || c0 === O[0].cust) && (!k0 || k0 === S[0].x.cus), `${tag}: one Stripe customer per Odoo partner`);
      custOfCus.set(S[0].x.cus, O[0].cust); cusOf.set(O[0].cust, S[0].x.cus);
      if (kind === 'odoo_portal_ref') assert(S[0].x.desc.startsWith(O[0].no + '-') && !S[0].x.invNo, `${tag}: Odoo transaction reference`);
      if (kind === 'stripe_invoice_synced') assert(S[0].x.invNo === O[0].x.payref && O[0].x.payref !== O[0].no, `${tag}: Stripe invoice number = Odoo Payment Reference`);
      if (['stripe_customer_only', 'subscription_equal_months'].includes(kind)) assert(!!S[0].x.invNo && O.every((o) => o.x.payref === o.no), `${tag}: Stripe invoice number not in Odoo`);
    }
  }
  // Noise lines cite no document on the list (no number, KID or Odoo number; no Stripe customer).
  const docs = new Set<string>();
  for (const o of p.oi) { docs.add(w.name === 'nz-anz' ? o.x.num : o.no); if (o.x.kid) docs.add(o.x.kid.replace(/-$/, '')); }
  for (const [j, kind] of kindOf.statement) if (kind.startsWith('noise_')) {
    const s = p.st[j], nums = (s.text.match(/\d+/g) ?? []).map((d) => (w.name === 'nz-anz' ? String(Number(d)) : d));
    assert(!nums.some((d) => docs.has(d)) && !/\bR?INV\/2026\//.test(s.text) && !s.x.cus, `${w.name}: noise line cites nothing on the list: ${s.text}`);
  }
  // Disputes and failed debits: invoice, charge and reversal, none in a group.
  if (w.name === 'ie-stripe') for (const [j, kind] of kindOf.statement) if (kind === 'charge_disputed' || kind === 'sepa_debit_failed') {
    const s = p.st[j];
    if (s.amt < 0) assert(p.oi.some((o, i) => kindOf.open_items.get(i) === kind && o.amt === -s.amt), `${w.name}: ${kind} reversal has its invoice`);
    else assert(p.oi.some((o, i) => kindOf.open_items.get(i) === kind && o.amt === s.amt && (kind === 'sepa_debit_failed' ? !!s.x.invNo : s.x.desc.startsWith(o.no + '-'))), `${w.name}: ${kind} charge names its invoice (${s.x.desc})`);
  }
  for (const [i, kind] of kindOf.open_items) {
    const o = p.oi[i];
    if (kind === 'open_credit_note') assert(o.credit, `${w.name}: ${o.no} open credit is a credit`);
    if (kind === 'unpaid_invoice') assert(!o.credit, `${w.name}: ${o.no} unpaid is an invoice`);
  }
}

void runSelfChecks(HELDOUT_V9_WORLDS, async (w) => check(w, w.name === 'no-kid' ? parseNo(w) : w.name === 'nz-anz' ? parseNz(w) : await parseIe(w)));
