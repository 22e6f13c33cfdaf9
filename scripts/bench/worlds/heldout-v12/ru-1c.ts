/**
 * ru-1c: a Russian wholesaler on 1C:Бухгалтерия. Open items: the report "Задолженность покупателей"
 * saved as CSV (Windows-1251, ';', amounts "118 000,00" with a no-break space), one row per
 * settlement document — a realization "Реализация (акт, накладная, УПД) 00БП-001502 от …" or a
 * credit "Корректировка реализации …" — with the buyer's INN, contract and the separate "Счет на
 * оплату" (pro-forma) number, which has its own sequence in the same range. Statement: the bank's
 * export in the 1C client-bank exchange format (1CClientBankExchange, key=value sections, Windows-1251,
 * "Сумма=118000.00"), where a document has no sign: it is a receipt when our account is the
 * ПолучательСчет.
 */
import type { World, WorldOptions } from '../world';
import { type Mulberry32, type Tag, bankDay, cp1251, dayOf, dmy, money, pad, rngFor, tag, transpose, truthOf, weighted, ymd } from './common';

const START = dayOf(2026, 10, 1), END = dayOf(2026, 11, 27);
const FIRST_DOC = dayOf(2026, 7, 1);
const NB = '\u00a0';

interface Party { erp: string; bank: string; inn: string; kpp: string; acc: string; bankRow: readonly [string, string, string] }
interface Cust extends Party { contract: string; contractRef: string; service: boolean; fee: number; parent: Party | null }
interface Doc { c: Cust; cn: boolean; num: number; schet: number | null; schetDate: number; date: number; due: number; amount: number; open: number; tag: Tag }
interface Pay { date: number; amount: number; inbound: boolean; party: Party; purpose: string; type: 'Платежное поручение' | 'Банковский ордер' | 'Мемориальный ордер'; num: number; lag: number; budget: boolean; tag: Tag; key: number }

const BANKS = [
  ['ПАО СБЕРБАНК', '044525225', '30101810400000000225'],
  ['БАНК ВТБ (ПАО)', '044525187', '30101810700000000187'],
  ['АО "АЛЬФА-БАНК"', '044525593', '30101810200000000593'],
  ['АО "ТБанк"', '044525974', '30101810145250000974'],
  ['ПАО "ПРОМСВЯЗЬБАНК"', '044525555', '30101810400000000555'],
  ['АО "РАЙФФАЙЗЕНБАНК"', '044525700', '30101810200000000700'],
  ['ПАО "СОВКОМБАНК"', '043469743', '30101810300000000743'],
  ['ПАО "БАНК УРАЛСИБ"', '048073770', '30101810600000000770'],
] as const;
const PRE = ['Строй', 'Техно', 'Агро', 'Спец', 'Металл', 'Энерго', 'Пром', 'Торг', 'Транс', 'Сиб', 'Урал', 'Волга', 'Нефте', 'Хим', 'Мед', 'Эко', 'Инжи', 'Лес', 'Авто', 'Север', 'Гидро', 'Электро'];
const SUF = ['Снаб', 'Сервис', 'Комплект', 'Трейд', 'Маркет', 'Монтаж', 'Инвест', 'Групп', 'Логистик', 'Ресурс', 'Систем', 'Пласт', 'Альянс', 'Проект', 'Деталь'];
const SUR = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров'];
const FIRST = [['Сергей', 'Сергеевич'], ['Андрей', 'Андреевич'], ['Алексей', 'Алексеевич'], ['Дмитрий', 'Дмитриевич'], ['Игорь', 'Игоревич'], ['Олег', 'Олегович'], ['Павел', 'Павлович'], ['Николай', 'Николаевич']] as const;
const FORMS: Record<string, string> = { ООО: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ', АО: 'АКЦИОНЕРНОЕ ОБЩЕСТВО', ПАО: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО' };
const MONTHS = ['январь', 'февраль', 'март', 'апрель', 'май', 'июнь', 'июль', 'август', 'сентябрь', 'октябрь', 'ноябрь', 'декабрь'];

