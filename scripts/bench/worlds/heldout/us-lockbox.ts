/**
 * us-lockbox — Orion Fabrication Inc., a US manufacturer, reconciles its operating account.
 *
 * Open items: an aged-receivables CSV from a mid-market ERP (comma separated, MM/DD/YYYY, amounts
 * quoted with thousands commas, credit memos in parentheses). Invoices carry 5–6 digit document
 * numbers issued in date order (gaps are invoices closed before the export); credit memos are
 * `CM` + digits. A few invoices show a Balance below the Original Amt (paid in part earlier).
 *
 * Statement: a BAI2-derived CSV from the bank portal, signed amounts. Customers pay by lockbox
 * check (115; check number in Customer Reference, the invoice numbers read off the stub in Detail,
 * sometimes none), by ACH (165 CCD+ / 169 CTX with `RMR*IV*…\` addenda) or by wire (195, `OBI:`).
 * Cases: single payments by invoice number or by PO, instalments, multi-invoice payments, credit
 * memos netted, 2/10 discounts taken, wire fees deducted, payments with no reference at all, part
 * payments, mistyped invoice numbers, foreign-currency wires converted short or long, factoring
 * companies and parent companies paying named invoices of several customers. Traps: check numbers,
 * ACH traces, stub account numbers and zip codes with 5–6 digits; payments from another customer
 * for the same amount as an open invoice; payments naming an invoice already closed; refunds equal
 * to an open invoice; returned (NSF) checks; a parent naming one extra invoice it does not pay.
 */
import type { World, WorldGenerator } from '../world';
import { Rng, type Row, assemble, businessDay, dateFormat, dayOf, grouped, orderBy, pad, plain } from './prng';

interface Cust { id: string; name: string; acct: string; zip: string; rank: number; ch: Channel; terms: number; disc: boolean; fx?: [string, number]; family?: number }
interface Doc { c: Cust; day: number; amt: number; bal: number; cm: boolean; no: string; po: string; ord: number; g: string | null; kind: string; amb?: boolean }
interface Ref { doc?: Doc; no?: () => string; amt: number; note?: string }
type Channel = 'lbx' | 'ach' | 'wire';
interface Pay { day: number; amt: number; ch: Channel | 'ctx'; payer: string; c?: Cust; refs: Ref[]; free?: string; extra?: string; link?: { chk?: string }; g: string | null; kind: string; amb?: boolean }

const START = dayOf(2026, 1, 2), SPAN = 59;
const W1 = ['Harbor', 'Summit', 'Keystone', 'Prairie', 'Granite', 'Lakeside', 'Redwood', 'Pioneer', 'Liberty', 'Cardinal', 'Beacon', 'Frontier', 'Silver', 'Eagle', 'Bayou', 'Cascade', 'Midland', 'Heritage', 'Copper', 'Atlas', 'Northern', 'Delta', 'Sierra', 'Ozark', 'Magnolia', 'Patriot', 'Great Plains', 'Blue Ridge', 'Tri-State', 'Allied', 'Evergreen', 'Apex', 'Union', 'Coastal', 'Ironwood', 'Big Sky', 'Capitol', 'Hudson', 'Mesa', 'Sterling'];
const W2 = ['Supply', 'Industrial', 'Fabricators', 'Mechanical', 'Equipment', 'Builders', 'Distributors', 'Machine Works', 'Electric', 'Components', 'Logistics', 'Hardware', 'Construction', 'Plastics', 'Metals', 'Tool & Die', 'Controls', 'Systems', 'Packaging', 'Contractors'];
const W3 = ['LLC', 'Inc.', 'Corp.', 'Co.', 'Company', 'LLC', 'Inc.', 'LP', '& Sons Inc.', 'Group LLC'];
const CITIES: [string, string][] = [['DAYTON', 'OH'], ['TULSA', 'OK'], ['FRESNO', 'CA'], ['AKRON', 'OH'], ['BOISE', 'ID'], ['RENO', 'NV'], ['OMAHA', 'NE'], ['MACON', 'GA'], ['PEORIA', 'IL'], ['ERIE', 'PA'], ['WACO', 'TX'], ['TOLEDO', 'OH']];
const FOREIGN: [string, string, number][] = [['Maple Leaf Distributors Ltd', 'CAD', 0.73], ['Nordwerk Technik GmbH', 'EUR', 1.09], ['Industrias del Bajio SA de CV', 'MXN', 0.058], ['Thames Valley Engineering Ltd', 'GBP', 1.27], ['Lyonnaise de Mecanique SAS', 'EUR', 1.09]];
const FACTORS = ['SUMMIT TRADE FINANCE LLC', 'BLUE HARBOR FACTORS INC', 'NORTHGATE RECEIVABLES FUNDING', 'LONE STAR CAPITAL FACTORING'];

