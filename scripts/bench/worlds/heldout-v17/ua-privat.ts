/**
 * ua-privat — a Lviv seed-and-fertiliser distributor (BAS/1C accounting, UAH, Windows-1251) against
 * its PrivatBank current account export. Each sale has two numbers: the invoice for payment
 * (рахунок СФ-0000457, which payers quote as "рах. № 457") and the shipping note (видаткова накладна
 * РН-0000612, quoted by some), from two counters that overlap. Every purpose line follows the
 * Ukrainian form "Оплата за … згідно рах. № 457 від 03.09.2026, у т.ч. ПДВ 20% - 1234.56 грн.", so
 * the text is full of dates, VAT amounts, contract numbers and tax ids; the bank gives the payer's
 * ЄДРПОУ (8 digits, 10 for sole traders) in its own column. Farms pay part in advance, pay for
 * other farms by letter, and sole traders pay "за товар" with no number at all.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, dmy, money, pad, q, rngFor, openingFor, workDay, LAST_DAY, cp1251, type Row } from './common';

const NAME = 'ua-privat';
/** The VAT inside a VAT-inclusive amount at 20 % (one sixth), to the kopeck. */
export const uaVat = (c: number) => Math.round(c / 6);

const FORMS = ['ТОВ', 'ФГ', 'ПП', 'СТОВ', 'ПрАТ', 'АФ'];
const NAMES = ['Колос', 'Нива-2005', 'Агро-Світ', 'Зоря', 'Поділля Агро', 'Галичина', 'Яблуневий Сад', 'Добробут', 'Злагода', 'Агроінвест-7', 'Прикарпаття', 'Лан', 'Врожай Плюс', 'Берегиня', 'Дністер', 'Урожай-2010'];
const REG = ['Поділля', 'Захід', 'Агро', 'Плюс', 'Львів', 'Тернопіль', 'Волинь'];
const SURN = ['Іваненко', 'Коваль', 'Бондаренко', 'Ткачук', 'Мельник', 'Шевчук', 'Кравець', 'Олійник', 'Гнатюк', 'Савчук'];
const GIVEN = [['Іван', 'Петрович'], ['Олег', 'Миколайович'], ['Марія', 'Степанівна'], ['Василь', 'Іванович'], ['Наталія', 'Богданівна']];
const BANKS: [string, string][] = [['305299', 'АТ КБ "ПРИВАТБАНК"'], ['300465', 'АТ "Ощадбанк"'], ['325365', 'АТ "Кредобанк"'], ['300528', 'АТ "ОТП БАНК"'], ['380805', 'АТ "Райффайзен Банк"'], ['322001', 'АТ "Універсал Банк"']];
const GOODS = ['товар', 'добрива', 'насіння', 'засоби захисту рослин', 'мінеральні добрива', 'насіння кукурудзи', 'ЗЗР'];

interface Cust { code: string; name: string; short: string; edrpou: string; fop: boolean; iban: string; bank: [string, string]; contract: string }

