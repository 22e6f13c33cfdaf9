/**
 * nz-anz: a Hamilton trade supplier on MYOB AccountRight (NZD, GST-inclusive). Open items: MYOB "Aged
 * Receivables [Detail]" CSV (title block, one row per open document with the customer's name and Card ID,
 * 8-digit zero-padded invoice numbers, the customer's PO, "20th after EOM" terms, "$1,234.56", ageing by due
 * date). Statement: ANZ business CSV — Type,Details,Particulars,Code,Reference,Amount,Date,
 * ForeignCurrencyAmount,ConversionCharge — where the payer's reference is three 12-character fields:
 * invoice numbers in any of them (leading zeros dropped, spread over the three, cut at 12), the customer's
 * own PO, the MYOB card ID with "SEPT STMT", or nothing; some pay the amount before GST.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, typo, money, dayOf, ymd, pad, REPORT, payIn, nextBiz, octoberBizDays, names, weekday } from './common';

const JUL1 = dayOf(2026, 7, 1), SEP1 = dayOf(2026, 9, 1), SEP30 = dayOf(2026, 9, 30), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30);
const PLACES = ['Waikato', 'Hamilton', 'Te Awamutu', 'Cambridge', 'Matamata', 'Huntly', 'Raglan', 'Morrinsville', 'Tokoroa', 'Taupo', 'Rotorua', 'Tauranga', 'Thames', 'Paeroa', 'Otorohanga', 'Putaruru', 'Ngaruawahia', 'Te Kuiti', 'Waihi', 'Coromandel', 'Piarere', 'Tirau'];
const TRADES = ['Plumbing', 'Electrical', 'Builders', 'Roofing', 'Drainlaying', 'Landscapes', 'Joinery', 'Contracting', 'Farm Services', 'Fencing', 'Painters', 'Heat Pumps', 'Earthmoving', 'Dairy Services', 'Concrete', 'Scaffolding'];
const SURNAMES = ['Smith', 'Wilson', 'Williams', 'Brown', 'Taylor', 'Ngata', 'Parata', 'Te Whare', 'Singh', 'Van der Berg', 'Kumar', 'Murray', 'Campbell', 'Patel'];
const SUPPLIERS = ['CARTERS', 'PLACEMAKERS', 'MITRE 10 TRADE', 'FLETCHER STEEL', 'MAINFREIGHT', 'NZ POST', 'WEL NETWORKS', 'SPARK NZ', 'Z ENERGY'];

interface NzCust extends Cust { card: string; bank: string; short: string; hire: boolean; stmt: boolean; stmtUsed?: boolean }

export function nzAnz({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 2654435761 + 0x2e1a4d) >>> 0);
  const book = new Book<[string, string, string, string, string]>(rng, 'nz');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 6));
  const custNames = names(nc, () => (rng.chance(0.3) ? `${rng.pick(SURNAMES)} ${rng.pick(TRADES)}` : `${rng.pick(PLACES)} ${rng.pick(TRADES)}`) + rng.pick([' Ltd', ' Ltd', ' Limited', ' (2019) Ltd', ' Ltd', ' & Co Ltd']));
  const custs: NzCust[] = custNames.map((name, i) => {
    const card = 'CUS' + pad(i * 2 + rng.int(1, 2), 5), hire = rng.chance(0.08);
    const up = name.toUpperCase().replace(/ LIMITED$| LTD$/, '').replace(/[()&]/g, '').replace(/\s+/g, ' ').trim();
    return { code: card, name, card, bank: up.slice(0, 20).trim(), short: up.split(' ')[0].slice(0, 12), hire, stmt: !hire && rng.chance(0.12) };
  });
  const hirers = custs.filter((c) => c.hire);
  const cust = (): NzCust => custs[rng.skewedIndex(nc)];
  const gst = (c: number) => Math.round(c * 1.15);
  const draw = () => gst(rng.amountCents(30, 18000));
  const eom20 = (day: number) => { const [y, m] = ymd(day); return dayOf(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 20); };
  const inv = (c: NzCust, kind: string, g: string | null, from = JUL1, to = OCT20, amt?: number, o: Partial<Item> = {}): Item => {
    let day = rng.int(from, to);
    // A statement payer's September invoices are exactly the ones its statement payment covers.
    while (c.stmt && kind !== 'statement_balance' && (from < SEP1 || to > SEP30) && day >= SEP1 && day <= SEP30) day = rng.int(from, to);
    const it = book.item(c, day, amt ?? book.amount(c, draw), kind, g, { due: eom20(day), ...o });
    it.x.po = rng.chance(0.55) ? (rng.chance(0.5) ? 'PO' : '') + rng.int(1000, 99999) : '';
    return it;
  };
  const paid = (c: NzCust, kind: string, g: string, amt?: number) => inv(c, kind, g, JUL1, OCT20, amt);
  const last = (xs: Item[]) => Math.max(...xs.map((i) => i.day));
  const num = (it: Item) => String(Number(it.no));
  const spell = (it: Item) => rng.pick([it.no, num(it), `INV${num(it)}`, `INV ${num(it)}`, `INV${it.no}`.slice(0, 12)]);
  const cut = (s: string) => s.slice(0, 12).trim();
  /** Type, Details, Particulars, Code, Reference. */
  type F = [string, string, string, string, string];
  const credit = (c: NzCust, p: string, code: string, ref: string, type = rng.pick(['Direct Credit', 'Bill Payment', 'Bill Payment'])): F => [type, c.bank, cut(p), cut(code), cut(ref)];
  const own = (c: NzCust) => rng.pick([c.short, 'KOWHAI', 'SUPPLIES', 'KOWHAI TRADE', '']);
  const payOn = (it: Item) => payIn(rng, it.day);

  const make: Record<string, () => number> = {
    ref_in_reference: () => {
      const c = cust(), g = book.group(), it = paid(c, 'ref_in_reference', g);
      book.line(payOn(it), it.amt, 'ref_in_reference', g, () => credit(c, own(c), rng.pick(['', '', 'OCT', 'PAYMENT']), spell(it)));
      return 1;
    },
    ref_in_particulars: () => {
      const c = cust(), g = book.group(), it = paid(c, 'ref_in_particulars', g);
      book.line(payOn(it), it.amt, 'ref_in_particulars', g, () => credit(c, spell(it), rng.pick(['', 'INV', c.short]), rng.pick(['', c.short, 'KOWHAI', 'TRADE ACC'])));
      return 1;
    },
    po_only: () => {
      const c = cust(), g = book.group(), it = paid(c, 'po_only', g);
      if (!it.x.po) it.x.po = 'PO' + rng.int(1000, 99999);
      book.line(payOn(it), it.amt, 'po_only', g, () => credit(c, own(c), rng.pick(['', 'PO', 'ORDER']), it.x.po));
      return 1;
    },
    multi_across_fields: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 3), its = Array.from({ length: k }, () => paid(c, 'multi_across_fields', g));
      book.line(payIn(rng, last(its)), its.reduce((s, i) => s + i.amt, 0), 'multi_across_fields', g, () => {
        const f = its.map((i) => rng.pick([num(i), `INV${num(i)}`, i.no]));
        return credit(c, f[0], k === 3 ? f[1] : rng.pick(['', 'INV']), k === 3 ? f[2] : f[1]);
      });
      return k;
    },
    multi_truncated: () => {
      const c = cust(), g = book.group(), k = rng.int(3, 5), its = Array.from({ length: k }, () => paid(c, 'multi_truncated', g));
      book.line(payIn(rng, last(its)), its.reduce((s, i) => s + i.amt, 0), 'multi_truncated', g, () => credit(c, own(c), rng.pick(['INVOICES', 'INV', '']), its.map(num).join(' ')));
      return k;
    },
    credit_netted: () => {
      const c = cust(), g = book.group(), it = paid(c, 'credit_netted', g, book.amount(c, () => gst(rng.amountCents(200, 18000))));
      const cn = paid(c, 'credit_netted', g, -book.amount(c, () => Math.round(it.amt * (0.05 + rng.next() * 0.4))));
      book.line(payIn(rng, last([it, cn])), it.amt + cn.amt, 'credit_netted', g, () => credit(c, `INV${num(it)}`, rng.pick(['LESS CR', 'LESS', 'CR']), num(cn)));
      return 2;
    },
    statement_balance: () => {
      // Pays September's statement on the 20th: every September invoice of the customer, citing only the card ID.
      const free = custs.filter((x) => x.stmt && !x.stmtUsed);
      if (!free.length) return make.ref_in_reference();
      const c = free[rng.skewedIndex(free.length)], g = book.group(), k = rng.int(2, 5), its = Array.from({ length: k }, () => inv(c, 'statement_balance', g, SEP1, SEP30));
      c.stmtUsed = true;
      const tot = its.reduce((s, i) => s + i.amt, 0);
      if (book.items.some((o) => o.cust === c && o.g !== g && o.amt === tot)) { for (const i of its) { i.kind = 'unpaid_invoice'; i.g = null; } return k; }
      book.take(c, tot);
      book.line(nextBiz(dayOf(2026, 10, rng.int(18, 21))), tot, 'statement_balance', g, () => credit(c, c.card, rng.pick(['SEPT STMT', 'STATEMENT', 'STMT SEP']), rng.pick(['KOWHAI', c.short, 'ACCOUNT'])));
      return k;
    },
    name_only: () => {
      const c = cust(), g = book.group(), it = paid(c, 'name_only', g);
      book.line(payOn(it), it.amt, 'name_only', g, () => credit(c, rng.pick(['', 'PAYMENT', c.short]), '', rng.pick(['', 'KOWHAI', 'ACCOUNT'])));
      return 1;
    },
    hire_auto_payment_equal: () => {
      // Monthly equipment hire at one fixed amount, paid by automatic payment: two months open, one paid.
      const c = hirers.length ? hirers[rng.int(0, hirers.length - 1)] : cust(), g = book.group(), a = book.amount(c, () => gst(rng.int(80, 900) * 1000));
      const it = inv(c, 'hire_auto_payment_equal', g, dayOf(2026, 8, 1), dayOf(2026, 8, 31), a, { amb: true });
      inv(c, 'hire_auto_payment_equal', null, dayOf(2026, 9, 1), SEP30, a, { amb: true });
      it.x.po = 'HIRE';
      book.line(nextBiz(dayOf(2026, 10, 20)), a, 'hire_auto_payment_equal', g, () => credit(c, 'HIRE', 'MONTHLY', 'KOWHAI', 'Automatic Payment'), { amb: true });
      return 2;
    },
    gst_exclusive_short: () => {
      const c = cust(), g = book.group(), it = paid(c, 'gst_exclusive_short', g);
      book.line(payOn(it), Math.round(it.amt / 1.15), 'gst_exclusive_short', g, () => credit(c, own(c), '', spell(it)));
      return 1;
    },
    ref_typo: () => {
      const c = cust(), g = book.group(), it = paid(c, 'ref_typo', g);
      book.line(payOn(it), it.amt, 'ref_typo', g, () => {
        const mine = new Set(book.items.filter((o) => o.cust === c).map(num)), d = num(it);
        let t = d;
        for (let i = 0; i < 20 && (t === d || mine.has(t.replace(/^0+/, '')) || t.includes(d) || !/\d/.test(t)); i++) t = typo(rng, d);
        if (t === d || mine.has(t)) t = d.slice(0, -1);
        return credit(c, own(c), '', `INV${t}`);
      });
      return 1;
    },
    part_payment: () => {
      const c = cust(), g = book.group(), it = paid(c, 'part_payment', g, book.amount(c, () => gst(rng.amountCents(500, 18000))));
      book.line(payOn(it), Math.round(it.amt * (0.3 + rng.next() * 0.4)), 'part_payment', g, () => credit(c, `INV${num(it)}`, 'PART', rng.pick(['PART PAYMENT', 'INSTALMENT 1', 'PART PAY'])));
      return 1;
    },
    unpaid_invoice: () => { inv(cust(), 'unpaid_invoice', null, JUL1, OCT30); return 1; },
    open_credit_note: () => { const c = cust(); inv(c, 'open_credit_note', null, JUL1, OCT30, -book.amount(c, () => gst(rng.amountCents(20, 1200)))); return 1; },
  };
  runCases(rng, N, {
    ref_in_reference: 16, ref_in_particulars: 9, po_only: 5, multi_across_fields: 4, multi_truncated: 2.5, credit_netted: 2.5, statement_balance: 3,
    name_only: 5, hire_auto_payment_equal: 2, gst_exclusive_short: 2, ref_typo: 3, part_payment: 2, unpaid_invoice: 21, open_credit_note: 1.5,
  }, make);

  // Noise: card settlements, supplier payments, IRD GST and PAYE, wages, ACC, bank fees, a refund.
  const days = octoberBizDays();
  for (const d of days) if (rng.chance(Math.min(1, scale))) book.line(d, rng.amountCents(200, 8000), 'noise_card_settlement', null, () => ['Direct Credit', 'WORLDLINE NZ', 'SETTLEMENT', 'B' + pad(rng.int(1, 999), 3), 'MID 77120453']);
  for (let i = 0; i < Math.max(3, Math.round(40 * scale)); i++) { const s = rng.pick(SUPPLIERS); book.line(rng.pick(days), -rng.amountCents(300, 40000), 'noise_supplier_payment', null, () => ['Payment', s, 'KOWHAI', 'ACC ' + rng.int(100, 999), 'INV' + rng.int(100000, 999999)]); }
  book.line(dayOf(2026, 10, 28), -rng.amountCents(8000, 60000), 'noise_ird_gst', null, () => ['Payment', 'INLAND REVENUE', '123456789', 'GST', 'SEP26']);
  book.line(dayOf(2026, 10, 20), -rng.amountCents(6000, 20000), 'noise_ird_paye', null, () => ['Payment', 'INLAND REVENUE', '123456789', 'PAYE', 'SEP26']);
  for (const d of days) if (weekday(d) === 3) book.line(d, -rng.amountCents(18000, 40000), 'noise_wages', null, () => ['Payment', 'WAGES BATCH', 'WAGES', 'WE ' + pad(ymd(d)[2], 2) + pad(ymd(d)[1], 2), 'KOWHAI']);
  book.line(dayOf(2026, 10, 5), -rng.amountCents(900, 3000), 'noise_acc_levy', null, () => ['Direct Debit', 'ACC', 'LEVY', '', '2026/27']);
  book.line(dayOf(2026, 10, 30), -2500, 'noise_bank_fee', null, () => ['Bank Fee', 'MONTHLY ACCOUNT FEE', '', '', '']);
  book.line(rng.pick(days), rng.amountCents(40, 900), 'noise_supplier_refund', null, () => ['Direct Credit', 'CARTERS', 'REFUND', 'CR NOTE', String(rng.int(100000, 999999))]);

  // MYOB numbering: one 8-digit zero-padded series for invoices and credit notes.
  const byDay = book.items.map((it, i) => [it, i] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
  let no = 4100 + rng.int(0, 200);
  for (const [it] of byDay) it.no = pad((no += rng.int(1, 2)), 8);
  // A customer's PO never reads as one of the list's invoice numbers.
  const nums = new Set(book.items.map((it) => String(Number(it.no))));
  for (const it of book.items) if (/^\d+$/.test(it.x.po) && nums.has(it.x.po)) it.x.po = String(rng.int(100000, 999999));

  const dmy = (day: number) => { const [y, m, d] = ymd(day); return `${d}/${pad(m, 2)}/${y}`; };
  const usd = (c: number) => (c < 0 ? '-$' : '$') + money(Math.abs(c), '.', ',');
  const csvq = (s: string) => (/[",]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);
  const bucket = (it: Item) => { const late = REPORT - it.due; return late <= 0 ? 0 : late <= 30 ? 1 : late <= 60 ? 2 : late <= 90 ? 3 : 4; };
  const fileItems = [...book.items].sort((a, b) => a.cust.name.localeCompare(b.cust.name, 'en') || a.day - b.day || (a.no < b.no ? -1 : 1));
  const out = ['Kowhai Trade Supplies Ltd', 'Aged Receivables [Detail]', `As of ${dmy(REPORT)}`, '',
    'Co./Last Name,Card ID,Invoice No.,Date,Customer PO,Terms,Due Date,Original Amount,Balance Due,Current,1-30 Days,31-60 Days,61-90 Days,90+ Days'];
  const tot = [0, 0, 0, 0, 0];
  for (const it of fileItems) {
    const b = bucket(it);
    tot[b] += it.amt;
    out.push([csvq(it.cust.name), it.cust.code, it.no, dmy(it.day), it.x.po, '20th after EOM', dmy(it.due), csvq(usd(it.amt)), csvq(usd(it.amt)), ...tot.map((_, i) => (i === b ? csvq(usd(it.amt)) : ''))].join(','));
  }
  out.push(['Total', '', '', '', '', '', '', csvq(usd(tot.reduce((s, t) => s + t, 0))), csvq(usd(tot.reduce((s, t) => s + t, 0))), ...tot.map((t) => csvq(usd(t)))].join(','));

  const ls = book.orderedLines(false);
  const st = ['Type,Details,Particulars,Code,Reference,Amount,Date,ForeignCurrencyAmount,ConversionCharge'];
  for (const l of ls) {
    const [type, det, p, c, r] = l.t!;
    st.push([type, det, p, c, r].map(csvq).join(',') + `,${money(l.amt)},${(([y, m, d]) => `${pad(d, 2)}/${pad(m, 2)}/${y}`)(ymd(l.day))},,`);
  }
  return {
    name: 'nz-anz',
    description: `Kowhai Trade Supplies Ltd, a Hamilton trade supplier on MYOB AccountRight (NZD, prices GST-inclusive at 15 %). Open items: MYOB "Aged Receivables [Detail]" CSV as of 2 November 2026 — three title lines and a blank, then Co./Last Name, Card ID (CUS00123), Invoice No. (8 digits, zero-padded, one series for invoices and negative credit notes), Date (d/mm/yyyy), Customer PO, Terms ("20th after EOM"), Due Date (the 20th of the next month), Original Amount, Balance Due and five ageing columns, amounts "$1,234.56" / "-$120.00", sorted by customer, a closing Total line. Statement: ANZ business CSV for October 2026, oldest first: Type (Direct Credit, Bill Payment, Automatic Payment, Payment, Direct Debit, Bank Fee), Details (the other party, 20 characters), Particulars, Code and Reference (12 characters each, as the payer typed them), Amount (signed), Date dd/mm/yyyy and two empty foreign-currency columns. Payers put the invoice number in Reference or in Particulars, with or without its leading zeros or "INV"; quote only their own PO (which the list shows as Customer PO); spread two or three invoice numbers over the three fields; list many numbers in Reference, cut at 12 characters; pay an invoice less a credit note ("INV4521 / LESS CR / 4533"); pay September's statement on the 20th citing only their card ID (every September invoice of theirs); pay with no reference at all; pay the amount before GST (short by 3/23); mistype a number; or pay part. Hire customers pay one fixed monthly amount by automatic payment while two equal hire invoices are open (ambiguous). Card settlements, supplier payments, Inland Revenue GST and PAYE, wages, ACC, fees and a supplier refund pay nothing on the list; about a fifth of the list is unpaid.`,
    openItems: { fileName: 'nz-anz-myob-aged-receivables-detail.csv', content: out.join('\r\n') + '\r\n' },
    statement: { fileName: 'nz-anz-business-account.csv', content: st.join('\r\n') + '\r\n' },
    truth: truth(fileItems, ls),
  };
}
