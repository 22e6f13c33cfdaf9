/**
 * ie-stripe: a Dublin B2B software company on Odoo (EUR) that takes card, SEPA Direct Debit, iDEAL and
 * Bancontact payments through Stripe. Open items: Odoo "Customer Invoices" list export (.xlsx, header on
 * row 1, real Excel dates, INV/2026/xxxxx and RINV/2026/xxxxx, signed totals, Payment Reference).
 * Statement: Stripe "Itemized balance change from activity" report CSV for October 2026 — one row per
 * balance transaction (charge, refund, dispute, payment_failure_refund, fee, payout) with gross, fee and
 * net, Stripe's own ids (ch_, re_, du_, po_, cus_, in_) and Stripe Billing's own invoice numbers. A charge
 * pays an invoice's gross amount; Stripe's fee is taken from it, and payouts move the nets to the bank.
 */
import type { World, WorldOptions } from '../world';
import { Rng, Book, type Cust, type Item, truth, runCases, money, dayOf, ymd, pad, REPORT, payIn, octoberBizDays, names, nextBiz, stripeId, xlsxPlain } from './common';

const JUL1 = dayOf(2026, 7, 1), OCT20 = dayOf(2026, 10, 20), OCT30 = dayOf(2026, 10, 30), OCT31 = dayOf(2026, 10, 31);
const STEMS = ['Lumen', 'Harbour', 'Northwind', 'Kestrel', 'Bluefin', 'Quayside', 'Meridian', 'Tidewater', 'Brightwater', 'Corrib', 'Liffey', 'Atlas', 'Copperleaf', 'Granite', 'Saffron', 'Orchard', 'Vantage', 'Ember', 'Heron', 'Fjordline', 'Silverbirch', 'Rowan', 'Beacon', 'Cobalt'];
const TRADES = ['Data', 'Legal', 'Logistics', 'Analytics', 'Dental', 'Architects', 'Health', 'Retail', 'Energy', 'Recruitment', 'Media', 'Foods', 'Travel', 'Engineering', 'Accountants'];
const FORMS: [string, string, number][] = [['Ltd', 'ie', 1.23], ['Limited', 'ie', 1.23], ['DAC', 'ie', 1.23], ['GmbH', 'de', 1], ['B.V.', 'nl', 1], ['SAS', 'fr', 1], ['Ltd', 'uk', 1], ['S.L.', 'es', 1], ['Oy', 'fi', 1], ['SRL', 'be', 1]];
const PM: [string, string, number][] = [['card', 'eea', 6], ['card', 'uk', 1.5], ['card', 'intl', 0.5], ['sepa_debit', '', 3], ['ideal', '', 0.6], ['bancontact', '', 0.4]];

interface IeCust extends Cust { cus: string; email: string; sname: string; country: string; vat: number; prefix: string; nextStripeNo: number; pm: [string, string, number] }
interface Tx { cat: string; src: string; desc: string; c: IeCust | null; gross: number; fee: number; pm: string; brand: string; invId: string; invNo: string; secs: number; ch: string; pi: string; payout?: string; avail?: number; reason?: string }

