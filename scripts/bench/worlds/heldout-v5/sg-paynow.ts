/**
 * sg-paynow — a Singapore ship chandler and marine-supplies distributor (Lim Brothers Marine Supplies,
 * Jurong; SGD, export customers in USD).
 *
 * Open items: a Xero-like "Aged Receivables Detail" export, UTF-8, `,`, LF, three title lines, one
 * `Total <currency>` line per currency after a blank; `dd MMM yyyy`; `1,234.56` (quoted); invoices
 * `INV-04123` by date, credit notes `CN-00231` negative; Reference = the customer's PO number or vessel.
 * Statement: a DBS IDEAL-like account CSV, UTF-8, `,`, oldest first, d/m/yyyy, Debit / Credit / Running
 * Balance as plain numbers, three description fields: the transaction type, the payer's name (cut at
 * 35) and the payer's reference (cut at 35 for PayNow/FAST/GIRO, up to 140 for telegraphic transfers).
 * USD invoices arrive by TT converted into the SGD account, less the remitting and intermediary banks'
 * charges; cheques show only their number; a bounced cheque comes back as a debit.
 */
import type { World, WorldGenerator } from '../world';
import { Amounts, Rng, allot, csvField, dMonY, dayOf, dmyShort, fmtMoney, inFileOrder, nextBiz, openingFor, pad, sweeps, truthFor, uniqueName, weekday, cut } from './common';
import type { Gen } from './common';

const START = dayOf(2026, 10, 1), END = dayOf(2026, 10, 31);

const LOCAL = ['Keppel', 'Jurong', 'Tuas', 'Pasir Panjang', 'Loyang', 'Benoi', 'Gul', 'Pioneer', 'Sembawang', 'Straits', 'Lion City', 'Merlion', 'Tanjong', 'Kranji', 'Changi', 'Orient', 'Far East', 'Asia Pacific', 'Oceanic', 'Harbour', 'Eng Hup', 'Hock Seng', 'Teck Lee', 'Soon Huat', 'Kim Seng', 'Chip Hong', 'Guan Heng', 'Ban Leong'];
const TRADE = ['Shipping', 'Marine', 'Offshore', 'Ship Management', 'Engineering', 'Shipyard', 'Tankers', 'Tug & Barge', 'Logistics', 'Marine Services', 'Maritime', 'Dredging'];
const FOREIGN: [string, string][] = [['PT', 'Samudera Bahari'], ['PT', 'Pelayaran Nusantara Jaya'], ['PT', 'Armada Laut Indonesia'], ['Sdn. Bhd.', 'Marine Link'], ['Sdn. Bhd.', 'Borneo Offshore'], ['JSC', 'Hai Phong Shipping'], ['Co., Ltd.', 'Pacific Bulk Carriers (HK)'], ['Inc.', 'Manila Bay Tankers'], ['Pvt. Ltd.', 'Coromandel Marine'], ['Co., Ltd.', 'Siam Maritime']];
const VESSEL = ['MV OCEAN STAR', 'MT PACIFIC GRACE', 'MV SEA PHOENIX', 'MT GOLDEN LOTUS', 'MV JADE RIVER', 'TUG BINTANG 7', 'MV LION PRIDE', 'MT STRAITS PEARL', 'BARGE KS 3018', 'MV ORIENT HOPE', 'MT CORAL SUN', 'MV TANJONG MAS'];
const SUPPLIERS = ['WURTH SINGAPORE PTE LTD', 'ALFA LAVAL SINGAPORE', 'JOTUN SINGAPORE PTE LTD', 'SHELL EASTERN PETROLEUM', 'SEATRIUM SUPPLIES', 'UNITED PROVISION MERCHANTS', 'TAT HONG EQUIPMENT', 'YCH LOGISTICS PTE LTD', 'HENG HUAT ROPES PTE LTD'];

interface Cust { name: string; bank: string; fx: boolean; po: 'sap' | 'po' | 'vessel' }
interface Item { c: Cust; cn: boolean; seq: number; no: string; date: number; terms: number; cur: 'SGD' | 'USD'; total: number; paid: number; ref: string; kind: string; g: string | null; amb?: boolean }
interface Line { day: number; vday: number; amt: number; d1: string; d2: string; d3: () => string; kind: string; g: string | null; amb?: boolean; eod?: boolean }

