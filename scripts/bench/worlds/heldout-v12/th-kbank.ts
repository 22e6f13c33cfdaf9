/**
 * th-kbank: a Thai packaging maker. Open items: Express-style "รายงานลูกหนี้คงค้าง" as CSV in
 * Windows-874 (TIS-620), Thai customer names, Buddhist-era dates "27/11/2569", document numbers
 * "IV6910-00123" (prefix, BE year and month, sequence), the billing note ("ใบวางบิล") an invoice was
 * sent under, pre-VAT value, 7 % VAT and total. Statement: a KASIKORNBANK (K BIZ) account statement
 * CSV in UTF-8 with a Thai preamble, two-digit BE years "01/10/69", withdrawal / deposit columns and
 * a detail column in which a transfer from another bank names the payer in upper-case English cut
 * short, one from the same bank in abbreviated Thai, a bill payment by its Ref1/Ref2.
 */
import type { World, WorldOptions } from '../world';
import { type Tag, bankDay, dayOf, dmy, money, pad, rngFor, tag, transpose, truthOf, weighted, ymd, cp874 } from './common';

const START = dayOf(2026, 10, 1), END = dayOf(2026, 11, 27);
const BE = 543;

const W1: readonly (readonly [string, string])[] = [['สยาม', 'SIAM'], ['ไทย', 'THAI'], ['รุ่งเรือง', 'RUNGRUEANG'], ['เจริญ', 'CHAROEN'], ['สมบูรณ์', 'SOMBOON'], ['มั่นคง', 'MANKHONG'], ['พัฒนา', 'PATTANA'], ['บางกอก', 'BANGKOK'], ['ชลบุรี', 'CHONBURI'], ['ทวีผล', 'TAWEEPHOL'], ['ศรีสุข', 'SRISUK'], ['เอเชีย', 'ASIA'], ['ยูไนเต็ด', 'UNITED'], ['โกลบอล', 'GLOBAL'], ['ร่วมใจ', 'RUAMJAI'], ['นครไทย', 'NAKHONTHAI']];
const W2: readonly (readonly [string, string])[] = [['ฟู้ด', 'FOOD'], ['เทรดดิ้ง', 'TRADING'], ['อินเตอร์', 'INTER'], ['กรุ๊ป', 'GROUP'], ['โลจิสติกส์', 'LOGISTICS'], ['เคมีคอล', 'CHEMICAL'], ['พลาสติก', 'PLASTIC'], ['สตีล', 'STEEL'], ['ออโต้พาร์ท', 'AUTO PARTS'], ['ซัพพลาย', 'SUPPLY'], ['เอ็นจิเนียริ่ง', 'ENGINEERING'], ['อุตสาหกรรม', 'INDUSTRY'], ['เบเวอเรจ', 'BEVERAGE'], ['ฟาร์มา', 'PHARMA'], ['คอสเมติก', 'COSMETIC']];
const FIRST = [['สมชาย', 'SOMCHAI'], ['สมศักดิ์', 'SOMSAK'], ['วิชัย', 'WICHAI'], ['สุนทร', 'SUNTHON'], ['ประเสริฐ', 'PRASERT'], ['อนุชา', 'ANUCHA'], ['มาลี', 'MALEE'], ['สุดา', 'SUDA'], ['วันดี', 'WANDEE'], ['นภา', 'NAPHA']] as const;
const LAST = [['ใจดี', 'JAIDEE'], ['ศรีสวัสดิ์', 'SRISAWAT'], ['แก้วมณี', 'KAEWMANEE'], ['ทองดี', 'THONGDEE'], ['บุญมา', 'BOONMA'], ['สุขใจ', 'SUKJAI'], ['วงศ์ใหญ่', 'WONGYAI'], ['พรหมมา', 'PROMMA']] as const;
const BANKS = ['SCB', 'BBL', 'KTB', 'BAY', 'TTB', 'GSB', 'UOBT', 'CIMBT'];
const BANK_TH: Record<string, string> = { SCB: 'ธ.ไทยพาณิชย์', BBL: 'ธ.กรุงเทพ', KTB: 'ธ.กรุงไทย', BAY: 'ธ.กรุงศรีอยุธยา', TTB: 'ธ.ทหารไทยธนชาต', GSB: 'ธ.ออมสิน', UOBT: 'ธ.ยูโอบี', CIMBT: 'ธ.ซีไอเอ็มบี ไทย', KBANK: 'ธ.กสิกรไทย' };

