/**
 * hu-otp: a Hungarian wholesaler's "Vevő nyitott tételek" export from its accounting package
 * (Windows-1250, ';', HUF in whole forints with a space as thousands separator, EUR with a decimal
 * comma, dates as 2026.10.15.) against an OTP Bank "Számlatörténet" CSV of its HUF account.
 */
import type { World, WorldOptions } from '../world';
import { Rng, landOn, dayOf, encode1250, fmtAmount, fmtDay, groupIds, ordered, q, stripAccents, workday, type Row } from './common';

export const HU_SEP = ';';
export const HU_OI_HEAD = ['Partner kód', 'Partner neve', 'Adószám', 'Bizonylat típusa', 'Számlaszám', 'Kelte', 'Teljesítés', 'Fiz. határidő', 'Fiz. mód', 'Deviza', 'Bruttó összeg', 'Nyitott összeg', 'Nyitott összeg (HUF)'];
export const HU_ST_HEAD = ['Könyvelés dátuma', 'Értéknap', 'Tranzakció típusa', 'Összeg', 'Pénznem', 'Partner neve', 'Partner számlaszáma', 'Közlemény', 'Tranzakció azonosító'];
export const HUF = { decimals: 0, dec: ',', thou: ' ' } as const;
export const EURF = { decimals: 2, dec: ',', thou: ' ' } as const;
/** HUF for one EUR on the invoices' own booking rate and what payers' banks convert at. */
export const EUR_RATE = { lo: 385, hi: 415 };

