/**
 * in-au-mixed — Kaveri Agritech: an Indian company (Kaveri Agritech Pvt Ltd, Pune) and its
 * Australian subsidiary (Kaveri Agritech Pty Ltd, Melbourne) whose receivables are kept by one
 * shared-service team in Pune on one ERP. The team exports one open-items list for both entities
 * and reconciles it against each entity's bank account.
 *
 * The World contract has one statement file, so the world comes in two registered variants built
 * from the same generator and seed: the open-items file is byte-identical in both;
 *   `in-au-mixed`     — the statement is the Indian bank's (INR account),
 *   `in-au-mixed-au`  — the statement is the Australian bank's (AUD account).
 * In each, the other entity's open items are on the list but cannot be paid on this account
 * (kind `other_entity_item`, no group).
 *
 * Open items (`,`, quoted where needed, UTF-8): `Entity,Voucher Date,Voucher No,Voucher Type,
 * Party Name,GSTIN/ABN,Currency,Bill Amount,Pending Amount,Due On,Customer Ref` — dates dd-Mon-yyyy
 * (`15-Mar-2026`), every amount (INR and AUD alike) in Indian digit grouping with a Dr/Cr suffix
 * (`"1,23,456.50 Dr"`, credit notes `"12,000.00 Cr"`), Indian invoices `GST/25-26/00123` numbered
 * per financial year (April–March, so `GST/26-27/00001` starts again on 1 April; a few old
 * `GST/24-25/…`), credit notes `CN/25-26/00012`; Australian invoices `INV-AU-00042` and credit notes
 * `CN-AU-00007` in one running series. Party ids: a GSTIN (valid check character) or an ABN (valid
 * mod-89). Some Indian invoices were part-paid earlier: Pending Amount < Bill Amount.
 *
 * Indian bank (`in-au-mixed-bank-statement.csv`, HDFC-like): `Txn Date,Value Date,Description,
 * Ref No./Cheque No.,Debit,Credit,Balance`, dd/mm/yy, plain amounts, Debit or Credit empty, oldest
 * first. Narrations `NEFT-<UTR>-<REMITTER NAME>-<remarks>`, `RTGS-<UTR>-<NAME>-<remarks>`,
 * `IMPS-<RRN>-<NAME>-<bank>-XXXXXXXX1234-<remarks>`, `UPI-<NAME>-<vpa>-<IFSC>-<RRN>-<remarks>`,
 * `CHQ DEP - MICR CTS - PUNE` (no name; the cheque number in Ref No.). Business customers deduct
 * TDS (1 % or 2 % of the taxable value, i.e. the invoice / 1.18, rounded to the rupee), so those
 * payments are 0.8–2 % short, `TDS` written in the remarks sometimes. Names cut at 35 characters.
 *
 * Australian bank (`in-au-mixed-au-transactions.csv`, CommBank-like): `Date,Amount,Description,
 * Balance`, dd/mm/yyyy, signed amounts `+1234.50` / `-12.00`, oldest first. `DIRECT CREDIT
 * <6-digit user id> <REMITTER ≤16 chars> <lodgement ref ≤18 chars>`, `FAST TRANSFER FROM <NAME>
 * <text>` (Osko), `BPAY CREDIT BILLER 254987 CRN <crn>` where the CRN is the invoice sequence
 * padded to 6 digits plus a Luhn check digit (INV-AU-00042 → 0000424), no name; reversals of
 * direct credits, fees, ATO payments by BPAY (with a CRN of their own), payroll, suppliers.
 *
 * Kinds — Indian side:
 *   exact_reference      the full invoice number in the remarks (`GST/25-26/00123`, sometimes
 *                        without slashes `GST2526 00123`).
 *   reference_in_text    `INV 123`, `BILL NO 123`, `INV00123`, `PYMT AGST INV 123 DT 12.03.26`, `GST-25-26-123`.
 *   tds_short            1–2 invoices paid less TDS (1 or 2 % of invoice/1.18), `TDS` written half the time.
 *   multi_invoice        2–4 invoices in one NEFT/RTGS naming them.
 *   credit_note_netted   1–2 invoices minus a credit note, naming them.
 *   part_payment         `ADVANCE` / `PART PMT INV 123` / `ON ACCOUNT INV 123`: 30–70 %.
 *   balance_of_part_paid an invoice part-paid earlier (Pending < Bill); the payment is the pending amount.
 *   payer_name_only      UPI/IMPS/NEFT with `PAYMENT` or nothing; amount unique among the payer's items.
 *   cheque_amount_only   a cheque deposit (no name, no invoice); amount unique among all INR items.
 *   ambiguous_equal_amounts payer only, and the payer has a second open invoice of that amount.
 *   returned_payment     a cheque deposit and, days later, `CHQ RETURN - FUNDS INSUFFICIENT` for the
 *                        same cheque number; invoice and both lines no group (a return fee is noise).
 *   unpaid_invoice, open_credit_note, other_entity_item (AUD items)        no group.
 *   noise_bank_fee, noise_gst_tax, noise_salary, noise_supplier              no group.
 * Kinds — Australian side:
 *   bpay_crn             BPAY credit with the invoice's CRN (check digit), no name.
 *   exact_reference      DIRECT CREDIT / FAST TRANSFER with `INV-AU-00042`.
 *   reference_in_text    `INV 42`, `INVAU42`, `INV00042`, `INVOICE 42`, `PMT INV-42`.
 *   multi_invoice, credit_note_netted, part_payment, payer_name_only, ambiguous_equal_amounts as above.
 *   returned_payment     a DIRECT CREDIT naming the invoice and later `DIRECT CREDIT REVERSAL <id>
 *                        <NAME>` for the same amount; invoice and both lines no group.
 *   unpaid_invoice, open_credit_note, other_entity_item (INR items)        no group.
 *   noise_bank_fee, noise_ato, noise_payroll, noise_supplier, noise_interest  no group.
 */