interface Cust { code: string; th: string; thShort: string; en: string; person: boolean; bank: string; acct: string; withholds: boolean; grossError: boolean }
interface Doc { c: Cust; no: string; date: number; due: number; bn: string; net: number; vat: number; total: number; open: number; service: 0 | 1 | 3; tag: Tag }
interface Line { date: number; time: string; what: string; amount: number; channel: string; detail: string; tag: Tag; key: number }

export function generateThKbank(options: WorldOptions): World {
  const rng = rngFor(options.seed, 0x7a1b);
  const custs: Cust[] = [];
  const docs: Doc[] = [];
  const usedNames = new Set<string>();
  const newCust = (): Cust => {
    const code = `AR-${pad(custs.length + 101, 4)}`;
    const bank = rng.chance(0.3) ? 'KBANK' : rng.pick(BANKS), acct = `X${pad(rng.int(0, 9999), 4)}`;
    if (rng.chance(0.12)) {
      const [f, fe] = rng.pick(FIRST), [l, le] = rng.pick(LAST);
      const title = rng.pick([['นาย', 'MR.'], ['นางสาว', 'MISS'], ['นาง', 'MRS.']] as const);
      return { code, th: `คุณ${f} ${l}`, thShort: `${title[0]} ${f} ${l}`, en: `${title[1]} ${fe} ${le}`, person: true, bank, acct, withholds: false, grossError: false };
    }
    let a, b, c2;
    do { a = rng.pick(W1); b = rng.pick(W1); c2 = rng.pick(W2); } while (a === b || usedNames.has(a[0] + b[0] + c2[0]));
    usedNames.add(a[0] + b[0] + c2[0]);
    const form = weighted(rng, [['co', 80], ['part', 12], ['pcl', 8]] as const);
    const core = `${a[0]}${b[0]} ${c2[0]}`, enCore = `${a[1]} ${b[1]} ${c2[1]}`;
    const th = form === 'co' ? `บริษัท ${core} จำกัด` : form === 'part' ? `ห้างหุ้นส่วนจำกัด ${core}` : `บริษัท ${core} จำกัด (มหาชน)`;
    const thShort = form === 'co' ? `บจก. ${core}` : form === 'part' ? `หจก. ${core}` : `บมจ. ${core}`;
    const en = form === 'co' ? `${enCore} CO.,LTD.` : form === 'part' ? `${enCore} LTD.,PART.` : `${enCore} PCL.`;
    return { code, th, thShort, en, person: false, bank, acct, withholds: rng.chance(0.9), grossError: rng.chance(0.08) };
  };
  const seq = new Map<string, number>();
  const docNo = (prefix: string, day: number) => {
    const [y, m] = ymd(day), key = `${prefix}${String(y + BE).slice(-2)}${pad(m, 2)}`;
    const n = (seq.get(key) ?? 0) + 1; seq.set(key, n);
    return `${key}-${pad(n, prefix === 'IV' ? 5 : 4)}`;
  };

  const raw: { c: Cust; date: number; net: number; service: 0 | 1 | 3 }[] = [];
  const target = Math.round(options.openItems * 0.95);
  while (raw.length < target) {
    const c = newCust(); custs.push(c);
    for (let i = 0, n = c.person ? rng.int(1, 2) : Math.max(1, Math.round(Math.exp(rng.next() * 2.5))); i < n && raw.length < target; i++) {
      const service = c.person ? 0 : weighted(rng, [[0, 70], [3, 22], [1, 8]] as const);
      const net = rng.chance(0.3) ? rng.int(5, 400) * 100000 : rng.int(150000, 60000000);
      raw.push({ c, date: dayOf(2026, 7, 1) + rng.int(0, 142), net, service });
    }
  }
  raw.sort((a, b) => a.date - b.date);
  for (const r of raw) {
    const vat = Math.round(r.net * 0.07);
    docs.push({ c: r.c, no: docNo('IV', r.date), date: r.date, due: r.date + (r.c.person ? 0 : rng.pick([30, 30, 45, 60, 90])), bn: '', net: r.net, vat, total: r.net + vat, open: r.net + vat, service: r.service, tag: tag(null, 'unpaid_invoice') });
  }

  const lines: Line[] = [];
  let gn = 0;
  const gid = () => `th${++gn}`;
  const add = (date: number, what: string, amount: number, channel: string, detail: string, t: Tag) => {
    const d = bankDay(Math.min(Math.max(date, START), END));
    lines.push({ date: d, time: `${pad(rng.int(6, 21), 2)}:${pad(rng.int(0, 59), 2)}`, what, amount, channel, detail, tag: t, key: rng.next() });
  };
  const wht = (d: Doc, onGross = false) => (d.service && d.c.withholds ? Math.round(((onGross ? d.total : d.net) * d.service) / 100) : 0);
  /** A transfer in, as the bank prints it: same bank in abbreviated Thai, another bank in English cut to 20–26 characters. */
  const transferIn = (date: number, c: Cust, amount: number, t: Tag, note = '') => {
    if (c.person && rng.chance(0.7)) return add(date, 'รับโอนเงินผ่าน PromptPay', amount, 'Internet/Mobile', `จาก ${c.bank} ${c.acct} ${rng.chance(0.5) ? c.thShort : c.en}${note}`, t);
    const name = c.bank === 'KBANK' ? c.thShort : c.en.slice(0, rng.int(20, 26)).trim() + '++';
    add(date, 'รับโอนเงิน', amount, rng.pick(['Internet/Mobile', 'K BIZ', 'Internet/Mobile']), `จาก ${c.bank} ${c.acct} ${name}${note}`, t);
  };
  const billPay = (date: number, c: Cust, ref2: string, amount: number, t: Tag) =>
    add(date, 'รับชำระเงิน (Bill Payment)', amount, rng.pick(['Internet/Mobile', 'Counter', 'ATM']), `Ref1: ${c.code.replace('-', '')} Ref2: ${ref2} ${c.bank === 'KBANK' ? 'KBANK' : 'ผ่าน ' + c.bank}`, t);
  const cheque = (date: number, amount: number, t: Tag) =>
    add(date, rng.pick(['ฝากเช็ค', 'เช็คเรียกเก็บ']), amount, 'Branch', `เช็คเลขที่ ${pad(rng.int(0, 99999999), 8)} ${BANK_TH[rng.pick(BANKS)]}`, t);
  /** Overdue before the statement opens: any day of it; due after it closes: early; otherwise around the due date. */
  const payDate = (d: Doc, notBefore = d.date + 1) => {
    if (d.due < START) return rng.int(Math.max(START, notBefore), END);
    const lo = Math.max(d.due - 3, notBefore);
    return lo > END ? rng.int(Math.max(START, notBefore), END) : rng.int(lo, Math.min(d.due + 25, END));
  };

  // Billing notes: companies receive one a month for their invoices of the month, and pay it on their payment day.
  const byCust = new Map<Cust, Doc[]>();
  for (const d of docs) { const l = byCust.get(d.c) ?? []; l.push(d); byCust.set(d.c, l); }
  const cns: Doc[] = [];
  for (const [c, list] of byCust) {
    const months = new Map<number, Doc[]>();
    if (!c.person && list.length > 1 && rng.chance(0.45)) for (const d of list) { const m = ymd(d.date)[1]; const l = months.get(m) ?? []; l.push(d); months.set(m, l); }
    const done = new Set<Doc>();
    for (const [, group] of months) {
      if (group.length < 2) continue;
      const bnDay = Math.max(...group.map((d) => d.date)) + rng.int(1, 5);
      const bn = docNo('BN', bnDay);
      for (const d of group) { d.bn = bn; d.due = bnDay + 30; done.add(d); }
      const f = weighted(rng, [['unpaid', 15], ['ref', 30], ['name', 40], ['cheque', 15]] as const);
      if (f === 'unpaid' || bnDay >= END) continue;
      const g = gid(), whtSum = group.reduce((s, d) => s + wht(d), 0), kind = whtSum ? 'billing_note_less_wht' : 'billing_note_total';
      const amount = group.reduce((s, d) => s + d.open, 0) - whtSum;
      for (const d of group) d.tag = tag(g, kind);
      const date = payDate(group[0], bnDay);
      if (f === 'ref') billPay(date, c, rng.chance(0.8) ? bn.replace('-', '') : bn, amount, tag(g, kind));
      else if (f === 'name') transferIn(date, c, amount, tag(g, kind));
      else cheque(date, amount, tag(g, kind));
    }
    for (let i = 0; i < list.length; i++) {
      const d = list[i];
      if (done.has(d)) continue;
      done.add(d);
      const w = wht(d);
      const f = weighted(rng, [
        ['unpaid', 18], ['name', 30], ['ref', c.person ? 0 : 14], ['reftypo', c.person ? 0 : 3], ['cheque', c.person ? 0 : 6], ['part', 4], ['fee', c.person ? 0 : 4], ['credit', c.person ? 0 : 3], ['gross', c.grossError && w ? 30 : 0],
      ] as const);
      if (f === 'unpaid') continue;
      const g = gid(), date = payDate(d);
      const base = w ? (d.service === 3 ? 'wht_3_percent' : 'wht_1_percent') : '';
      switch (f) {
        case 'name': { const k = base || (c.person ? 'promptpay_person' : c.bank === 'KBANK' ? 'thai_short_name_and_amount' : 'english_name_and_amount'); d.tag = tag(g, k); transferIn(date, c, d.open - w, d.tag); break; }
        case 'ref': { const k = base || 'bill_payment_ref'; d.tag = tag(g, k); billPay(date, c, rng.chance(0.7) ? d.no.replace('-', '') : d.no, d.open - w, d.tag); break; }
        case 'reftypo': d.tag = tag(g, 'bill_payment_ref_typo'); billPay(date, c, rng.chance(0.5) ? transpose(rng, d.no.replace('-', '')) : rng.pick(['-', '0', c.code.replace('-', '')]), d.open - w, d.tag); break;
        case 'cheque': { const k = base || 'cheque_amount_only'; d.tag = tag(g, k); cheque(date, d.open - w, d.tag); break; }
        case 'part': { d.tag = tag(g, 'part_payment'); transferIn(date, c, Math.round((d.open * (0.3 + rng.next() * 0.4)) / 10000) * 10000 || Math.round(d.open / 2), d.tag); break; }
        case 'fee': { d.tag = tag(g, 'transfer_fee_deducted'); transferIn(date, c, d.open - w - rng.pick([1000, 2500, 3000, 3500]), d.tag); break; }
        case 'gross': d.tag = tag(g, 'wht_on_gross_error'); transferIn(date, c, d.open - wht(d, true), d.tag); break;
        case 'credit': {
          const cnNet = Math.round(d.net * (0.03 + rng.next() * 0.15)), cnVat = Math.round(cnNet * 0.07);
          const cnDate = Math.min(d.date + rng.int(3, 20), END - 3);
          const cn: Doc = { c, no: '', date: cnDate, due: cnDate, bn: '', net: -cnNet, vat: -cnVat, total: -(cnNet + cnVat), open: -(cnNet + cnVat), service: d.service, tag: tag(g, 'credit_note_netted') };
          cns.push(cn);
          d.tag = tag(g, 'credit_note_netted');
          transferIn(Math.max(date, cnDate + 1), c, d.open + cn.open - (d.service && c.withholds ? Math.round(((d.net + cn.net) * d.service) / 100) : 0), d.tag);
          break;
        }
      }
    }
    if (!c.person && rng.chance(0.03)) {
      const n = rng.int(1000, 500000), dt = Math.min(list[0].date + rng.int(5, 30), END - 1);
      cns.push({ c, no: '', date: dt, due: dt, bn: '', net: -n, vat: -Math.round(n * 0.07), total: -(n + Math.round(n * 0.07)), open: -(n + Math.round(n * 0.07)), service: 0, tag: tag(null, 'open_credit_note') });
    }
  }
  cns.sort((a, b) => a.date - b.date);
  for (const cn of cns) cn.no = docNo('CN', cn.date);
  const all = [...docs, ...cns];

  // Name-and-amount payments are ambiguous when the customer has another open invoice of that amount.
  const amountOnly = new Set(['english_name_and_amount', 'thai_short_name_and_amount', 'promptpay_person', 'cheque_amount_only']);
  const byOpen = new Map<number, Doc[]>(), amb = new Set<string>();
  for (const x of all) byOpen.set(x.open, [...(byOpen.get(x.open) ?? []), x]);
  for (const d of docs) {
    if (!amountOnly.has(d.tag.kind)) continue;
    const twins = (byOpen.get(d.open) ?? []).filter((x) => x !== d && (d.tag.kind === 'cheque_amount_only' || x.c === d.c) && (x.tag.group === null || amountOnly.has(x.tag.kind)));
    if (!twins.length) continue;
    for (const x of [d, ...twins]) x.tag = { ...x.tag, ambiguous: true };
    amb.add(d.tag.group!);
  }
  for (const l of lines) if (l.tag.group && amb.has(l.tag.group)) l.tag = { ...l.tag, ambiguous: true };

  // Lines that pay nothing on the list.
  const n = lines.length;
  for (let i = 0; i < Math.round(n * 0.08); i++) add(rng.int(START, END), 'รับเงินจาก QR', rng.int(10000, 2500000), 'EDC/K SHOP/MYQR', `QR ร้านค้า ${pad(rng.int(0, 999999), 6)}`, tag(null, 'qr_shop_sales'));
  for (let i = 0; i < Math.round(n * 0.1); i++) add(rng.int(START, END), 'โอนเงิน', -rng.int(500000, 80000000), 'K BIZ', `โอนไป ${rng.pick(BANKS)} X${pad(rng.int(0, 9999), 4)} ${rng.pick(['บจก.', 'หจก.'])} ${rng.pick(W1)[0]}${rng.pick(W2)[0]}`, tag(null, 'supplier_payment'));
  for (const m of [10, 11]) {
    add(dayOf(2026, m, 25), 'โอนเงินเดือน', -rng.int(250000000, 400000000), 'K BIZ', `K-Payroll ${pad(rng.int(1, 999), 3)} รายการ`, tag(null, 'salaries'));
    add(dayOf(2026, m, 15), 'ชำระภาษี', -rng.int(30000000, 90000000), 'K BIZ', `กรมสรรพากร ภ.พ.30 ${String(2569)}/${pad(m - 1, 2)}`, tag(null, 'tax_payment'));
    add(dayOf(2026, m, 15), 'ชำระภาษี', -rng.int(2000000, 9000000), 'K BIZ', `กรมสรรพากร ภ.ง.ด.53 ${String(2569)}/${pad(m - 1, 2)}`, tag(null, 'tax_payment'));
    add(dayOf(2026, m, 14), 'ชำระเงิน', -rng.int(4000000, 9000000), 'K BIZ', 'สำนักงานประกันสังคม', tag(null, 'social_security'));
    add(dayOf(2026, m, 1), 'ค่าธรรมเนียม', -rng.pick([5000, 10000, 20000]), 'Branch', 'ค่าธรรมเนียมบริการ K BIZ', tag(null, 'bank_fee'));
  }
  for (let i = 0; i < Math.round(n * 0.03); i++) add(rng.int(START, END), 'ค่าธรรมเนียม', -rng.pick([1000, 2500, 3500, 15000]), 'K BIZ', rng.pick(['ค่าธรรมเนียมโอนต่างธนาคาร', 'ค่าธรรมเนียมเช็คคืน', 'ค่าธรรมเนียม Bill Payment']), tag(null, 'bank_fee'));

  // --- files
  const oi = [...all].sort((a, b) => (a.c.code < b.c.code ? -1 : a.c.code > b.c.code ? 1 : a.date - b.date));
  const q = (s: string) => (/[,"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const baht = (c: number) => q(money(c, '.', ','));
  const be = (d: number) => dmy(d, '/', BE);
  const oiLines = [q('บริษัท ไทยแพ็ค อินดัสทรี จำกัด'), 'รายงานลูกหนี้คงค้าง', `ณ วันที่ ${be(END)}`, '',
    'รหัสลูกค้า,ชื่อลูกค้า,เลขที่เอกสาร,วันที่เอกสาร,วันครบกำหนด,เลขที่ใบวางบิล,มูลค่าสินค้า/บริการ,ภาษีมูลค่าเพิ่ม,ยอดรวม,ยอดคงค้าง'];
  for (const d of oi) oiLines.push([d.c.code, q(d.c.th), d.no, be(d.date), be(d.due), d.bn, baht(d.net), baht(d.vat), baht(d.total), baht(d.open)].join(','));
  oiLines.push('', ['', 'รวมทั้งสิ้น', '', '', '', '', baht(oi.reduce((s, d) => s + d.net, 0)), baht(oi.reduce((s, d) => s + d.vat, 0)), baht(oi.reduce((s, d) => s + d.total, 0)), baht(oi.reduce((s, d) => s + d.open, 0))].join(','));

  lines.sort((a, b) => a.date - b.date || (a.time < b.time ? -1 : a.time > b.time ? 1 : a.key - b.key));
  const opening = rng.int(50000000, 900000000);
  let bal = opening;
  const st = ['ธนาคารกสิกรไทย', 'รายการเดินบัญชี (Statement)', 'ชื่อบัญชี,บจก. ไทยแพ็ค อินดัสทรี', 'เลขที่บัญชี,123-4-56789-0', `ระหว่างวันที่,${dmy(START, '/', BE, 2)} - ${dmy(END, '/', BE, 2)}`, `ยอดยกมา,${baht(opening)}`, '',
    'วันที่,เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด'];
  for (const l of lines) {
    bal += l.amount;
    st.push([dmy(l.date, '/', BE, 2), l.time, l.what, l.amount < 0 ? baht(-l.amount) : '', l.amount > 0 ? baht(l.amount) : '', baht(bal), l.channel, q(l.detail)].join(','));
  }
  st.push('', `ยอดยกไป,${baht(bal)}`);

  return {
    name: 'th-kbank',
    description: 'A Thai packaging maker (บริษัท ไทยแพ็ค อินดัสทรี จำกัด). Open items: an Express-style "รายงานลูกหนี้คงค้าง" saved as CSV in Windows-874 (TIS-620): Thai headers, customers under their Thai registered names ("บริษัท สยามรุ่งเรือง ฟู้ด จำกัด", "คุณสมชาย ใจดี"), Buddhist-era dates "27/11/2569", invoices "IV6910-00123" and credit notes "CN6911-0004" numbered by BE year and month, the billing note "BN6910-0021" an invoice was sent under, quoted "1,234.56" amounts for pre-VAT value, 7 % VAT, total and open. Statement: a KASIKORNBANK K BIZ account statement CSV (UTF-8 with BOM, Thai preamble with the opening balance, two-digit BE dates "01/10/69", a time, ถอนเงิน / ฝากเงิน columns, running balance, closing balance after a blank line) whose detail names a payer from another bank in upper-case English cut to 20–26 characters ("จาก SCB X1234 SIAM RUNGRUEANG FOOD CO++"), one from the same bank in abbreviated Thai ("บจก. สยามรุ่งเรือง ฟู้ด"), a person by title and name in Thai or English, a bill payment by Ref1 (customer code) and Ref2 (invoice or billing-note number, sometimes mistyped or filler), a cheque by its number only. Cases: payment of a billing note\'s total for all its invoices, less withholding tax on the service ones; 3 % withholding on printing/design services and 1 % on delivery, of the pre-VAT value; a few payers who withhold on the VAT-inclusive total; payers who deduct the interbank transfer fee (10–35 baht); name-only and PromptPay payments, including equal-amount invoices of one customer (ambiguous); cheques; part payments; credit notes netted; QR shop sales, supplier transfers, payroll, VAT (ภ.พ.30) and withholding (ภ.ง.ด.53) returns, social security and bank fees.',
    openItems: { fileName: 'ar_outstanding.csv', content: cp874(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'kbank_statement.csv', content: '\ufeff' + st.join('\r\n') + '\r\n' },
    truth: truthOf(oi.map((d) => d.tag), lines.map((l) => l.tag)),
  };
}