const mdy = dateFormat((y, m, d) => `${pad(m, 2)}/${pad(d, 2)}/${y}`);
const usAmt = (c: number) => (c < 0 ? `(${grouped(-c)})` : grouped(c));
const origId = (s: string) => { let h = 7; for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) % 9e8; return String(1e9 + h); };
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const upper = (s: string, n: number) => s.toUpperCase().replace(/[.,'-]/g, '').replace(/\s+/g, ' ').slice(0, n).trim();

export const usLockbox: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed);
  const custs: Cust[] = [], families: { parent: string; members: Cust[] }[] = [], seen = new Set<string>();
  const nCust = Math.max(40, Math.round(openItems / 7));
  while (custs.length < nCust) {
    const fam = rng.chance(0.04) && custs.length > 5;
    const brand = rng.pick(W1), city = rng.pick(CITIES);
    const members = fam ? 3 : 1;
    for (let k = 0; k < members; k++) {
      let name = fam ? `${brand} ${rng.pick(W2)} of ${city[0][0] + city[0].slice(1).toLowerCase()} ${rng.pick(W3)}` : `${brand} ${rng.pick(W2)} ${rng.pick(W3)}`;
      const f = (rng.chance(0.03) || custs.length === 1) && !fam ? rng.pick(FOREIGN) : undefined;
      if (f) name = f[0];
      while (seen.has(name)) name = `${name.split(' - ')[0]} - ${rng.pick(CITIES)[0]} ${rng.int(2, 99)}`;
      seen.add(name);
      const id = name.replace(/[^A-Za-z]/g, '').slice(0, 6).toUpperCase() + pad(custs.length, 4);
      custs.push({ id, name, acct: rng.digits(rng.chance(0.5) ? 5 : 6), zip: rng.digits(5), rank: 0, ch: f ? 'wire' : rng.weighted({ lbx: 45, ach: 40, wire: 15 }), terms: rng.pick([30, 30, 30, 45, 60]), disc: rng.chance(0.15), fx: f ? [f[1], f[2]] : undefined, family: fam ? families.length : undefined });
    }
    if (fam) families.push({ parent: `${brand.toUpperCase()} HOLDINGS INC`, members: custs.slice(-3) });
  }
  [...custs].sort((a, b) => (a.id < b.id ? -1 : 1)).forEach((c, i) => (c.rank = i));
  const domestic = custs.filter((c) => !c.fx), foreign = custs.filter((c) => c.fx);

  const docs: Doc[] = [], pays: Pay[] = [];
  let gid = 0;
  const biz: number[] = [];
  for (let d = START; d < START + SPAN; d++) if (businessDay(d) === d) biz.push(d);
  const payDay = () => rng.pick(biz);
  const cust = (pool = custs) => pool[rng.skewedIndex(pool.length)];
  const doc = (c: Cust, day: number, amt: number, g: string | null, kind: string, cm = false): Doc => {
    const d: Doc = { c, day, amt: cm ? -amt : amt, bal: cm ? -amt : amt, cm, no: '', po: '', ord: 0, g, kind };
    docs.push(d);
    return d;
  };
  const pay = (p: Omit<Pay, 'payer'> & { payer?: string }) => pays.push({ payer: p.c ? p.c.name : '', ...p } as Pay);
  const refsOf = (ds: Doc[]): Ref[] => ds.map((d) => ({ doc: d, amt: d.bal }));
  const chOf = (c: Cust, n: number): Pay['ch'] => (c.ch === 'ach' && n > 1 ? 'ctx' : c.ch);
  const sum = (ds: Doc[]) => ds.reduce((s, d) => s + d.bal, 0);
  const usedNos = new Set<string>(), gaps: string[] = [];
  const typo = (no: string) => {
    for (;;) {
      const i = rng.int(0, no.length - 2), a = no.split('');
      if (rng.chance(0.5)) [a[i], a[i + 1]] = [a[i + 1], a[i]]; else a[i + 1] = String(rng.int(0, 9));
      const t = a.join('');
      if (t !== no && !usedNos.has(t) && t[0] !== '0') return t;
    }
  };

  while (docs.length < openItems) {
    const kind = rng.weighted({ single_by_doc_number: 40, po_reference: 3, instalments: 4, multi_invoice: 8, credit_note_netted: 4, discount_taken: 4, bank_fee_deducted: 3, no_reference: 6, part_payment: 2, typo_reference: 2, fx_payment: 2, parent_payer: 2, remaining_balance: 1, ambiguous_same_amount: 0.7, unpaid_invoice: 10, open_credit_memo: 1, returned_payment: 1, near_miss_same_amount: 1.5, near_miss_refund: 1, closed_invoice_reference: 1.5 });
    const g = `g${++gid}`, pd = payDay(), c = kind === 'fx_payment' ? rng.pick(foreign) : cust(domestic);
    const inv = (k: string = kind, gg: string | null = g, cc = c, day = pd - rng.int(8, 55)) => doc(cc, day, rng.amountCents(120, 48000), gg, k);
    switch (kind) {
      case 'single_by_doc_number': case 'po_reference': case 'typo_reference': {
        const d = inv();
        const ref: Ref = kind === 'typo_reference' ? { no: () => typo(d.no), amt: d.bal } : kind === 'po_reference' ? { no: () => `PO ${d.po}`, amt: d.bal } : { doc: d, amt: d.bal };
        if (kind === 'po_reference') d.po = `45${rng.digits(8)}`;
        pay({ day: pd, amt: d.bal, ch: c.ch, c, refs: [ref], g, kind });
        break;
      }
      case 'instalments': {
        const d = inv(kind, g, c, pd - rng.int(40, 70)), n = rng.int(2, 3), parts = rng.split(d.bal, n);
        parts.forEach((p, i) => pay({ day: businessDay(Math.min(pd + i * rng.int(7, 20), START + SPAN - 1)), amt: p, ch: c.ch, c, refs: [{ doc: d, amt: p }], free: `INSTALLMENT ${i + 1} OF ${n}`, g, kind }));
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': case 'no_reference': {
        const n = kind === 'multi_invoice' ? rng.int(2, 6) : kind === 'no_reference' ? rng.int(1, 2) : rng.int(1, 3);
        const ds = Array.from({ length: n }, () => inv());
        if (kind === 'credit_note_netted') ds.push(doc(c, pd - rng.int(3, 30), Math.round(sum(ds) * (0.05 + rng.next() * 0.4)), g, kind, true));
        pay({ day: pd, amt: sum(ds), ch: chOf(c, ds.length), c, refs: kind === 'no_reference' ? [] : refsOf(ds), g, kind });
        break;
      }
      case 'discount_taken': case 'bank_fee_deducted': case 'part_payment': case 'fx_payment': case 'remaining_balance': {
        const d = inv();
        let amt = d.bal, extra: string | undefined;
        if (kind === 'discount_taken') amt = d.bal - Math.round(d.bal * rng.pick([0.01, 0.02, 0.02]));
        if (kind === 'bank_fee_deducted') { const fee = rng.pick([15, 20, 25, 30, 35, 45]) * 100; amt -= fee; if (rng.chance(0.4)) extra = `BNF CHGS USD ${plain(fee)}`; }
        if (kind === 'part_payment') amt = Math.round(d.bal * (0.25 + rng.next() * 0.55));
        if (kind === 'remaining_balance') { d.amt = d.bal + rng.amountCents(100, 20000); }
        if (kind === 'fx_payment' && c.fx) {
          const [ccy, rate] = c.fx, theirs = rate * (1 + (rng.next() - 0.5) * 0.03), bank = rate * (1 - rng.next() * 0.012);
          const orig = Math.round(d.bal / theirs);
          amt = Math.round(orig * bank);
          if (Math.abs(amt / d.bal - 1) > 0.03) amt = Math.round(d.bal * 0.985);
          extra = `ORIG CCY:${ccy} ORIG AMT:${grouped(orig)} EXCH RATE:${bank.toFixed(5)}`;
        }
        pay({ day: pd, amt, ch: kind === 'bank_fee_deducted' || kind === 'fx_payment' ? 'wire' : c.ch, c, refs: [{ doc: d, amt }], extra, g, kind });
        break;
      }
      case 'parent_payer': {
        const fam = families.length && rng.chance(0.5) ? rng.pick(families) : null;
        const members = fam ? fam.members : Array.from({ length: rng.int(2, 4) }, () => cust(domestic));
        const ds = members.flatMap((m) => Array.from({ length: rng.int(1, 2) }, () => inv(kind, g, m)));
        const refs = refsOf(ds);
        if (rng.chance(0.35)) {
          const x = inv('parent_named_unpaid', null, rng.pick(members));
          refs.splice(rng.int(0, refs.length), 0, { doc: x, amt: 0, note: rng.pick(['TO FOLLOW', 'DISPUTED', 'PAID DIRECT BY CLIENT']) });
        }
        pay({ day: pd, amt: sum(ds), ch: rng.chance(0.7) ? 'ctx' : 'wire', payer: fam ? fam.parent : rng.pick(FACTORS), refs, g, kind });
        break;
      }
      case 'ambiguous_same_amount': {
        const a = inv(kind, g), b = doc(c, a.day - rng.int(5, 25), a.amt, null, kind);
        a.amb = b.amb = true;
        pay({ day: pd, amt: a.bal, ch: c.ch === 'ach' ? 'ach' : 'lbx', c, refs: [], g, kind, amb: true });
        break;
      }
      case 'unpaid_invoice': inv(kind, null, c, START + rng.int(-70, SPAN - 3)); break;
      case 'open_credit_memo': doc(c, START + rng.int(-70, SPAN - 3), rng.amountCents(50, 4000), null, kind, true); break;
      case 'returned_payment': case 'near_miss_same_amount': case 'near_miss_refund': {
        const d = inv(kind, null);
        if (kind === 'returned_payment') {
          const link = {};
          pay({ day: pd, amt: d.bal, ch: 'lbx', c, refs: [{ doc: d, amt: d.bal }], link, g: null, kind });
          pay({ day: businessDay(pd + rng.int(2, 6)), amt: -d.bal, ch: 'lbx', c, refs: [], free: 'RETURNED ITEM NSF', link, g: null, kind });
        } else if (kind === 'near_miss_refund') {
          pay({ day: pd, amt: -d.bal, ch: 'ach', c, refs: [], free: 'CUSTOMER REFUND', g: null, kind });
        } else {
          let o = cust(domestic);
          while (o === c) o = cust(domestic);
          const near = businessDay(Math.min(Math.max(pd + rng.int(-3, 3), START), START + SPAN - 1));
          pay({ day: near, amt: d.bal, ch: o.ch, c: o, refs: rng.chance(0.5) ? [{ no: () => rng.pick(gaps), amt: d.bal }] : [], g: null, kind });
        }
        break;
      }
      case 'closed_invoice_reference': {
        const amt = rng.amountCents(120, 30000);
        pay({ day: pd, amt, ch: c.ch, c, refs: [{ no: () => rng.pick(gaps), amt }], g: null, kind });
      }
    }
  }

  // Document numbers in posting-date order; skipped numbers are invoices closed before the export.
  const order = orderBy(docs.length, (i) => docs[i].day - START + 400, rng);
  let nextInv = rng.int(98000, 112000), nextCm = rng.int(2100, 4800);
  order.forEach((di, i) => {
    const d = docs[di];
    d.ord = i;
    if (d.cm) { d.no = `CM${nextCm}`; nextCm += rng.int(1, 3); return; }
    d.no = String(nextInv);
    usedNos.add(d.no);
    if (!d.po) d.po = rng.chance(0.35) ? '' : rng.chance(0.5) ? `PO-${rng.digits(5)}` : rng.digits(rng.int(4, 6));
    const step = rng.chance(0.55) ? 1 : rng.int(2, 6);
    for (let k = 1; k < step; k++) gaps.push(String(nextInv + k));
    nextInv += step;
  });
  if (!gaps.length) gaps.push(String(nextInv + 1));

  const openRows: Row[] = Array.from(order, (di) => docs[di]).map((d) => ({
    side: 'open_items', key: d.c.rank, group: d.g, kind: d.kind, ambiguous: d.amb,
    line: [d.c.id, q(d.c.name), d.no, d.cm ? 'Credit Memo' : 'Invoice', mdy(d.day), mdy(d.day + (d.cm ? 0 : d.c.terms)), d.po, q(usAmt(d.amt)), q(usAmt(d.bal))].join(','),
  }));
  let seq = 0;
  const rows: Row[] = [];
  const line = (day: number, code: number, desc: string, amt: number, bref: string, cref: string, detail: string, g: string | null, kind: string, amb?: boolean) =>
    rows.push({ side: 'statement', key: (day - START + 5) * 2 + (amt < 0 ? 1 : 0), group: g, kind, ambiguous: amb, line: [mdy(day), '****7316', code, q(desc), plain(amt), bref, cref, q(detail)].join(',') });
  const yymmdd = dateFormat((y, m, d) => `${y % 100}${pad(m, 2)}${pad(d, 2)}`);

  for (const p of pays) {
    const no = (r: Ref) => (r.doc ? r.doc.no : r.no!());
    const nos = p.refs.map(no), bref = `${yymmdd(p.day)}${pad(++seq % 1e7, 7)}`, trace = rng.digits(rng.int(5, 6));
    const c = p.c, payer = p.payer;
    if (p.amt < 0) {
      if (p.free?.startsWith('RETURNED')) line(p.day, 555, 'DEPOSITED ITEM RETURNED', p.amt, bref, p.link!.chk!, `RETURNED ITEM NSF CHK ${p.link!.chk} MAKER ${upper(payer, 30)}`, p.g, p.kind);
      else line(p.day, 455, 'ACH DEBIT', p.amt, bref, trace, `CCD ORIG CO NAME:ORION FABRICATI CO ENTRY DESCR:REFUND SEC:CCD TRACE#:${trace} IND NAME:${upper(payer, 22)} ${p.free}`, p.g, p.kind);
      continue;
    }
    if (p.ch === 'lbx') {
      const chk = p.link?.chk ?? rng.digits(rng.int(4, 6)), stub = rng.chance(0.3) && c ? ` ACCT ${c.acct}` : '';
      const inv = nos.length ? ` ${rng.pick(['INV', 'INV#', 'INVOICES', 'RE:'])} ${nos.join(rng.pick([', ', ' ', '/']))}` : '';
      if (p.link) p.link.chk = chk;
      line(p.day, 115, 'LOCKBOX DEPOSIT', p.amt, `LBX${bref}`, chk, `LBX 7316 BATCH ${pad(rng.int(1, 40), 3)} ITEM ${pad(rng.int(1, 250), 4)} REMITTER: ${upper(payer, 35)}${stub}${inv}${p.free ? ' ' + p.free : ''}`, p.g, p.kind, p.amb);
    } else if (p.ch === 'wire') {
      const [city, st] = rng.pick(CITIES), zip = c ? c.zip : rng.digits(5);
      const obi = nos.length ? `${rng.pick(['INV ', 'INVOICE ', 'PMT INV#', 'PAYMENT OF INVOICES '])}${p.refs.map((r, i) => nos[i] + (r.note ? ` (${r.note})` : '')).join(' ')}` : rng.pick(['PAYMENT', 'AP PAYMENT', `PMT ${yymmdd(p.day)}`]);
      line(p.day, 195, 'INCOMING WIRE TRANSFER', p.amt, `FW${bref}`, `FT${rng.digits(8)}`, `WIRE IN ORG:${upper(payer, 35)} ${rng.int(10, 9999)} MAIN ST ${city} ${st} ${zip} ORG BK:${rng.pick(['JPMORGAN CHASE BANK', 'WELLS FARGO BANK NA', 'PNC BANK', 'TRUIST BANK', 'DEUTSCHE BANK AG', 'ROYAL BANK OF CANADA'])} ${p.extra ?? ''} OBI:${obi}${p.free ? ' ' + p.free : ''} IMAD:${yymmdd(p.day)}${rng.digits(6)}`.replace(/\s+/g, ' '), p.g, p.kind, p.amb);
    } else {
      const rmr = p.refs.map((r, i) => {
        if (r.note) return `NTE*ZZZ*INV ${nos[i]} ${r.note}\\`;
        const d = r.doc, qual = d?.cm ? 'CM' : 'IV';
        if (p.kind === 'discount_taken' && d) return `RMR*IV*${nos[i]}**${plain(r.amt)}*${plain(d.bal)}*${plain(d.bal - r.amt)}\\`;
        return `RMR*${qual}*${nos[i]}*${plain(r.amt)}\\`;
      }).join('');
      const sec = p.ch === 'ctx' ? 'CTX' : 'CCD';
      line(p.day, p.ch === 'ctx' ? 169 : 165, p.ch === 'ctx' ? 'ACH CORPORATE TRADE CREDIT' : 'ACH CREDIT RECEIVED', p.amt, `0${rng.digits(14)}`, `1${rng.digits(9)}`,
        `${sec}${sec === 'CCD' ? '+' : ''} ORIG CO NAME:${upper(payer, 16)} ORIG ID:${origId(payer)} DESC DATE:${yymmdd(p.day - 1)} CO ENTRY DESCR:${rng.pick(['PAYMENT', 'AP PMT', 'VENDOR PAY', 'EDI PYMNTS'])} SEC:${sec} TRACE#:${trace} IND ID:${c ? c.acct : rng.digits(6)} IND NAME:ORION FABRICATION${rmr || p.free ? ' ADDENDA:' : ''}${rmr}${p.free ? ' ' + p.free : ''}`, p.g, p.kind, p.amb);
    }
  }

  // Bank lines that pay nothing on the list.
  const noise = Math.round(openItems * 0.12);
  for (let i = 0; i < noise; i++) {
    const k = rng.weighted({ noise_payroll: 2, noise_tax: 1, noise_check_paid: 5, noise_wire_out: 2, noise_bank_fee: 1.5, noise_interest: 0.5, noise_card_settlement: 3, noise_transfer: 1 });
    const d = payDay(), br = `${yymmdd(d)}${pad(++seq % 1e7, 7)}`;
    if (k === 'noise_payroll') line(d, 455, 'ACH DEBIT', -rng.amountCents(20000, 400000), br, rng.digits(6), `CCD ORIG CO NAME:ADP WAGE PAY CO ENTRY DESCR:WAGE PAY SEC:CCD TRACE#:${rng.digits(6)} IND ID:${rng.digits(9)}`, null, k);
    if (k === 'noise_tax') line(d, 455, 'ACH DEBIT', -rng.amountCents(5000, 150000), br, rng.digits(6), `CCD ORIG CO NAME:IRS CO ENTRY DESCR:USATAXPYMT SEC:CCD IND ID:${rng.digits(15)}`, null, k);
    if (k === 'noise_check_paid') { const chk = rng.digits(rng.int(5, 6)); line(d, 475, 'CHECK PAID', -rng.amountCents(80, 30000), br, chk, `CHECK ${chk}`, null, k); }
    if (k === 'noise_wire_out') line(d, 495, 'OUTGOING WIRE TRANSFER', -rng.amountCents(1000, 90000), `FW${br}`, `OW${rng.digits(8)}`, `WIRE OUT BNF:${upper(`${rng.pick(W1)} ${rng.pick(W2)}`, 30)} OBI:INV ${rng.digits(rng.int(5, 6))} VENDOR PMT`, null, k);
    if (k === 'noise_bank_fee') line(d, 699, 'MISCELLANEOUS FEES', -rng.amountCents(15, 900), br, '', rng.pick(['ACCOUNT ANALYSIS SERVICE CHARGE', 'LOCKBOX PROCESSING FEE', 'WIRE TRANSFER FEE', 'ACH ORIGINATION FEE']), null, k);
    if (k === 'noise_interest') line(d, 354, 'INTEREST CREDIT', rng.amountCents(5, 800), br, '', 'INTEREST PAYMENT', null, k);
    if (k === 'noise_card_settlement') line(d, 165, 'ACH CREDIT RECEIVED', rng.amountCents(200, 15000), `0${rng.digits(14)}`, rng.digits(6), `CCD ORIG CO NAME:BANKCARD-${rng.digits(4)} CO ENTRY DESCR:MTHLY DEP SEC:CCD TRACE#:${rng.digits(6)} IND ID:${rng.digits(12)} MERCHANT DEPOSIT`, null, k);
    if (k === 'noise_transfer') line(d, rng.chance(0.5) ? 275 : 575, 'ZBA TRANSFER', rng.chance(0.5) ? rng.amountCents(1000, 200000) : -rng.amountCents(1000, 200000), br, '', `ZBA TRANSFER ACCT ****${rng.digits(4)}`, null, k);
  }

  const { open, stmt, truth } = assemble(openRows, rng.shuffle(rows));
  return {
    name: 'us-lockbox',
    description: 'Orion Fabrication Inc. (US): ERP aged-receivables CSV (MM/DD/YYYY, quoted 1,234.56, credit memos in parentheses) against a BAI2-derived bank portal CSV with lockbox checks (115), ACH CCD+/CTX credits with RMR addenda (165/169), wires with OBI text (195) and outgoing/fee noise. Cases: single by invoice or PO, instalments, multi-invoice, credit memos netted, 2/10 discounts, wire fees, no-reference payments, part payments, typos, FX wires, factoring/parent payers; traps: check/trace/account/zip numbers, same-amount payments from other customers, closed-invoice references, refunds, NSF returns.',
    openItems: { fileName: 'us-lockbox-open-items.csv', content: ['Customer ID,Customer Name,Document No.,Doc Type,Posting Date,Due Date,Cust PO,Original Amt,Balance', ...open].join('\r\n') + '\r\n' },
    statement: { fileName: 'us-lockbox-statement.csv', content: ['As-Of Date,Account,BAI Code,Description,Amount,Bank Reference,Customer Reference,Detail', ...stmt].join('\r\n') + '\r\n' },
    truth,
  };
};
