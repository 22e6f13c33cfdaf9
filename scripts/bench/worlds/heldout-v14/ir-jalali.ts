/**
 * ir-jalali: an Iranian food producer (Aryan Pars) that sells to distributors, supermarkets and
 * corner shops. Open items: a Sepidar receivables report saved as UTF-8 CSV (Persian headers,
 * Persian solar dates with Latin digits, rial amounts with thousands commas). Bank: a Bank Mellat
 * internet-bank statement export written wholly in Persian digits, Persian-calendar dates and
 * Arabic thousands separators. Payers split card-to-card transfers at the card limit, pay by Paya,
 * Satna, Sayad cheques or cash with a customer deposit id (shenase-ye variz), and mix rial and toman.
 */
import type { World, WorldOptions } from '../world';
import { Builder, civil, dayOf, fa, group3, jalaliStr, line, pad2, rngFor, weighted } from './common';

const P1 = ['پخش', 'فروشگاه', 'هایپرمارکت', 'بازرگانی', 'شرکت پخش', 'سوپرمارکت', 'فروشگاه زنجیره‌ای'];
const P2 = ['نوین', 'آفتاب', 'مهرگان', 'البرز', 'سپهر', 'پارسیان', 'کیمیا', 'ستاره', 'بهار', 'آریا', 'زاگرس', 'دماوند', 'خلیج فارس', 'امید', 'سینا', 'مهر', 'شقایق', 'نگین', 'کوثر', 'ارغوان'];
const CITIES = ['تهران', 'کرج', 'اصفهان', 'شیراز', 'تبریز', 'مشهد', 'قم', 'رشت', 'اهواز', 'یزد'];
const FIRST = ['علی', 'محمد', 'زهرا', 'حسن', 'مریم', 'رضا', 'فاطمه', 'مهدی', 'سعید', 'نرگس', 'حمید', 'لیلا', 'امیر', 'مجید'];
const LAST = ['رضایی', 'حسینی', 'احمدی', 'کریمی', 'موسوی', 'محمدی', 'جعفری', 'صادقی', 'رحیمی', 'نوری', 'قاسمی', 'عباسی', 'کاظمی', 'یزدانی'];
const BANKS = ['ملی', 'صادرات', 'تجارت', 'ملت', 'پاسارگاد', 'سامان', 'پارسیان', 'رفاه', 'سپه', 'اقتصاد نوین'];
const BINS = ['603799', '589210', '627353', '610433', '502229', '621986', '622106', '589463', '627648'];

type Style = 'corp' | 'depid' | 'card' | 'cheque' | 'mobile';
interface Customer { code: string; name: string; person: string; depId: string; style: Style; bank: string; cards: string[] }
interface Doc { no: string; ret: boolean; date: number; cust: Customer; note: string; total: number; paid: number; rest: number }
interface Tx { day: number; sec: number; desc: string; sanad: string; track: string; depId: string; amt: number }

const LIST_DAY = dayOf(2026, 11, 5), START = dayOf(2026, 11, 6), END = dayOf(2026, 12, 21);
const friday = (d: number) => civil(d).wd === 5;
const workDay = (d: number) => { while (friday(d)) d++; return d; };
/** A customer deposit id: the customer code and a mod-11 check digit, as a bank-registered shenase. */
const depIdOf = (code: string) => { const s = code.split('').reduce((a, ch, i) => a + Number(ch) * (i + 2), 0); return code + (s % 11) % 10; };

type Case = 'paya_invoice_ref' | 'remaining_balance' | 'satna_multi_invoice' | 'deposit_id_exact' | 'deposit_id_multi' | 'card_to_card_exact' | 'card_to_card_split' | 'cheque_sayad'
  | 'cheque_bounced' | 'mobile_transfer_name' | 'credit_note_netted' | 'toman_rial_slip' | 'partial_payment' | 'on_account_payment' | 'ambiguous_equal_amounts' | 'unpaid_invoice';