export function uaPrivat(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 17002);
  const book = new Book();
  const used = new Set<string>();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 11)) }, (_, i) => {
    const fop = r.chance(0.25), s = r.pick(SURN), gv = r.pick(GIVEN), form = r.pick(FORMS), n = r.pick(NAMES);
    let name = fop ? `ФОП ${s} ${gv[0]} ${gv[1]}` : `${form} «${n}»`, n2 = n;
    // Two firms never share a name: a region is added when the draw repeats one.
    for (let t = 0; used.has(name); t++) { n2 = t < 5 ? `${r.pick(NAMES)}` : `${n}-${r.pick(REG)}${t > 10 ? `-${t}` : ''}`; name = fop ? `ФОП ${s} ${r.pick(GIVEN)[0]} ${gv[1]}${t > 5 ? ` ${t}` : ''}` : `${form} «${n2}»`; }
    used.add(name);
    const short = fop ? `ФОП ${name.split(' ')[1]} ${name.split(' ')[2][0]}.${name.split(' ')[3][0]}.` : `${form} "${n2.toUpperCase()}"`;
    return { code: pad(i + 1, 5), name, short, edrpou: fop ? String(r.int(2000000000, 3999999999)) : pad(r.int(30000000, 44999999), 8), fop, iban: `UA${r.int(10, 99)}${r.pick(BANKS)[0]}0000026${pad(r.int(0, 999999999), 12)}`, bank: r.pick(BANKS), contract: r.pick([`${r.int(1, 240)}/26-П`, `№ ${r.int(1, 240)}-ДП`, `${r.int(1, 240)}/2026`]) };
  });
  // Two counters since 1 January: invoices for payment (СФ) and shipping notes (РН), the notes behind and overlapping.
  const sf0 = r.int(380, 460), rn0 = r.int(300, 360), per = Math.max(1, o.openItems * 1.1) / 100;
  let sf = sf0, rn = rn0, pv = 1, ref = r.int(100000, 900000);
  const inv = (c: Cust, kind: string, group: string | null, opt: { cents?: number; amb?: boolean; paid?: number } = {}): Row => {
    const n = sf++, m = rn++, cents = opt.cents ?? r.cents(2500, 480000), paid = opt.paid ?? 0;
    const day = Math.min(78, -25 + Math.floor((n - sf0) / per));
    return book.addOi({ day, cents: cents - paid, key: c.code, group, kind, amb: opt.amb, cells: { sf: String(n), rn: String(m), total: String(cents), cust: c.code } });
  };
  const pay = (day: number, cents: number, c: Cust | null, purpose: string, group: string | null, kind: string, amb?: boolean, who?: Partial<Cust>) =>
    book.addSt({ day: workDay(Math.min(Math.max(day, 0), LAST_DAY - 1)), cents, group, kind, amb, cells: { purpose, name: who?.short ?? c?.short ?? '', edrpou: who?.edrpou ?? c?.edrpou ?? '', iban: who?.iban ?? c?.iban ?? '', mfo: (who?.bank ?? c?.bank ?? BANKS[0])[0], bank: (who?.bank ?? c?.bank ?? BANKS[0])[1], doc: String(r.int(1, 9999)) } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(2, 25);
  const d = (x: Row) => dmy(x.day, '.');
  /** How a payer cites the invoice for payment. */
  const rah = (x: Row) => r.pick([`рах. № ${x.cells.sf}`, `рах.№${x.cells.sf}`, `рахунку № СФ-${pad(x.cells.sf, 7)}`, `рах-ф ${x.cells.sf}`, `рахунку-фактури №${x.cells.sf}`, `рах. №СФ-${x.cells.sf}`]) + (r.chance(0.7) ? ` від ${d(x)}${r.chance(0.5) ? ' р.' : ''}` : '');
  /** The tail every Ukrainian purpose line ends with: the VAT inside the amount. */
  const vat = (c: number, fop: boolean) => (fop && r.chance(0.5) ? ', без ПДВ' : r.pick([`, у т.ч. ПДВ 20% - ${money(uaVat(c), '', '.')} грн.`, `, в т.ч. ПДВ ${money(uaVat(c), '', '.')}`, ` У т.ч. ПДВ 20 % ${money(uaVat(c), '', ',')} грн.`]));
  const pur = (c: Cust, cents: number, middle: string) => `${r.pick(['Оплата за', 'Сплата за', 'Оплата за'])} ${r.pick(GOODS)} ${middle}${vat(cents, c.fop)}`;

  while (book.oi.length < o.openItems) {
    const u = r.next();
    let c = r.pick(custs);
    const who = (pred: (k: Cust) => boolean) => { const xs = custs.filter(pred); return xs.length ? r.pick(xs) : c; };
    if (u < 0.28) {
      const g = book.group(), x = inv(c, 'invoice_number_in_purpose', g);
      pay(after([x]), x.cents, c, pur(c, x.cents, `згідно ${rah(x)}`), g, 'invoice_number_in_purpose');
    } else if (u < 0.34) {
      const g = book.group(), x = inv(c, 'shipping_note_quoted', g);
      pay(after([x]), x.cents, c, pur(c, x.cents, `згідно ${r.pick(['вид. накл.', 'видаткової накладної', 'ВН'])} № ${r.chance(0.5) ? x.cells.rn : `РН-${pad(x.cells.rn, 7)}`} від ${d(x)}`), g, 'shipping_note_quoted');
    } else if (u < 0.42) {
      c = who((k) => !k.fop);
      const g = book.group(), x = inv(c, 'contract_number_only', g);
      pay(after([x]), x.cents, c, pur(c, x.cents, `згідно договору ${c.contract} від ${r.int(2, 28)}.0${r.int(1, 3)}.2026`), g, 'contract_number_only');
    } else if (u < 0.48) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 4) }, () => inv(c, 'several_invoices', g)), s = xs.reduce((a, x) => a + x.cents, 0);
      pay(after(xs), s, c, pur(c, s, `згідно рах. № ${xs.map((x) => x.cells.sf).join(r.pick([', ', ',', '; ']))}`), g, 'several_invoices');
    } else if (u < 0.54) {
      // Prepayment of a share, the balance after shipment.
      const g = book.group(), x = inv(c, 'prepayment_then_balance', g, { cents: r.cents(20000, 600000) }), share = r.pick([30, 50, 70]);
      const first = Math.round(x.cents * share / 100 / 100) * 100, dd = Math.max(x.day, r.int(0, 12)) + r.int(0, 4);
      pay(dd, first, c, `Передоплата ${share}% за ${r.pick(GOODS)} згідно ${rah(x)}${vat(first, c.fop)}`, g, 'prepayment_then_balance');
      pay(dd + r.int(10, 40), x.cents - first, c, `Доплата за ${r.pick(GOODS)} згідно ${rah(x)}${vat(x.cents - first, c.fop)}`, g, 'prepayment_then_balance');
    } else if (u < 0.58) {
      // Only part paid so far: the rest stays open.
      const g = book.group(), x = inv(c, 'part_payment', g, { cents: r.cents(20000, 400000) }), part = Math.round(x.cents * r.int(20, 60) / 100 / 10000) * 10000;
      pay(after([x]), part, c, `Часткова оплата за ${r.pick(GOODS)} згідно ${rah(x)}${vat(part, c.fop)}`, g, 'part_payment');
    } else if (u < 0.62) {
      // An earlier payment left a remainder on the ledger (Сума > Залишок); the remainder is paid now.
      const total = r.cents(10000, 300000), g = book.group(), x = inv(c, 'remainder_after_earlier_payment', g, { cents: total, paid: Math.round(total * r.int(30, 70) / 100 / 100) * 100 });
      pay(after([x]), x.cents, c, `Остаточний розрахунок згідно ${rah(x)}${vat(x.cents, c.fop)}`, g, 'remainder_after_earlier_payment');
    } else if (u < 0.66) {
      c = who((k) => !k.fop);
      const g = book.group(), x = inv(c, 'return_netted', g, { cents: r.cents(8000, 300000) });
      const m = book.addOi({ day: x.day + r.int(2, 12), cents: -Math.round(x.cents * r.int(5, 35) / 100), key: c.code, group: g, kind: 'return_netted', cells: { pv: String(pv++), cust: c.code } });
      pay(after([x, m]), x.cents + m.cents, c, pur(c, x.cents + m.cents, `згідно ${rah(x)} з урахуванням повернення ${r.chance(0.5) ? `№ ПВ-${pad(m.cells.pv, 7)}` : 'товару'}`), g, 'return_netted');
    } else if (u < 0.7) {
      // Another farm pays by letter: the bank shows the payer, the text names the debtor.
      c = who((k) => !k.fop);
      const p3 = r.pick(custs.filter((k) => k !== c));
      const g = book.group(), x = inv(c, 'paid_by_third_party', g);
      pay(after([x]), x.cents, c, `Оплата за ${c.short} згідно ${rah(x)} згідно листа № ${r.int(1, 99)} від ${dmy(x.day + 1, '.')}${vat(x.cents, false)}`, g, 'paid_by_third_party', false, p3);
    } else if (u < 0.75) {
      // A sole trader pays from the phone: "за товар", no number.
      c = who((k) => k.fop);
      const g = book.group(), x = inv(c, 'name_and_amount_only', g);
      pay(after([x]), x.cents, c, r.pick(['Оплата за товар', 'Оплата за товар, без ПДВ', 'за добрива', 'Оплата']), g, 'name_and_amount_only');
    } else if (u < 0.78) {
      const g = book.group(), x = inv(c, 'mistyped_invoice_number', g), s = x.cells.sf;
      const bad = s[1] !== s[2] ? s[0] + s[2] + s[1] : String(Number(s) + 10);
      pay(after([x]), x.cents, c, pur(c, x.cents, `згідно рах. № ${bad} від ${d(x)}`), g, 'mistyped_invoice_number');
    } else if (u < 0.81) {
      // Two customers, one invoice each, of the same amount; each quotes its own number.
      const c2 = r.pick(custs.filter((k) => k !== c)), amt = r.pick([1200000, 2400000, 3600000, 4800000, 960000]);
      for (const k of [c, c2]) { const g = book.group(), x = inv(k, 'same_amount_two_customers', g, { cents: amt }); pay(after([x]), amt, k, pur(k, amt, `згідно ${rah(x)}`), g, 'same_amount_two_customers'); }
    } else if (u < 0.83) {
      const amt = r.pick([1200000, 2400000, 600000]) + r.int(0, 9) * 10000, g = book.group();
      inv(c, 'ambiguous_equal_amounts', g, { cents: amt, amb: true }); inv(c, 'ambiguous_equal_amounts', null, { cents: amt, amb: true });
      pay(r.int(40, LAST_DAY), amt, c, pur(c, amt, `згідно договору ${c.contract}`), g, 'ambiguous_equal_amounts', true);
    } else if (u < 0.86) {
      // Tax id, phone and a date in the text next to the number; the tax id's digits look like anything.
      const g = book.group(), x = inv(c, 'tax_id_and_phone_in_text', g);
      pay(after([x]), x.cents, c, `${c.fop ? 'РНОКПП' : 'ЄДРПОУ'} ${c.edrpou}; ${pur(c, x.cents, `згідно ${rah(x)}`)}; тел. 0${r.pick([67, 50, 97, 63])}-${r.int(100, 999)}-${r.int(10, 99)}-${r.int(10, 99)}`, g, 'tax_id_and_phone_in_text');
    } else if (u < 0.88) {
      // Paid twice; the second payment is sent back.
      const g = book.group(), x = inv(c, 'duplicate_refunded', g), dd = after([x]), p = pur(c, x.cents, `згідно ${rah(x)}`);
      pay(dd, x.cents, c, p, g, 'duplicate_refunded');
      pay(dd + r.int(0, 2), x.cents, c, p, null, 'duplicate_refunded');
      pay(dd + r.int(3, 8), -x.cents, c, `Повернення помилково перерахованих коштів згідно листа № ${r.int(1, 60)}, без ПДВ`, null, 'duplicate_refunded');
    } else if (u < 0.9) {
      // Money meant for another company (wrong IBAN): returned the same week.
      const amt = r.cents(3000, 90000), dd = r.int(0, LAST_DAY - 6), other = r.pick(custs);
      pay(dd, amt, other, `Оплата за послуги згідно рах. № ${r.int(1, 900)} від ${dmy(dd - 3, '.')}${vat(amt, false)}`, null, 'misdirected_returned');
      pay(dd + r.int(1, 5), -amt, other, `Повернення помилково зарахованих коштів, п/д № ${r.int(1, 9999)}, без ПДВ`, null, 'misdirected_returned');
    } else if (u < 0.93) {
      // An invoice of last year, long settled, quoted again.
      const amt = r.cents(2500, 200000);
      pay(r.int(0, LAST_DAY), amt, c, pur(c, amt, `згідно рах. № ${r.int(1000, 1900)} від ${r.int(10, 28)}.${r.int(10, 12)}.2025`), null, 'payment_not_on_list');
      inv(c, 'unpaid_invoice', null);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.02)) { const pd = r.pick([6, 21, 36, 51, 66, 81]); pay(pd, -r.cents(80000, 300000), null, `Заробітна плата за ${['серпень', 'вересень', 'жовтень', 'листопад'][Math.floor((pd + 9) / 30)]} 2026 р. згідно відомості № ${r.int(1, 40)}, без ПДВ`, null, 'payroll', false, { short: 'Зарплатний проект', edrpou: '14360570' }); }
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), -r.cents(10000, 400000), null, `*;101;${r.pick(['32158004', '30052364'])};ПДВ за ${r.pick(['серпень', 'вересень', 'жовтень'])} 2026;;;`, null, 'tax_payment', false, { short: 'ГУК у Львів.обл./Львівська обл./14060100', edrpou: '38008294' });
    if (r.chance(0.18)) { const amt = r.cents(5000, 900000); pay(r.int(0, LAST_DAY), -amt, null, `Оплата за ${r.pick(['мінеральні добрива', 'насіння', 'транспортні послуги', 'пальне'])} згідно рах. № ${r.int(100, 9999)} від ${dmy(r.int(-10, LAST_DAY), '.')}${vat(amt, false)}`, null, 'supplier_payment', false, { short: r.pick(['ТОВ "ЯРА УКРАЇНА"', 'ТОВ "СИНГЕНТА"', 'ТОВ "НОВА ПОШТА"', 'ТОВ "ОККО-КОНТРАКТ"', 'ПрАТ "РІВНЕАЗОТ"']), edrpou: pad(r.int(20000000, 44000000), 8) }); }
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), -r.pick([15000, 20000, 35000, 4500]), null, r.pick(['Комісія за РКО згідно тарифів банку', 'Комісія за обслуговування рахунку за місяць', 'Комісія за зарахування валюти']), null, 'bank_charge', false, { short: 'АТ КБ "ПРИВАТБАНК"', edrpou: '14360570' });
    if (r.chance(0.03)) pay(r.int(0, LAST_DAY), r.cents(300, 40000), null, `Відшкодування по операціях з ПК, термінал S1${r.int(100000, 999999)}, дата ${dmy(r.int(0, LAST_DAY), '.')}, комісія утримана`, null, 'card_settlement', false, { short: 'АТ КБ "ПРИВАТБАНК"', edrpou: '14360570' });
  }
  const { oi, st, truth } = book.finish();
  const nb = (c: number) => money(c, '\u00a0', ',');
  const byCode = new Map(custs.map((c) => [c.code, c]));
  const total = oi.reduce((s, x) => s + x.cents, 0);
  const oiLines = ['Відомість по взаєморозрахунках з покупцями', 'Організація: ТОВ «Агропостач-Захід»', `Період: 01.01.2026 - ${dmy(LAST_DAY, '.')}`, 'Рахунок обліку: 361', '',
    'Контрагент;Код за ЄДРПОУ;Договір;Документ;Рахунок на оплату;Дата;Сума документа;Оплачено;Залишок'];
  for (const x of oi) {
    const c = byCode.get(x.cells.cust)!, cn = !!x.cells.pv;
    const tot = cn ? x.cents : Number(x.cells.total);
    oiLines.push([q(c.name, ';'), c.edrpou, q(`Договір ${c.contract.replace(/^№ /, '№')}`, ';'), q(cn ? `Повернення товарів від покупця ПВ-${pad(x.cells.pv, 7)} від ${dmy(x.day, '.')}` : `Реалізація товарів і послуг РН-${pad(x.cells.rn, 7)} від ${dmy(x.day, '.')}`, ';'), cn ? '' : `СФ-${pad(x.cells.sf, 7)}`, dmy(x.day, '.'), nb(tot), nb(tot - x.cents), nb(x.cents)].join(';'));
  }
  oiLines.push('', `Разом;;;;;;;;${nb(total)}`);
  let bal = openingFor(st, 150_000_000);
  const open = bal;
  const stLines = ['Виписка по рахунку UA213052990000026007015012345 (UAH)', `Період: ${dmy(0, '.')} - ${dmy(LAST_DAY, '.')}`, `Вхідний залишок;${money(open, '', '.')}`, '',
    'ЄДРПОУ;МФО;Рахунок;Валюта;Дата операції;Код операції;МФО банку;Назва банку;Рахунок кореспондента;ЄДРПОУ кореспондента;Кореспондент;Документ;Дата документа;Дебет;Кредит;Призначення платежу'];
  let deb = 0, cred = 0;
  let minute = 0, lastDay = -1;
  for (const x of st) {
    bal += x.cents;
    if (x.cents < 0) deb -= x.cents; else cred += x.cents;
    // Booking times rise through the day from the opening of the operating day.
    if (x.day !== lastDay) { lastDay = x.day; minute = 8 * 60 + r.int(30, 50); } else minute = Math.min(minute + r.int(1, 9), 20 * 60 + 59);
    stLines.push(['41234567', '305299', 'UA213052990000026007015012345', 'UAH', `${dmy(x.day, '.')} ${pad(Math.floor(minute / 60), 2)}:${pad(minute % 60, 2)}`, x.cents > 0 ? '1' : '0', x.cells.mfo, q(x.cells.bank, ';', true), x.cells.iban || `UA${pad(ref++, 27)}`, x.cells.edrpou, q(x.cells.name, ';', true), `${x.cells.doc}`, dmy(x.day, '.'), x.cents < 0 ? money(-x.cents, '', '.') : '', x.cents > 0 ? money(x.cents, '', '.') : '', q(x.cells.purpose, ';', true)].join(';'));
  }
  stLines.push('', `Обороти;${money(deb, '', '.')};${money(cred, '', '.')}`, `Вихідний залишок;${money(bal, '', '.')}`);
  return {
    name: NAME,
    description: 'A Lviv seed-and-fertiliser distributor exports its receivables from BAS Accounting (Windows-1251, semicolons, four preamble lines, dd.mm.yyyy, amounts with a non-breaking space for thousands and a decimal comma; one row per shipping note РН-0000612 with its invoice for payment СФ-0000457 in its own column, Сума/Оплачено/Залишок, returns ПВ-0000012 negative, a Разом line) against its PrivatBank statement export (Windows-1251, semicolons, preamble with the opening balance, the payer\'s ЄДРПОУ/РНОКПП, IBAN, MFO and bank name in columns, Дебет/Кредит with a decimal point, "dd.mm.yyyy HH:MM", a trailer with turnovers and the closing balance). Purpose lines follow the Ukrainian form (Оплата за добрива згідно рах. № 457 від 03.09.2026 р., у т.ч. ПДВ 20% - 1234.56 грн.), full of dates, VAT amounts, contract numbers (15/26-П) and tax ids; the invoice and shipping-note counters overlap. Kinds: invoice_number_in_purpose (six spellings), shipping_note_quoted, contract_number_only (payer known by ЄДРПОУ, amount decides), several_invoices, prepayment_then_balance, part_payment (the rest stays open), remainder_after_earlier_payment, return_netted, paid_by_third_party (another farm pays by letter), name_and_amount_only (sole traders "Оплата за товар"), mistyped_invoice_number, same_amount_two_customers (round amounts), ambiguous_equal_amounts, tax_id_and_phone_in_text, duplicate_refunded, misdirected_returned, payment_not_on_list (2025 invoices), unpaid invoices, payroll, VAT payments to the Treasury, suppliers, card settlements, bank charges.',
    openItems: { fileName: 'Взаєморозрахунки_361.csv', content: cp1251(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'statement_UA213052990000026007015012345.csv', content: cp1251(stLines.join('\r\n') + '\r\n') },
    truth,
  };
}