export function ieStripe({ seed, openItems: N }: WorldOptions): World {
  const rng = new Rng((seed * 2654435761 + 0x1e5791) >>> 0);
  const book = new Book<Tx>(rng, 'ie');
  const scale = N / 2000;
  const nc = Math.max(30, Math.round(N / 5));
  const custNames = names(nc, () => `${rng.pick(STEMS)} ${rng.pick(TRADES)}`);
  const custs: IeCust[] = custNames.map((stem, i) => {
    const [form, country, vat] = FORMS[rng.int(0, FORMS.length - 1)];
    const name = `${stem} ${form}`, dom = stem.toLowerCase().replace(/\s+/g, '') + '.' + (country === 'uk' ? 'co.uk' : country === 'ie' ? 'ie' : rng.pick([country, 'com', 'eu']));
    const pm = (() => { let r = rng.next() * PM.reduce((s, p) => s + p[2], 0); for (const p of PM) if ((r -= p[2]) < 0) return p; return PM[0]; })();
    return {
      code: String(i), name, cus: stripeId(rng, 'cus', 14), email: `${rng.pick(['accounts', 'finance', 'billing', 'ap', 'invoices'])}@${dom}`,
      sname: rng.chance(0.2) ? '' : rng.chance(0.5) ? stem : name.replace('B.V.', 'BV').replace('S.L.', 'SL'), country, vat,
      prefix: Array.from({ length: 8 }, () => '0123456789ABCDEF'[rng.int(0, 15)]).join(''), nextStripeNo: rng.int(1, 30),
      pm: country === 'uk' && pm[0] === 'card' ? ['card', 'uk', 0] : pm,
    };
  });
  const cust = (): IeCust => custs[rng.skewedIndex(nc)];
  const draw = (c: IeCust) => () => Math.round(rng.pick([4900, 9900, 14900, 24900, 49900, 99900, 149900, rng.amountCents(60, 9000)]) * rng.pick([1, 1, 1, 2, 3, 5, 12]) * c.vat);
  const inv = (c: IeCust, kind: string, g: string | null, paid = true, amt?: number, o: Partial<Item> = {}): Item => {
    const day = rng.int(JUL1, paid ? OCT20 : OCT30);
    return book.item(c, day, amt ?? book.amount(c, draw(c)), kind, g, { due: day + rng.pick([0, 14, 14, 30, 30]), ...o });
  };
  /** Stripe's fee on a payment, by method and card origin. */
  const feeOf = (gross: number, pm: [string, string, number]) =>
    pm[0] === 'card' ? Math.round(gross * (pm[1] === 'eea' ? 0.015 : pm[1] === 'uk' ? 0.025 : 0.0325)) + 25 : pm[0] === 'sepa_debit' ? 35 : pm[0] === 'ideal' ? 29 : 35;
  const brand = () => rng.pick(['visa', 'visa', 'mastercard', 'mastercard', 'amex']);
  const secs = () => rng.int(6 * 3600, 22 * 3600);
  const charge = (c: IeCust, gross: number, desc: () => string, o: Partial<Tx> = {}): () => Tx => () => ({
    cat: 'charge', src: '', desc: desc(), c, gross, fee: feeOf(gross, c.pm), pm: c.pm[0], brand: c.pm[0] === 'card' ? brand() : '', invId: '', invNo: '', secs: secs(),
    ch: stripeId(rng, c.pm[0] === 'card' ? 'ch' : 'py'), pi: stripeId(rng, 'pi'), ...o,
  });
  const odooRef = (it: Item) => `${it.no}-${rng.chance(0.85) ? 1 : rng.int(2, 3)}`;
  const stripeInv = (c: IeCust) => ({ invId: stripeId(rng, 'in'), invNo: `${c.prefix}-${pad(c.nextStripeNo++, 4)}` });

  const make: Record<string, () => number> = {
    odoo_portal_ref: () => {
      const c = cust(), g = book.group(), it = inv(c, 'odoo_portal_ref', g);
      book.line(payIn(rng, it.day), it.amt, 'odoo_portal_ref', g, charge(c, it.amt, () => odooRef(it)));
      return 1;
    },
    odoo_portal_multi: () => {
      const c = cust(), g = book.group(), k = rng.int(2, 4), its = Array.from({ length: k }, () => inv(c, 'odoo_portal_multi', g));
      const tot = its.reduce((s, i) => s + i.amt, 0);
      book.line(payIn(rng, Math.max(...its.map((i) => i.day))), tot, 'odoo_portal_multi', g, charge(c, tot, () => its.map((i) => i.no).join(', ')));
      return k;
    },
    stripe_invoice_synced: () => {
      // Stripe Billing issues the invoice; the Odoo connector copies Stripe's invoice number into Payment Reference.
      const c = cust(), g = book.group(), it = inv(c, 'stripe_invoice_synced', g), si = stripeInv(c);
      it.x.payref = si.invNo;
      book.line(payIn(rng, it.day), it.amt, 'stripe_invoice_synced', g, charge(c, it.amt, () => rng.pick(['Subscription update', 'Payment for Invoice', 'Subscription creation']), si));
      return 1;
    },
    stripe_customer_only: () => {
      // Stripe Billing charge whose invoice was keyed into Odoo by hand: only the customer (name or email) and the amount link them.
      const c = cust(), g = book.group(), it = inv(c, 'stripe_customer_only', g);
      book.line(payIn(rng, it.day), it.amt, 'stripe_customer_only', g, charge(c, it.amt, () => rng.pick(['Subscription update', 'Payment for Invoice']), stripeInv(c)));
      return 1;
    },
    subscription_equal_months: () => {
      const c = cust(), g = book.group(), a = book.amount(c, draw(c));
      const it = inv(c, 'subscription_equal_months', g, true, a, { amb: true, day: dayOf(2026, 9, 1), due: dayOf(2026, 9, 1) });
      inv(c, 'subscription_equal_months', null, true, a, { amb: true, day: dayOf(2026, 10, 1), due: dayOf(2026, 10, 1) });
      book.line(payIn(rng, it.day + 30), a, 'subscription_equal_months', g, charge(c, a, () => 'Subscription update', stripeInv(c)), { amb: true });
      return 2;
    },
    payment_link_part: () => {
      const c = cust(), g = book.group(), it = inv(c, 'payment_link_part', g, true, book.amount(c, () => Math.round(rng.amountCents(500, 20000) * c.vat)));
      const part = Math.round(it.amt * (0.3 + rng.next() * 0.4));
      book.line(payIn(rng, it.day), part, 'payment_link_part', g, charge(c, part, () => `${rng.pick(['Part payment', 'Instalment 1 of 2', 'Partial payment'])} ${it.no}`));
      return 1;
    },
    refund_credit_note: () => {
      // A credit note refunded to the card of an earlier, already-paid invoice (not on the list).
      const c = cust(), g = book.group(), amt = book.amount(c, () => Math.round(rng.amountCents(20, 3000) * c.vat));
      const cn = inv(c, 'refund_credit_note', g, true, -amt);
      const old = `INV/2026/${pad(rng.int(900, 1400), 5)}-1`;
      book.line(payIn(rng, cn.day), -amt, 'refund_credit_note', g, () => ({ ...charge(c, -amt, () => `REFUND FOR CHARGE (${old})`)(), cat: 'refund', src: stripeId(rng, 're'), fee: 0 }));
      return 1;
    },
    charge_disputed: () => {
      // The charge is written once the invoice is numbered; the dispute copies its ids.
      const c = cust(), it = inv(c, 'charge_disputed', null), d = payIn(rng, it.day);
      let ch: Tx | undefined;
      const get = () => (ch ??= charge(c, it.amt, () => odooRef(it))());
      book.line(d, it.amt, 'charge_disputed', null, get);
      book.line(Math.min(OCT31, d + rng.int(3, 12)), -it.amt, 'charge_disputed', null, () => ({ ...get(), cat: 'dispute', src: stripeId(rng, 'du'), gross: -it.amt, fee: 2000, secs: secs(), reason: rng.pick(['fraudulent', 'product_not_received', 'subscription_canceled', 'general']) }));
      return 1;
    },
    sepa_debit_failed: () => {
      const c = cust(), it = inv(c, 'sepa_debit_failed', null), d = payIn(rng, it.day);
      const pm: [string, string, number] = ['sepa_debit', '', 0];
      const ch: Tx = { ...charge({ ...c, pm }, it.amt, () => 'Subscription update', stripeInv(c))(), c };
      book.line(d, it.amt, 'sepa_debit_failed', null, () => ch);
      book.line(Math.min(OCT31, nextBiz(d + rng.int(3, 6))), -it.amt, 'sepa_debit_failed', null, () => ({ ...ch, cat: 'payment_failure_refund', src: stripeId(rng, 'pyr'), gross: -it.amt, fee: 750, secs: secs() }));
      return 1;
    },
    unpaid_invoice: () => { inv(cust(), 'unpaid_invoice', null, false); return 1; },
    open_credit_note: () => { const c = cust(); inv(c, 'open_credit_note', null, false, -book.amount(c, () => Math.round(rng.amountCents(20, 1500) * c.vat))); return 1; },
  };
  runCases(rng, N, {
    odoo_portal_ref: 24, odoo_portal_multi: 4, stripe_invoice_synced: 12, stripe_customer_only: 9, subscription_equal_months: 2.5, payment_link_part: 1.5,
    refund_credit_note: 2, charge_disputed: 0.6, sepa_debit_failed: 0.8, unpaid_invoice: 26, open_credit_note: 1.5,
  }, make);

  // Noise: one-off Checkout sales that are not invoiced in Odoo, Stripe's own fees; payouts are added below.
  const days = octoberBizDays();
  for (let i = 0; i < Math.max(3, Math.round(60 * scale)); i++) {
    const gross = rng.pick([4900, 9900, 19900, 29500]), pm: [string, string, number] = rng.chance(0.8) ? ['card', 'eea', 0] : ['card', 'uk', 0];
    book.line(rng.int(dayOf(2026, 10, 1), OCT31), gross, 'noise_checkout_sale', null, () => ({ cat: 'charge', src: '', desc: rng.pick(['Dublin Data Day – workshop ticket', 'Onboarding session (2h)', 'Template pack']), c: null, gross, fee: feeOf(gross, pm), pm: 'card', brand: brand(), invId: '', invNo: '', secs: secs(), ch: stripeId(rng, 'ch'), pi: stripeId(rng, 'pi') }));
  }
  const feeLine = (day: number, desc: string, amt: number, kind: string) => book.line(day, -amt, kind, null, () => ({ cat: 'fee', src: stripeId(rng, 'ba'), desc, c: null, gross: -amt, fee: 0, pm: '', brand: '', invId: '', invNo: '', secs: rng.int(0, 3600), ch: '', pi: '' }));
  feeLine(dayOf(2026, 10, 2), 'Billing - Usage Fee (2026-09-01 - 2026-09-30)', rng.amountCents(40, 400), 'noise_stripe_fee');
  feeLine(dayOf(2026, 10, 2), 'Radar for Fraud Teams (2026-09-01 - 2026-09-30)', rng.amountCents(5, 60), 'noise_stripe_fee');
  feeLine(dayOf(2026, 10, 3), 'Tax - Usage Fee (2026-09-01 - 2026-09-30)', rng.amountCents(10, 120), 'noise_stripe_fee');

  // Odoo numbering: INV/2026/xxxxx and RINV/2026/xxxxx.
  book.number(() => '', (s, it) => `${it.credit ? 'RINV' : 'INV'}/2026/${pad(s, 5)}`, (it) => (it.credit ? 40 : 1500), () => rng.int(1, 2));

  // Availability (three business days after the charge; debits at once) and daily automatic payouts of what became available.
  const ls = book.orderedLines(false);
  const txs = ls.map((l) => ({ l, t: l.t! }));
  for (const { l, t } of txs) { let a = l.day; if (l.amt > 0) for (let k = 0; k < 3; k++) a = nextBiz(a + 1); t.avail = a; }
  const payouts: { day: number; id: string; net: number; secs: number }[] = [];
  for (const d of days.slice(1)) {
    const id = stripeId(rng, 'po'), at = 4 * 3600 + rng.int(0, 1800);
    let net = 0;
    for (const { t } of txs) if (!t.payout && (t.avail! < d || (t.avail === d && t.secs < at))) { t.payout = id; net += t.gross - t.fee; }
    if (net > 0) payouts.push({ day: d, id, net, secs: at });
    else for (const { t } of txs) if (t.payout === id) t.payout = undefined;
  }
  for (const p of payouts) book.line(p.day, -p.net, 'noise_payout', null, () => ({ cat: 'payout', src: p.id, desc: 'STRIPE PAYOUT', c: null, gross: -p.net, fee: 0, pm: '', brand: '', invId: '', invNo: '', secs: p.secs, ch: '', pi: '', avail: p.day }));
  // Re-order with payouts: by day, then time of day.
  for (const l of book.lines) if (!l.t) l.t = l.text();
  const all = [...book.lines].sort((a, b) => a.day - b.day || a.t!.secs - b.t!.secs || a.ord - b.ord);

  const iso = (day: number, s = 0) => { const [y, m, d] = ymd(day); return `${y}-${pad(m, 2)}-${pad(d, 2)} ${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}`; };
  const csvq = (s: string) => (/[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);
  const head = ['balance_transaction_id', 'created_utc', 'available_on_utc', 'currency', 'gross', 'fee', 'net', 'reporting_category', 'source_id', 'description', 'customer_facing_amount', 'customer_facing_currency', 'automatic_payout_id', 'automatic_payout_effective_at_utc', 'customer_id', 'customer_email', 'customer_name', 'charge_id', 'payment_intent_id', 'invoice_id', 'invoice_number', 'payment_method_type', 'card_brand', 'dispute_reason', 'statement_descriptor'];
  const payDayOf = new Map(payouts.map((p) => [p.id, p.day]));
  const st = [head.join(',')];
  for (const l of all) {
    const t = l.t!, src = t.src || t.ch, pay = t.cat === 'payout' ? '' : t.payout ?? '';
    st.push([stripeId(rng, 'txn'), iso(l.day, t.secs), iso(t.avail ?? l.day, t.secs), 'eur', money(t.gross), money(t.fee), money(t.gross - t.fee), t.cat, src, t.desc,
      t.c ? money(t.gross) : '', t.c ? 'eur' : '', pay, pay ? iso(payDayOf.get(pay)!, 0) : '', t.c?.cus ?? '', t.c?.email ?? '', t.c?.sname ?? '', t.ch, t.pi, t.invId, t.invNo, t.pm, t.brand, t.reason ?? '', t.cat === 'charge' ? 'BRIGHTLOOP' : ''].map(csvq).join(','));
  }

  // Odoo list: newest first (invoice date, then number, descending).
  const fileItems = [...book.items].sort((a, b) => b.day - a.day || (a.no < b.no ? 1 : -1));
  const xlsx = xlsxPlain({
    sheetName: 'Sheet1', titles: [], footer: [], created: REPORT, creator: 'Odoo',
    header: ['Number', 'Partner', 'Invoice/Bill Date', 'Due Date', 'Payment Reference', 'Currency', 'Untaxed Amount Signed', 'Total Signed', 'Amount Due Signed', 'Payment Status'],
    rows: fileItems.map((it) => {
      const c = it.cust as IeCust, untaxed = Math.round(it.amt / c.vat);
      return [it.no, c.name, { date: it.day }, { date: it.due }, it.x.payref ?? it.no, 'EUR', untaxed / 100, it.amt / 100, it.amt / 100, 'Not Paid'];
    }),
    numFmt: [null, null, 'dd/mm/yyyy', 'dd/mm/yyyy', null, null, '#,##0.00', '#,##0.00', '#,##0.00', null],
    widths: [18, 30, 14, 12, 20, 8, 14, 14, 14, 12],
  });
  return {
    name: 'ie-stripe',
    description: `Brightloop Software DAC, a Dublin B2B software company on Odoo (EUR) paid through Stripe. Open items: Odoo "Customer Invoices" list export (.xlsx, header on row 1, no title block or totals), newest first: Number (INV/2026/01234, credit notes RINV/2026/00045), Partner, Invoice/Bill Date and Due Date (real Excel dates), Payment Reference (the invoice number, or Stripe Billing's invoice number for subscriptions synced from Stripe), Currency, Untaxed Amount Signed, Total Signed and Amount Due Signed (credit notes negative; Irish customers with 23 % VAT, EU/UK customers reverse-charged) and Payment Status. Statement: Stripe "Itemized balance change from activity" CSV for October 2026, one row per balance transaction in time order: balance_transaction_id, created_utc, available_on_utc, currency (eur), gross, fee, net, reporting_category (charge, refund, dispute, payment_failure_refund, fee, payout), source_id, description, customer fields (cus_ id, email, a name that may differ from Odoo's partner or be empty), charge and payment-intent ids, Stripe's invoice id and number, payment_method_type (card, sepa_debit, ideal, bancontact), card_brand, dispute_reason. A charge's gross is what the customer paid; Stripe's fee (1.5 %/2.5 %/3.25 % + €0.25 by card origin, flat for SEPA/iDEAL/Bancontact) is taken from it and daily automatic payouts (po_) move the nets to the bank. Charges from the Odoo portal carry the Odoo transaction reference (the invoice number + "-1", "-2" on a retry; several numbers when the customer paid several invoices at once); Stripe Billing charges carry only "Subscription update"/"Payment for Invoice" and Stripe's own invoice number, which Odoo shows as Payment Reference when the invoice was synced, and not at all when it was keyed in by hand (then only the customer and the amount link them; for a monthly plan with two equal open months it is ambiguous). Payment links pay part of an invoice; refunds pay out open credit notes; a disputed charge (with the €20 dispute fee) and a failed SEPA debit (with the €7.50 failure fee) leave their invoice unpaid. Checkout sales that are never invoiced, Stripe's own fees and the payouts pay nothing on the list; over a quarter of the list is unpaid (some of it paid by bank transfer, outside this file).`,
    openItems: { fileName: 'ie-stripe-odoo-customer-invoices.xlsx', content: xlsx },
    statement: { fileName: 'ie-stripe-itemized-balance-change-from-activity.csv', content: st.join('\n') + '\n' },
    truth: truth(fileItems, all),
  };
}