export function irJalali(opts: WorldOptions): World {
  const rng = rngFor(opts.seed, 0x1a1a11);
  const b = new Builder<Doc, Tx>();
  const nCust = Math.max(40, Math.round(opts.openItems / 7));
  const customers: Customer[] = [];
  const names = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    const style: Style = weighted(rng, [['corp', 3], ['depid', 3], ['card', 3], ['cheque', 2], ['mobile', 2]] as const);
    const person = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    let name: string, tries = 0;
    do {
      const p = style === 'corp' ? rng.pick(['شرکت پخش', 'بازرگانی', 'فروشگاه زنجیره‌ای', 'هایپرمارکت']) : rng.pick(P1);
      name = `${p} ${rng.pick(P2)}${rng.chance(0.3) ? ' ' + rng.pick(CITIES) : ''}`;
      if (style === 'card' || style === 'mobile') name += rng.chance(0.6) ? ` (${person})` : '';
      if (++tries > 10) name += ` شعبه ${fa(tries)}`;
    } while (names.has(name));
    names.add(name);
    const code = String(10100 + i * 3 + rng.int(0, 2));
    const cards = Array.from({ length: rng.int(1, 3) }, () => `${rng.pick(BINS)}${pad2(rng.int(10, 99))}****${String(rng.int(0, 9999)).padStart(4, '0')}`);
    customers.push({ code, name, person, depId: depIdOf(code), style, bank: rng.pick(BANKS), cards });
  }
  const invDate = () => LIST_DAY - Math.floor(Math.pow(rng.next(), 1.4) * 95);
  /** An invoice total in rials: goods priced to the thousand toman, plus 10% VAT. */
  const rials = (lo = 7, span = 2.2) => { const base = Math.round(Math.pow(10, lo + rng.next() * span) / 10_000) * 10_000; return base + base / 10; };
  const mk = (c: Customer, total = rials(), ret = false): Doc => ({ no: '', ret, date: invDate(), cust: c, note: ret ? 'برگشت از فروش' : rng.pick(['فروش محصولات لبنی', 'فروش کنسرو', 'فروش رب گوجه', 'فروش روغن', 'فروش حبوبات بسته‌بندی']), total: ret ? -total : total, paid: 0, rest: ret ? -total : total });
  const tx = (day: number, desc: () => string, amt: number, extra: Partial<Tx>, group: string | null, kind: string, amb = false) => {
    const r = b.addSt({ day, sec: extra.sec ?? rng.int(7 * 3600, 20 * 3600), desc: '', sanad: String(rng.int(100000, 999999)), track: extra.track ?? String(rng.int(100000, 999999)), depId: extra.depId ?? '', amt }, group, kind, amb);
    lazy.push(() => { r.data.desc = desc(); });
    return r;
  };
  const lazy: (() => void)[] = [];
  const payDay = (work = true) => { const d = START + rng.int(0, END - START); return work ? Math.min(workDay(d), END) : d; };
  const invNo = (d: Doc) => () => rng.pick([`بابت فاکتور شماره ${fa(d.no)}`, `بابت فاکتور ${fa(d.no)}`, `ف ${fa(d.no)}`, `فاکتور ${fa(d.no)}`, `بابت خرید ${fa(jalaliStr(d.date).slice(5))}`]);
  const paya = (day: number, c: Customer, amt: number, what: () => string, g: string | null, kind: string, amb = false, depId = '') =>
    tx(day, () => `واریز پایا از بانک ${c.bank} - ${c.name.replace(/ \(.*\)$/, '')}${what() ? ' - ' + what() : ''}`, amt, { track: `${fa(String(rng.int(1000, 9999)))}${String(rng.int(10_000_000, 99_999_999))}`, depId }, g, kind, amb);
  const card = (day: number, c: Customer, amt: number, g: string | null, kind: string, amb = false, which = rng.pick(c.cards)) =>
    tx(day, () => `انتقال کارت به کارت از کارت ${fa(which)}`, amt, {}, g, kind, amb);

  let made = 0;
  const CASES: (readonly [Case, number])[] = [
    ['paya_invoice_ref', 14], ['remaining_balance', 2.5], ['satna_multi_invoice', 4], ['deposit_id_exact', 9], ['deposit_id_multi', 3], ['card_to_card_exact', 7], ['card_to_card_split', 5],
    ['cheque_sayad', 6], ['cheque_bounced', 1], ['mobile_transfer_name', 6], ['credit_note_netted', 2.5], ['toman_rial_slip', 1], ['partial_payment', 3],
    ['on_account_payment', 1.5], ['ambiguous_equal_amounts', 1.2], ['unpaid_invoice', 22],
  ];
  const styles: Partial<Record<Case, Style[]>> = {
    paya_invoice_ref: ['corp', 'depid'], remaining_balance: ['corp', 'depid', 'cheque'], satna_multi_invoice: ['corp'], deposit_id_exact: ['depid'], deposit_id_multi: ['depid'], card_to_card_exact: ['card'], card_to_card_split: ['card', 'mobile'],
    cheque_sayad: ['cheque', 'corp'], cheque_bounced: ['cheque'], mobile_transfer_name: ['mobile'], credit_note_netted: ['corp', 'depid'], toman_rial_slip: ['mobile', 'card'],
    partial_payment: ['corp', 'cheque', 'mobile'], on_account_payment: ['card', 'mobile', 'depid'], ambiguous_equal_amounts: ['corp', 'depid'],
  };
  const ambiguousCards: string[] = [];
  const pools = new Map<Case, Customer[]>();
  while (made < opts.openItems) {
    const kind = weighted(rng, CASES);
    if (!pools.has(kind)) pools.set(kind, customers.filter((x) => styles[kind]?.includes(x.style) ?? true));
    const pool = pools.get(kind)!;
    const c = rng.pick(pool.length ? pool : customers);
    const g = b.gid();
    const add = (d: Doc, group: string | null = g, k: string = kind, amb = false) => { b.addOi(d, group, k, amb); made++; return d; };
    switch (kind) {
      case 'unpaid_invoice': add(mk(c), null); break;
      case 'paya_invoice_ref': { const d = add(mk(c)); paya(payDay(), c, d.rest, invNo(d), g, kind); break; }
      case 'remaining_balance': {
        // Part of the invoice was received before the report date: the customer settles the rest.
        const d = mk(c, rials(7.6, 1.4));
        d.paid = Math.round((d.total * (0.2 + rng.next() * 0.5)) / 10_000_000) * 10_000_000 || Math.round(d.total / 2 / 1000) * 1000;
        d.rest = d.total - d.paid;
        add(d);
        paya(payDay(), c, d.rest, () => rng.pick([`باقیمانده فاکتور ${fa(d.no)}`, `تسویه فاکتور ${fa(d.no)}`, '']), g, kind);
        break;
      }
      case 'satna_multi_invoice': {
        const docs = Array.from({ length: rng.int(2, 6) }, () => add(mk(c, rials(8.3, 1.3))));
        const sum = docs.reduce((s, d) => s + d.rest, 0);
        const what = () => (rng.chance(0.5) ? `تسویه فاکتورهای ${docs.map((d) => fa(d.no)).join(' و ')}` : rng.pick(['تسویه حساب', 'بابت خرید محصولات', 'تسویه مهر ماه']));
        const day = payDay();
        if (sum >= 1_500_000_000) tx(day, () => `واریز ساتنا - بانک ${c.bank} - ${c.name} - ${what()}`, sum, { track: `SATNA${String(rng.int(1e9, 9e9))}` }, g, kind);
        else paya(day, c, sum, what, g, kind);
        break;
      }
      case 'deposit_id_exact': case 'deposit_id_multi': {
        const docs = Array.from({ length: kind === 'deposit_id_exact' ? 1 : rng.int(2, 3) }, () => add(mk(c)));
        const sum = docs.reduce((s, d) => s + d.rest, 0);
        if (rng.chance(0.5)) tx(payDay(), () => `واریز نقدی با شناسه - شعبه ${fa(rng.int(100, 999))}`, sum, { depId: c.depId }, g, kind);
        else paya(payDay(), c, sum, () => '', g, kind, false, c.depId);
        break;
      }
      case 'card_to_card_exact': {
        const d = add(mk(c, rials(6.6, 1.4)));
        card(payDay(false), c, d.rest, g, kind);
        ambiguousCards.push(g);
        break;
      }
      case 'card_to_card_split': {
        // Card-to-card transfers are capped at 100,000,000 rials each: a bigger invoice arrives in pieces over days.
        const d = add(mk(c, rials(8.2, 0.6)));
        let left = d.rest, day = payDay(false);
        const cap = 100_000_000;
        while (left > 0) {
          const part = left > cap ? (rng.chance(0.7) ? cap : Math.round(cap * (0.5 + rng.next() * 0.4) / 1_000_000) * 1_000_000) : left;
          card(Math.min(day, END), c, part, g, kind);
          left -= part;
          if (rng.chance(0.6)) day++;
        }
        break;
      }
      case 'cheque_sayad': {
        const docs = Array.from({ length: rng.chance(0.6) ? 1 : rng.int(2, 4) }, () => add(mk(c)));
        const sayad = `${rng.int(1000, 9999)}${String(rng.int(0, 999_999_999_999)).padStart(12, '0')}`;
        tx(payDay(), () => `وصول چک صیادی ${fa(sayad)} - ${c.name.replace(/ \(.*\)$/, '')}`, docs.reduce((s, d) => s + d.rest, 0), { track: sayad }, g, kind);
        break;
      }
      case 'cheque_bounced': {
        const d = add(mk(c), null);
        const sayad = `${rng.int(1000, 9999)}${String(rng.int(0, 999_999_999_999)).padStart(12, '0')}`;
        const day = Math.min(payDay(), END - 2);
        tx(day, () => `وصول چک صیادی ${fa(sayad)} - ${c.name.replace(/ \(.*\)$/, '')}`, d.rest, { track: sayad }, null, kind);
        tx(workDay(day + 1), () => `برگشت چک صیادی ${fa(sayad)} - کسری موجودی`, -d.rest, { track: sayad }, null, kind);
        break;
      }
      case 'mobile_transfer_name': {
        const d = add(mk(c, rials(6.8, 1.5)));
        tx(payDay(false), () => `انتقال از حساب ${fa(String(rng.int(1e9, 9e9)))} - ${c.person} - همراه بانک${rng.chance(0.3) ? ' - ' + invNo(d)() : ''}`, d.rest, {}, g, kind);
        break;
      }
      case 'credit_note_netted': {
        const d = add(mk(c));
        const r = add(mk(c, Math.round(d.total * rng.int(5, 30) / 100 / 11_000) * 11_000 || 11_000, true));
        paya(payDay(), c, d.rest + r.rest, () => `فاکتور ${fa(d.no)} پس از کسر برگشتی`, g, kind);
        break;
      }
      case 'toman_rial_slip': {
        // The payer typed the invoice's figure in tomans into a rial field, then sent the rest.
        const d = add(mk(c, rials(7.3, 1)));
        const first = d.rest / 10, day = payDay(false);
        tx(day, () => `انتقال از حساب ${fa(String(rng.int(1e9, 9e9)))} - ${c.person} - همراه بانک - ${invNo(d)()}`, first, {}, g, kind);
        tx(Math.min(END, day + rng.int(0, 3)), () => `انتقال از حساب ${fa(String(rng.int(1e9, 9e9)))} - ${c.person} - همراه بانک - باقیمانده فاکتور ${fa(d.no)}`, d.rest - first, {}, g, kind);
        break;
      }
      case 'partial_payment': {
        const d = add(mk(c, rials(7.8, 1.2)));
        const p = Math.round(d.rest * (0.3 + rng.next() * 0.4) / 10_000_000) * 10_000_000 || Math.round(d.rest / 2);
        paya(payDay(), c, p, () => `علی‌الحساب فاکتور ${fa(d.no)}`, g, kind);
        break;
      }
      case 'on_account_payment': {
        // A round sum "on account" from a customer with several open invoices: nobody can say which.
        const docs = Array.from({ length: rng.int(2, 4) }, () => add(mk(c), null, 'unpaid_invoice'));
        const p = Math.max(10_000_000, Math.round(docs[0].rest * 0.6 / 10_000_000) * 10_000_000);
        tx(payDay(false), () => `انتقال از حساب ${fa(String(rng.int(1e9, 9e9)))} - ${c.person} - همراه بانک - علی‌الحساب`, p, {}, null, kind, true);
        break;
      }
      case 'ambiguous_equal_amounts': {
        const total = rials(7.5, 1);
        const d1 = add(mk(c, total), g, kind, true); add(mk(c, total), null, kind, true);
        paya(payDay(), c, d1.rest, () => rng.pick(['', 'بابت خرید', 'تسویه']), g, kind, true);
        break;
      }
    }
  }

  // Noise of a producer's current account.
  const noise = (day: number, amt: number, desc: string, kind: string) => tx(day, () => desc, amt, {}, null, kind);
  for (let d = START; d <= END; d++) {
    const j = jalaliStr(d);
    if (!friday(d)) {
      for (let i = rng.int(0, 2); i > 0; i--) { const a = rials(7.5, 1.8); noise(d, -a, `انتقال پایا به ${rng.pick(['شرکت', 'کارخانه', 'بازرگانی'])} ${rng.pick(P2)} بابت خرید مواد اولیه`, 'supplier_payment'); noise(d, -rng.pick([20_000, 25_000, 30_000]), 'کارمزد انتقال پایا', 'bank_fee'); }
      if (rng.chance(0.85)) noise(d, rials(6.5, 1.3), `تسویه پایانه فروش شاپرک - پذیرنده ${fa(String(rng.int(1e7, 9e7)))}`, 'pos_settlement');
    }
    if (j.endsWith('/01')) {
      noise(workDay(d), -rials(9.2, 0.4), `پرداخت حقوق گروهی ${j.slice(5, 7) === '09' ? 'آبان' : 'مهر'} ماه`, 'payroll');
      noise(workDay(d), -rials(8.4, 0.3), 'پرداخت حق بیمه تامین اجتماعی', 'social_security');
    }
    if (j.endsWith('/15') && !friday(d)) noise(d, -rials(8.6, 0.6), 'پرداخت مالیات بر ارزش افزوده - سامانه مودیان', 'tax_payment');
    if (j.endsWith('/28')) { noise(d, -rng.pick([150_000, 250_000]), 'کارمزد پیامک', 'bank_fee'); noise(d, -rng.pick([500_000, 1_200_000]), 'کارمزد خدمات بانکی', 'bank_fee'); }
  }

  // Every Saturday the treasurer moves most of the week's surplus to a short-term deposit account.
  const net = new Map<number, number>();
  for (const r of b.st) net.set(r.data.day, (net.get(r.data.day) ?? 0) + r.data.amt);
  let acc = 0;
  for (let d = START; d <= END; d++) {
    acc += net.get(d) ?? 0;
    if (civil(d).wd === 6 && acc > 5_000_000_000) {
      const a = Math.floor((acc * 0.8) / 1_000_000_000) * 1_000_000_000;
      tx(d, () => `انتقال وجه به سپرده کوتاه‌مدت ${fa('4587213704')} - شرکت صنایع غذایی آرین پارس`, -a, { sec: 8 * 3600 + rng.int(0, 1800) }, null, 'internal_transfer');
      acc -= a;
    }
  }
  // Sepidar numbers: sales invoices and sales returns have their own series.
  const seq = { inv: 23000 + rng.int(0, 900), ret: 300 + rng.int(0, 150) };
  for (const r of [...b.oi].sort((x, y) => x.data.date - y.data.date || x.seq - y.seq)) {
    if (r.data.ret) { seq.ret += rng.int(1, 3); r.data.no = String(seq.ret); } else { seq.inv += rng.int(1, 5); r.data.no = String(seq.inv); }
  }
  for (const f of lazy) f();

  // A card-to-card payment names nobody: when another open item carries the same amount, nobody can tell.
  const amounts = new Map<number, number>();
  for (const r of b.oi) amounts.set(r.data.rest, (amounts.get(r.data.rest) ?? 0) + 1);
  const byGroup = new Map<string, number>();
  for (const r of b.oi) if (r.group) byGroup.set(r.group, r.data.rest);
  const cardGroups = new Set(ambiguousCards.filter((g) => amounts.get(byGroup.get(g)!)! > 1));
  const twinAmounts = new Set([...cardGroups].map((g) => byGroup.get(g)!));
  for (const r of [...b.oi, ...b.st]) if (r.group && cardGroups.has(r.group)) r.amb = true;
  for (const r of b.oi) if (!r.group && twinAmounts.has(r.data.rest)) r.amb = true;

  const { oi, st, truth } = b.finish(
    (x, y) => x.date - y.date || Number(x.no) - Number(y.no),
    (x, y) => x.day - y.day || x.sec - y.sec,
  );
  const rialsTxt = (n: number) => group3(n, ',');
  const oiLines = [
    'شرکت صنایع غذایی آرین پارس (سهامی خاص)',
    'گزارش مانده اسناد فروش به تفکیک مشتری',
    `تا تاریخ: ${jalaliStr(LIST_DAY)}`,
    'واحد پول: ریال',
    '',
    line(['شماره سند', 'تاریخ سند', 'نوع سند', 'کد مشتری', 'نام مشتری', 'شناسه واریز', 'شرح', 'مبلغ سند', 'دریافتی', 'مانده'], ','),
  ];
  for (const d of oi) oiLines.push(line([d.no, jalaliStr(d.date), d.ret ? 'برگشت از فروش' : 'فاکتور فروش', d.cust.code, d.cust.name, d.cust.style === 'depid' || d.cust.style === 'corp' ? d.cust.depId : '', d.note, rialsTxt(d.total), rialsTxt(d.paid), rialsTxt(d.rest)], ','));
  oiLines.push(line(['جمع کل', '', '', '', '', '', '', rialsTxt(oi.reduce((s, d) => s + d.total, 0)), rialsTxt(0), rialsTxt(oi.reduce((s, d) => s + d.rest, 0))], ','));

  const faAmt = (n: number) => fa(group3(n, '٬'));
  const opening = 8_750_000_000 + rng.int(0, 4_000_000) * 1000;
  let bal = opening, out = 0, inn = 0;
  const stLines = [
    'صورتحساب سپرده جاری',
    `شماره حساب: ${fa('4587213690')}`,
    'شماره شبا: IR120120000000004587213690',
    'صاحب حساب: شرکت صنایع غذایی آرین پارس',
    `از تاریخ ${fa(jalaliStr(START))} تا تاریخ ${fa(jalaliStr(END))}`,
    '',
    line(['ردیف', 'تاریخ', 'زمان', 'شرح', 'شماره سند', 'شماره پیگیری', 'شناسه واریز', 'برداشت', 'واریز', 'مانده'], ','),
  ];
  st.forEach((x, i) => {
    bal += x.amt;
    if (x.amt < 0) out -= x.amt; else inn += x.amt;
    const time = `${pad2(Math.floor(x.sec / 3600))}:${pad2(Math.floor(x.sec / 60) % 60)}:${pad2(x.sec % 60)}`;
    stLines.push(line([fa(i + 1), fa(jalaliStr(x.day)), fa(time), x.desc, fa(x.sanad), fa(x.track), fa(x.depId), x.amt < 0 ? faAmt(-x.amt) : '', x.amt > 0 ? faAmt(x.amt) : '', faAmt(bal)], ','));
  });
  stLines.push('', line(['مانده ابتدای دوره', faAmt(opening)], ','), line(['جمع برداشت', faAmt(out)], ','), line(['جمع واریز', faAmt(inn)], ','), line(['مانده پایان دوره', faAmt(bal)], ','));

  return {
    name: 'ir-jalali',
    description: `Aryan Pars, an Iranian food producer, applies its receipts on a Bank Mellat current account. Open items: a Sepidar receivables report saved as UTF-8 CSV with a BOM: Persian headers and text, Persian solar (Jalali) dates with Latin digits (1405/08/14), rial amounts with thousands commas in quoted fields, a four-line preamble and a "جمع کل" total; sales invoices (5-digit numbers around 23000) and sales returns from their own series (3-digit, negative), customer codes (5 digits) and, for customers registered for it, a 6-digit deposit id (customer code plus a check digit) that looks like a document number. Statement: the bank's statement export for 1405/08/15-1405/09/30 written wholly in Persian digits (row number, date, time, amounts with the Arabic thousands separator ٬, tracking numbers), withdrawal and deposit columns, a running balance, a Persian preamble and an opening/total/closing trailer; Fridays carry no Paya or cheque movements. Cases: Paya transfers naming the invoice in Persian digits in five phrasings (or only the purchase date); Satna/Paya settlements of 2-6 invoices; cash or Paya deposits carrying the customer's deposit id and no invoice (one or several invoices); card-to-card transfers that show only a masked card number (ambiguous when another open item has the same amount); invoices above the 100,000,000-rial card limit paid in several card transfers over days, from different cards; Sayad cheques collected for 1-4 invoices; a cheque bounced for lack of funds (collection and reversal; the invoice stays open); mobile-bank transfers naming the shop owner, not the shop; sales returns netted; balances left after an earlier receipt (دریافتی) settled; a payer who first sent the amount in tomans (a tenth) and then the rest; part payments "on account of invoice N"; round payments on account with no invoice from customers with several open invoices (ambiguous, unallocated); equal invoices paid once without reference (ambiguous); unpaid invoices; and noise: weekly sweeps to a short-term deposit, Shaparak POS settlements, supplier Paya payments and their fees, payroll, social security, VAT, SMS and service fees. Kinds: paya_invoice_ref, remaining_balance, satna_multi_invoice, deposit_id_exact, deposit_id_multi, card_to_card_exact, card_to_card_split, cheque_sayad, cheque_bounced (collection, reversal and the open invoice, all unmatched), mobile_transfer_name, credit_note_netted, toman_rial_slip, partial_payment, on_account_payment (unmatched, ambiguous), ambiguous_equal_amounts, unpaid_invoice; noise: internal_transfer, pos_settlement, supplier_payment, bank_fee, payroll, social_security, tax_payment.`,
    openItems: { fileName: 'mande_moshtarian_1405-08-14.csv', content: '\ufeff' + oiLines.join('\r\n') + '\r\n' },
    statement: { fileName: 'soorathesab_4587213690.csv', content: '\ufeff' + stLines.join('\r\n') + '\r\n' },
    truth,
  };
}
