/**
 * il-leumi: an Israeli engineering-services company's Hashavshevet open-items report (Hebrew,
 * Windows-1255) against a Bank Leumi account-movements CSV (Hebrew, Windows-1255, Sunday–Thursday
 * banking days): Masav batch credits with truncated payer names, withholding tax (ניכוי במקור)
 * deducted from the pre-VAT amount, mixed cheque deposits, postdated cheques, USD invoices paid by
 * SWIFT. Written blind (see index.ts).
 */
import type { World, WorldOptions } from '../world';
import { type Tagged, day, dmy, encode1255, field, money, rngFor, truthOf, weekday, weighted } from './common';

const NAME = 'il-leumi';
const VAT = 0.18;

interface Cust { key: string; he: string; en: string; hp: string; wht: number; parent?: Cust }
interface Doc extends Tagged { no: number; cust: Cust; type: 'חשבונית מס' | 'חשבונית זיכוי'; date: number; due: number; ils: number; usd: number; details: string }
interface Mov extends Tagged { day: number; desc: string; ref: string; amount: number; note: string }

const HE1 = ['אלקטרו', 'מגה', 'שחר', 'אורן', 'גלבוע', 'כרמל', 'תדהר', 'נווה', 'רימון', 'ארזים', 'דקל', 'הדר', 'אופק', 'גפן', 'שקד', 'ברק', 'תמר', 'יהלום', 'אלון', 'רקיע'];
const EN1 = ['Electro', 'Mega', 'Shahar', 'Oren', 'Gilboa', 'Carmel', 'Tidhar', 'Neve', 'Rimon', 'Arazim', 'Dekel', 'Hadar', 'Ofek', 'Gefen', 'Shaked', 'Barak', 'Tamar', 'Yahalom', 'Alon', 'Rakia'];
const HE2 = ['הנדסה', 'שיווק', 'תעשיות', 'מערכות', 'סחר', 'בנייה', 'תקשורת', 'לוגיסטיקה', 'מזון', 'פתרונות', 'אנרגיה', 'נכסים'];
const EN2 = ['Engineering', 'Marketing', 'Industries', 'Systems', 'Trade', 'Construction', 'Communications', 'Logistics', 'Food', 'Solutions', 'Energy', 'Properties'];
const HE3 = ['', '', 'ופיתוח', 'ישראל', 'צפון', 'השרון', 'הגליל', 'מתקדמות', 'ושות'];
const EN3 = ['', '', 'and Development', 'Israel', 'North', 'Hasharon', 'Hagalil', 'Advanced', 'and Partners'];
const EN2SHORT = ['ENG', 'MKTG', 'IND', 'SYS', 'TRADE', 'CONST', 'COMM', 'LOG', 'FOOD', 'SOL', 'ENERGY', 'PROP'];

/** Israeli company/ID number check digit: weights 1,2 alternating, digits of products summed. */
function idCheck(body8: string): number {
  let s = 0;
  for (let i = 0; i < 8; i++) { let d = Number(body8[i]) * (i % 2 === 0 ? 1 : 2); if (d > 9) d -= 9; s += d; }
  return (10 - (s % 10)) % 10;
}