import type { World, WorldGenerator, WorldTruthRow } from '../world';
import { Rng, dayOf, pad, ymd } from './prng';

type Ent = 'IN' | 'AU';
interface Cust { ent: Ent; name: string; bank: string; id: string; apca: string; vpa: string; bankCode: string; tds: boolean }
interface Doc { c: Cust; day: number; due: number; bill: number; pend: number; cn: boolean; no: string; fy: string; seq: number; ref: string; gIn: string | null; gAu: string | null; kind: string; amb?: boolean }
interface Line { day: number; vday: number; amt: number; text: () => string; ref: () => string; g: string | null; kind: string; amb?: boolean }

const D0 = dayOf(2026, 3, 2), SPAN = 60; // 02/03/2026 … 30/04/2026
const FY_START = dayOf(2026, 4, 1);
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dMon = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}-${MON[m - 1]}-${y}`; };
const dmy = (d: number) => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}/${pad(m, 2)}/${y}`; };
const dmyy = (d: number) => dmy(d).replace(/\/20(\d\d)$/, '/$1');
const wd = (d: number) => new Date(d * 86400000).getUTCDay();
const biz = (d: number) => (wd(d) === 6 ? d + 2 : wd(d) === 0 ? d + 1 : d);
const plain = (c: number) => Math.floor(Math.abs(c) / 100) + '.' + pad(Math.abs(c) % 100, 2);
const signed = (c: number) => (c < 0 ? '-' : '+') + plain(c);
/** Indian digit grouping: 12345650 → "1,23,456.50". */
export function indian(c: number): string {
  const s = String(Math.floor(Math.abs(c) / 100));
  const head = s.length > 3 ? s.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',') + ',' : '';
  return head + s.slice(-3) + '.' + pad(Math.abs(c) % 100, 2);
}
/** Financial year label of a day: 1 Apr 2025 … 31 Mar 2026 → "25-26". */
const fyOf = (d: number) => { const [y, m] = ymd(d); const s = m >= 4 ? y : y - 1; return `${String(s).slice(2)}-${String(s + 1).slice(2)}`; };
/** Luhn check digit of a digit string. */
export function luhn(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) { let v = Number(s[s.length - 1 - i]); if (i % 2 === 0) { v *= 2; if (v > 9) v -= 9; } sum += v; }
  return (10 - (sum % 10)) % 10;
}
export const crnOf = (seq: number) => pad(seq, 6) + luhn(pad(seq, 6));
const GST_CH = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** GSTIN check character (mod 36, weights 1/2 alternating from the left). */
export function gstinCheck(s14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) { const p = GST_CH.indexOf(s14[i]) * (i % 2 === 0 ? 1 : 2); sum += Math.floor(p / 36) + (p % 36); }
  return GST_CH[(36 - (sum % 36)) % 36];
}
const ABN_W = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
export const abnValid = (abn: string) => { const d = abn.replace(/\s/g, '').split('').map(Number); d[0] -= 1; return d.reduce((s, v, i) => s + v * ABN_W[i], 0) % 89 === 0; };

const IN_A = ['Shree Ganesh', 'Patil', 'Deccan', 'Sahyadri', 'Kulkarni', 'Godavari', 'Krishna Valley', 'Jadhav', 'Bhosale', 'Shinde', 'Annapurna', 'Vidarbha', 'Malwa', 'Narmada', 'Kaveri Delta', 'Reddy', 'Sai Kripa', 'Om Sai', 'Mahalaxmi', 'Gujarat'];
const IN_B = ['Agro Traders', 'Krishi Seva Kendra', 'Seeds', 'Farmers Producer Co', 'Agri Inputs', 'Fertilisers', 'Irrigation Systems', 'Agro Industries', 'Cold Storage', 'Dairy & Agro'];
const IN_F = ['Pvt Ltd', 'Pvt Ltd', 'Pvt. Ltd.', 'Ltd', 'LLP', '& Sons', 'Enterprises'];
const AU_A = ['Murray Valley', 'Riverina', 'Gippsland', 'Goulburn', 'Mallee', 'Darling Downs', 'Barossa', 'Hunter Valley', 'Wimmera', 'Nguyen', 'Smith', 'O\'Brien', 'Mackay', 'Atherton', 'Sunraysia', 'Yarra Valley'];
const AU_B = ['Orchards', 'Grain Co', 'Horticulture', 'Farm Supplies', 'Growers', 'Irrigation', 'Rural Merchandise', 'Agricultural Services', 'Produce'];
const AU_F = ['Pty Ltd', 'Pty Ltd', 'Pty Ltd', 'Pty. Ltd.', 'Co-operative Ltd'];
const IN_BANKS = ['HDFC', 'SBIN', 'ICIC', 'UTIB', 'KKBK', 'BARB', 'PUNB', 'MAHB'];
const STATES = ['27', '27', '27', '29', '24', '36', '33', '23'];

