/**
 * za-eft — Vaal Pipe & Irrigation (Pty) Ltd, Vereeniging: pipes, pumps and irrigation parts sold on
 * account to farmers, builders and plumbers, in ZAR.
 *
 * Open items: a Sage Pastel-like "Customer Open Items" CSV, UTF-8, `,`, CRLF, two title lines and a
 * blank above the header, a `Total` line after a blank; dd/mm/yyyy; plain `1234.56` (credit notes
 * `-123.45`); customer accounts `KWE001`, documents `INV04123` / `CRN00412`, the customer's order
 * number, terms (`30 Days`, `Debit Order`, `COD`).
 *
 * Statement: a South African business-banking CSV of the current account: four account lines and a
 * blank above `Date,Description,Reference,Amount,Balance`, yyyy/mm/dd, oldest first, signed plain
 * amounts, running balance. Reference is the 20 characters the payer typed (account code, invoice
 * number, both, cut or spaced); debit orders come back as one batch credit per run date with a count,
 * unpaid debit orders (`UNPAID RD …`) a few days later; cash deposits name a branch and the deposit
 * reference; bank fees start with `#`.
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, allot, csvField, dayOf, inFileOrder, nextBiz, pad, truthFor, uniqueName, ymd, type Gen } from './common';

const AS_OF = dayOf(2026, 11, 26), S0 = dayOf(2026, 9, 1), D0 = dayOf(2026, 7, 20);
const PLACE = ['Mooi River', 'Karoo', 'Boland', 'Tshwane', 'Umgeni', 'Sedibeng', 'Lowveld', 'Kwena', 'Drakensberg', 'Zululand', 'Overberg', 'Thabazimbi', 'Nkomazi', 'Harts Valley', 'Vaalharts', 'Magalies', 'Riebeek', 'Letaba', 'Groblersdal', 'Parys', 'Heilbron', 'Sasolburg', 'Bethal', 'Marble Hall'];
const TRADE = ['Farming', 'Hardware', 'Builders', 'Irrigation', 'Agri', 'Plumbing', 'Construction', 'Nursery', 'Trading', 'Boerdery', 'Pumps', 'Citrus'];
const FORM = ['(Pty) Ltd', 'CC', '', '(Pty) Ltd', 'Trust'];
const BRANCH = ['VEREENIGING', 'VANDERBIJLPARK', 'SASOLBURG', 'MEYERTON', 'HEIDELBERG', 'PARYS', 'KLERKSDORP', 'POTCHEFSTROOM'];
const PAYBANK = ['ACB CREDIT', 'FNB OB PMT', 'ABSA BANK', 'NEDBANK CR', 'CAPITEC', 'STD BANK CR', 'INTERNET TRF FROM'];

interface Cust { acc: string; name: string; terms: string; holding: string }
interface Doc { c: Cust; type: 'INV' | 'CRN'; no: number; day: number; order: string; what: string; amt: number; open: number }
interface Mov { day: number; desc: string; ref: () => string; amt: number }

const rands = (v: number) => `${v < 0 ? '-' : ''}${Math.floor(Math.abs(v) / 100)}.${pad(Math.abs(v) % 100, 2)}`;
const dstr = (d: number, sep: string, ymdOrder: boolean) => { const [y, m, dd] = ymd(d); return ymdOrder ? `${y}${sep}${pad(m, 2)}${sep}${pad(dd, 2)}` : `${pad(dd, 2)}${sep}${pad(m, 2)}${sep}${y}`; };
const cut20 = (s: string) => s.slice(0, 20).trimEnd();

export function zaEft({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 31337 + 27);
  const amounts = new Amounts(rng);
  const used = new Set<string>(), seq = new Map<string, number>();
  const nCust = Math.max(12, Math.round(openItems / 10));
  const custs: Cust[] = [];
  const newCust = (place: string, trade: string, terms: string, holding = ''): Cust => {
    const name = `${place} ${trade}${rng.pick(FORM) ? ' ' + rng.pick(FORM) : ''}`.trim();
    const p3 = place.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase(), k = (seq.get(p3) ?? 0) + 1;
    seq.set(p3, k);
    return { acc: `${p3}${pad(k, 3)}`, name, terms, holding };
  };
  for (let i = 0; i < nCust; i++) {
    const [place, trade] = uniqueName(used, () => `${rng.chance(0.3) ? rng.pick(['Oos', 'Wes', 'Noord', 'Suid']) + ' ' : ''}${rng.pick(PLACE)}|${rng.pick(TRADE)}`).split('|');
    custs.push(newCust(place, trade, rng.chance(0.22) ? 'Debit Order' : rng.chance(0.06) ? 'COD' : rng.pick(['30 Days', '30 Days', '60 Days', '7 Days'])));
  }
  // Groups with a holding company that pays for its subsidiaries.
  const holdings: { name: string; subs: Cust[] }[] = [];
  for (const [place, hname] of [['Mahlangu', 'MAHLANGU GROUP HOLDINGS'], ['Vermaak', 'VERMAAK FAMILY HOLDINGS'], ['Tswelopele', 'TSWELOPELE INV HLDGS'], ['Rietfontein', 'RIETFONTEIN HOLDINGS']]) {
    const subs = rng.shuffle([...TRADE]).slice(0, rng.int(2, 4)).map((t) => newCust(place, t, '30 Days', hname));
    custs.push(...subs);
    holdings.push({ name: hname, subs });
  }
  const ordinary = custs.filter((c) => c.terms !== 'Debit Order' && !c.holding), debitOrder = custs.filter((c) => c.terms === 'Debit Order');
  let gid = 0;
  const oi: Gen<Doc>[] = [], st: Gen<Mov>[] = [];
  const pickOrd = () => ordinary[rng.skewedIndex(ordinary.length)];
  const doc = (c: Cust, day: number, o: Partial<Doc> = {}): Doc => {
    const amt = o.amt ?? amounts.fresh(c.acc, () => rng.amountCents(180, 160000));
    return { c, type: 'INV', no: 0, day, order: rng.chance(0.6) ? rng.pick(['PO', 'ORD', '', 'P/O ']) + rng.int(1000, 99999) : '', what: rng.pick(['Pipes & fittings', 'Pump repair', 'Drip irrigation parts', 'PVC pipe 110mm', 'Centre pivot spares', 'Borehole pump', 'Valves & couplings']), ...o, amt, open: o.open ?? amt };
  };
  const addOi = (d: Doc, g: string | null, kind: string, amb = false) => oi.push({ key: 0, v: d, g, kind, amb });
  const addSt = (day: number, desc: string, ref: string | (() => string), amt: number, g: string | null, kind: string, amb = false) => st.push({ key: day, v: { day, desc, ref: typeof ref === 'string' ? () => ref : ref, amt }, g, kind, amb });
  const inv = (d: Doc) => `INV${pad(d.no, 5)}`;
  const payDay = () => nextBiz(rng.int(S0, AS_OF - 3));
  const before = (pay: number) => Math.max(D0, pay - rng.int(10, 60));
  const payerDesc = (c: Cust) => { const b = rng.pick(PAYBANK); return b === 'FNB OB PMT' || b === 'CAPITEC' ? b : `${b} ${c.name.toUpperCase().replace(/\(PTY\) LTD|CC$/g, '').trim().slice(0, 22)}`; };
  const accVariant = (c: Cust) => rng.pick([c.acc, c.acc, `${c.acc.slice(0, 3)} ${c.acc.slice(3)}`, c.acc.toLowerCase(), `ACC ${c.acc}`]);
  const invVariant = (d: Doc) => rng.pick([`INV ${d.no}`, `INV-${pad(d.no, 5)}`, `inv${d.no}`, `IN${pad(d.no, 5)}`, `${pad(d.no, 5)}`, `INVOICE ${d.no}`]);

  const n = allot(openItems, {
    eft_invoice_ref: 0.17, eft_account_and_invoice: 0.08, eft_invoice_variant: 0.06, eft_account_only: 0.06, eft_account_statement_sum: 0.1,
    debit_order_batch: 0.16, debit_order_returned: 0.006, debit_order_repaid_eft: 0.006, cash_deposit: 0.04, holding_company_payment: 0.05,
    rounded_to_rand: 0.04, credit_note_netted: 0.04, part_payment: 0.015, ambiguous_equal_amounts: 0.02, open_credit_note: 0.008, unpaid_invoice: 1,
  });
  const left = { ...n };
  for (const kind of ['eft_invoice_ref', 'eft_account_and_invoice', 'eft_invoice_variant', 'eft_account_only', 'rounded_to_rand'] as const) {
    for (; left[kind] > 0; left[kind]--) {
      const c = pickOrd(), pay = payDay(), g = `g${++gid}`;
      const d = doc(c, before(pay), kind === 'rounded_to_rand' ? { amt: amounts.fresh(c.acc, () => { const v = rng.amountCents(180, 160000); return v % 100 ? v : v + 37; }) } : {});
      addOi(d, g, kind);
      const ref = () => kind === 'eft_invoice_ref' ? inv(d) : kind === 'eft_account_and_invoice' ? cut20(rng.pick([`${c.acc} ${inv(d)}`, `${inv(d)} ${c.acc}`, `${c.acc}${inv(d)}`, `${c.acc} ${c.name.toUpperCase()} ${inv(d)}`])) : kind === 'eft_invoice_variant' ? invVariant(d) : kind === 'eft_account_only' ? accVariant(c) : rng.pick([inv(d), `${c.acc} ${inv(d)}`]);
      const amt = kind === 'rounded_to_rand' ? (rng.chance(0.6) ? Math.round(d.amt / 100) * 100 : Math.floor(d.amt / 100) * 100) : d.amt;
      addSt(pay, payerDesc(c), ref, amt, g, kind);
    }
  }
  // A customer pays its month-end statement: several invoices (sometimes less a credit note), account code only.
  for (const kind of ['eft_account_statement_sum', 'credit_note_netted'] as const) {
    while (left[kind] > 0) {
      const c = pickOrd(), pay = payDay(), g = `g${++gid}`, k = Math.min(left[kind], rng.int(2, 5)), docs: Doc[] = [];
      for (let j = 0; j < (kind === 'credit_note_netted' ? Math.max(1, k - 1) : k); j++) docs.push(doc(c, before(pay)));
      if (kind === 'credit_note_netted') {
        const v = -Math.round(docs[0].amt * rng.pick([0.08, 0.15, 0.25, 0.5]));
        amounts.mark(c.acc, v);
        docs.push(doc(c, docs[0].day + rng.int(1, 10), { type: 'CRN', amt: v, what: rng.pick(['Goods returned', 'Pricing error', 'Damaged in transit']) }));
      }
      for (const d of docs) addOi(d, g, kind);
      const sum = docs.reduce((s, d) => s + d.open, 0);
      addSt(pay, payerDesc(c), () => (kind === 'credit_note_netted' && rng.chance(0.5) ? cut20(`${c.acc} ${docs.filter((d) => d.type === 'INV').map(inv).join(' ')}`) : rng.pick([accVariant(c), `${c.acc} STATEMENT`, `${c.acc} ${rng.pick(['SEP', 'OCT', 'NOV'])} ACC`])), sum, g, kind);
      left[kind] -= docs.length;
    }
  }
  // Debit orders: one batch credit per run date (1st and 25th, next business day), unpaid ones returned a few days later.
  const runs: number[] = [];
  for (const [y, m, d] of [[2026, 9, 1], [2026, 9, 25], [2026, 10, 1], [2026, 10, 25], [2026, 11, 2], [2026, 11, 25]]) runs.push(nextBiz(dayOf(y, m, d)));
  const batch = new Map<number, { g: string; docs: Doc[]; returned: Doc[] }>();
  const doCount = left.debit_order_batch + left.debit_order_returned + left.debit_order_repaid_eft;
  for (let i = 0; i < doCount; i++) {
    const run = runs[i % runs.length], c = debitOrder[rng.int(0, debitOrder.length - 1)], d = doc(c, Math.max(D0, run - rng.int(20, 45)));
    const b = batch.get(run) ?? { g: `g${++gid}`, docs: [], returned: [] };
    batch.set(run, b);
    if (i < left.debit_order_returned + left.debit_order_repaid_eft && run < AS_OF - 15) b.returned.push(d);
    else b.docs.push(d);
  }
  let batchNo = 40 + (seed % 50), repaid = left.debit_order_repaid_eft;
  for (const [run, b] of [...batch].sort((x, y) => x[0] - y[0])) {
    const all = [...b.docs, ...b.returned];
    addSt(run, 'DEBIT ORDER COLLECTIONS', `BATCH ${pad(++batchNo, 4)} ${all.length} ITEMS`, all.reduce((s, d) => s + d.amt, 0), b.g, 'debit_order_batch');
    for (const d of b.docs) addOi(d, b.g, 'debit_order_batch');
    for (const d of b.returned) {
      const back = nextBiz(run + rng.int(2, 5));
      addSt(back, `UNPAID RD ${rng.pick(['02 NOT PROVIDED FOR', '04 PAYMENT STOPPED', '30 NO AUTHORITY', '03 DEBITS NOT ALLOWED'])}`, () => cut20(`${d.c.acc} ${inv(d)}`), -d.amt, b.g, 'debit_order_batch');
      addSt(back, '#UNPAID FEE', '', -rng.pick([9500, 11000, 12500]), null, 'noise');
      if (repaid-- > 0) {
        const g = `g${++gid}`;
        addOi(d, g, 'debit_order_repaid_eft');
        addSt(nextBiz(back + rng.int(3, 12)), payerDesc(d.c), () => rng.pick([inv(d), `${d.c.acc} UNPAID DO`, `${d.c.acc} ${inv(d)}`]), d.amt, g, 'debit_order_repaid_eft');
      } else addOi(d, null, 'debit_order_returned');
    }
  }
  // Cash deposits at a branch: deposit reference = the account code (sometimes with the invoice).
  for (; left.cash_deposit > 0; left.cash_deposit--) {
    const c = pickOrd(), pay = payDay(), g = `g${++gid}`, d = doc(c, before(pay), { amt: amounts.fresh(c.acc, () => rng.amountCents(150, 25000)) });
    addOi(d, g, 'cash_deposit');
    addSt(pay, `CASH DEPOSIT ${rng.pick(BRANCH)}`, () => rng.pick([c.acc, `${c.acc} ${inv(d)}`, `${c.acc.slice(0, 3)}${c.acc.slice(3)} CASH`]), d.amt, g, 'cash_deposit');
    addSt(pay, '#CASH DEPOSIT FEE', '', -(Math.round(d.amt * 0.0125) + 1000), null, 'noise');
  }
  // A holding company pays several subsidiaries' invoices in one transfer.
  while (left.holding_company_payment > 0) {
    const h = rng.pick(holdings), pay = payDay(), g = `g${++gid}`, k = Math.max(2, Math.min(left.holding_company_payment, rng.int(3, 8))), docs: Doc[] = [];
    for (let j = 0; j < k; j++) docs.push(doc(h.subs[j % h.subs.length], before(pay)));
    for (const d of docs) addOi(d, g, 'holding_company_payment');
    const [, m] = ymd(pay - 20);
    addSt(pay, `ACB CREDIT ${h.name}`, cut20(`${h.name.split(' ')[0]} GRP ${['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][m - 1]} REMIT`), docs.reduce((s, d) => s + d.amt, 0), g, 'holding_company_payment');
    left.holding_company_payment -= k;
  }
  for (; left.part_payment > 0; left.part_payment--) {
    const c = pickOrd(), pay = payDay(), g = `g${++gid}`, d = doc(c, before(pay));
    addOi(d, g, 'part_payment');
    addSt(pay, payerDesc(c), () => rng.pick([`${inv(d)} PART`, `${c.acc} ${inv(d)}`, inv(d)]), ((x) => (d.amt > 200000 ? Math.round(x / 100) * 100 : x))(Math.round(d.amt * (0.32 + rng.next() * 0.36))), g, 'part_payment');
  }
  while (left.ambiguous_equal_amounts >= 2) {
    const c = pickOrd(), pay = payDay(), g = `g${++gid}`, v = amounts.fresh(c.acc, () => rng.int(12, 90) * 5000);
    const a = doc(c, before(pay) - 30, { amt: v, what: 'Equipment rental (monthly)' }), b = doc(c, a.day + 30, { amt: v, what: 'Equipment rental (monthly)' });
    addOi(a, g, 'ambiguous_equal_amounts', true);
    addOi(b, null, 'ambiguous_equal_amounts', true);
    addSt(Math.max(pay, b.day + 2), payerDesc(c), () => rng.pick([c.acc, `${c.acc} RENTAL`]), v, g, 'ambiguous_equal_amounts', true);
    left.ambiguous_equal_amounts -= 2;
  }
  for (; left.open_credit_note > 0; left.open_credit_note--) {
    const c = pickOrd(), v = -amounts.fresh(c.acc, () => rng.amountCents(50, 9000));
    addOi(doc(c, rng.int(S0, AS_OF - 1), { type: 'CRN', amt: v, what: 'Goods returned' }), null, 'open_credit_note');
  }
  const unpaid: Doc[] = [];
  for (; left.unpaid_invoice > 0; left.unpaid_invoice--) {
    const c = rng.chance(0.08) ? debitOrder[rng.int(0, debitOrder.length - 1)] : rng.chance(0.05) ? rng.pick(holdings).subs[0] : pickOrd(), d = doc(c, c.terms === 'Debit Order' ? rng.int(AS_OF - 25, AS_OF - 1) : rng.int(D0, AS_OF - 1));
    unpaid.push(d);
    addOi(d, null, 'unpaid_invoice');
  }

  // Noise: SARS, salaries, municipal and Eskom, insurance debit orders, supplier payments, bank fees, interest; supplier refunds citing an INV number.
  for (let m = 9; m <= 11; m++) {
    const d = (x: number) => nextBiz(dayOf(2026, m, x));
    addSt(d(7), 'SARS EMP201 PAYE', `PAYE 7${rng.digits(9)}`, -rng.int(9000000, 14000000), null, 'noise');
    addSt(d(25) > AS_OF ? AS_OF - 1 : d(25), 'SARS VAT201', `VAT 4${rng.digits(9)}`, -rng.int(20000000, 60000000), null, 'noise');
    addSt(d(24) > AS_OF ? AS_OF - 2 : d(24), 'SALARIES BATCH', `WAGES ${pad(m, 2)}2026`, -rng.int(70000000, 90000000), null, 'noise');
    addSt(d(1), '#MONTHLY ACCOUNT FEE', '', -rng.int(35000, 52000), null, 'noise');
    addSt(d(3), 'ESKOM', `ESK ${rng.digits(10)}`, -rng.int(3000000, 7000000), null, 'noise');
    addSt(d(3), 'EMFULENI LOCAL MUNIC', `ACC ${rng.digits(9)}`, -rng.int(900000, 2200000), null, 'noise');
    addSt(d(1), 'SANTAM INSURANCE', `POL ${rng.digits(8)}`, -rng.int(1500000, 2500000), null, 'noise');
    if (m < 11) addSt(d(28) > AS_OF ? AS_OF - 1 : d(28), 'CREDIT INTEREST', '', rng.int(20000, 90000), null, 'noise');
  }
  const SUP = ['MARLEY PIPE SYSTEMS', 'DPI PLASTICS', 'GRUNDFOS SA', 'NETAFIM SA', 'FLOWMAX PUMPS', 'SAFARI TRANSPORT'];
  const nNoise = Math.round(openItems * 0.05);
  for (let i = st.filter((s) => s.kind === 'noise').length; i < nNoise; i++) addSt(payDay(), 'FNB OB PMT', cut20(`${rng.pick(SUP)} ${rng.int(10000, 99999)}`), -rng.amountCents(5000, 400000), null, 'noise');
  for (let i = 0; i < Math.max(2, Math.round(openItems * 0.005)) && unpaid.length; i++) {
    const u = rng.pick(unpaid);
    addSt(payDay(), `ACB CREDIT ${rng.pick(SUP)}`, () => `REFUND ${inv(u)}`, rng.amountCents(100, 5000), null, 'noise_supplier_refund');
  }

  // Document numbers follow the date (invoices INV04101…, credit notes CRN00401…).
  for (const type of ['INV', 'CRN'] as const) {
    const ds = oi.map((r) => r.v).filter((d) => d.type === type).map((d) => [d, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
    ds.forEach(([d], i) => (d.no = (type === 'INV' ? 4101 : 401) + i));
  }
  // Pastel lists by account, then date.
  const accs = [...new Set(custs.map((c) => c.acc))].sort();
  const accRank = new Map(accs.map((a, i) => [a, i]));
  for (const r of oi) r.key = accRank.get(r.v.c.acc)! * 100000 + r.v.day;
  // Surplus above R 2.5 m swept to a call account each Friday (keeps the balance like a real one).
  const O = inFileOrder(oi, rng);
  let bal = 184_522_31;
  const week = new Map<number, number>();
  for (const r of st) { const f = r.v.day + ((5 - new Date(r.v.day * 86400000).getUTCDay() + 7) % 7); week.set(f, (week.get(f) ?? 0) + r.v.amt); }
  for (const [f, sum] of [...week].sort((a, b) => a[0] - b[0])) if (sum > 30000000 && f <= AS_OF) addSt(f, 'TRANSFER TO CALL ACC', `CALL ${pad(seed % 100, 2)}6201`, -Math.floor((sum * 0.85) / 1000000) * 1000000, null, 'noise');
  const S = inFileOrder(st, rng);
  const head = ['Account', 'Customer Name', 'Date', 'Type', 'Reference', 'Order Number', 'Description', 'Terms', 'Amount', 'Outstanding'];
  const L = ['Vaal Pipe & Irrigation (Pty) Ltd', `Customer Open Items as at ${dstr(AS_OF, '/', false)}`, '', head.join(',')];
  let tot = 0;
  for (const { v: d } of O) {
    tot += d.open;
    L.push([d.c.acc, d.c.name, dstr(d.day, '/', false), d.type === 'INV' ? 'Invoice' : 'Credit Note', `${d.type}${pad(d.no, 5)}`, d.order, d.what, d.c.terms, rands(d.amt), rands(d.open)].map((f) => csvField(f, ',')).join(','));
  }
  L.push('', ['Total', '', '', '', '', '', '', '', '', rands(tot)].join(','));
  const opening = bal;
  const M = ['Account Number,62 0841 77352', 'Account Name,VAAL PIPE & IRRIGATION (PTY) LTD', 'Account Type,Business Current Account', `Statement Period,${dstr(S0, '/', true)} - ${dstr(AS_OF, '/', true)}`, '', 'Date,Description,Reference,Amount,Balance'];
  for (const r of S) { bal += r.v.amt; M.push([dstr(r.v.day, '/', true), r.v.desc, r.v.ref(), rands(r.v.amt), rands(bal)].map((f) => csvField(f, ',')).join(',')); }
  M.push('', `Opening Balance,${rands(opening)}`, `Closing Balance,${rands(bal)}`);
  return {
    name: 'za-eft',
    description: `A South African pipe and irrigation supplier (ZAR). Open items: a Sage Pastel-like customer open-items CSV (accounts like KWE001, INV04123 / CRN00412, order numbers, terms incl. Debit Order). Statement: a business current account CSV (yyyy/mm/dd, plain signed amounts, oldest first, running balance) whose Reference is the 20 characters the payer typed: invoice number, account code, both (cut at 20), or mangled forms; month-end statements paid by account code, credit notes netted, debit orders collected as one batch credit per run date with a count and unpaid ones returned (UNPAID RD) a few days later, some repaid by EFT, cash deposits at branches with a deposit fee, holding companies paying subsidiaries' invoices, payers rounding to whole rands, part payments, equal monthly rentals; SARS, salaries, utilities, insurance, supplier payments, call-account sweeps, a supplier's refund citing an INV number.`,
    openItems: { fileName: 'za-eft-customer-open-items.csv', content: L.join('\r\n') + '\r\n' },
    statement: { fileName: 'za-eft-business-account.csv', content: M.join('\n') + '\n' },
    truth: [...truthFor('open_items', O), ...truthFor('statement', S)],
  };
}