/** A legal entity's INN (10 digits, last one a check digit) or an individual's (12, two check digits). */
function inn(rng: Mulberry32, digits: 10 | 12): string {
  const ck = (s: string, w: number[]) => String((w.reduce((a, x, i) => a + x * Number(s[i]), 0) % 11) % 10);
  let s = pad(rng.int(1, 99), 2) + pad(rng.int(0, digits === 10 ? 9999999 : 99999999), digits - 3);
  if (digits === 10) return s + ck(s, [2, 4, 10, 3, 5, 9, 4, 6, 8]);
  s += ck(s, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
  return s + ck(s, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]);
}
const account = (rng: Mulberry32) => `40702810${pad(rng.int(0, 999999999), 9)}${pad(rng.int(0, 999), 3)}`;
const upper = (s: string) => s.toUpperCase();

export function generateRu1c(options: WorldOptions): World {
  const rng = rngFor(options.seed, 0x7231);
  const usInn = '7728456127';
  const US: Party = { erp: 'ТехноСнаб ООО', bank: 'ООО "ТЕХНОСНАБ"', inn: usInn, kpp: '772801001', acc: '40702810438000123456', bankRow: BANKS[0] };

  const usedNames = new Set<string>();
  const makeParty = (): Party => {
    let erp = '', bank = '', innV = '', kpp = '';
    if (rng.chance(0.12)) {
      const s = rng.pick(SUR), [f, p] = rng.pick(FIRST);
      const fio = `${s} ${f} ${p}`;
      erp = `${fio} ИП`; bank = rng.chance(0.5) ? `ИП ${fio}` : `Индивидуальный предприниматель ${fio}`;
      innV = inn(rng, 12);
    } else {
      let base = '';
      do { base = rng.pick(PRE) + rng.pick(SUF) + (rng.chance(0.15) ? `-${rng.int(2, 9)}` : ''); } while (usedNames.has(base));
      usedNames.add(base);
      const form = weighted(rng, [['ООО', 80], ['АО', 15], ['ПАО', 5]] as const);
      erp = rng.chance(0.75) ? `${base} ${form}` : upper(base);
      bank = rng.chance(0.45) ? `${FORMS[form]} "${upper(base)}"` : `${form} "${upper(base)}"`;
      innV = inn(rng, 10); kpp = `${innV.slice(0, 4)}01001`;
    }
    return { erp, bank, inn: innV, kpp, acc: account(rng), bankRow: rng.pick(BANKS) };
  };

  // Customers and their documents, until the list has about `openItems` rows.
  const custs: Cust[] = [];
  const docs: Doc[] = [];
  while (docs.length < options.openItems) {
    const p = makeParty();
    const service = rng.chance(0.1);
    const k = rng.int(1, 180), cd = dayOf(2026, rng.int(1, 6), rng.int(1, 28));
    const contract = rng.chance(0.2) ? 'Основной договор' : `Договор ${service ? 'оказания услуг' : 'поставки'} № ${k}/26 от ${dmy(cd)}`;
    const c: Cust = { ...p, contract, contractRef: contract === 'Основной договор' ? '' : `№ ${k}/26 от ${dmy(cd)}`, service, fee: rng.int(15, 180) * 500000, parent: rng.chance(0.12) ? makeParty() : null };
    custs.push(c);
    const n = service ? 4 : Math.max(1, Math.round(Math.exp(rng.next() * 2.6)));
    for (let i = 0; i < n && docs.length < options.openItems; i++) {
      // A service is billed on the month's last day (July to October); goods on any day.
      const date = service ? dayOf(2026, 8 + i, 1) - 1 : FIRST_DOC + rng.int(0, 141);
      const amount = service ? c.fee : rng.chance(0.2) ? rng.int(2, 400) * 500000 : rng.int(150000, 90000000);
      docs.push({ c, cn: false, num: 0, schet: null, schetDate: 0, date: Math.min(date, dayOf(2026, 11, 20)), due: 0, amount, open: amount, tag: tag(null, 'unpaid_invoice') });
    }
  }
  // Numbering: realizations and pro-formas have separate yearly sequences that overlap in range.
  const byDate = [...docs].sort((a, b) => a.date - b.date);
  let real = 1387, sch = 1652;
  for (const d of byDate) {
    d.num = real++;
    if (!d.c.service && rng.chance(0.85)) { sch += rng.int(1, 2); d.schet = sch; d.schetDate = d.date - rng.int(0, 9); }
    d.due = d.date + rng.pick([10, 14, 30, 30, 45]);
  }
  const cnDocs: Doc[] = [];
  let cnNum = 11;
  const addCn = (c: Cust, after: number, amount: number, t: Tag) => {
    const d: Doc = { c, cn: true, num: 0, schet: null, schetDate: 0, date: Math.min(after + rng.int(2, 20), dayOf(2026, 11, 24)), due: 0, amount: -amount, open: -amount, tag: t };
    d.due = d.date; cnDocs.push(d); return d;
  };

  const pays: Pay[] = [];
  let gn = 0;
  const gid = () => `ru${++gn}`;
  const payDate = (d: Doc) => {
    let lo = Math.max(d.date + 2, START), hi = Math.min(d.date + 55, END);
    if (hi < lo) hi = Math.min(lo + 25, END);
    return bankDay(Math.min(rng.int(lo, hi), END - 2));
  };
  const vatTail = (amount: number) => {
    const vat = Math.round((amount * 22) / 122), r = Math.floor(amount / 100), k = pad(amount % 100, 2);
    return weighted(rng, [
      [` Сумма ${r}-${k} В т.ч. НДС (22%) ${Math.floor(vat / 100)}-${pad(vat % 100, 2)}`, 4],
      [` в том числе НДС 22 % - ${money(vat, '.', '')} руб.`, 3],
      [` В т.ч. НДС 22% ${money(vat, '-', '')}`, 2],
      [` Сумма ${money(amount, '-', '')}, в т.ч. НДС.`, 1],
    ] as const);
  };
  const what = () => rng.pick(['за товар', 'за поставленный товар', 'за оборудование', 'за материалы', 'за ТМЦ']);
  const schetRef = (d: Doc, num = String(d.schet)) => weighted(rng, [
    [`по счету № ${num} от ${dmy(d.schetDate)}`, 5], [`по сч. №${num} от ${dmy(d.schetDate).slice(0, 6)}${dmy(d.schetDate).slice(-2)}г.`, 2], [`по счету 00БП-${pad(num, 6)}`, 1], [`по счету на оплату № ${num}`, 2],
  ] as const);
  const updRef = (d: Doc, num = String(d.num)) => weighted(rng, [
    [`по УПД № ${num} от ${dmy(d.date)}`, 4], [`по счет-фактуре № ${num} от ${dmy(d.date)}`, 2], [`по УПД №БП-${num}`, 1], [`по товарной накладной ${num} от ${dmy(d.date)}`, 1],
  ] as const);
  const ref = (d: Doc) => (d.schet !== null && rng.chance(0.7) ? schetRef(d) : updRef(d));
  const inbound = (party: Party, date: number, amount: number, purpose: string, t: Tag) =>
    pays.push({ date, amount, inbound: true, party, purpose, type: 'Платежное поручение', num: rng.int(1, 9999), lag: rng.chance(0.6) ? 0 : rng.int(1, 3), budget: false, tag: t, key: rng.next() });
  const outbound = (party: Party, date: number, amount: number, purpose: string, t: Tag, type: Pay['type'] = 'Платежное поручение', budget = false) =>
    pays.push({ date, amount, inbound: false, party, purpose, type, num: rng.int(100, 2999), lag: 0, budget, tag: t, key: rng.next() });
  const payer = (c: Cust) => c as Party;

  // Fates, customer by customer, oldest document first.
  const byCust = new Map<Cust, Doc[]>();
  for (const d of docs) { const l = byCust.get(d.c) ?? []; l.push(d); byCust.set(d.c, l); }
  for (const [c, list] of byCust) {
    list.sort((a, b) => a.date - b.date);
    const done = new Set<Doc>();
    if (c.service) {
      for (const d of list) {
        const f = weighted(rng, [['unpaid', 25], ['period', 45], ['amb', 30]] as const);
        if (f === 'unpaid') { d.tag = tag(null, 'unpaid_invoice'); continue; }
        const g = gid(), k = f === 'period' ? 'monthly_fee_by_period' : 'ambiguous_equal_amounts';
        d.tag = tag(g, k, f === 'amb');
        const m = ymd(d.date)[1];
        const ctr = c.contractRef ? `по договору ${c.contractRef} ` : '';
        const text = f === 'period' ? `Оплата ${ctr}за услуги за ${MONTHS[m - 1]} 2026 г. по акту № ${d.num}` : `Оплата ${ctr}за абонентское обслуживание`;
        inbound(payer(c), payDate(d), d.amount, text + vatTail(d.amount), tag(g, k, f === 'amb'));
      }
      if (list.some((d) => d.tag.ambiguous)) for (const d of list) if (d.tag.group === null) d.tag = tag(null, 'unpaid_invoice', true);
      continue;
    }
    for (const d of list) {
      if (done.has(d)) continue;
      done.add(d);
      const rest = list.filter((x) => !done.has(x));
      const f = weighted(rng, [
        ['unpaid', 18], ['schet', 22], ['upd', 12], ['multi', rest.length ? 9 : 0], ['noref', 5], ['contract', c.contractRef ? 4 : 0], ['part', 4], ['inst', 3], ['remaining', 3],
        ['third', 5], ['credit', 4], ['typo', d.schet !== null ? 3 : 0], ['dup', 2], ['penalty', 2],
      ] as const);
      const g = gid(), date = payDate(d);
      // A customer with a parent company is now and then paid for by it, naming only the document.
      const p = c.parent && f !== 'third' && rng.chance(0.3) ? c.parent : payer(c);
      switch (f) {
        case 'unpaid': d.tag = tag(null, 'unpaid_invoice'); break;
        case 'schet': case 'upd': {
          const kind = f === 'schet' && d.schet !== null ? 'single_by_schet_number' : 'single_by_upd_number';
          d.tag = tag(g, kind);
          inbound(p, date, d.open, `Оплата ${kind === 'single_by_schet_number' ? schetRef(d) : updRef(d)} ${what()}.${vatTail(d.open)}`, tag(g, kind));
          break;
        }
        case 'multi': {
          const more = rest.slice(0, rng.int(1, Math.min(3, rest.length)));
          for (const x of more) done.add(x);
          const all = [d, ...more], sum = all.reduce((s, x) => s + x.open, 0);
          for (const x of all) x.tag = tag(g, 'multi_invoice');
          const named = rng.chance(0.25) ? all.slice(0, -1) : all;
          const useSchet = all.every((x) => x.schet !== null) && rng.chance(0.6);
          const nums = named.map((x) => (useSchet ? x.schet : x.num)).join(', ');
          const text = useSchet ? `Оплата по счетам № ${nums} ${what()}.` : `Оплата по УПД № ${nums} ${what()}.`;
          inbound(p, bankDay(Math.max(date, ...all.map((x) => x.date + 2))), sum, text + vatTail(sum), tag(g, 'multi_invoice'));
          break;
        }
        case 'noref': {
          d.tag = tag(g, 'inn_and_amount_only');
          inbound(p, date, d.open, rng.pick(['Оплата за товар.', 'Оплата по счету за товар.', 'Оплата за поставленный товар.', 'Оплата задолженности.']) + vatTail(d.open), tag(g, 'inn_and_amount_only'));
          break;
        }
        case 'contract': {
          d.tag = tag(g, 'contract_only');
          inbound(p, date, d.open, `Оплата по договору ${c.contractRef} ${what()}.${vatTail(d.open)}`, tag(g, 'contract_only'));
          break;
        }
        case 'part': {
          d.tag = tag(g, 'part_payment');
          const amt = Math.round((d.open * (0.3 + rng.next() * 0.4)) / 10000) * 10000 || Math.round(d.open / 2);
          inbound(p, date, amt, `Частичная оплата ${ref(d)} ${what()}.${vatTail(amt)}`, tag(g, 'part_payment'));
          break;
        }
        case 'inst': {
          d.tag = tag(g, 'instalments');
          const first = rng.chance(0.5) ? Math.round(d.open / 2) : Math.round(d.open * 0.3);
          const d1 = bankDay(Math.max(START, Math.min(date, END - 25))), d2 = bankDay(Math.min(d1 + rng.int(7, 21), END - 1));
          inbound(p, d1, first, `Оплата ${first * 2 === d.open ? '50%' : '30%'} ${ref(d)} ${what()}.${vatTail(first)}`, tag(g, 'instalments'));
          inbound(p, d2, d.open - first, `Окончательный расчет ${ref(d)}.${vatTail(d.open - first)}`, tag(g, 'instalments'));
          break;
        }
        case 'remaining': {
          d.tag = tag(g, 'remaining_balance');
          d.open = d.amount - Math.round(d.amount * (0.2 + rng.next() * 0.5) / 100) * 100;
          inbound(p, date, d.open, `Доплата ${ref(d)} ${what()}.${vatTail(d.open)}`, tag(g, 'remaining_balance'));
          break;
        }
        case 'third': {
          d.tag = tag(g, 'third_party_payer');
          const other = c.parent ?? makeParty();
          const forWhom = rng.chance(0.6) ? `за ${c.bank} ИНН ${c.inn}` : `за ${c.erp}`;
          inbound(other, date, d.open, `Оплата ${forWhom} ${ref(d)} ${what()}.${vatTail(d.open)}`, tag(g, 'third_party_payer'));
          break;
        }
        case 'credit': {
          d.tag = tag(g, 'credit_note_netted');
          const cnAmt = Math.round(d.open * (0.05 + rng.next() * 0.2));
          const cn = addCn(c, d.date, cnAmt, tag(g, 'credit_note_netted'));
          const net = d.open - cnAmt;
          const text = rng.chance(0.5) ? `Оплата ${ref(d)} с учетом корректировки № ${'CN'} от ${dmy(cn.date)} ${what()}.` : `Оплата ${ref(d)} ${what()}.`;
          inbound(p, bankDay(Math.min(Math.max(date, cn.date + 1), END)), net, text + vatTail(net), tag(g, 'credit_note_netted'));
          (pays[pays.length - 1] as Pay & { cn?: Doc }).cn = cn;
          break;
        }
        case 'typo': {
          d.tag = tag(g, 'typo_reference');
          inbound(p, date, d.open, `Оплата ${schetRef(d, transpose(rng, String(d.schet)))} ${what()}.${vatTail(d.open)}`, tag(g, 'typo_reference'));
          break;
        }
        case 'dup': {
          d.tag = tag(g, 'duplicate_payment', true);
          const text = `Оплата ${ref(d)} ${what()}.${vatTail(d.open)}`;
          const d1 = Math.min(date, END - 6);
          inbound(p, d1, d.open, text, tag(g, 'duplicate_payment', true));
          const d2 = bankDay(d1 + rng.int(0, 3));
          inbound(p, d2, d.open, text, tag(null, 'duplicate_payment', true));
          if (rng.chance(0.5)) outbound(p, bankDay(Math.min(d2 + rng.int(2, 6), END)), d.open, `Возврат ошибочно перечисленных денежных средств по п/п № ${pays[pays.length - 1].num} от ${dmy(d2)}. НДС не облагается`, tag(null, 'refund_of_duplicate'));
          break;
        }
        case 'penalty': {
          d.tag = tag(g, 'penalty_withheld');
          const pen = Math.max(100000, Math.round(d.open * (0.01 + rng.next() * 0.08) / 100) * 100);
          inbound(p, date, d.open - pen, `Оплата ${ref(d)} за вычетом неустойки по претензии № ${rng.int(1, 40)} от ${dmy(d.date + rng.int(5, 20))} в размере ${money(pen, ',', ' ')} руб.${vatTail(d.open - pen)}`, tag(g, 'penalty_withheld'));
          break;
        }
      }
    }
    if (rng.chance(0.03)) addCn(c, list[0].date, rng.int(50000, 3000000), tag(null, 'open_credit_note'));
  }
  // Numbering of credit notes, and the text that names one.
  cnDocs.sort((a, b) => a.date - b.date).forEach((d) => { d.num = cnNum++; });
  for (const p of pays as (Pay & { cn?: Doc })[]) if (p.cn) p.purpose = p.purpose.replace('№ CN', `№ ${p.cn.num}`);

  // Amount-only and contract-only payments are ambiguous when the customer has another open
  // document of the same amount.
  const sameAmount = new Map<string, Doc[]>(), amb = new Set<string>();
  for (const x of [...docs, ...cnDocs]) { const k = `${x.c.inn}/${x.open}`; sameAmount.set(k, [...(sameAmount.get(k) ?? []), x]); }
  for (const d of docs) {
    if (d.tag.kind !== 'inn_and_amount_only' && d.tag.kind !== 'contract_only') continue;
    const twins = (sameAmount.get(`${d.c.inn}/${d.open}`) ?? []).filter((x) => x !== d && x.c === d.c && (x.tag.group === null || x.tag.kind === d.tag.kind));
    if (!twins.length) continue;
    for (const x of [d, ...twins]) x.tag = { ...x.tag, ambiguous: true };
    amb.add(d.tag.group!);
  }
  for (const p of pays) if (p.tag.group && amb.has(p.tag.group)) p.tag = { ...p.tag, ambiguous: true };

  // Advances against pro-formas that have no realization yet (their number often equals a
  // realization number of somebody else on the list), and lines that pay nothing on the list.
  const nPay = pays.length;
  for (let i = 0; i < Math.round(nPay * 0.04); i++) {
    const c = rng.pick(custs), n = rng.chance(0.6) ? rng.pick(docs).num : sch + rng.int(1, 60);
    const amt = rng.int(100000, 30000000);
    inbound(c, bankDay(rng.int(START, END - 1)), amt, `Предоплата по счету № ${n} от ${dmy(rng.int(START - 10, END - 3))} ${what()}.${vatTail(amt)}`, tag(null, 'advance_no_invoice'));
  }
  const staff = makeParty(), fns: Party = { erp: '', bank: 'Казначейство России (ФНС России)', inn: '7727406020', kpp: '770801001', acc: '03100643000000018500', bankRow: ['ОКЦ № 1 ГУ БАНКА РОССИИ ПО ЦФО', '004525987', '40102810545370000003'] };
  const sber: Party = { erp: '', bank: 'ПАО СБЕРБАНК', inn: '7707083893', kpp: '773601001', acc: '70601810038002740201', bankRow: BANKS[0] };
  const suppliers = Array.from({ length: 25 }, makeParty);
  for (let m = 10; m <= 11; m++) {
    for (const dd of [5, 20]) {
      const day = bankDay(dayOf(2026, m, dd));
      if (day > END) continue;
      outbound({ ...staff, bank: 'ПАО СБЕРБАНК', inn: '7707083893', acc: '30232810938000000001' }, day, rng.int(180000000, 260000000), `Перечисление заработной платы по реестру № ${rng.int(10, 99)} от ${dmy(day)} за ${dd === 5 ? MONTHS[m - 2] : MONTHS[m - 1]} 2026 г. НДС не облагается`, tag(null, 'salaries'));
    }
    const tax = bankDay(dayOf(2026, m, 28));
    if (tax <= END) outbound(fns, tax, rng.int(40000000, 90000000), 'Единый налоговый платеж', tag(null, 'tax_payment'), 'Платежное поручение', true);
    const int = bankDay(dayOf(2026, m, 1));
    pays.push({ date: int, amount: rng.int(50000, 900000), inbound: true, party: { ...sber, acc: '47422810938000000125' }, purpose: `Выплата процентов на остаток по счету ${US.acc} за ${MONTHS[m - 2]} 2026 г. НДС не облагается`, type: 'Мемориальный ордер', num: rng.int(1, 999), lag: 0, budget: false, tag: tag(null, 'interest'), key: rng.next() });
  }
  for (let i = 0; i < Math.round(nPay * 0.08); i++) {
    const a = rng.int(2000000, 250000000);
    outbound(rng.pick(suppliers), bankDay(rng.int(START, END - 1)), a, `Оплата по счету № ${rng.int(1, 5000)} от ${dmy(rng.int(START - 20, END - 1))} за материалы.${vatTail(a)}`, tag(null, 'supplier_payment'));
  }
  for (let i = 0; i < Math.round(nPay * 0.05); i++) outbound(sber, bankDay(rng.int(START, END - 1)), rng.pick([4900, 19000, 29000, 150000, 299000]), rng.pick(['Комиссия за перевод денежных средств по тарифу', 'Комиссия за ведение счета за октябрь 2026 г. по тарифу', 'Комиссия за платеж в бюджет по тарифу']), tag(null, 'bank_fee'), 'Банковский ордер');

  // --- open-items file
  const oiRows = [...docs, ...cnDocs].sort((a, b) => (a.c.erp < b.c.erp ? -1 : a.c.erp > b.c.erp ? 1 : a.date - b.date));
  const q = (s: string) => (/[;"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const amt = (c: number) => money(c, ',', NB);
  const t = (d: number) => `${dmy(d)} ${pad(9 + (d % 9), 2)}:${pad((d * 7) % 60, 2)}:${pad((d * 13) % 60, 2)}`;
  const oiLines = [
    q('Задолженность покупателей по срокам долга'), q(`Организация: ${'ООО "ТехноСнаб"'}`), q(`На дату: ${dmy(END)}`), 'Показатели: Задолженность (руб.)', '',
    'Контрагент;ИНН;Договор;Документ расчетов;Счет на оплату;Срок оплаты;Сумма документа;Задолженность;Просрочено дней',
  ];
  for (const d of oiRows) {
    const doc = d.cn ? `Корректировка реализации 00БП-${pad(d.num, 6)} от ${t(d.date)}` : `Реализация (акт, накладная, УПД) 00БП-${pad(d.num, 6)} от ${t(d.date)}`;
    const schet = d.schet !== null ? `Счет на оплату покупателю 00БП-${pad(d.schet, 6)} от ${t(d.schetDate)}` : '';
    const late = Math.max(0, END - d.due);
    oiLines.push([q(d.c.erp), d.c.inn, q(d.c.contract), q(doc), q(schet), dmy(d.due), amt(d.amount), amt(d.open), d.cn || !late ? '' : String(late)].join(';'));
  }
  const sumA = oiRows.reduce((s, d) => s + d.amount, 0), sumO = oiRows.reduce((s, d) => s + d.open, 0);
  oiLines.push('', ['Итого', '', '', '', '', '', amt(sumA), amt(sumO), ''].join(';'));

  // --- statement file
  pays.sort((a, b) => a.date - b.date || a.key - b.key);
  const opening = rng.int(100000000, 900000000);
  const inSum = pays.filter((p) => p.inbound).reduce((s, p) => s + p.amount, 0), outSum = pays.filter((p) => !p.inbound).reduce((s, p) => s + p.amount, 0);
  const m2 = (c: number) => money(c, '.', '');
  const st = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows', 'Отправитель=Сбербанк Бизнес Онлайн', 'Получатель=Бухгалтерия предприятия, редакция 3.0', `ДатаСоздания=${dmy(END + 1)}`, 'ВремяСоздания=06:14:52', `ДатаНачала=${dmy(START)}`, `ДатаКонца=${dmy(END)}`, `РасчСчет=${US.acc}`, 'Документ=Платежное поручение', 'Документ=Банковский ордер', 'Документ=Мемориальный ордер',
    'СекцияРасчСчет', `ДатаНачала=${dmy(START)}`, `ДатаКонца=${dmy(END)}`, `РасчСчет=${US.acc}`, `НачальныйОстаток=${m2(opening)}`, `ВсегоПоступило=${m2(inSum)}`, `ВсегоСписано=${m2(outSum)}`, `КонечныйОстаток=${m2(opening + inSum - outSum)}`, 'КонецРасчСчет'];
  const side = (role: 'Плательщик' | 'Получатель', p: Party) => [
    `${role}Счет=${p.acc}`, `${role}=ИНН ${p.inn} ${p.bank}`, `${role}ИНН=${p.inn}`, `${role}1=${p.bank}`, `${role}РасчСчет=${p.acc}`, `${role}Банк1=${p.bankRow[0]}`, `${role}БИК=${p.bankRow[1]}`, `${role}Корсчет=${p.bankRow[2]}`, `${role}КПП=${p.kpp}`,
  ];
  for (const p of pays) {
    st.push(`СекцияДокумент=${p.type}`, `Номер=${p.num}`, `Дата=${dmy(p.date - p.lag)}`, `Сумма=${m2(p.amount)}`);
    if (p.inbound) st.push(...side('Плательщик', p.party), `ДатаПоступило=${dmy(p.date)}`, ...side('Получатель', US));
    else st.push(...side('Плательщик', US), `ДатаСписано=${dmy(p.date)}`, ...side('Получатель', p.party));
    st.push(`ВидОплаты=${p.type === 'Платежное поручение' ? '01' : p.type === 'Банковский ордер' ? '17' : '09'}`, `Очередность=${p.budget ? 3 : 5}`);
    if (p.budget) st.push('СтатусСоставителя=01', 'ПоказательКБК=18201061201010000510', 'ОКАТО=45397000', 'ПоказательОснования=ТП', `ПоказательПериода=МС.${dmy(p.date).slice(3)}`, 'ПоказательНомера=0', 'ПоказательДаты=0');
    st.push(`НазначениеПлатежа=${p.purpose}`, 'КонецДокумента');
  }
  st.push('КонецФайла');

  return {
    name: 'ru-1c',
    description: 'A Russian wholesaler (ООО "ТехноСнаб") on 1C:Бухгалтерия 3.0. Open items: the report "Задолженность покупателей по срокам долга" saved as CSV in Windows-1251 (four preamble lines, ";" separated, amounts "118 000,00" with a no-break space as thousands separator, an "Итого" line after a blank line), one row per settlement document: "Реализация (акт, накладная, УПД) 00БП-001502 от 14.10.2026 12:00:00" or a credit "Корректировка реализации 00БП-000012 …" (negative), with the buyer\'s name as 1C keeps it ("СтройСнаб ООО"), its INN, the contract and the pro-forma "Счет на оплату покупателю 00БП-001734 …" — pro-formas are numbered in their own sequence in the same range as the realizations, so "1734" can be a pro-forma of one buyer and a realization of another. Statement: the bank\'s export in the 1C client-bank exchange format (1CClientBankExchange 1.03, Windows-1251, key=value, one СекцияДокумент per line, "Сумма=118000.00" with no sign: a receipt is a document whose ПолучательСчет is our account), the payer named by INN and by the bank\'s form of its name ("ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ \\"СТРОЙСНАБ\\""), and a НазначениеПлатежа that quotes the VAT (22 % from 2026) as "В т.ч. НДС (22%) 21278-69". Cases: payment by pro-forma number, by UPD/invoice number, by several numbers (sometimes one left out), by INN and amount only, by contract only, part payments, two instalments, the rest of an earlier part-paid realization, a related company paying "за ООО …", a credit correction netted, a transposed pro-forma number, a penalty withheld with its amount in the text, duplicated payments (one refunded), monthly service fees of equal amounts paid by period or by contract only (ambiguous), advances against pro-formas that are not on the list (their number often is a realization number of someone else), salaries, the single tax payment, supplier payments, bank fees by bank order and interest by memorial order.',
    openItems: { fileName: 'zadolzhennost_pokupateley.csv', content: cp1251(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'kl_to_1c.txt', content: cp1251(st.join('\r\n') + '\r\n') },
    truth: truthOf(oiRows.map((d) => d.tag), pays.map((p) => p.tag)),
  };
}