interface Built { openItems: string; inRows: { text: string; line: Line }[]; auRows: { text: string; line: Line }[]; docs: Doc[] }

function build(seed: number, openItems: number): Built {
  const rng = new Rng(seed * 104729 + 3232);
  const custs: Cust[] = [], taken = new Set<string>();
  const nCust = Math.max(50, Math.round(openItems / 6));
  while (custs.length < nCust) {
    const ent: Ent = custs.length < 2 ? (custs.length ? 'AU' : 'IN') : rng.chance(0.38) ? 'AU' : 'IN';
    let name = ent === 'IN' ? `${rng.pick(IN_A)} ${rng.pick(IN_B)} ${rng.pick(IN_F)}` : rng.chance(0.12) ? `${rng.pick(AU_A)} Family Trust` : `${rng.pick(AU_A)} ${rng.pick(AU_B)} ${rng.pick(AU_F)}`;
    if (ent === 'IN' && rng.chance(0.1)) name = `M/s ${name}`;
    for (let k = 2; taken.has(name); k++) name = name.replace(/^(\S+)/, `$1 ${ent === 'IN' ? rng.pick(['Pune', 'Nashik', 'Satara', 'Nagpur', 'Indore', 'Surat', 'Hubli']) : rng.pick(['Mildura', 'Shepparton', 'Griffith', 'Toowoomba', 'Bendigo'])}${k > 6 ? ' ' + k : ''}`);
    taken.add(name);
    const up = name.toUpperCase().replace(/[^A-Z0-9&/ ]/g, ' ').replace(/\s+/g, ' ').trim();
    let id: string;
    if (ent === 'IN') {
      const pan = Array.from({ length: 3 }, () => GST_CH[rng.int(10, 35)]).join('') + rng.pick(['C', 'C', 'F', 'P']) + up.replace(/^M\/S /, '')[0] + pad(rng.int(1, 9999), 4) + GST_CH[rng.int(10, 35)];
      const s14 = rng.pick(STATES) + pan + String(rng.int(1, 3)) + 'Z';
      id = s14 + gstinCheck(s14);
    } else {
      for (;;) {
        const tail = pad(rng.int(0, 999999999), 9), w = tail.split('').reduce((s, v, i) => s + Number(v) * ABN_W[i + 2], 0);
        const pre = Array.from({ length: 90 }, (_, k) => k + 10).find((p) => ((Math.floor(p / 10) - 1) * 10 + (p % 10) + w) % 89 === 0);
        if (pre) { const a = String(pre) + tail; id = `${a.slice(0, 2)} ${a.slice(2, 5)} ${a.slice(5, 8)} ${a.slice(8)}`; break; }
      }
    }
    custs.push({ ent, name, bank: up.slice(0, ent === 'IN' ? 35 : 16).trim(), id: id!, apca: pad(rng.int(1, 999999), 6), vpa: `${up.replace(/[^A-Z]/g, '').slice(0, 10).toLowerCase()}@ok${rng.pick(['hdfcbank', 'sbi', 'icici', 'axis'])}`, bankCode: rng.pick(IN_BANKS), tds: ent === 'IN' && rng.chance(0.55) });
  }
  const inC = custs.filter((c) => c.ent === 'IN'), auC = custs.filter((c) => c.ent === 'AU'), tdsC = inC.filter((c) => c.tds);
  if (!tdsC.length) { inC[0].tds = true; tdsC.push(inC[0]); }
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.6)))];

  const usedIn = new Set<number>();
  const docs: Doc[] = [], inL: Line[] = [], auL: Line[] = [];
  const byCust = new Map<Cust, Doc[]>();
  const amount = (e: Ent) => (e === 'IN' ? rng.amountCents(5000, 2500000) : rng.amountCents(150, 60000));
  const doc = (c: Cust, day: number, cents: number, g: string | null, kind: string, cn = false): Doc => {
    const s = cn ? -cents : cents;
    const d: Doc = { c, day, due: cn ? day : day + rng.pick(c.ent === 'IN' ? [30, 45, 60] : [14, 30, 30]), bill: s, pend: s, cn, no: '', fy: c.ent === 'IN' ? fyOf(day) : 'AU', seq: 0, ref: !cn && rng.chance(0.3) ? (c.ent === 'IN' ? `PO/${rng.pick(['2526', '2627'])}/${pad(rng.int(1, 9999), 4)}` : `PO ${rng.digits(6)}`) : '', gIn: c.ent === 'IN' ? g : null, gAu: c.ent === 'AU' ? g : null, kind, amb: undefined };
    docs.push(d);
    byCust.set(c, [...(byCust.get(c) ?? []), d]);
    if (c.ent === 'IN') usedIn.add(cents);
    return d;
  };
  const uniqueFor = (c: Cust) => { for (;;) { const a = amount(c.ent); if (a % 1000 !== 0 && !(byCust.get(c) ?? []).some((d) => Math.abs(d.pend) === a)) return a; } };
  const uniqueGlobal = () => { for (;;) { const a = amount('IN'); if (a % 1000 !== 0 && !usedIn.has(a)) return a; } };
  const days: number[] = [];
  for (let d = D0; d < D0 + SPAN; d++) if (biz(d) === d) days.push(d);
  const last = D0 + SPAN - 1;

  // Indian narrations.
  const utr = (day: number, kind: 'N' | 'R') => { const [y, m, dd] = ymd(day); return `${rng.pick(IN_BANKS)}${kind}5${y}${pad(m, 2)}${pad(dd, 2)}${rng.digits(kind === 'N' ? 5 : 8)}`; };
  const inRef = (d: Doc, k = rng.int(0, 7)) => [`INV ${d.seq}`, `BILL NO ${d.seq}`, `INV${pad(d.seq, 5)}`, `PYMT AGST INV ${d.seq} DT ${dmy(d.day).replace(/\//g, '.').replace(/\.20(\d\d)$/, '.$1')}`, `GST-${d.fy}-${d.seq}`, `INVOICE NO ${pad(d.seq, 5)}`, `INV NO.${d.seq}`, `BILL ${pad(d.seq, 5)}`][k];
  const inFull = (d: Doc) => (rng.chance(0.75) ? d.no : d.no.replace(/\//g, ' ').replace(/-/g, '').replace(/^GST (\d+) /, 'GST$1 '));
  const channel = (amt: number) => (amt >= 20000000 ? 'RTGS' : amt >= 200000 && rng.chance(0.7) ? 'NEFT' : amt <= 10000000 && rng.chance(0.5) ? 'UPI' : rng.chance(0.5) ? 'IMPS' : 'NEFT');
  const inPay = (day: number, amt: number, c: Cust, remarks: () => string, g: string | null, kind: string, amb?: boolean) => {
    const ch = channel(amt);
    let ref = '';
    const text = () => {
      const r = remarks().toUpperCase().slice(0, ch === 'UPI' ? 30 : 35);
      if (ch === 'RTGS' || ch === 'NEFT') { ref = utr(day, ch === 'RTGS' ? 'R' : 'N'); return `${ch}-${ref}-${c.bank}${r ? '-' + r : ''}`; }
      ref = rng.digits(12);
      if (ch === 'IMPS') return `IMPS-${ref}-${c.bank.slice(0, 20).trim()}-${c.bankCode}-XXXXXXXX${rng.digits(4)}-${r || 'NA'}`;
      return `UPI-${c.bank.replace(/ /g, '').slice(0, 20)}-${c.vpa}-${c.bankCode}0${rng.digits(6)}-${ref}-${r || 'PAYMENT FROM PHONE'}`;
    };
    inL.push({ day, vday: day, amt, text, ref: () => (ch === 'UPI' ? '0000' + ref : ch === 'IMPS' ? ref : ref), g, kind, amb });
  };
  // Australian descriptions.
  const auRef = (d: Doc, k = rng.int(0, 5)) => [`INV ${d.seq}`, `INVAU${d.seq}`, `INV${pad(d.seq, 5)}`, `INVOICE ${d.seq}`, `PMT INV-${d.seq}`, `KAVERI ${d.seq}`][k];
 const auPay = (day: number, amt: number, c: Cust, ref: () => string, g: string | null, kind: string, amb?: boolean, force?: () => 'dc' | 'osko' | undefined) => {
    auL.push({ day, vday: day, amt, text: () => ((force?.() ?? (rng.chance(0.3) ? 'osko' : 'dc')) === 'osko' ? `FAST TRANSFER FROM ${c.bank.length < 16 ? c.bank : c.name.toUpperCase().slice(0, 28)} ${ref()}`.trim() : `DIRECT CREDIT ${c.apca} ${c.bank} ${ref().slice(0, 18)}`.trim()), ref: () => '', g, kind, amb });
  };

  let gid = 0;
  while (docs.length < openItems) {
    const ent: Ent = rng.chance(0.38) ? 'AU' : 'IN';
    const kind = ent === 'IN'
      ? rng.weighted({ exact_reference: 16, reference_in_text: 16, tds_short: 14, multi_invoice: 5, credit_note_netted: 3, part_payment: 3, balance_of_part_paid: 2, payer_name_only: 4, cheque_amount_only: 3, ambiguous_equal_amounts: 1, returned_payment: 1.5, unpaid_invoice: 12, open_credit_note: 0.8 })
      : rng.weighted({ bpay_crn: 15, exact_reference: 12, reference_in_text: 10, multi_invoice: 4, credit_note_netted: 2, part_payment: 2, payer_name_only: 4, ambiguous_equal_amounts: 1, returned_payment: 1.5, unpaid_invoice: 12, open_credit_note: 0.8 });
    const g = `${ent.toLowerCase()}${++gid}`, pd = rng.pick(days);
    const c = kind === 'tds_short' ? skew(tdsC) : skew(ent === 'IN' ? inC.filter((x) => !x.tds || kind === 'unpaid_invoice' || kind === 'open_credit_note' || kind === 'cheque_amount_only' || kind === 'returned_payment') : auC);
    const inv = (k: string = kind, gg: string | null = g, cents = amount(ent), day = pd - rng.int(7, 80)) => doc(c, day, cents, gg, k);
    const sum = (ds: Doc[]) => ds.reduce((s, d) => s + d.pend, 0);
    if (ent === 'IN') switch (kind) {
      case 'exact_reference': { const d = inv(); inPay(pd, d.pend, c, () => `${rng.pick(['', '', 'PAYMENT ', 'AGST '])}${inFull(d)}`, g, kind); break; }
      case 'reference_in_text': { const d = inv(); inPay(pd, d.pend, c, () => inRef(d), g, kind); break; }
      case 'tds_short': {
        const ds = Array.from({ length: rng.chance(0.2) ? 2 : 1 }, () => inv()), rate = rng.pick([1, 2, 2]);
        const tds = ds.reduce((s, d) => s + Math.round((d.pend / 1.18) * rate / 100 / 100) * 100, 0);
        const said = rng.chance(0.5);
        inPay(pd, sum(ds) - tds, c, () => {
          const tail = said ? rng.pick([' LESS TDS', ` TDS ${rate}%`, ' NET OF TDS', ` TDS ${plain(tds).replace(/\.00$/, '')}`]) : '';
          const full = `${ds.map((d) => (rng.chance(0.5) ? inRef(d, 0) : inFull(d))).join(' ')}${tail}`;
          return full.length <= 30 ? full : `${ds.map((d) => inRef(d, 0)).join(' ')}${tail}`;
        }, g, kind);
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => inv());
        const cn = kind === 'credit_note_netted' ? doc(c, pd - rng.int(3, 30), Math.round(sum(ds) * (0.04 + rng.next() * 0.3)), g, kind, true) : undefined;
        // The remarks field shows 35 characters: a list that would not fit is written by sequence numbers.
        inPay(pd, sum(ds) + (cn?.pend ?? 0), c, () => {
          const head = rng.pick(['INV ', 'BILLS ', '']), sep = rng.pick([' ', ',', '/']), tail = cn ? ` LESS CN ${cn.seq}` : '';
          const full = `${head}${ds.map((d) => (rng.chance(0.4) ? d.no : String(d.seq))).join(sep)}${tail}`;
          return full.length <= 30 ? full : `${head}${ds.map((d) => String(d.seq)).join(sep)}${tail}`;
        }, g, kind);
        break;
      }
      case 'part_payment': { const d = inv(); inPay(pd, Math.round(d.pend * (0.3 + rng.next() * 0.4) / 100) * 100, c, () => `${rng.pick(['ADVANCE AGST', 'PART PMT', 'ON ACCOUNT', 'PART PAYMENT'])} ${inRef(d, rng.int(0, 2))}`, g, kind); break; }
      case 'balance_of_part_paid': { const d = inv(kind, g, amount('IN'), pd - rng.int(40, 90)); d.pend = d.bill - Math.round(d.bill * (0.2 + rng.next() * 0.5) / 100) * 100; usedIn.add(d.pend); inPay(pd, d.pend, c, () => `${rng.pick(['BAL PMT ', 'BALANCE ', 'FINAL PMT '])}${inRef(d, rng.int(0, 2))}`, g, kind); break; }
      case 'payer_name_only': { const d = inv(kind, g, uniqueFor(c)); inPay(pd, d.pend, c, () => rng.pick(['', 'PAYMENT', 'KAVERI AGRITECH', 'BILL PAYMENT', 'TRANSFER']), g, kind); break; }
      case 'cheque_amount_only': case 'returned_payment': {
        const a = uniqueGlobal();
        usedIn.add(a);
        const day = kind === 'returned_payment' ? rng.pick(days.filter((x) => x < last - 12)) : pd;
        const d = inv(kind, kind === 'returned_payment' ? null : g, a, day - rng.int(7, 70)), chq = pad(rng.int(1, 999999), 6);
        inL.push({ day, vday: biz(day + 1), amt: d.pend, text: () => rng.pick(['CHQ DEP - MICR CTS - PUNE', 'CHQ DEPOSIT - MICR CLG - PUNE', `CLG CHQ ${chq} DEP`]), ref: () => chq, g: kind === 'returned_payment' ? null : g, kind });
        if (kind === 'returned_payment') {
          const rd = biz(day + rng.int(2, 8));
          inL.push({ day: rd, vday: rd, amt: -d.pend, text: () => rng.pick(['CHQ RETURN - FUNDS INSUFFICIENT', 'O/W RTN CHQ - INSUFFICIENT BAL', 'CHQ RET - EXCEEDS ARRANGEMENT']), ref: () => chq, g: null, kind });
          inL.push({ day: rd, vday: rd, amt: -rng.pick([35400, 59000, 29500]), text: () => `CHQ RTN CHGS INCL GST ${chq}`, ref: () => chq, g: null, kind: 'noise_bank_fee' });
        }
        break;
      }
      case 'ambiguous_equal_amounts': { const a = uniqueFor(c), d = inv(kind, g, a), tw = inv(kind, null, a); d.amb = tw.amb = true; inPay(pd, a, c, () => rng.pick(['', 'PAYMENT', 'BILL PAYMENT']), g, kind, true); break; }
      // A tenth of the unpaid Indian invoices are from the previous financial year (GST/24-25/…).
      case 'unpaid_invoice': inv(kind, null, amount(ent), rng.chance(0.1) ? D0 - rng.int(335, 420) : rng.int(D0 - 90, last - 2)); break;
      case 'open_credit_note': doc(c, rng.int(D0 - 60, last - 5), rng.amountCents(2000, 200000), null, kind, true); break;
    }
    else switch (kind) {
      case 'bpay_crn': { const d = inv(); auL.push({ day: pd, vday: pd, amt: d.pend, text: () => `BPAY CREDIT BILLER 254987 CRN ${crnOf(d.seq)}`, ref: () => '', g, kind }); break; }
      case 'exact_reference': { const d = inv(); auPay(pd, d.pend, c, () => d.no, g, kind); break; }
      case 'reference_in_text': { const d = inv(); auPay(pd, d.pend, c, () => auRef(d), g, kind); break; }
      case 'multi_invoice': case 'credit_note_netted': {
        const ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => inv());
        const cn = kind === 'credit_note_netted' ? doc(c, pd - rng.int(3, 30), Math.round(sum(ds) * (0.04 + rng.next() * 0.3)), g, kind, true) : undefined;
        // The 18-character lodgement reference holds few numbers: Osko (280 characters) carries the longer lists.
        // (Numbers are given after generation: the texts are built lazily, when the file is written.)
        const refs = () => `INV ${ds.map((d) => d.seq).join(' ')}${cn ? ` CN ${cn.seq}` : ''}`, roll = rng.chance(0.5), short = () => roll && refs().length <= 18;
        auPay(pd, sum(ds) + (cn?.pend ?? 0), c, () => (short() ? refs() : `${ds.map((d) => d.no).join(' ')}${cn ? ` LESS ${cn.no}` : ''}`), g, kind, undefined, () => (short() ? undefined : 'osko'));
        break;
      }
      case 'part_payment': { const d = inv(); auPay(pd, Math.round(d.pend * (0.3 + rng.next() * 0.4)), c, () => `PART ${auRef(d, rng.int(0, 2))}`, g, kind); break; }
      case 'payer_name_only': { const d = inv(kind, g, uniqueFor(c)); auPay(pd, d.pend, c, () => rng.pick(['', 'PAYMENT', 'KAVERI', 'ACCOUNT']), g, kind); break; }
      case 'ambiguous_equal_amounts': { const a = uniqueFor(c), d = inv(kind, g, a), tw = inv(kind, null, a); d.amb = tw.amb = true; auPay(pd, a, c, () => rng.pick(['', 'PAYMENT']), g, kind, true); break; }
      case 'returned_payment': {
        const day = rng.pick(days.filter((x) => x < last - 10)), d = inv(kind, null, amount('AU'), day - rng.int(7, 60));
        auPay(day, d.pend, c, () => auRef(d), null, kind, undefined, () => 'dc');
        const rd = biz(day + rng.int(1, 6));
        auL.push({ day: rd, vday: rd, amt: -d.pend, text: () => `DIRECT CREDIT REVERSAL ${c.apca} ${c.bank}`, ref: () => '', g: null, kind });
        break;
      }
      case 'unpaid_invoice': inv(kind, null, amount(ent), rng.int(D0 - 90, last - 2)); break;
      case 'open_credit_note': doc(c, rng.int(D0 - 60, last - 5), rng.amountCents(50, 3000), null, kind, true); break;
    }
  }

  // Numbers: Indian per financial year (GST/… and CN/… series), Australian one running series each; in date order with gaps.
  const series = new Map<string, Doc[]>();
  for (const d of docs) { const k = d.c.ent === 'IN' ? `${d.cn ? 'CN' : 'GST'}/${d.fy}` : d.cn ? 'CN-AU' : 'INV-AU'; series.set(k, [...(series.get(k) ?? []), d]); }
  for (const [k, ds] of [...series].sort()) {
    let seq = k.startsWith('INV-AU') ? rng.int(20, 60) : k.endsWith('/26-27') || k === 'CN-AU' ? 0 : k.startsWith('CN') ? rng.int(20, 80) : k.endsWith('/25-26') ? rng.int(1400, 2200) : rng.int(6000, 7000);
    for (const d of ds.sort((a, b) => a.day - b.day)) { seq += rng.chance(0.7) ? 1 : rng.int(2, 5); d.seq = seq; d.no = d.c.ent === 'IN' ? `${k}/${pad(seq, 5)}` : `${k}-${pad(seq, 5)}`; }
  }

  // Noise.
  const months = ['MAR', 'APR'];
  for (const day of days) {
    const [, m, dd] = ymd(day), mon = months[m - 3] ?? 'APR';
    if (rng.chance(0.2)) inL.push({ day, vday: day, amt: -rng.pick([1770, 2360, 590, 17700, 11800]), text: () => rng.pick(['NEFT CHGS INCL GST', 'SMS ALERT CHGS', 'IMPS P2A CHGS', 'CGST @9% + SGST @9% ON CHGS', 'CASH HANDLING CHGS']), ref: () => '', g: null, kind: 'noise_bank_fee' });
    if (dd >= 18 && dd <= 22 && rng.chance(0.4)) inL.push({ day, vday: day, amt: -rng.amountCents(50000, 900000), text: () => rng.pick([`GST PMT CPIN ${rng.digits(14)}`, `CBDT TAX TDS CHALLAN ${rng.digits(5)}`, `ADVANCE TAX CIN ${rng.digits(16)}`]), ref: () => rng.digits(14), g: null, kind: 'noise_gst_tax' });
    if (dd <= 7 && rng.chance(0.5)) for (let k = rng.int(2, 5); k > 0; k--) inL.push({ day, vday: day, amt: -rng.amountCents(18000, 120000), text: () => `NEFT DR-${rng.pick(IN_BANKS)}0${rng.digits(6)}-${rng.pick(['RAHUL', 'PRIYA', 'AMIT', 'SNEHA', 'VIKRAM'])} ${rng.pick(['DESHMUKH', 'PATIL', 'JOSHI', 'KULKARNI'])}-NETBANK, MUM-${rng.pick(IN_BANKS)}N${rng.digits(12)}-SALARY ${mon} 26`, ref: () => '', g: null, kind: 'noise_salary' });
    if (rng.chance(0.35)) inL.push({ day, vday: day, amt: -rng.amountCents(8000, 1500000), text: () => `${rng.pick(['RTGS DR', 'NEFT DR'])}-${rng.pick(IN_BANKS)}0${rng.digits(6)}-${rng.pick(['COROMANDEL INTERNATIONAL LTD', 'UPL LIMITED', 'JAIN IRRIGATION SYSTEMS LTD', 'BLUE DART EXPRESS LTD', 'MSEDCL'])}-${rng.pick(['BILL ', 'INV ', ''])}${rng.int(100, 9999)}`, ref: () => rng.digits(16), g: null, kind: 'noise_supplier' });
    if (rng.chance(0.15)) auL.push({ day, vday: day, amt: -rng.pick([1000, 1500, 2500, 500, 4200]), text: () => rng.pick(['ACCOUNT FEE', 'MERCHANT FEE', 'DISHONOUR FEE', 'INTERNATIONAL TRANSACTION FEE']), ref: () => '', g: null, kind: 'noise_bank_fee' });
    if (dd >= 20 && dd <= 28 && rng.chance(0.25)) auL.push({ day, vday: day, amt: -rng.amountCents(2000, 40000), text: () => `TRANSFER TO ATO BPAY 75556 CRN ${rng.digits(9)}${luhn('1')}${rng.digits(2)}`, ref: () => '', g: null, kind: 'noise_ato' });
    if (wd(day) === 4 && rng.chance(0.5)) auL.push({ day, vday: day, amt: -rng.amountCents(8000, 60000), text: () => `PAYROLL KAVERI AGRITECH PTY ${dmy(day).slice(0, 5).replace('/', '')}`, ref: () => '', g: null, kind: 'noise_payroll' });
    if (rng.chance(0.25)) auL.push({ day, vday: day, amt: -rng.amountCents(100, 20000), text: () => `TRANSFER TO ${rng.pick(['ELDERS RURAL SERVICES', 'NUTRIEN AG SOLUTIONS', 'TOLL IPEC', 'AGL SALES', 'TELSTRA'])} ${rng.pick(['INV ', 'INVOICE ', 'REF '])}${rng.int(10, 99999)}`, ref: () => '', g: null, kind: 'noise_supplier' });
    if (dd === 1 || (dd <= 3 && wd(day) === 1)) auL.push({ day, vday: day, amt: rng.int(100, 9000), text: () => 'CREDIT INTEREST', ref: () => '', g: null, kind: 'noise_interest' });
  }

  // Files.
  const q = (s: string) => (/[,"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const oi = [...docs].sort((a, b) => (a.c.ent !== b.c.ent ? (a.c.ent === 'IN' ? -1 : 1) : a.c.name < b.c.name ? -1 : a.c.name > b.c.name ? 1 : a.day - b.day || a.seq - b.seq));
  const drcr = (c: number) => `${indian(c)} ${c < 0 ? 'Cr' : 'Dr'}`;
  const openLines = oi.map((d) => [d.c.ent === 'IN' ? 'Kaveri Agritech Pvt Ltd' : 'Kaveri Agritech Pty Ltd', dMon(d.day), d.no, d.cn ? 'Credit Note' : d.c.ent === 'IN' ? 'Tax Invoice' : 'Sales Invoice', d.c.name, d.c.id, d.c.ent === 'IN' ? 'INR' : 'AUD', drcr(d.bill), drcr(d.pend), dMon(d.due), d.ref].map(q).join(','));
  const chrono = (ls: Line[]) => ls.map((l) => [l, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]).map(([l]) => l);
  let bal = rng.amountCents(500000, 5000000) * 10;
  const inRows = chrono(inL).map((l) => {
    bal += l.amt;
    const text = l.text().replace(/\s+/g, ' ').trim();
    return { line: l, text: [dmyy(l.day), dmyy(l.vday), q(text), q(l.ref() || '0000000000000000'), l.amt < 0 ? plain(l.amt) : '', l.amt > 0 ? plain(l.amt) : '', plain(bal)].join(',') };
  });
  let abal = rng.amountCents(20000, 200000) * 10;
  const auRows = chrono(auL).map((l) => {
    abal += l.amt;
    return { line: l, text: [dmy(l.day), signed(l.amt), q(l.text().replace(/\s+/g, ' ').trim()), signed(abal)].join(',') };
  });
  return { openItems: ['Entity,Voucher Date,Voucher No,Voucher Type,Party Name,GSTIN/ABN,Currency,Bill Amount,Pending Amount,Due On,Customer Ref', ...openLines].join('\r\n') + '\r\n', inRows, auRows, docs: oi };
}

function variant(ent: Ent): WorldGenerator {
  return ({ seed, openItems }): World => {
    const b = build(seed, openItems);
    const truth: WorldTruthRow[] = [];
    const tr = (side: WorldTruthRow['side'], row: number, g: string | null, kind: string, amb?: boolean) => truth.push(amb ? { side, row, group: g, kind, ambiguous: true } : { side, row, group: g, kind });
    b.docs.forEach((d, i) => (d.c.ent === ent ? tr('open_items', i + 1, ent === 'IN' ? d.gIn : d.gAu, d.kind, d.amb) : tr('open_items', i + 1, null, 'other_entity_item')));
    const rows = ent === 'IN' ? b.inRows : b.auRows;
    rows.forEach((r, i) => tr('statement', i + 1, r.line.g, r.line.kind, r.line.amb));
    const common = 'Kaveri Agritech (Pune and Melbourne): one ERP outstanding-receivables list for both entities (comma CSV, dd-Mon-yyyy, Indian digit grouping with Dr/Cr suffix for INR and AUD alike, GST/25-26/00123 invoices per Indian financial year, CN/… credit notes, INV-AU-00042 / CN-AU-00007, GSTIN or ABN, Pending Amount below Bill Amount for part-paid invoices)';
    return ent === 'IN'
      ? {
          name: 'in-au-mixed',
          description: `${common} against the Indian entity's bank CSV (Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance; dd/mm/yy; NEFT/RTGS/IMPS/UPI narrations with UTR, remitter name and truncated remarks; cheque deposits without names and cheque returns). Cases: full invoice number, loose invoice number, TDS deducted (payments 0.8–2 % short, TDS sometimes written), several invoices, credit notes netted, part payments, balance of a part-paid invoice, payer only (unique or ambiguous amount), cheque amount only, returned cheques, unpaid invoices, open credit notes, the Australian entity's items (must stay open), fees, GST/TDS payments, salaries, suppliers.`,
          openItems: { fileName: 'in-au-mixed-outstanding-receivables.csv', content: b.openItems },
          statement: { fileName: 'in-au-mixed-bank-statement.csv', content: ['Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance', ...rows.map((r) => r.text)].join('\r\n') + '\r\n' },
          truth,
        }
      : {
          name: 'in-au-mixed-au',
          description: `${common} against the Australian entity's bank CSV (Date,Amount,Description,Balance; dd/mm/yyyy; signed amounts; DIRECT CREDIT <user id> <remitter, 16 chars> <18-char reference>, FAST TRANSFER FROM, BPAY credits with a CRN = invoice sequence + Luhn check digit). Cases: BPAY CRN, full invoice number, loose number, several invoices, credit notes netted, part payments, payer only (unique or ambiguous amount), direct credits reversed, unpaid invoices, open credit notes, the Indian entity's items (must stay open), fees, ATO BPAY payments with their own CRN, payroll, suppliers, interest.`,
          openItems: { fileName: 'in-au-mixed-outstanding-receivables.csv', content: b.openItems },
          statement: { fileName: 'in-au-mixed-au-transactions.csv', content: ['Date,Amount,Description,Balance', ...rows.map((r) => r.text)].join('\r\n') + '\r\n' },
          truth,
        };
  };
}

export const inAuMixed = variant('IN');
export const inAuMixedAu = variant('AU');