const PLACES = ['Alföldi', 'Bakony', 'Duna', 'Tisza', 'Mátra', 'Pannon', 'Balaton', 'Hungária', 'Kárpát', 'Zemplén', 'Bükk', 'Somogyi', 'Vértes', 'Rába', 'Maros', 'Hajdú', 'Szegedi', 'Győri', 'Pécsi', 'Debreceni', 'Őrségi', 'Nyírségi', 'Csongrádi', 'Kőbányai', 'Újpesti', 'Zalai', 'Tolnai', 'Mecsek'];
const TRADES = ['Fém', 'Építő', 'Agro', 'Logisztika', 'Kereskedelmi', 'Gépészeti', 'Élelmiszer', 'Műanyag', 'Villamossági', 'Faipari', 'Nyomdaipari', 'Szerviz', 'Trans', 'Bútor', 'Vegyipari', 'Üvegtechnika', 'Hűtéstechnika', 'Csavar', 'Ipari', 'Kertészeti'];
const FORMS = ['Kft.', 'Kft.', 'Kft.', 'Zrt.', 'Bt.', 'Kft.', 'Nyrt.'];
const SURNAMES = ['Kovács', 'Nagy', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas', 'Balogh', 'Papp', 'Takács', 'Juhász', 'Lakatos', 'Mészáros', 'Oláh', 'Simon', 'Rácz', 'Fekete', 'Szűcs', 'Pintér', 'Bíró', 'Fehér'];
const GIVEN = ['János', 'István', 'László', 'József', 'Zoltán', 'Péter', 'Gábor', 'Ferenc', 'Attila', 'Éva', 'Katalin', 'Erzsébet', 'Zsuzsanna', 'Anikó', 'Ildikó', 'Tünde', 'Gyöngyi', 'Ágnes'];
const BANKS = ['11773016', '10700024', '12010154', '10918001', '11600006', '10402142', '11711041', '16200106', '12100011', '10103173'];

interface Cust {
  code: string;
  name: string;
  tax: string;
  acct: string;
  /** How the bank shows the payer: as written, upper case without accents (GIRO), shortened. */
  bankName: string;
  postal: boolean;
  parent?: { name: string; acct: string };
}

type OiF = string[];
type StF = string[];

export function huOtp(o: WorldOptions): World {
  const r = new Rng(o.seed, 0x4875);
  const gid = groupIds('hu');
  const start = dayOf('2026-10-01'), end = dayOf('2026-11-20');
  const ois: Row<OiF>[] = [];
  const sts: Row<StF>[] = [];
  let kvSeq = r.int(1100, 1900), eSeq = r.int(300, 700), trn = r.int(10_000_000, 20_000_000);
  const kvNo = () => `KV-2026/${String(++kvSeq).padStart(5, '0')}`;
  const eNo = () => `E-KALLA-2026-${++eSeq}`;
  const acct = () => `${r.pick(BANKS)}-${String(r.int(0, 99_999_999)).padStart(8, '0')}${r.chance(0.6) ? '-00000000' : '-' + String(r.int(10_000_000, 99_999_999))}`;
  const tax = () => `${r.int(10_000_000, 29_999_999)}-${r.pick([2, 2, 2, 4])}-${String(r.int(1, 44)).padStart(2, '0')}`;

  // Customers.
  const custs: Cust[] = [];
  const nCust = Math.max(20, Math.round(o.openItems / 6.5));
  const used = new Set<string>();
  for (let i = 0; i < nCust; i++) {
    let name = '';
    const person = r.chance(0.12);
    for (let t = 0; t === 0 || used.has(name); t++) {
      // Past 20 tries the name pool is used up (large --open-items): a trading name with a number, as "2000" or "Plusz".
      const more = t > 20 ? ` ${r.pick(['2000', 'Plusz', 'Hungary', '97', 'Center', 'Team'])}${t > 40 ? ' ' + r.int(2, 999) : ''}` : '';
      name = person ? `${r.pick(SURNAMES)} ${r.pick(GIVEN)}${more} e.v.` : `${r.pick(PLACES)} ${r.pick(TRADES)}${more} ${r.pick(FORMS)}`;
    }
    used.add(name);
    const style = r.weighted([['asis', 4], ['giro', 4], ['short', 2]] as const);
    const upper = stripAccents(name).toUpperCase();
    const bankName = style === 'asis' ? name : style === 'giro' ? upper.replace('.', '') : upper.replace(/ (KFT|ZRT|BT|NYRT)\.$/, ' $1').slice(0, 18).trim();
    const c: Cust = { code: `V${String(10_000 + i * 7 + r.int(0, 6)).slice(-5)}`, name, tax: tax(), acct: acct(), bankName, postal: person && r.chance(0.6) };
    if (!person && r.chance(0.06)) c.parent = { name: `${r.pick(PLACES)} Holding ${r.pick(['Zrt.', 'Kft.'])}`, acct: acct() };
    custs.push(c);
  }

  const FIZ = (c: Cust) => (c.postal ? 'Készpénz-átutalási megbízás' : 'Átutalás');
  /** One invoice (or a correcting invoice if `amount` < 0); returns its number. */
  const invoice = (c: Cust, amount: number, g: string | null, kind: string, opt: { eur?: boolean; amb?: boolean; day?: number; no?: string } = {}): { no: string; day: number; due: number } => {
    const day = opt.day ?? r.int(dayOf('2026-08-01'), dayOf('2026-11-12'));
    const due = day + r.pick([8, 15, 15, 30, 30, 45]);
    const no = opt.no ?? (r.chance(0.75) ? kvNo() : eNo());
    const type = amount < 0 ? 'Helyesbítő számla' : 'Számla';
    let brutto: string, nyitott: string, huf: string;
    if (opt.eur) {
      const rate = r.int(EUR_RATE.lo * 100, EUR_RATE.hi * 100) / 100;
      brutto = nyitott = fmtAmount(amount, EURF);
      huf = fmtAmount(Math.round((amount / 100) * rate), HUF);
    } else brutto = nyitott = huf = fmtAmount(amount, HUF);
    ois.push({ f: [c.code, c.name, c.tax, type, no, fmtDay(day, 'YYYY.MM.DD.'), fmtDay(day - r.int(0, 3), 'YYYY.MM.DD.'), fmtDay(due, 'YYYY.MM.DD.'), FIZ(c), opt.eur ? 'EUR' : 'HUF', brutto, nyitott, huf], sort: day, group: g, kind, amb: opt.amb });
    return { no, day, due };
  };
  /** A credit on the statement. */
  const pay = (day: number, amount: number, type: string, name: string, acc: string, text: string, g: string | null, kind: string, amb?: boolean) => {
    const d = Math.min(end, Math.max(start, workday(day)));
    sts.push({ f: [fmtDay(d, 'YYYY.MM.DD.'), fmtDay(d - (type.startsWith('Bejövő átutalás') && r.chance(0.2) ? 1 : 0), 'YYYY.MM.DD.'), type, fmtAmount(amount, { ...HUF, plus: true }), 'HUF', name, acc, text, String(++trn)], sort: d, group: g, kind, amb });
  };
  const transferType = () => (r.chance(0.55) ? 'Bejövő azonnali átutalás' : 'Bejövő átutalás (GIRO)');
  const payDay = (inv: { day: number; due: number }) => landOn(r, inv.day, Math.max(inv.day + 3, inv.due + r.int(-10, 20)), start, end);
  const giro = (s: string, c: Cust) => (c.bankName === c.name ? s : stripAccents(s).toUpperCase());
  /** How payers write one invoice number in the Közlemény. */
  const cite = (no: string, c: Cust): string => giro(r.pick([`${no}`, `${no}`, `Számla: ${no}`, `${no} számla`, `szla ${no}`, `${no} sz. számla kiegyenlítése`]), c);
  const mangle = (no: string): string => {
    const m = /^KV-2026\/(\d+)$/.exec(no);
    if (m) return r.pick([`KV2026/${Number(m[1])}`, `KV 2026 ${m[1]}`, `${m[1]}`, `2026/${m[1]}`, `KV-2026-${m[1]}`, `kv-2026/${Number(m[1])} szla`, `KV-2026/${m[1]}.`]);
    const e = /^E-KALLA-2026-(\d+)$/.exec(no)!;
    return r.pick([`E-KALLA-2026/${e[1]}`, `EKALLA2026${e[1]}`, `${e[1]}. számla`, `E-KALLA ${e[1]}`, `KALLA-2026-${e[1]}`]);
  };
  const amt = () => r.amount(4_500, 4_800_000, r.chance(0.3) ? 10 : 1);
  const payer = (c: Cust) => c.bankName;

  let n = 0;
  while (n < o.openItems) {
    const c = r.pick(custs);
    const k = r.weighted([
      ['single_invoice_number', 30], ['invoice_number_mangled', 9], ['multi_invoice', 6], ['credit_note_netted', 3.5], ['part_payment', 2.5], ['instalments', 2.5],
      ['fx_eur_invoice', 3.5], ['postal_cheque', c.postal ? 20 : 0], ['parent_company_pays', c.parent ? 25 : 0], ['name_and_amount_only', 5], ['tax_number_only', 1.5],
      ['ambiguous_equal_amounts', 1.8], ['duplicate_payment', 1.2], ['unpaid_invoice', 26],
    ] as const);
    const g = gid();
    if (k === 'single_invoice_number' || k === 'invoice_number_mangled') {
      const a = amt(); const inv = invoice(c, a, g, k); n++;
      pay(payDay(inv), a, transferType(), payer(c), c.acct, k === 'single_invoice_number' ? cite(inv.no, c) : giro(mangle(inv.no), c), g, k);
    } else if (k === 'multi_invoice') {
      const m = r.int(2, 5); let sum = 0; const nos: string[] = []; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const a = amt(); sum += a; const inv = invoice(c, a, g, k); nos.push(inv.no); if (inv.due > last.due) last = inv; n++; }
      let text = r.chance(0.5) ? nos.join(', ') : nos.join(' ');
      if (text.length > 96 || r.chance(0.2)) text = `${nos[0]}, ${nos[1]} stb.`;
      if (r.chance(0.15)) text = `${c.code} folyószámla rendezés`;
      pay(payDay(last), sum, transferType(), payer(c), c.acct, giro(text, c), g, k);
    } else if (k === 'credit_note_netted') {
      const a = amt(); const cn = -Math.max(1000, Math.round(a * r.pick([0.1, 0.25, 0.5, 1 / 3]))); const inv = invoice(c, a, g, k); const crn = invoice(c, cn, g, k, { day: Math.min(end - 1, inv.day + r.int(2, 12)) }); n += 2;
      pay(payDay(inv), a + cn, transferType(), payer(c), c.acct, giro(r.pick([`${inv.no} - ${crn.no}`, `${inv.no} helyesbítővel csökkentve`, `${inv.no}, ${crn.no}`]), c), g, k);
    } else if (k === 'part_payment') {
      const a = amt(); const inv = invoice(c, a, g, k); n++;
      const part = Math.round(a * r.pick([0.3, 0.4, 0.5, 0.6])); pay(payDay(inv), part, transferType(), payer(c), c.acct, giro(`${inv.no} részletfizetés`, c), g, k);
    } else if (k === 'instalments') {
      const a = amt(); const inv = invoice(c, a, g, k); n++;
      const parts = r.int(2, 3); let left = a; const lo = Math.max(start, inv.day + 3); let d = r.int(lo, Math.max(lo, end - 14 * (parts - 1)));
      for (let i = 0; i < parts; i++) {
        const p = i === parts - 1 ? left : Math.round(a / parts / 100) * 100; left -= p;
        pay(d, p, transferType(), payer(c), c.acct, giro(`${inv.no} ${i + 1}. részlet`, c), g, k); d += r.int(7, 14);
      }
    } else if (k === 'fx_eur_invoice') {
      const a = r.amount(20_000, 2_500_000); const inv = invoice(c, a, g, k, { eur: true }); n++;
      const rate = r.int(EUR_RATE.lo * 100, EUR_RATE.hi * 100) / 100;
      pay(payDay(inv), Math.round((a / 100) * rate), 'Bejövő átutalás (GIRO)', payer(c), c.acct, giro(r.pick([inv.no, `${inv.no} EUR`, `Számla ${inv.no} ${fmtAmount(a, EURF)} EUR`]), c), g, k);
    } else if (k === 'postal_cheque') {
      const a = r.amount(4_500, 180_000); const inv = invoice(c, a, g, k); n++;
      // The yellow postal cheque: the payer's name as written by hand at the post office, the
      // customer id the seller pre-printed and sometimes the invoice number, no account.
      pay(payDay(inv), a, 'Készpénz-átutalási megbízás jóváírása', stripAccents(c.name.replace(/ e\.v\.$/, '')).toUpperCase(), '', r.chance(0.6) ? `UGYFELAZON: ${c.code}` : `${c.code} ${inv.no}`, g, k);
    } else if (k === 'parent_company_pays') {
      const m = r.int(1, 3); let sum = 0; const nos: string[] = []; let last = { day: 0, due: 0 };
      for (let i = 0; i < m; i++) { const a = amt(); sum += a; const inv = invoice(c, a, g, k); nos.push(inv.no); if (inv.due > last.due) last = inv; n++; }
      pay(payDay(last), sum, transferType(), stripAccents(c.parent!.name).toUpperCase(), c.parent!.acct, `${nos.join(' ')} ${r.chance(0.5) ? stripAccents(c.name).toUpperCase().slice(0, 20) + ' helyett' : ''}`.trim(), g, k);
    } else if (k === 'name_and_amount_only' || k === 'tax_number_only') {
      const a = amt(); const inv = invoice(c, a, g, k); n++;
      pay(payDay(inv), a, transferType(), payer(c), c.acct, k === 'tax_number_only' ? c.tax : giro(r.pick(['számla kiegyenlítés', 'áruszállítás', 'Számla', '', 'tartozás rendezése', 'fizetés']), c), g, k);
    } else if (k === 'ambiguous_equal_amounts') {
      // Two invoices of one customer for the same delivery price, one payment naming neither.
      const a = amt(); const i1 = invoice(c, a, g, k, { amb: true }); invoice(c, a, null, k, { amb: true }); n += 2;
      pay(payDay(i1), a, transferType(), payer(c), c.acct, giro(r.pick(['számla', 'szállítás ellenértéke', 'havi díj']), c), g, k, true);
    } else if (k === 'duplicate_payment') {
      // Paid twice from the same template: the second payment pays nothing still open. Either could
      // be "the" payment and the other is to be refunded: a case for review, so all three are ambiguous.
      const a = amt(); const inv = invoice(c, a, g, k, { amb: true }); n++;
      const d = payDay(inv); const text = cite(inv.no, c);
      pay(d, a, transferType(), payer(c), c.acct, text, g, k, true);
      pay(d + r.int(1, 6), a, transferType(), payer(c), c.acct, text, null, 'duplicate_payment_second', true);
    } else {
      invoice(c, amt(), null, 'unpaid_invoice'); n++;
    }
  }

  // Lines that pay nothing on the list.
  const noise = Math.round(sts.length * 0.22);
  for (let i = 0; i < noise; i++) {
    const d = r.int(start, end);
    const k = r.weighted([['bank_fee', 3], ['transaction_levy', 3], ['salary', 2], ['supplier_payment', 6], ['tax_payment', 1.5], ['card_settlement', 2], ['interest', 0.5], ['advance_payment_no_invoice', 1.2], ['supplier_refund', 0.8]] as const);
    const sup = `${r.pick(PLACES)} ${r.pick(TRADES)} ${r.pick(FORMS)}`;
    switch (k) {
      case 'bank_fee': pay(d, -r.int(800, 9500), 'Számlavezetési díj', 'OTP Bank Nyrt.', '', `Számlacsomag díj ${fmtDay(d, 'YYYY.MM.DD')}`, null, k); break;
      case 'transaction_levy': pay(d, -r.int(300, 6000), 'Tranzakciós illeték', '', '', 'Tranzakciós illeték', null, k); break;
      case 'salary': pay(d, -r.amount(250_000, 900_000), 'Kimenő átutalás', `${r.pick(SURNAMES)} ${r.pick(GIVEN)}`, acct(), `Munkabér ${fmtDay(d - 10, 'YYYY.MM.DD').slice(0, 7)}`, null, k); break;
      case 'supplier_payment': pay(d, -amt(), 'Kimenő átutalás', sup, acct(), `SZ-${r.int(2000, 9999)}/2026`, null, k); break;
      case 'tax_payment': pay(d, -r.amount(400_000, 9_000_000), 'Kimenő átutalás', 'NAV Áfa bevételi számla', '10032000-06056353-00000000', `ÁFA ${r.int(10_000_000, 29_999_999)}`, null, k); break;
      case 'card_settlement': pay(d, r.amount(20_000, 600_000), 'Kártyás elfogadás jóváírása', 'OTP Mobil Kft.', '', `POS elszámolás ${r.int(100_000, 999_999)}`, null, k); break;
      case 'interest': pay(d, r.int(5, 900), 'Jóváírt kamat', 'OTP Bank Nyrt.', '', 'Kamat jóváírás', null, k); break;
      case 'advance_payment_no_invoice': { const c = r.pick(custs); pay(d, amt(), transferType(), payer(c), c.acct, giro(r.pick(['előleg', 'Előleg rendeléshez', `előleg ${r.int(100, 999)}. sz. rendelés`]), c), null, k); break; }
      case 'supplier_refund': pay(d, r.amount(5000, 200_000), 'Bejövő átutalás (GIRO)', sup, acct(), 'jóváírás visszautalás', null, k); break;
    }
  }

  const A = ordered(ois, 'open_items');
  const B = ordered(sts, 'statement');
  const opening = r.int(5_000_000, 60_000_000);
  const total = B.rows.reduce((s, x) => s + Number(x.f[3].replace(/[ +]/g, '')), 0);
  const oiTotal = A.rows.reduce((s, x) => s + Number(x.f[12].replace(/ /g, '')), 0);
  const oiText = [
    'Kalla Kereskedelmi Kft.',
    `Vevő nyitott tételek – ${fmtDay(end, 'YYYY.MM.DD.')} állapot`,
    'Szűrés: minden vevő; rendezés: kelte',
    '',
    HU_OI_HEAD.join(HU_SEP),
    ...A.rows.map((x) => x.f.map((v) => q(v, HU_SEP)).join(HU_SEP)),
    '',
    ['Összesen:', '', '', '', '', '', '', '', '', 'HUF', '', '', fmtAmount(oiTotal, HUF)].join(HU_SEP),
  ].join('\r\n') + '\r\n';
  const stText = [
    'Számlatörténet',
    'Számlaszám: 11773016-20418866-00000000',
    'Számlatulajdonos: KALLA KERESKEDELMI KFT.',
    `Időszak: ${fmtDay(start, 'YYYY.MM.DD.')} - ${fmtDay(end, 'YYYY.MM.DD.')}`,
    `Nyitó egyenleg: ${fmtAmount(opening, HUF)} HUF`,
    '',
    HU_ST_HEAD.join(HU_SEP),
    ...B.rows.map((x) => x.f.map((v) => q(v, HU_SEP)).join(HU_SEP)),
    '',
    `Záró egyenleg: ${fmtAmount(opening + total, HUF)} HUF`,
  ].join('\r\n') + '\r\n';

  return {
    name: 'hu-otp',
    description:
      'A Hungarian wholesaler (Kalla Kereskedelmi Kft.) exports "Vevő nyitott tételek" from its accounting package: Windows-1250, semicolons, CRLF, a three-line preamble and an "Összesen:" line, dates as 2026.10.15., ' +
      'HUF in whole forints with a space as thousands separator, EUR invoices with a decimal comma and a HUF equivalent at the invoice rate. Two invoice series (KV-2026/01234 from the ERP, E-KALLA-2026-123 from the online invoicing module) and ' +
      'negative "Helyesbítő számla" (correcting invoices). The statement is an OTP Bank "Számlatörténet" CSV of the HUF account (Windows-1250, opening and closing balance lines, signed amounts with +/-, whole forints). ' +
      'Cases: the invoice number in the Közlemény as written or mangled (leading zeros dropped, dashes/spaces, only the serial, lower case), GIRO transfers whose names and texts lost their accents and are upper case, ' +
      'instant (AFR) transfers, several invoices in one payment (sometimes "stb." or only the customer code), a correcting invoice netted, part payments and instalments ("1. részlet"), EUR invoices paid in HUF at the payer bank\'s rate, ' +
      'yellow postal cheques (készpénz-átutalási megbízás) citing only the customer id, a holding company paying for its subsidiary, payments naming nothing or only the tax number, two equal invoices with a payment naming neither (ambiguous), ' +
      'duplicate payments, advance payments before any invoice, unpaid invoices, and noise (account fees, transaction levy, salaries, supplier payments, VAT to NAV, card acquiring credits, interest).',
    openItems: { fileName: 'vevo_nyitott_tetelek.csv', content: encode1250(oiText) },
    statement: { fileName: 'otp_szamlatortenet_HUF.csv', content: encode1250(stText) },
    truth: [...A.truth, ...B.truth],
  };
}
