/**
 * au-bpay: an Australian trade supplier on Xero (AUD). Open items: Xero "Aged Receivables Detail" CSV
 * (contact blocks, ageing by due date, d/m/yyyy). Statement: Commonwealth Bank NetBank CSV — no header
 * row, newest first, `date,"+amount","description","+balance"`. Receipts: BPAY with a Customer Reference
 * Number (customer number + Luhn / MOD10V01 check digit, so it names the customer, never the invoice),
 * direct credits (EFT) whose 18-character lodgement reference cites invoice numbers (truncated, typed
 * wrong, or just "PAYMENT"), our direct-debit (direct-entry) batches settled as one total with the odd
 * dishonour, and card merchant settlements that pay nothing on the list.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, typo, money, dayOf, ymd, pad, OCT1, REPORT, payDay, octoberBizDays, luhn, q, names, nextBiz, prevBiz, weekday, sizeSweeps } from './common';

const JUL1 = dayOf(2026, 7, 1), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30);
const PLACES = ['Coastal', 'Outback', 'Harbour', 'Southern', 'Redgum', 'Ironbark', 'Wattle', 'Banksia', 'Jacaranda', 'Murray', 'Hunter Valley', 'Swan River', 'Yarra', 'Darling Downs', 'Bayside', 'Gold Coast', 'Sunshine Coast', 'Tasman', 'Northside', 'Westgate', 'Illawarra', 'Riverina', 'Cairns', 'Toowoomba', 'Geelong', 'Ballarat', 'Fremantle', 'Mackay', 'Bundaberg', 'Ipswich'];
const TRADES = ['Plumbing', 'Electrical', 'Building Supplies', 'Hardware', 'Landscaping', 'Roofing', 'Air Conditioning', 'Joinery', 'Concreting', 'Fencing', 'Tiling', 'Painting', 'Pools', 'Solar', 'Drainage', 'Civil'];
const SUFFIX = ['Pty Ltd', 'Pty Ltd', 'Pty. Ltd.', '& Sons Pty Ltd', 'Group Pty Ltd', 'Services', 'Contracting Pty Ltd'];
const SURNAMES = ['Nguyen', 'Smith', 'Kowalski', 'Papadopoulos', "O'Brien", 'Singh', 'Taylor', 'Rossi', 'Walker', 'Murphy', 'Chen', 'Kelly'];
const SUPPLIERS = ['REECE PTY LTD', 'TRADELINK', 'BUNNINGS TRADE', 'STRAMIT', 'BORAL', 'LYSAGHT', 'CLIPSAL', 'RHEEM AUSTRALIA', 'TOLL IPEC', 'STARTRACK', 'ORIGIN ENERGY', 'TELSTRA'];

interface AuCust extends Cust { num: string; crn: string; bank: string; uid: string; dd: boolean }

export function auBpay({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 2654435761 + 0x5eed8a) >>> 0);
  const book = new Book<string>(rng, 'au');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 6));
  const custNames = names(nc, () => (rng.chance(0.2) ? `${rng.pick(SURNAMES)} ${rng.pick(TRADES)}` : `${rng.pick(PLACES)} ${rng.pick(TRADES)}`) + ' ' + rng.pick(SUFFIX));
  const custs: AuCust[] = custNames.map((name, i) => {
    const num = String(100000 + i * 17 + rng.int(0, 16));
    const up = name.toUpperCase().replace(/ PTY\.? LTD\.?$/, rng.chance(0.5) ? ' P/L' : ' PTY LTD').replace(/&/g, 'AND').replace(/'/g, '');
    return { code: num, name, num, crn: num + luhn(num), bank: up.slice(0, 16).trim(), uid: pad(rng.int(1, 999999), 6), dd: rng.chance(0.18) };
  });
  const ddCusts = custs.filter((c) => c.dd);
  const cust = (): AuCust => custs[rng.skewedIndex(nc)];
  const draw = () => rng.amountCents(45, 16000);
  const dueOf = (day: number) => day + rng.pick([7, 14, 30, 30, 30]);
  const inv = (c: AuCust, kind: string, g: string | null, paid = true, amt?: number, o: Partial<Item> = {}): Item => {
    const day = rng.int(JUL1, paid ? OCT20 : OCT30);
    const it = book.item(c, day, amt ?? book.amount(c, draw), kind, g, { due: dueOf(day), ...o });
    it.x.ref = rng.chance(0.45) ? (rng.chance(0.5) ? `PO ${rng.int(1000, 99999)}` : rng.pick(['Job ', 'Site ', 'Order ']) + rng.int(100, 9999)) : '';
    return it;
  };
  const digits = (it: Item) => it.no.replace(/\D/g, '');
  const ref18 = (s: string) => s.slice(0, 18).trim();
  const dc = (c: AuCust, ref: string) => `Direct Credit ${c.uid} ${c.bank} ${ref18(ref)}`.trim();
  const refOf = (it: Item): string => rng.pick([it.no, it.no.replace('-', ''), digits(it), `INV ${digits(it)}`, `${it.no} ${it.x.ref.replace(/\s/g, '')}`]);
  const last = (xs: Item[]) => Math.max(...xs.map((i) => i.day));
  let receipt = rng.int(100000000, 400000000);
  const bpay = (c: AuCust) => `BPAY Credit CRN ${c.crn} Rcpt ${receipt += rng.int(3, 900)}`;

  const make: Record<string, () => number> = {
    eft_invoice_ref: () => {
      const c = cust(), g = book.group(), it = inv(c, 'eft_invoice_ref', g);
      book.line(payDay(rng, it.day), it.amt, 'eft_invoice_ref', g, () => dc(c, refOf(it)));
      return 1;
    },
    eft_multi_invoice: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 4), its = Array.from({ length: k }, () => inv(c, 'eft_multi_invoice', g));
      book.line(payDay(rng, last(its)), its.reduce((s, i) => s + i.amt, 0), 'eft_multi_invoice', g, () => dc(c, (rng.chance(0.5) ? 'INV ' : '') + its.map(digits).join(' ')));
      return k;
    },
    eft_credit_netted: () => {
      const c = cust(), g = book.group(), k = rng.int(1, 2), its = Array.from({ length: k }, () => inv(c, 'eft_credit_netted', g, true, book.amount(c, () => rng.amountCents(300, 16000))));
      const sum = its.reduce((s, i) => s + i.amt, 0);
      const cn = inv(c, 'eft_credit_netted', g, true, -book.amount(c, () => Math.round(sum * (0.05 + rng.next() * 0.4))));
      book.line(payDay(rng, Math.max(last(its), cn.day)), sum + cn.amt, 'eft_credit_netted', g, () => dc(c, `INV${digits(its[0])} LESS ${cn.no.replace('-', '')}`));
      return k + 1;
    },
    eft_ref_typo: () => {
      const c = cust(), g = book.group(), it = inv(c, 'eft_ref_typo', g);
      book.line(payDay(rng, it.day), it.amt, 'eft_ref_typo', g, () => {
        const d = digits(it), mine = new Set(book.items.filter((o) => o.cust === c).map(digits));
        let t = d;
        for (let i = 0; i < 20 && (t === d || mine.has(t) || t.includes(d)); i++) t = typo(rng, d);
        if (t === d || mine.has(t)) t = d.slice(0, -1);
        return dc(c, `INV ${t}`);
      });
      return 1;
    },
    eft_name_only: () => {
      const c = cust(), g = book.group(), it = inv(c, 'eft_name_only', g);
      book.line(payDay(rng, it.day), it.amt, 'eft_name_only', g, () => dc(c, rng.pick(['PAYMENT', 'ACCOUNT PAYMENT', 'OCT ACCOUNT', 'SUPPLIES', 'TRADE ACCOUNT', ''])));
      return 1;
    },
    part_payment: () => {
      const c = cust(), g = book.group(), it = inv(c, 'part_payment', g, true, book.amount(c, () => rng.amountCents(600, 16000)));
      book.line(payDay(rng, it.day), Math.round(it.amt * (0.3 + rng.next() * 0.4)), 'part_payment', g, () => dc(c, `PART ${it.no.replace('-', '')}`));
      return 1;
    },
    bpay_crn: () => {
      const c = cust(), g = book.group(), it = inv(c, 'bpay_crn', g);
      book.line(payDay(rng, it.day), it.amt, 'bpay_crn', g, () => bpay(c));
      return 1;
    },
    bpay_crn_multi: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 3), its = Array.from({ length: k }, () => inv(c, 'bpay_crn_multi', g));
      book.line(payDay(rng, last(its)), its.reduce((s, i) => s + i.amt, 0), 'bpay_crn_multi', g, () => bpay(c));
      return k;
    },
    bpay_crn_equal_amounts: () => {
      const c = cust(), g = book.group(), a = book.amount(c, draw);
      const it = inv(c, 'bpay_crn_equal_amounts', g, true, a, { amb: true });
      inv(c, 'bpay_crn_equal_amounts', null, true, a, { amb: true });
      book.line(payDay(rng, it.day), a, 'bpay_crn_equal_amounts', g, () => bpay(c), { amb: true });
      return 2;
    },
    de_batch_total: () => {
      if (ddCusts.length < 4) return make.eft_invoice_ref();
      const day = rng.pick(octoberBizDays().filter((d) => d <= dayOf(2026, 10, 26)));
      const g = book.group(), batch = pad(rng.int(1000, 9999), 6);
      const pool = rng.shuffle([...ddCusts]).slice(0, Math.min(ddCusts.length, rng.int(4, 12)));
      const its = pool.map((c) => { const it = book.item(c, day - rng.int(14, 30), book.amount(c, draw), 'de_batch_total', g, { due: day }); it.x.ref = 'DIRECT DEBIT'; return it; });
      book.line(day, its.reduce((s, i) => s + i.amt, 0), 'de_batch_total', g, () => `Direct Entry Settlement DDR ${batch} ${its.length} ITEMS`);
      if (rng.chance(0.4)) {
        const back = its[rng.int(0, its.length - 1)];
        back.g = null; back.kind = 'de_dishonoured';
        const c = back.cust as AuCust;
        book.line(prevBiz(Math.min(OCT30, nextBiz(day + rng.int(2, 4)))), -back.amt, 'de_batch_total', g, () => `Dishonour Return DDR ${batch} ${c.bank} ${back.no}`);
      }
      return its.length;
    },
    unpaid_invoice: () => { inv(cust(), 'unpaid_invoice', null, false); return 1; },
    open_credit_note: () => { const c = cust(); inv(c, 'open_credit_note', null, false, -book.amount(c, () => rng.amountCents(30, 1500))); return 1; },
  };
  runCases(rng, N, {
    eft_invoice_ref: 21, eft_multi_invoice: 5, eft_credit_netted: 3, eft_ref_typo: 4, eft_name_only: 5, part_payment: 2.5,
    bpay_crn: 17, bpay_crn_multi: 4, bpay_crn_equal_amounts: 2.5, de_batch_total: 0.7, unpaid_invoice: 22, open_credit_note: 1.5,
  }, make);

  // Noise: card settlements (counter sales), merchant fees, suppliers, wages, the ATO, bank fees, refunds.
  const days = octoberBizDays();
  const tid = pad(rng.int(10000000, 99999999), 8);
  for (const d of days) if (rng.chance(Math.min(1, scale))) book.line(d, rng.amountCents(300, 9000), 'noise_merchant_settlement', null, () => `MERCHANT STLMNT ${tid} SOUTHERN CROSS TRAD`);
  book.line(dayOf(2026, 10, 2), -rng.amountCents(150, 900), 'noise_merchant_fee', null, () => `MERCHANT FEE ${tid} SEP26`);
  for (let i = 0; i < Math.max(3, Math.round(45 * scale)); i++) { const s = rng.pick(SUPPLIERS); book.line(rng.pick(days), -rng.amountCents(400, 60000), 'noise_supplier_payment', null, () => `Transfer To ${s} NetBank ${rng.pick(['INV', 'ACC', 'REF'])} ${rng.int(10000, 999999)}`); }
  for (const d of days) if (weekday(d) === 4) book.line(d, -rng.amountCents(40000, 90000), 'noise_payroll', null, () => `Payroll Batch NetBank WAGES WE ${ymd(d)[2]}${pad(ymd(d)[1], 2)}`);
  book.line(dayOf(2026, 10, 28), -rng.amountCents(20000, 120000), 'noise_ato_bas', null, () => `BPAY To AUSTRALIAN TAXATION OFFICE NetBank BAS ${rng.digits(11)}`);
  book.line(dayOf(2026, 10, 30), -1000, 'noise_account_fee', null, () => 'Account Fee');
  for (let i = 0; i < Math.max(1, Math.round(4 * scale)); i++) { const s = rng.pick(SUPPLIERS); book.line(rng.pick(days), rng.amountCents(40, 2000), 'noise_supplier_refund', null, () => `Direct Credit ${pad(rng.int(1, 999999), 6)} ${s.slice(0, 16)} REFUND`); }
  for (const d of days) if (weekday(d) === 5) book.line(d, -100000, 'noise_savings_sweep', null, () => 'Transfer to xx4471 CommBank app SWEEP');

  // Numbering: Xero's INV- and CN- counters (gaps: paid documents are not on the list).
  book.number(() => '', (s, it) => (it.credit ? `CN-${pad(s, 4)}` : `INV-${s}`), (it) => (it.credit ? 1180 : 24000), () => rng.int(1, 3));

  // Xero Aged Receivables Detail: contact blocks, alphabetical; invoices by date inside a block.
  const dmy = (day: number) => { const [y, m, d] = ymd(day); return `${d}/${m}/${y}`; };
  const BUCKETS = ['Current', '< 1 Month', '1 Month', '2 Months', '3 Months', 'Older'];
  const bucket = (it: Item) => { const late = REPORT - it.due; return late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : late <= 120 ? 4 : 5; };
  const byCust = new Map<string, Item[]>();
  for (const it of book.items) byCust.set(it.cust.name, [...(byCust.get(it.cust.name) ?? []), it]);
  const contactOrder = [...byCust.keys()].sort((a, b) => a.localeCompare(b, 'en'));
  const lines = ['Aged Receivables Detail', 'Southern Cross Trade Supplies Pty Ltd', 'As at 2 November 2026', 'Ageing by due date', '',
    ['Contact', 'Invoice Date', 'Invoice Number', 'Reference', 'Due Date', ...BUCKETS, 'Total'].map((s) => q(s)).join(',')];
  const fileItems: Item[] = [];
  const grand = new Array<number>(6).fill(0);
  for (const name of contactOrder) {
    const its = byCust.get(name)!.sort((a, b) => a.day - b.day || (a.no < b.no ? -1 : 1));
    lines.push(q(name));
    const tot = new Array<number>(6).fill(0);
    for (const it of its) {
      const b = bucket(it), cells = BUCKETS.map((_, i) => (i === b ? money(it.amt) : ''));
      tot[b] += it.amt; grand[b] += it.amt;
      lines.push(['', dmy(it.day), it.no, q(it.x.ref), dmy(it.due), ...cells, money(it.amt)].join(','));
      fileItems.push(it);
    }
    lines.push([q(`Total ${name}`), '', '', '', '', ...tot.map((t) => money(t)), money(tot.reduce((s, t) => s + t, 0))].join(','));
  }
  lines.push(['Total', '', '', '', '', ...grand.map((t) => money(t)), money(grand.reduce((s, t) => s + t, 0))].join(','));

  // CommBank CSV: no header, newest first, balance after each line.
  sizeSweeps(book.lines, (l) => l.kind === 'noise_savings_sweep');
  const ls = book.orderedLines(true);
  let bal = 184_250_00 + rng.int(0, 5_000_000);
  for (let i = ls.length - 1; i >= 0; i--) bal += ls[i].amt;
  const rows: string[] = [];
  let run = bal;
  const sgn = (c: number) => (c >= 0 ? '+' : '') + money(c);
  for (const l of ls) {
    const [y, m, d] = ymd(l.day);
    rows.push(`${pad(d, 2)}/${pad(m, 2)}/${y},"${sgn(l.amt)}","${l.t!.replace(/"/g, '""')}","${sgn(run)}"`);
    run -= l.amt;
  }
  void OCT1;
  return {
    name: 'au-bpay',
    description: `Southern Cross Trade Supplies Pty Ltd, a Brisbane trade supplier on Xero (AUD). Open items: Xero "Aged Receivables Detail" CSV as at 2 November 2026 — four title lines and a blank, then Contact, Invoice Date, Invoice Number, Reference, Due Date, six ageing columns (Current, < 1 Month … Older; the amount sits in one of them) and Total; each contact is a block (name line, its documents, a "Total <contact>" line) and a grand "Total" line closes the file; dates d/m/yyyy, plain amounts, invoices INV-24xxx and credit notes CN-1xxx negative, Reference a PO/job or "DIRECT DEBIT". Statement: Commonwealth Bank NetBank CSV for October 2026 with no header row at all — date dd/mm/yyyy, "+/-amount", "description", "+balance" (balance after the line), newest first. BPAY receipts carry the Customer Reference Number (6-digit customer number + Luhn/MOD10V01 check digit) and a receipt number: they name the customer, never the invoice, so the amount must decide (one invoice, two or three of the customer's invoices together, or one of two equal open invoices — ambiguous). Direct credits ("Direct Credit <user id> <payer name, 16 chars> <lodgement reference, 18 chars>") cite an invoice number in one of several spellings, several numbers cut at 18 characters, an invoice less a credit note, a mistyped number, a part payment, or only "PAYMENT". Our direct-debit batches settle as one "Direct Entry Settlement DDR <batch> <n> ITEMS" total of invoices due that day (Reference DIRECT DEBIT), sometimes with a "Dishonour Return" line for one of them (that invoice stays unpaid; the batch group holds the total, the dishonour and the collected invoices). Card merchant settlements, merchant fees, supplier transfers, wages, the ATO, sweeps and refunds pay nothing on the list; about a fifth of the list is unpaid.`,
    openItems: { fileName: 'au-bpay-aged-receivables-detail.csv', content: lines.join('\r\n') + '\r\n' },
    statement: { fileName: 'au-bpay-commbank.csv', content: rows.join('\r\n') + '\r\n' },
    truth: truth(fileItems, ls),
  };
}