export function ilLeumi(opt: WorldOptions): World {
  const rng = rngFor(NAME, opt.seed);
  const N = Math.max(60, opt.openItems);
  const used = new Set<string>();
  const mkCust = (i: number, group?: boolean): Cust => {
    let a = 0, b = 0, x = 0, k = '';
    for (let tries = 0; tries < 50 && (!k || used.has(k)); tries++) { a = rng.int(0, HE1.length - 1); b = rng.int(0, HE2.length - 1); x = rng.int(0, HE3.length - 1); k = group ? `g${a}` : `${a}-${b}-${x}`; }
    used.add(k);
    const body = `51${String(rng.int(0, 999999)).padStart(6, '0')}`;
    const he3 = HE3[x] ? ` ${HE3[x]}` : '', en3 = EN3[x] ? ` ${EN3[x]}` : '';
    return group
      ? { key: `6${String(i).padStart(4, '0')}`, he: `קבוצת ${HE1[a]} בע"מ`, en: `${EN1[a].toUpperCase()} GROUP LTD`, hp: body + idCheck(body), wht: 0.03 }
      : { key: `6${String(i).padStart(4, '0')}`, he: `${HE1[a]} ${HE2[b]}${he3} בע"מ`, en: rng.chance(0.5) ? `${EN1[a]} ${EN2[b]}${en3} Ltd` : `${EN1[a].toUpperCase()} ${EN2SHORT[b]}${en3.toUpperCase()} LTD`, hp: body + idCheck(body), wht: rng.chance(0.45) ? 0.03 : 0 };
  };
  const parents = Array.from({ length: Math.max(3, Math.round(N / 200)) }, (_, i) => mkCust(9000 + i, true));
  const custs = Array.from({ length: Math.max(15, Math.round(N / 7)) }, (_, i) => { const c = mkCust(1001 + i); if (rng.chance(0.1)) { c.parent = rng.pick(parents); c.wht = 0.03; } return c; });
  const OCT1 = day(2026, 10, 1), END = day(2026, 10, 29), START = day(2026, 7, 1);
  const bankDays: number[] = [];
  for (let d = OCT1; d <= END; d++) if (weekday(d) <= 4) bankDays.push(d);

  const docs: Doc[] = [];
  const movs: Mov[] = [];
  let gid = 0;
  const ng = () => `g${++gid}`;
  const grossOf = () => { const net = Math.round(Math.exp(rng.next() * Math.log(150000 / 400)) * 400 * 100); return Math.round(net * (1 + VAT)); };
  const doc = (cust: Cust, group: string | null, kind: string, o: Partial<Doc> = {}): Doc => {
    const date = o.date ?? rng.int(START, day(2026, 10, 15));
    const d: Doc = { no: 0, cust, type: 'חשבונית מס', date, due: eom(date) + 60, ils: grossOf(), usd: 0, details: rng.pick(['שירותי הנדסה', 'פיקוח', 'תכנון', 'ייעוץ', 'שירותי הנדסה - ריטיינר', 'מדידות']), group, kind, ...o };
    docs.push(d);
    return d;
  };
  const wht = (gross: number, rate: number) => Math.round((gross / (1 + VAT)) * rate);
  const payDay = (docDate: number): number => {
    const c = bankDays.filter((d) => d >= docDate + 7);
    return c.length ? rng.pick(c) : bankDays[bankDays.length - 1];
  };
  const mov = (d: number, desc: string, amount: number, note: string, group: string | null, kind: string, o: Partial<Mov> = {}): Mov => {
    const m: Mov = { day: d, desc, ref: String(rng.int(10000, 999999)), amount, note, group, kind, ...o };
    movs.push(m);
    return m;
  };
  const masavName = (c: Cust) => (rng.chance(0.85) ? c.he.slice(0, 16).trimEnd() : c.en.toUpperCase().slice(0, 16).trimEnd());
  const invText = (nos: number[]): string => {
    const list = nos.join(rng.pick([',', ', ', ' ', '+']));
    return weighted(rng, [[`חשבונית ${list}`, 3], [`חש' ${list}`, 2], [`ח-ן ${list}`, 1], [`ח.מ. ${list}`, 1], [`תשלום עבור חשבוניות ${list}`, 1], [`INV ${list}`, 1], [list, 1]] as const);
  };
  const payerName = (c: Cust) => (rng.chance(0.7) ? c.he : c.en);

  type Plan = { kind: string; ds: Doc[]; cn?: Doc };
  const plans: Plan[] = [];
  while (docs.length < N) {
    const kind = weighted(rng, [
      ['transfer_invoice_text', 20], ['transfer_withholding', 13], ['masav_withholding', 11], ['masav_name_only', 6], ['masav_multi_withholding', 4], ['withholding_no_certificate', 1.5],
      ['cheque_deposit_mixed', 2.5], ['cheque_deposit_single', 3], ['postdated_cheques', 2], ['credit_note_netted', 3], ['parent_pays', 2], ['fx_swift_usd', 3], ['part_payment', 2],
      ['duplicate_masav', 0.8], ['returned_cheque', 1], ['retainer_equal_amounts', 1.5], ['unpaid_invoice', 18], ['open_credit_note', 1],
    ] as const);
    const g = ng();
    const whtPayers = custs.filter((c) => c.wht > 0), plain = custs.filter((c) => c.wht === 0);
    switch (kind) {
      case 'transfer_invoice_text': case 'part_payment': case 'duplicate_masav': case 'masav_name_only': plans.push({ kind, ds: [doc(rng.pick(plain), g, kind)] }); break;
      case 'transfer_withholding': case 'masav_withholding': case 'withholding_no_certificate': plans.push({ kind, ds: [doc(rng.pick(kind === 'withholding_no_certificate' ? plain : whtPayers), g, kind)] }); break;
      case 'masav_multi_withholding': { const c = rng.pick(whtPayers); plans.push({ kind, ds: Array.from({ length: rng.int(2, 4) }, () => doc(c, g, kind)) }); break; }
      case 'cheque_deposit_mixed': plans.push({ kind, ds: Array.from({ length: rng.int(2, 5) }, () => doc(rng.pick(plain), g, kind, { amb: true })) }); break;
      case 'cheque_deposit_single': case 'returned_cheque': plans.push({ kind, ds: [doc(rng.pick(plain), kind === 'returned_cheque' ? null : g, kind)] }); break;
      case 'postdated_cheques': plans.push({ kind, ds: [doc(rng.pick(plain), g, kind, { date: rng.int(day(2026, 8, 1), day(2026, 9, 10)) })] }); break;
      case 'credit_note_netted': {
        const c = rng.pick(custs);
        const i = doc(c, g, kind);
        const cn = doc(c, g, kind, { type: 'חשבונית זיכוי', date: Math.min(i.date + rng.int(3, 20), day(2026, 10, 18)), details: 'זיכוי - הנחה מסחרית' });
        cn.ils = -Math.round(i.ils * rng.int(5, 30) / 100);
        plans.push({ kind, ds: [i], cn });
        break;
      }
      case 'parent_pays': {
        const kids = custs.filter((c) => c.parent);
        if (!kids.length) { plans.push({ kind: 'transfer_invoice_text', ds: [doc(rng.pick(plain), g, 'transfer_invoice_text')] }); break; }
        const p = rng.pick(kids).parent!;
        const sib = kids.filter((c) => c.parent === p);
        plans.push({ kind, ds: Array.from({ length: rng.int(1, 3) }, () => doc(rng.pick(sib), g, kind)) });
        break;
      }
      case 'fx_swift_usd': { const rate = 3.55 + rng.next() * 0.25; const d = doc(rng.pick(plain), g, kind); d.usd = Math.max(250000, Math.round(d.ils / rate / 100) * 100); d.ils = Math.round(d.usd * rate); d.details = 'Engineering services'; plans.push({ kind, ds: [d] }); break; }
      case 'retainer_equal_amounts': {
        const c = rng.pick(plain);
        const amount = Math.round(rng.int(8000, 40000) * (1 + VAT)) * 100;
        const first = rng.int(day(2026, 7, 1), day(2026, 8, 20));
        const ds = [0, 1, 2].map((m) => doc(c, m === 0 ? g : null, kind, { date: first + m * 31, ils: amount, amb: true, details: 'ריטיינר חודשי' }));
        plans.push({ kind, ds: [ds[0]] });
        break;
      }
      case 'unpaid_invoice': doc(rng.pick(custs), null, kind, { date: rng.int(START, END) }); break;
      case 'open_credit_note': { const d = doc(rng.pick(custs), null, kind, { type: 'חשבונית זיכוי', details: 'זיכוי' }); d.ils = -Math.round(d.ils * 0.2); break; }
    }
  }
  // Numbering: invoices and credit notes have their own series, by date.
  const sorted = [...docs].sort((a, b) => a.date - b.date);
  let inv = 30001, cnNo = 7001;
  for (const d of sorted) { d.no = d.type === 'חשבונית מס' ? inv++ : cnNo++; d.due = eom(d.date) + 60; }

  for (const p of plans) {
    const g = p.ds[0].group, c = p.ds[0].cust;
    const sum = p.ds.reduce((s, d) => s + d.ils, 0);
    const d = payDay(Math.max(...p.ds.map((x) => x.date), p.cn?.date ?? 0));
    const nos = p.ds.map((x) => x.no);
    switch (p.kind) {
      case 'transfer_invoice_text': mov(d, rng.pick(['העברה-נט', 'העב. מבנק אחר', 'זיכוי מבנק הפועלים', 'זיכוי מדיסקונט', 'העברה בנקאית']), sum, `${payerName(c)} ${invText(nos)}`, g, p.kind); break;
      case 'part_payment': mov(d, 'העברה-נט', Math.round(sum * rng.int(30, 70) / 100), `${payerName(c)} ${rng.pick(['על חשבון', 'תשלום חלקי'])} ${invText(nos)}`, g, p.kind); break;
      case 'transfer_withholding': mov(d, rng.pick(['העברה-נט', 'העב. מבנק אחר']), sum - wht(sum, c.wht), `${payerName(c)} ${invText(nos)}${rng.chance(0.3) ? ' בניכוי מס במקור' : ''}`, g, p.kind); break;
      case 'withholding_no_certificate': mov(d, 'העברה-נט', sum - wht(sum, 0.3), `${payerName(c)} ${invText(nos)} ניכוי 30% - אין אישור`, g, p.kind); break;
      case 'masav_withholding': case 'masav_multi_withholding': mov(d, 'מס"ב זיכוי', sum - wht(sum, c.wht), masavName(c), g, p.kind); break;
      case 'masav_name_only': mov(d, 'מס"ב זיכוי', sum, masavName(c), g, p.kind); break;
      case 'duplicate_masav': {
        // The same credit twice: the truth pairs the first, and either could be; both go to review.
        const name = masavName(c);
        mov(d, 'מס"ב זיכוי', sum, name, g, p.kind, { amb: true });
        const later = bankDays.filter((x) => x > d);
        mov(later.length ? later[0] : d, 'מס"ב זיכוי', sum, name, null, 'duplicate_masav_second', { amb: true });
        break;
      }
      case 'cheque_deposit_mixed': mov(d, 'הפקדת שיקים', sum, `${p.ds.length} שיקים`, g, p.kind, { amb: true }); break;
      case 'cheque_deposit_single': mov(d, 'הפקדת שיק', sum, rng.chance(0.5) ? '' : `שיק ${rng.int(1000, 9999)}`, g, p.kind); break;
      case 'returned_cheque': {
        mov(d, 'הפקדת שיק', sum, rng.chance(0.5) ? '' : `שיק ${rng.int(1000, 9999)}`, null, 'returned_cheque');
        const later = bankDays.filter((x) => x > d);
        const r = later.length ? later[Math.min(2, later.length - 1)] : d;
        mov(r, 'שיק חוזר', -sum, `שיק ${rng.int(1000, 9999)} - אין כיסוי מספיק`, null, 'returned_cheque');
        mov(r, 'עמלת שיק חוזר', -rng.pick([1800, 2000, 2500]), '', null, 'bank_fee');
        break;
      }
      case 'postdated_cheques': {
        const k = 3, part = Math.floor(sum / k);
        const amounts = [part, part, sum - 2 * part];
        const n = rng.int(1, 2);
        const dates = [rng.pick(bankDays.slice(0, 9)), rng.pick(bankDays.slice(11))];
        for (let j = 0; j < n; j++) mov(dates[j], 'פרעון שיק משמרת', amounts[j], `שיק ${rng.int(100, 999)}${String(j + 1)} ${c.he.slice(0, 20)}`, g, p.kind);
        break;
      }
      case 'credit_note_netted': {
        const net = sum + p.cn!.ils;
        mov(d, 'העברה-נט', net - wht(net, c.wht), `${payerName(c)} ${invText(nos)} בניכוי זיכוי ${p.cn!.no}`, g, p.kind);
        break;
      }
      case 'parent_pays': mov(d, rng.pick(['העברה-נט', 'העב. מבנק אחר']), sum - wht(sum, 0.03), `${c.parent!.he} ${invText(nos)}`, g, p.kind); break;
      case 'fx_swift_usd': {
        const rate = 3.5 + rng.next() * 0.35;
        const fee = rng.pick([1500, 2000, 2500, 3500]);
        mov(d, 'העברה מחו"ל', Math.round((p.ds[0].usd - fee) * rate), `SWIFT ${c.en.toUpperCase()} ${rng.chance(0.6) ? `INV ${nos[0]}` : 'PAYMENT'} USD ${money(p.ds[0].usd - fee, '.', ',')}`, g, p.kind);
        break;
      }
      case 'retainer_equal_amounts': mov(d, 'מס"ב זיכוי', sum, masavName(c), g, p.kind, { amb: true }); break;
      default: throw new Error(`unplanned ${p.kind}`);
    }
  }
  // Name-only payments are only decidable when the customer has no other open document of that amount.
  for (const m of movs) if ((m.kind === 'masav_withholding' || m.kind === 'masav_name_only') && m.group) {
    const own = docs.find((x) => x.group === m.group)!;
    const twins = docs.filter((x) => x !== own && x.cust === own.cust && x.ils === own.ils);
    if (twins.length) { m.amb = true; own.amb = true; for (const t of twins) t.amb = true; }
  }
  // A single cheque names nobody: decidable only when no other open invoice has its amount.
  for (const m of movs) if (m.kind === 'cheque_deposit_single') {
    const own = docs.find((x) => x.group === m.group)!;
    if (docs.some((x) => x !== own && x.ils === own.ils)) { m.amb = true; own.amb = true; }
  }
  // Movements that pay nothing on the list.
  const noise = (k: string, n: number, f: () => [string, number, string]) => { for (let i = 0; i < n; i++) { const [desc, amount, note] = f(); mov(rng.pick(bankDays), desc, amount, note, null, k); } };
  const scale = N / 2000;
  noise('salaries', Math.max(1, Math.round(2 * scale)), () => ['משכורות', -rng.int(80000000, 120000000), 'העברת משכורות']);
  noise('tax_and_social_security', Math.max(2, Math.round(4 * scale)), () => rng.pick([['מע"מ', -rng.int(5000000, 40000000), 'תשלום מע"מ'], ['ביטוח לאומי', -rng.int(3000000, 9000000), ''], ['מס הכנסה', -rng.int(2000000, 12000000), 'ניכויים']] as [string, number, string][]));
  noise('card_settlement', Math.max(3, Math.round(18 * scale)), () => [rng.pick(['ישראכרט', 'כאל', 'מקס איט פיננסים']), rng.int(50000, 2500000), 'זיכוי עסקאות']);
  noise('supplier_payment', Math.max(5, Math.round(90 * scale)), () => [rng.pick(['העברה-נט', 'מס"ב חיוב', 'הוראת קבע']), -rng.int(100000, 9000000), rng.pick(['ספקים', 'שכירות', 'ליסינג רכב', 'בזק', 'חברת חשמל', 'ביטוח'])]);
  noise('bank_fee', Math.max(2, Math.round(6 * scale)), () => [rng.pick(['עמלות', 'עמלת ערוץ ישיר', 'דמי ניהול חשבון']), -rng.int(1500, 45000), '']);
  noise('interest', 1, () => ['ריבית זכות', rng.int(10000, 200000), '']);
  noise('unknown_payment', Math.max(3, Math.round(25 * scale)), () => { const c = rng.pick(custs); return [rng.pick(['העברה-נט', 'מס"ב זיכוי']), grossOf(), rng.chance(0.5) ? `${payerName(c)} חשבונית ${rng.int(25000, 29999)}` : masavName(c)]; });

  // ---- open items: Hashavshevet report, Windows-1255, commas, CRLF ----
  const oiRows = [...docs].sort((a, b) => a.cust.key.localeCompare(b.cust.key) || a.date - b.date || a.no - b.no);
  const amt = (c: number) => money(c, '.', ',');
  const oi: string[] = [
    'הנדסת גליל מערב בע"מ',
    'דוח יתרות פתוחות - לקוחות',
    `נכון לתאריך: ${dmy(day(2026, 10, 31))}`,
    '',
    ['מפתח חשבון', 'שם חשבון', 'ח.פ.', 'סוג מסמך', 'אסמכתא', 'תאריך', 'תאריך פרעון', 'פרטים', 'חובה', 'זכות', 'יתרה פתוחה', 'מטבע', 'סכום מט"ח'].map((f) => field(f, ',')).join(','),
  ];
  for (const d of oiRows) {
    oi.push([d.cust.key, d.cust.he, d.cust.hp, d.type, String(d.no), dmy(d.date), dmy(d.due), d.details, d.ils > 0 ? amt(d.ils) : '', d.ils < 0 ? amt(-d.ils) : '', amt(d.ils), d.usd ? '$' : 'ש"ח', d.usd ? amt(d.usd) : ''].map((f) => field(f, ',')).join(','));
  }
  oi.push('', field(`סה"כ יתרה פתוחה`, ',') + ',,,,,,,,,,' + field(amt(docs.reduce((s, d) => s + d.ils, 0)), ','));

  // ---- statement: Leumi account movements, oldest first, running balance ----
  const stRows = [...movs].sort((a, b) => a.day - b.day || a.ref.localeCompare(b.ref));
  let bal = 125430000 + rng.int(0, 9999999);
  const open = bal;
  const st: string[] = [
    'בנק לאומי לישראל בע"מ',
    'תנועות בחשבון',
    'מספר חשבון: 812-45678/90',
    'שם החשבון: הנדסת גליל מערב בע"מ',
    `מתאריך: ${dmy(OCT1)} עד תאריך: ${dmy(END)}`,
    `יתרת פתיחה: ${amt(open)}`,
    '',
    ['תאריך', 'תאריך ערך', 'תיאור', 'אסמכתא', 'בחובה', 'בזכות', 'היתרה בש"ח', 'הערה'].map((f) => field(f, ',')).join(','),
  ];
  for (const m of stRows) {
    bal += m.amount;
    const value = m.desc === 'הפקדת שיקים' || m.desc === 'הפקדת שיק' ? nextBankDay(bankDays, m.day) : m.day;
    st.push([dmy(m.day, '/').replace(/\/20(\d\d)$/, '/$1'), dmy(value, '/').replace(/\/20(\d\d)$/, '/$1'), m.desc, m.ref, m.amount < 0 ? amt(-m.amount) : '', m.amount > 0 ? amt(m.amount) : '', amt(bal), m.note].map((f) => field(f, ',')).join(','));
  }
  st.push('', `${field('יתרת סגירה', ',')},,,,,,${field(amt(bal), ',')},`);

  return {
    name: NAME,
    description: [
      'Hendasat Galil Maarav Ltd, an Israeli engineering-services firm, exports its open customer documents from Hashavshevet ("דוח יתרות פתוחות - לקוחות": Windows-1255 Hebrew, commas, CRLF, three preamble lines and a blank above the header, dd/mm/yyyy, amounts "12,345.60" quoted, invoices in חובה and credit notes in זכות, a signed open balance, USD invoices with their dollar amount,',
      'names like אלון הנדסה בע"מ with the quote doubled, a total line after a blank) and downloads Bank Leumi account movements for October 2026 (Windows-1255 Hebrew, six preamble lines, header with "היתרה בש""ח", dd/mm/yy dates, separate debit/credit columns, running balance, Sunday–Thursday banking days, a closing-balance line after a blank).',
      'VAT is 18 %. Cases: transfers with the invoice number in the note ("חשבונית 30451", "חש\' 30451", "ח-ן", "ח.מ.", "INV", several numbers), with the payer\'s name in Hebrew or English; large customers deduct 3 % withholding tax (ניכוי במקור) of the pre-VAT amount, one without our certificate deducts 30 %;',
      'Masav (מס"ב) batch credits carrying only the payer\'s name cut to 16 characters, for one invoice or several, net of withholding; mixed cheque deposits (2-5 cheques of different customers as one line: ambiguous); single cheques; postdated cheques (one invoice in three cheques, one or two collected in October);',
      'credit notes netted; a parent group paying subsidiaries\' invoices; USD invoices paid by SWIFT converted at a later rate and short of a correspondent fee; part payments "על חשבון"; a Masav credit repeated (second unmatched); a bounced cheque (deposit, return and fee, no counterpart);',
      'monthly retainers of equal amount paid by name only (ambiguous); salaries, VAT and National Insurance, card-acquirer settlements, supplier payments, fees, interest and payments of invoices not on the list; unpaid invoices and open credit notes.',
    ].join(' '),
    openItems: { fileName: 'yitrot_ptuhot_lakohot.csv', content: encode1255(oi.join('\r\n') + '\r\n') },
    statement: { fileName: 'leumi_tnuot_102026.csv', content: encode1255(st.join('\r\n') + '\r\n') },
    truth: [...truthOf('open_items', oiRows), ...truthOf('statement', stRows)],
  };
}

/** End of the month of a day (Israeli "שוטף + 60" terms count from it). */
function eom(n: number): number {
  const d = new Date(n * 86400000);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / 86400000);
}
function nextBankDay(days: number[], d: number): number { return days.find((x) => x > d) ?? d; }