export const sgPaynow: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 65537 + 4099);
  const amounts = new Amounts(rng);
  const N = Math.max(80, openItems);
  const k = allot(N, {
    paynow_invoice_ref: 0.18, fast_invoice_ref: 0.09, consolidated_truncated: 0.12, credit_note_netted: 0.05, po_cited_only: 0.05, name_only: 0.045,
    giro_statement_sum: 0.08, tt_usd_charges: 0.04, tt_sgd_charges: 0.02, cheque_deposit: 0.04, cheque_bounced: 0.005, part_payment: 0.02,
    ambiguous_equal_amounts: 0.02, open_credit_note: 0.008, unpaid_invoice: 1,
  });
  k.unpaid_invoice += k.ambiguous_equal_amounts % 2;
  k.ambiguous_equal_amounts -= k.ambiguous_equal_amounts % 2;

  const usedNames = new Set<string>();
  const bankOf = (name: string) => cut((rng.chance(0.5) ? name.replace(/\./g, '') : name).toUpperCase().replace(/\s+/g, ' '), 35);
  const locals = Array.from({ length: Math.min(600, Math.max(20, Math.round(N / 8))) }, (): Cust => {
    const name = uniqueName(usedNames, () => `${rng.pick(LOCAL)} ${rng.pick(TRADE)}${rng.chance(0.2) ? ' & Trading' : ''} Pte. Ltd.`);
    return { name, bank: bankOf(name), fx: false, po: rng.pick(['sap', 'po', 'vessel', 'vessel']) };
  });
  const foreign = FOREIGN.slice(0, Math.max(4, Math.min(FOREIGN.length, Math.round(N / 200)))).map(([form, base]): Cust => {
    const name = uniqueName(usedNames, () => (form === 'PT' ? `PT ${base}` : `${base} ${form}`));
    return { name, bank: bankOf(name), fx: true, po: 'vessel' };
  });
  const anyC = () => locals[rng.skewedIndex(locals.length)];

  const items: Item[] = [], lines: Line[] = [];
  let gid = 0;
  const G = () => `sg${++gid}`;
  const bizDays: number[] = [];
  for (let d = START; d <= END; d++) if (weekday(d) !== 0 && weekday(d) !== 6) bizDays.push(d);
  const payDay = () => rng.pick(bizDays);
  const usedPo = new Set<string>();
  const poFor = (c: Cust) => uniqueName(usedPo, () => (c.po === 'sap' ? `45${rng.digits(8)}` : c.po === 'po' ? `PO-${rng.int(2601, 2610)}-${pad(rng.int(1, 999), 3)}` : `${rng.pick(VESSEL)} / ${pad(rng.int(1, 9999), 4)}`));
  const addItem = (c: Cust, kind: string, g: string | null, o: { date: number; total: number; cn?: boolean; paid?: number; amb?: boolean; cur?: 'SGD' | 'USD' }): Item => {
    const it: Item = { c, cn: !!o.cn, seq: 0, no: '', date: o.date, terms: rng.pick([30, 30, 30, 45, 60]), cur: o.cur ?? 'SGD', total: o.total, paid: o.paid ?? 0, ref: o.cn ? 'Returned goods' : poFor(c), kind, g, amb: o.amb };
    items.push(it);
    return it;
  };
  const draw = (lo: number, hi: number) => () => rng.amountCents(lo, hi);
  const invDate = (pay: number, lo = 20, hi = 75) => Math.max(dayOf(2026, 6, 1), pay - rng.int(lo, hi));
  const due = (it: Item) => it.total - it.paid;
  const line = (day: number, amt: number, d1: string, d2: string, d3: () => string, kind: string, g: string | null, o: { vday?: number; amb?: boolean } = {}) =>
    lines.push({ day, vday: o.vday ?? day, amt, d1, d2, d3, kind, g, amb: o.amb });
  /** Incoming PayNow or FAST: name in Desc 2, the reference (cut at 35) in Desc 3. */
  const instant = (paynow: boolean, c: Cust, day: number, amt: number, ref: () => string, kind: string, g: string | null, amb?: boolean) => {
    const id = `${paynow ? 'PN' : 'FT'}${rng.digits(12)}`;
    line(day, amt, paynow ? 'INCOMING PAYNOW' : 'FAST PAYMENT RECEIPT', c.bank, () => { const r = ref(); return cut(r ? `OTHR ${r}` : `OTHR ${id}`, 35); }, kind, g, { amb });
  };
  const cite = (it: Item): string => {
    const n = it.seq;
    return rng.pick([it.no, it.no, `INV${pad(n, 5)}`, `inv ${n}`, `INV ${n}`, String(n), `PAYMENT FOR ${it.no}`, `${it.no} THANK YOU`, `INV NO ${pad(n, 5)}`]);
  };

  for (let i = 0; i < k.paynow_invoice_ref + k.fast_invoice_ref; i++) {
    const kind = i < k.paynow_invoice_ref ? 'paynow_invoice_ref' : 'fast_invoice_ref', c = anyC(), pay = kind === 'paynow_invoice_ref' ? rng.int(START, END) : payDay(), g = G();
    const it = addItem(c, kind, g, { date: invDate(pay), total: amounts.fresh(c.name, draw(50, 30000)) });
    instant(kind === 'paynow_invoice_ref', c, pay, it.total, () => cite(it), kind, g);
  }
  for (let left = k.consolidated_truncated; left > 0;) {
    const n = Math.max(3, Math.min(left, rng.int(3, 9))), c = anyC(), pay = payDay(), g = G();
    const its = Array.from({ length: n }, () => addItem(c, 'consolidated_truncated', g, { date: invDate(pay, 20, 80), total: amounts.fresh(c.name, draw(80, 9000)) }));
    left -= n;
    const form = rng.int(0, 2);
    instant(rng.chance(0.5), c, pay, its.reduce((s, x) => s + x.total, 0), () => {
      const sq = [...its].sort((a, b) => a.seq - b.seq);
      return form === 0 ? sq.map((x) => x.no).join(' ') : form === 1 ? `INV ${sq.map((x) => pad(x.seq, 5)).join(',')}` : `PAYMENT ${sq.map((x) => x.no).join(', ')}`;
    }, 'consolidated_truncated', g);
  }
  for (let left = k.credit_note_netted; left > 0;) {
    const n = Math.max(2, Math.min(left, rng.int(2, 4))), c = anyC(), pay = payDay(), g = G();
    const its = Array.from({ length: n - 1 }, () => addItem(c, 'credit_note_netted', g, { date: invDate(pay, 25, 70), total: amounts.fresh(c.name, draw(300, 12000)) }));
    const sum = its.reduce((s, x) => s + x.total, 0);
    const cn = addItem(c, 'credit_note_netted', g, { date: invDate(pay, 3, 18), total: -amounts.fresh(c.name, () => Math.max(2000, Math.round(sum * (0.03 + rng.next() * 0.3)))), cn: true });
    left -= n;
    const form = rng.int(0, 1);
    instant(rng.chance(0.4), c, pay, sum + cn.total, () => (form === 0 ? `${its.map((x) => x.no).join(' ')} LESS ${cn.no}` : `${its.map((x) => x.seq).join('/')} LESS CN ${cn.seq}`), 'credit_note_netted', g);
  }
  for (let i = 0; i < k.po_cited_only; i++) {
    const c = locals.filter((x) => x.po === 'sap')[i % Math.max(1, locals.filter((x) => x.po === 'sap').length)] ?? anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'po_cited_only', g, { date: invDate(pay, 30, 75), total: amounts.fresh(c.name, draw(200, 40000)) });
    const form = rng.int(0, 2);
    instant(false, c, pay, it.total, () => (form === 0 ? `PO ${it.ref}` : form === 1 ? it.ref : `PO NO ${it.ref} PYMT`), 'po_cited_only', g);
  }
  for (let i = 0; i < k.name_only; i++) {
    const c = anyC(), pay = rng.int(START, END), g = G();
    const it = addItem(c, 'name_only', g, { date: invDate(pay), total: amounts.fresh(c.name, draw(50, 15000)) });
    const r = rng.pick(['', '', 'SUPPLIER PAYMENT', 'PAYMENT', 'LIM BROS']);
    instant(rng.chance(0.6), c, pay, it.total, () => r, 'name_only', g);
  }
  // GIRO: customers on a GIRO arrangement are debited for last month's statement on the 15th.
  const giroDay = nextBiz(dayOf(2026, 10, 15));
  const onGiro = new Set<Cust>();
  for (let left = k.giro_statement_sum, tries = 0; left > 0 && tries < 10000; tries++) {
    const c = tries < 5000 ? anyC() : rng.pick(locals);
    if (onGiro.has(c)) continue;
    onGiro.add(c);
    const n = Math.max(1, Math.min(left, rng.int(2, 6))), g = G();
    const its = Array.from({ length: n }, () => addItem(c, 'giro_statement_sum', g, { date: dayOf(2026, 9, rng.int(1, 30)), total: amounts.fresh(c.name, draw(60, 5000)) }));
    left -= n;
    const acct = `LBMS${pad(rng.int(100, 999), 4)}`;
    line(giroDay, its.reduce((s, x) => s + x.total, 0), 'GIRO COLLECTION', c.bank, () => `${acct} SEP 2026 STMT`, 'giro_statement_sum', g);
  }
  for (let i = 0; i < k.tt_usd_charges; i++) {
    const c = rng.pick(foreign), pay = payDay(), g = G();
    const it = addItem(c, 'tt_usd_charges', g, { date: invDate(pay, 30, 90), total: amounts.fresh(c.name, draw(1500, 80000)), cur: 'USD' });
    const chg = rng.int(20, 90) * 50, rate = (13200 + rng.int(0, 400)) / 10000, net = it.total - chg, sgd = Math.round(net * rate);
    const ref = rng.digits(10);
    line(pay, sgd, 'INWARD TELEGRAPHIC TRANSFER', c.bank, () => `TT${ref} USD ${fmtMoney(it.total, ',', '.')} LESS CHGS USD ${fmtMoney(chg, ',', '.')} NET USD ${fmtMoney(net, ',', '.')} @${rate.toFixed(4)} /RFB/${rng.chance(0.7) ? it.no : `INVOICE ${it.seq}`}`, 'tt_usd_charges', g);
  }
  for (let i = 0; i < k.tt_sgd_charges; i++) {
    const c = rng.pick(foreign), pay = payDay(), g = G();
    const it = addItem(c, 'tt_sgd_charges', g, { date: invDate(pay, 30, 90), total: amounts.fresh(c.name, draw(1000, 40000)) });
    const chg = rng.int(15, 45) * 100, ref = rng.digits(10);
    line(pay, it.total - chg, 'INWARD TELEGRAPHIC TRANSFER', c.bank, () => `TT${ref} /RFB/${it.no} ${it.ref.split(' / ')[0]}`, 'tt_sgd_charges', g);
    line(pay, -1000, 'SERVICE CHARGE', '', () => `INWARD TT COMMISSION TT${ref}`, 'noise', null);
  }
  for (let i = 0; i < k.part_payment; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'part_payment', g, { date: invDate(pay, 40, 100), total: amounts.fresh(c.name, draw(2000, 50000)) });
    const part = Math.round((it.total * (0.33 + rng.next() * 0.34)) / 10000) * 10000;
    instant(rng.chance(0.5), c, pay, part, () => rng.pick([`PART PAYMENT ${it.no}`, `${it.no} 1ST INSTALMENT`, `PARTIAL ${it.no}`]), 'part_payment', g);
  }
  for (let left = k.ambiguous_equal_amounts; left > 0; left -= 2) {
    const c = anyC(), pay = payDay(), g = G();
    const v = amounts.fresh(c.name, () => Math.round(rng.amountCents(200, 6000) / 1000) * 1000);
    const first = invDate(pay, 35, 45), pick = rng.chance(0.5);
    addItem(c, 'ambiguous_equal_amounts', pick ? g : null, { date: first, total: v, amb: true });
    addItem(c, 'ambiguous_equal_amounts', pick ? null : g, { date: Math.min(first + rng.int(28, 31), pay - 2), total: v, amb: true });
    const r = rng.pick(['', 'MONTHLY RENTAL', 'STORAGE FEE', 'PAYMENT']);
    instant(rng.chance(0.5), c, pay, v, () => r, 'ambiguous_equal_amounts', g, true);
  }
  for (let i = 0; i < k.open_credit_note; i++) {
    const c = anyC();
    addItem(c, 'open_credit_note', null, { date: rng.int(dayOf(2026, 8, 1), END), total: -amounts.fresh(c.name, draw(30, 2000)), cn: true });
  }
  for (let i = 0; i < k.unpaid_invoice; i++) {
    const fx = rng.chance(0.05), c = fx ? rng.pick(foreign) : anyC();
    addItem(c, 'unpaid_invoice', null, { date: rng.chance(0.8) ? rng.int(dayOf(2026, 9, 1), END) : rng.int(dayOf(2026, 6, 1), dayOf(2026, 8, 31)), total: amounts.fresh(c.name, draw(50, 20000)), cur: fx && rng.chance(0.6) ? 'USD' : 'SGD' });
  }
  // Cheques last, their amounts unique over the whole list: a deposited cheque names nobody.
  const allAmts = new Set(items.map((x) => due(x)));
  const chequeAmount = (c: Cust) => {
    let v = 0;
    do v = rng.amountCents(100, 15000); while (allAmts.has(v) || amounts.has(c.name, v) || v % 1000 === 0);
    allAmts.add(v);
    amounts.mark(c.name, v);
    return v;
  };
  const cheque = (amt: number, pay: number, kind: string, g: string | null) => {
    const no = String(rng.int(100000, 999999)), bank = rng.pick(['DBS', 'OCBC', 'UOB', 'MAYBANK', 'HSBC']);
    line(pay, amt, 'CHEQUE DEPOSIT', '', () => `CHQ ${no} ${bank}`, kind, g, { vday: nextBiz(pay + 1) });
    return no;
  };
  for (let i = 0; i < k.cheque_deposit; i++) {
    const c = anyC(), pay = payDay(), g = G();
    const it = addItem(c, 'cheque_deposit', g, { date: invDate(pay), total: chequeAmount(c) });
    cheque(it.total, pay, 'cheque_deposit', g);
  }
  for (let i = 0; i < k.cheque_bounced; i++) {
    const c = anyC(), pay = rng.pick(bizDays.filter((d) => d <= END - 7));
    const it = addItem(c, 'cheque_bounced', null, { date: invDate(pay), total: chequeAmount(c) });
    const no = cheque(it.total, pay, 'cheque_bounced', null);
    line(nextBiz(pay + rng.int(2, 4)), -it.total, 'RETURNED CHEQUE', '', () => `CHQ ${no} REFER TO DRAWER`, 'cheque_bounced', null);
    line(nextBiz(pay + rng.int(2, 4)), -3000, 'SERVICE CHARGE', '', () => `RETURNED CHEQUE CHARGE ${no}`, 'noise', null);
  }

  // ---- numbers by date
  let seq = rng.int(3900, 4400);
  for (const it of items.filter((x) => !x.cn).sort((a, b) => a.date - b.date)) { it.seq = (seq += 1); it.no = `INV-${pad(it.seq, 5)}`; }
  seq = rng.int(150, 300);
  for (const it of items.filter((x) => x.cn).sort((a, b) => a.date - b.date)) { it.seq = (seq += 1); it.no = `CN-${pad(it.seq, 5)}`; }
  // Deposits against quotations whose number equals an unpaid invoice's (a trap).
  const unpaid = items.filter((x) => x.kind === 'unpaid_invoice' && !x.c.fx);
  for (let i = 0; i < Math.max(2, Math.round(N / 250)); i++) {
    const it = rng.pick(unpaid), v = rng.int(5, 60) * 10000;
    if (amounts.has(it.c.name, v)) continue;
    instant(true, it.c, rng.int(START, END), v, () => `QUO-${pad(it.seq, 5)} DEPOSIT`, 'noise_quotation_deposit', null);
  }

  // ---- noise
  const nNoise = Math.round(N * 0.08);
  for (let i = 0; i < nNoise; i++) {
    const d = payDay(), r = rng.int(0, 19);
    if (r < 8) { const s = rng.pick(SUPPLIERS), f = rng.digits(7); line(d, -rng.amountCents(300, 30000), 'FAST PAYMENT', s, () => `OTHR INV ${f}`, 'noise', null); }
    else if (r < 10) { const m = rng.pick(['SHELL', 'NTUC FAIRPRICE', 'CALTEX', 'GRAB', 'SINGPOST', 'LAZADA']); line(d, -rng.amountCents(5, 400), 'DEBIT CARD TRANSACTION', m, () => `${m} SI NG ${rng.digits(4)}`, 'noise', null); }
    else if (r < 12) { const m = rng.pick(['SP SERVICES', 'SINGTEL', 'STARHUB', 'M1 LIMITED']); line(d, -rng.amountCents(80, 3000), 'GIRO PAYMENT', m, () => `${rng.digits(10)}`, 'noise', null); }
    else if (r < 13) { line(d, rng.amountCents(500, 20000), 'GIRO COLLECTION', 'IRAS', () => 'GST REFUND', 'noise', null); }
    else if (r < 14) { const p = rng.pick(['JOBS GROWTH INCENTIVE', 'SKILLSFUTURE ENTERPRISE CR', 'PRODUCTIVITY SOLUTIONS GRANT']); line(d, rng.amountCents(800, 15000), 'GOVT PAYOUT', 'GOVERNMENT OF SINGAPORE', () => p, 'noise', null); }
    else if (r < 15) { line(d, -3500, 'SERVICE CHARGE', '', () => 'ACCOUNT SERVICE FEE', 'noise', null); }
    else if (r < 16) { line(d, -rng.amountCents(1000, 9000), 'OUTWARD TELEGRAPHIC TRANSFER', rng.pick(['ZHEJIANG MARINE PUMP CO LTD', 'BUSAN VALVE CO LTD']), () => `OTT${rng.digits(8)}`, 'noise', null); line(d, -3000, 'SERVICE CHARGE', '', () => 'OUTWARD TT COMMISSION', 'noise', null); }
    else if (r < 17) { line(d, -rng.int(2, 20) * 10000, 'CASH WITHDRAWAL', '', () => `ATM ${rng.digits(6)}`, 'noise', null); }
    else { const s = rng.pick(SUPPLIERS); line(d, -rng.amountCents(500, 20000), 'GIRO PAYMENT', s, () => `BULK ${rng.digits(6)}`, 'noise', null); }
  }
  const staff = Math.max(12, Math.round(N / 40));
  line(nextBiz(dayOf(2026, 10, 28)), -staff * rng.int(380000, 520000), 'GIRO PAYMENT', 'SALARY', () => `SALARY OCT 2026 ${staff} PAYEES`, 'noise', null);
  line(nextBiz(dayOf(2026, 10, 14)), -staff * rng.int(70000, 110000), 'GIRO PAYMENT', 'CPF BOARD', () => `CPF SEP 2026 ${rng.digits(9)}PTE01`, 'noise', null);
  line(nextBiz(dayOf(2026, 10, 30)), -rng.amountCents(5000, 60000), 'GIRO PAYMENT', 'IRAS', () => 'GST Q3 2026', 'noise', null);
  line(END, rng.int(100, 3000), 'INTEREST CREDIT', '', () => 'INTEREST', 'noise', null);
  for (const s of sweeps(lines, bizDays.filter((d) => weekday(d) === 5), 15000000, 15000000, 40000000)) lines.push({ day: s.day, vday: s.day, amt: s.amt, d1: 'FUNDS TRANSFER', d2: 'LIM BROTHERS MARINE SUPPLIES', d3: () => 'TO FD 072-998877-1 PLACEMENT', kind: 'noise', g: null, eod: true });

  // ---- open items file (by contact, then date)
  const F = (v: number) => fmtMoney(v, ',', '.');
  const contacts = [...new Set(items.map((x) => x.c.name))].sort();
  const rank = new Map(contacts.map((c, i) => [c, i]));
  const oiOrdered = inFileOrder(items.map((it): Gen<Item> => ({ key: rank.get(it.c.name)! * 1000 + (it.date - dayOf(2026, 1, 1)), v: it, g: it.g, kind: it.kind, amb: it.amb })), rng);
  const q = (s: string) => csvField(s, ',', /[,\s]/.test(s));
  const oiLines = ['Aged Receivables Detail', 'Lim Brothers Marine Supplies Pte. Ltd.', 'As at 31 October 2026', '',
    'Contact,Invoice Date,Due Date,Invoice Number,Reference,Currency,Invoice Total,Paid,Credited,Amount Due'];
  const tot = { SGD: 0, USD: 0 };
  for (const r of oiOrdered) {
    const it = r.v;
    tot[it.cur] += due(it);
    oiLines.push([q(it.c.name), dMonY(it.date), dMonY(it.date + it.terms), it.no, q(it.ref), it.cur, q(F(it.total)), q(F(it.paid)), '0.00', q(F(due(it)))].join(','));
  }
  oiLines.push('', `Total SGD,,,,,,,,,${q(F(tot.SGD))}`, `Total USD,,,,,,,,,${q(F(tot.USD))}`, '');

  // ---- statement (oldest first)
  const stOrdered = inFileOrder(lines.map((l): Gen<Line> => ({ key: l.day + (l.eod ? 0.5 : 0), v: l, g: l.g, kind: l.kind, amb: l.amb })), rng);
  const opening = openingFor(stOrdered.map((r) => r.v.amt), rng.int(2000, 9000) * 1000);
  const P = (v: number) => `${Math.floor(v / 100)}.${pad(v % 100, 2)}`;
  let run = opening;
  const body = stOrdered.map((r) => {
    const l = r.v;
    run += l.amt;
    return [dmyShort(l.day), dmyShort(l.vday), l.d1, csvField(l.d2, ','), csvField(l.d3(), ','), l.amt < 0 ? P(-l.amt) : '', l.amt > 0 ? P(l.amt) : '', P(run)].join(',');
  });
  const stLines = ['Account Details For:,Lim Brothers Marine Supplies Pte Ltd 072-012345-6 SGD', 'Statement as at:,31 Oct 2026', `Available Balance:,${P(run)}`, `Ledger Balance:,${P(run)}`, `Opening Balance:,${P(opening)}`, '',
    'Transaction Date,Value Date,Transaction Description 1,Transaction Description 2,Transaction Description 3,Debit Amount,Credit Amount,Running Balance', ...body, ''];

  return {
    name: 'sg-paynow',
    description: 'Lim Brothers Marine Supplies Pte. Ltd. (Jurong, Singapore; SGD, export customers in USD). Open items: a Xero-like Aged Receivables Detail CSV (UTF-8, dd MMM yyyy, "1,234.56", INV-0nnnn by date, CN-00nnn negative, Reference = PO number or vessel, Currency, Total/Paid/Credited/Amount Due, totals per currency). Statement: a DBS IDEAL-like CSV (oldest first, d/m/yyyy, plain amounts, Description 1 type / 2 payer name cut at 35 / 3 reference cut at 35, telegraphic transfers up to 140). Cases: PayNow and FAST with the invoice number in many spellings, consolidated payments whose invoice list is cut at 35 characters, credit notes netted, the customer\'s PO number only, name only, GIRO collections of a month\'s statement, USD invoices paid by TT converted to SGD less charges, SGD TTs less charges, cheque deposits (number only) and a bounced cheque, part payments, equal monthly rentals; noise: suppliers, card, utilities, salary, CPF, GST, government payouts, fees, fixed-deposit placements, deposits against quotations.',
    openItems: { fileName: 'sg-paynow-aged-receivables-detail.csv', content: oiLines.join('\n') },
    statement: { fileName: 'sg-paynow-dbs-account-activity.csv', content: stLines.join('\n') },
    truth: [...truthFor('open_items', oiOrdered), ...truthFor('statement', stOrdered)],
  };
};
