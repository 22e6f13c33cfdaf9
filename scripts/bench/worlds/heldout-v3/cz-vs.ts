/**
 * cz-vs — Kovolis Vysočina s.r.o., Žďár nad Sázavou: a Czech metalwork supplier invoicing in CZK
 * (and in EUR to Slovak, Austrian, German and Swiss customers).
 *
 * Open items: a receivables list printed from a Pohoda/Money-like accounting package
 * (`;`, Windows-1250, CRLF, dd.mm.yyyy, `1 234,56` with a no-break space between thousands, a title
 * and a print line above the header). Issued invoices are `FV` + a 7-digit number whose first digit
 * is the series (0 invoices, 1 advance invoices, 2 credit notes) — so an invoice's variabilní symbol
 * starts with a zero (`FV0261234` → VS `0261234`), which banking apps drop or pad to ten digits.
 *
 * Statement: a Czech bank CSV (UTF-8, `;`, a few account lines above the header, opening and closing
 * balances per currency below the rows), oldest first, one CZK and one EUR account; counterparty as
 * `prefix-number/bank` with a valid mod-11 check (IBAN for SEPA), VS / KS / SS columns, a
 * 140-character message, the counterparty's name only when the paying bank sent one.
 */
import type { World, WorldOptions } from '../world';
import { Amounts, Rng, asciiUpper, csvField, dayOf, dmy, encodeCp1250, fmtMoney, inFileOrder, nextBiz, pad, truthFor, type Gen } from './common';

const NAME = 'cz-vs';
const EUR_RATE = 24.35;

/** IČO check digit (weights 8..2, mod 11). */
export function icoCheck(seven: string): number {
  let s = 0;
  for (let i = 0; i < 7; i++) s += Number(seven[i]) * (8 - i);
  const r = s % 11;
  return r === 0 ? 1 : r === 1 ? 0 : 11 - r;
}
/** Czech account number part valid under the mod-11 rule (weights 1,2,4,8,5,10,9,7,3,6 from the right). */
export function accountPartValid(digits: string): boolean {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  let s = 0;
  for (let i = 0; i < digits.length; i++) s += Number(digits[digits.length - 1 - i]) * w[i];
  return s % 11 === 0;
}
/** The first number from `s` upwards that passes the mod-11 rule (for the fixed counterparties). */
const near = (s: string): string => { let n = Number(s); while (!accountPartValid(String(n))) n++; return String(n); };
function accountNumber(rng: Rng, bank: string): string {
  let base = '';
  do base = String(rng.int(100000, 9999999999)); while (!accountPartValid(base));
  if (!rng.chance(0.3)) return `${base}/${bank}`;
  let pre = '';
  do pre = String(rng.int(10, 999999)); while (!accountPartValid(pre));
  return `${pre}-${base}/${bank}`;
}

interface Customer { id: number; name: string; ico: string; dic: string; account: string; bankName: string; eur: boolean; swift: boolean; term: number; ks: string }

const TRADES = ['Stavebniny', 'Elektro', 'Autoservis', 'Kovovýroba', 'Truhlářství', 'Zámečnictví', 'Velkoobchod', 'Strojírna', 'Tiskárna', 'Instalatérství', 'Agro', 'Doprava', 'Technické služby', 'Montáže', 'Lakovna'];
const SURNAMES = ['Novák', 'Svoboda', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Pospíšil', 'Hájek', 'Jelínek', 'Král', 'Růžička', 'Beneš', 'Fiala', 'Sedláček', 'Doležal', 'Zeman', 'Kolář', 'Navrátil', 'Čermák', 'Vaněk', 'Blažek', 'Křížek', 'Kovář', 'Šťastný', 'Říha'];
const FIRST = ['Jan', 'Petr', 'Josef', 'Pavel', 'Martin', 'Tomáš', 'Jiří', 'Zdeněk', 'Lukáš', 'Miroslav'];
const PLACES = ['Vysočina', 'Morava', 'Haná', 'Šumava', 'Polabí', 'Brno', 'Jihlava', 'Olomouc', 'Zlín', 'Třebíč', 'Pelhřimov', 'Kroměříž', 'Tábor', 'Žďár'];
const LEGAL = ['s.r.o.', 's.r.o.', 's.r.o.', 'spol. s r.o.', 'a.s.', 'v.o.s.'];
const BANKS = ['0100', '0300', '0600', '0800', '0800', '2010', '2700', '3030', '5500', '6210', '0100', '0800'];
const FOREIGN: [string, string, boolean][] = [
  ['Strojárne Považie s.r.o.', 'SK', false], ['Kovospol Trnava a.s.', 'SK', false], ['Stavmat Žilina s.r.o.', 'SK', false], ['Montex Nitra s.r.o.', 'SK', false],
  ['Metallbau Huber GmbH', 'AT', false], ['Haustechnik Gruber GmbH', 'AT', false], ['Stahlhandel Weiß KG', 'DE', false], ['Anlagenbau Sachsen GmbH', 'DE', false],
  ['Fördertechnik Oberpfalz GmbH', 'DE', false], ['Mechanik Brunner AG', 'CH', true], ['Precision Castings Ltd', 'GB', true], ['Lindqvist Verkstad AB', 'SE', true],
];

function customers(rng: Rng): Customer[] {
  const out: Customer[] = [];
  const seen = new Set<string>();
  while (out.length < 150) {
    const sole = rng.chance(0.18);
    const sur = rng.pick(SURNAMES);
    let name: string;
    if (sole) name = `${rng.pick(FIRST)} ${sur} – ${rng.pick(TRADES)}`;
    else if (rng.chance(0.5)) name = `${rng.pick(TRADES)} ${sur} ${rng.pick(LEGAL)}`;
    else name = `${rng.pick(TRADES).toUpperCase()} ${rng.pick(PLACES)} ${rng.pick(LEGAL)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const seven = pad(rng.int(100000, 9999999), 7);
    const ico = seven + icoCheck(seven);
    const bank = rng.pick(BANKS);
    // Same bank (ČSOB): the name arrives; other banks: cut, in capitals, or not at all.
    const style = bank === '0300' ? 0 : rng.pick([0, 1, 1, 2, 2, 3]);
    const plainName = sole ? `${sur} ${name.split(' ')[0]}` : name;
    const bankName = style === 0 ? name.slice(0, 35) : style === 1 ? asciiUpper(plainName).slice(0, 20) : style === 2 ? asciiUpper(plainName).slice(0, 35) : '';
    out.push({ id: 10000 + out.length * 7 + rng.int(0, 6), name, ico, dic: sole ? '' : `CZ${ico}`, account: accountNumber(rng, bank), bankName, eur: false, swift: false, term: rng.pick([14, 14, 14, 21, 30, 30]), ks: rng.pick(['0308', '0008', '0008', '']) });
  }
  for (const [name, cc, swift] of FOREIGN) {
    const vat = cc === 'SK' ? `SK20${rng.digits(8)}` : cc === 'AT' ? `ATU${rng.digits(8)}` : cc === 'DE' ? `DE${rng.digits(9)}` : cc === 'CH' ? `CHE${rng.digits(9)}` : cc === 'GB' ? `GB${rng.digits(9)}` : `SE${rng.digits(10)}01`;
    const iban = `${cc}${pad(rng.int(10, 99), 2)}${rng.digits(cc === 'GB' ? 18 : 16)}`;
    out.push({ id: 90000 + out.length, name, ico: '', dic: vat, account: iban, bankName: asciiUpper(name).slice(0, 35), eur: true, swift, term: 30, ks: '' });
  }
  return out;
}

type Series = 0 | 1 | 2;
interface Doc { series: Series; issue: number; due: number; cust: Customer; total: number; open: number; eur: boolean; listed: boolean; text: string; num?: string; vs?: string; ss: string; advance?: Doc }
interface StRow { date: number; eur: boolean; counter: string; name: string; amount: number; vs: string | (() => string); ks: string; ss: string; msg: string | (() => string); typ: string }

export function czVs({ seed, openItems }: WorldOptions): World {
  const rng = new Rng(seed * 2654435761 + 0x2c7a);
  const custs = customers(rng);
  const cz = custs.filter((c) => !c.eur), foreign = custs.filter((c) => c.eur), swift = foreign.filter((c) => c.swift), sepa = foreign.filter((c) => !c.swift);
  const amounts = new Amounts(rng);
  const S0 = dayOf(2026, 8, 1), S1 = dayOf(2026, 10, 30);
  const docs: Doc[] = [];
  const oi: Gen<Doc>[] = [];
  const st: Gen<StRow>[] = [];
  let gid = 0;
  const G = () => `g${++gid}`;
  const czk = () => (rng.chance(0.7) ? rng.int(8, 4500) * 100 * (rng.chance(0.2) ? 10 : 1) : rng.amountCents(600, 380000));
  const eurA = () => rng.amountCents(180, 42000);
  const payDay = () => nextBiz(rng.int(S0, S1 - 2));
  const doc = (cust: Customer, series: Series, payOn: number | null, opts: Partial<Doc> = {}): Doc => {
    // Unpaid documents: issued in the five months before the print date (some not yet due).
    const due = payOn === null ? rng.int(S0 - 150, S1 - 3) + (series === 2 ? 0 : cust.term) : payOn - rng.int(-12, 9);
    const issue = series === 2 ? due : due - cust.term;
    const eur = cust.eur;
    const total = opts.total ?? amounts.fresh(`${cust.id}`, eur ? eurA : czk);
    const d: Doc = { series, issue, due, cust, total, open: total, eur, listed: true, text: series === 1 ? 'Záloha dle objednávky' : rng.pick(['Prodej zboží', 'Dodávka materiálu', 'Servisní práce', 'Výroba dle výkresu', 'Dodávka dle obj.']), ss: rng.chance(0.15) ? cust.ico.slice(0, 6) : '', ...opts };
    docs.push(d);
    return d;
  };
  const addOi = (d: Doc, g: string | null, kind: string, amb = false) => oi.push({ key: d.issue, v: d, g, kind, amb });
  const ourAcc = (c: Customer) => c.eur;
  const pay = (c: Customer, date: number, amount: number, vs: StRow['vs'], msg: StRow['msg'], g: string | null, kind: string, amb = false, ks = c.ks) =>
    st.push({ key: date, v: { date, eur: ourAcc(c), counter: c.account, name: c.eur ? asciiUpper(c.name).slice(0, 35) : c.bankName, amount, vs, ks: c.eur ? '' : rng.chance(0.6) ? ks : '', ss: '', msg, typ: c.swift ? 'Zahraniční platba příchozí' : c.eur ? 'Příchozí SEPA úhrada' : 'Příchozí úhrada' }, g, kind, amb });
  const vsOf = (d: Doc) => () => d.vs!;
  const plainMsg = () => rng.pick(['', '', '', 'úhrada', 'platba faktury', 'fa', 'Faktura']);

  const W = {
    vs_exact: 250, vs_zero_variant: 70, invoice_number_in_message: 55, wrong_vs_number_in_message: 28, typo_vs: 24, multi_invoice: 33,
    credit_note_netted: 26, advance_invoice: 44, final_invoice_after_advance: 30, instalments: 9, part_payment: 25, remaining_balance: 20,
    payer_name_only: 30, ambiguous_equal_amounts: 10, eur_sepa_text: 52, short_paid_fee: 14, unpaid_invoice: 120, open_credit_note: 10,
  };
  while (oi.length < openItems) {
    const kind = rng.weighted(W);
    const c = kind === 'eur_sepa_text' ? rng.pick(sepa) : kind === 'short_paid_fee' ? rng.pick(swift) : rng.chance(0.05) && kind !== 'payer_name_only' && kind !== 'ambiguous_equal_amounts' ? rng.pick(foreign) : cz[rng.skewedIndex(cz.length)];
    const P = payDay();
    const g = G();
    switch (kind) {
      case 'vs_exact': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        pay(c, P, d.open, vsOf(d), rng.chance(0.25) ? () => `${rng.pick(['Úhrada ', 'FA ', ''])}${d.num}` : plainMsg(), g, kind);
        break;
      }
      case 'vs_zero_variant': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        const padTen = rng.chance(0.4);
        pay(c, P, d.open, () => (padTen ? pad(d.vs!, 10) : d.vs!.replace(/^0+/, '')), plainMsg(), g, kind);
        break;
      }
      case 'invoice_number_in_message': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        pay(c, P, d.open, '', () => rng.pick([`Uhrada faktury c. ${d.num}`, `fa ${d.vs!.replace(/^0+/, '')}`, `${d.num}`, `Faktura ${d.num} ${c.name.slice(0, 20)}`, `FV ${d.vs}`]), g, kind);
        break;
      }
      case 'wrong_vs_number_in_message': {
        // The payer's accounting puts its own order or supplier number in VS; the invoice is in the message.
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        const ownVs = rng.chance(0.5) ? String(rng.int(4500000000, 4599999999)) : rng.chance(0.5) ? c.ico : String(rng.int(2026001, 2026999));
        pay(c, P, d.open, ownVs, () => rng.pick([`obj. ${rng.int(1000, 9999)} fa ${d.num}`, `VF ${d.vs!.replace(/^0+/, '')}`, `Faktura c.${d.num}`]), g, kind);
        break;
      }
      case 'typo_vs': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        pay(c, P, d.open, () => typo(d.vs!, rng, new Set(docs.map((x) => x.vs!))), '', g, kind);
        break;
      }
      case 'multi_invoice': {
        const n = rng.int(2, 5), ds = Array.from({ length: n }, () => doc(c, 0, P));
        for (const d of ds) addOi(d, g, kind);
        const style = rng.int(0, 2);
        pay(c, P, ds.reduce((s, d) => s + d.open, 0), style === 0 ? vsOf(ds[0]) : '', style === 2 ? '' : () => cut(`${rng.pick(['Uhrada faktur ', 'FA ', 'faktury: '])}${ds.map((d) => (rng.chance(0.5) ? d.num : d.vs!.replace(/^0+/, ''))).join(rng.pick([', ', ' ', '+']))}`), g, kind);
        break;
      }
      case 'credit_note_netted': {
        const d = doc(c, 0, P);
        const n = rng.int(1, 2);
        const cns = Array.from({ length: n }, () => doc(c, 2, P, { total: -amounts.fresh(`${c.id}`, () => Math.round(d.total * (0.05 + rng.next() * 0.35))), text: rng.pick(['Dobropis – reklamace', 'Dobropis – vrácené zboží', 'Sleva za množství']) }));
        addOi(d, g, kind);
        for (const x of cns) { x.issue = Math.min(x.issue, P - rng.int(3, 20)); x.due = x.issue; addOi(x, g, kind); }
        const net = d.open + cns.reduce((s, x) => s + x.open, 0);
        pay(c, P, net, rng.chance(0.7) ? vsOf(d) : '', rng.chance(0.6) ? () => `${d.num} minus dobropis ${cns.map((x) => x.num).join(', ')}` : plainMsg(), g, kind);
        break;
      }
      case 'advance_invoice': {
        const d = doc(c, 1, P);
        d.issue = P - rng.int(2, 12);
        d.due = d.issue + 7;
        addOi(d, g, kind);
        pay(c, P, d.open, vsOf(d), rng.chance(0.4) ? () => `zaloha ${d.num}` : plainMsg(), g, kind);
        break;
      }
      case 'final_invoice_after_advance': {
        // The advance invoice was paid before the period; the final invoice shows the balance after it.
        const d = doc(c, 0, P, { total: 0 });
        const adv = doc(c, 1, null, { total: 0, listed: false });
        const base = czOrEur(c, rng);
        const advance = Math.round((base * rng.pick([20, 30, 50])) / 100 / 100) * 100;
        d.total = base;
        d.open = amounts.fresh(`${c.id}`, () => base - advance);
        adv.issue = d.issue - rng.int(20, 60);
        adv.due = adv.issue + 7;
        adv.total = adv.open = advance;
        d.advance = adv;
        addOi(d, g, kind);
        pay(c, P, d.open, vsOf(d), plainMsg(), g, kind);
        break;
      }
      case 'instalments': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        const first = Math.round(d.open * (0.3 + rng.next() * 0.4));
        const P2 = nextBiz(Math.min(S1, P + rng.int(14, 35)));
        pay(c, P, first, vsOf(d), () => `1. splátka ${d.num}`, g, kind);
        pay(c, P2, d.open - first, vsOf(d), () => `doplatek ${d.num}`, g, kind);
        break;
      }
      case 'part_payment': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        pay(c, P, Math.round(d.open * (0.3 + rng.next() * 0.4) / 100) * 100, vsOf(d), () => rng.pick(['částečná úhrada', 'záloha na fa', '']), g, kind);
        break;
      }
      case 'remaining_balance': {
        const d = doc(c, 0, P, { total: 0 });
        const t = czOrEur(c, rng);
        d.total = t;
        d.open = amounts.fresh(`${c.id}`, () => t - Math.round(t * (0.2 + rng.next() * 0.5)));
        addOi(d, g, kind);
        pay(c, P, d.open, vsOf(d), () => rng.pick(['doplatek', `doplatek fa ${d.num}`, '']), g, kind);
        break;
      }
      case 'payer_name_only': {
        const cc = cz.filter((x) => x.bankName)[rng.int(0, cz.filter((x) => x.bankName).length - 1)];
        const d = doc(cc, 0, P);
        addOi(d, g, kind);
        pay(cc, P, d.open, '', rng.pick(['', '', 'platba', cc.name.slice(0, 25)]), g, kind);
        break;
      }
      case 'ambiguous_equal_amounts': {
        const cc = cz[rng.skewedIndex(cz.length)];
        const a = doc(cc, 0, P);
        const b = doc(cc, 0, P, { total: a.total });
        b.issue = a.issue + rng.int(-20, 20);
        addOi(a, g, kind, true);
        addOi(b, null, kind, true);
        pay(cc, P, a.open, '', rng.pick(['', 'platba', 'faktura']), g, kind, true);
        break;
      }
      case 'eur_sepa_text': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        const vsInText = rng.chance(0.35);
        st.push({ key: P, v: { date: P, eur: true, counter: c.account, name: asciiUpper(c.name).slice(0, 35), amount: d.open, vs: vsInText ? vsOf(d) : '', ks: '', ss: '', msg: () => (vsInText ? `/VS/${d.vs}/SS//KS/` : rng.pick([`INVOICE ${d.num}`, `Rechnung ${d.num}`, `RE ${d.vs!.replace(/^0+/, '')}`, `Faktura ${d.num}`])), typ: 'Příchozí SEPA úhrada' }, g, kind });
        break;
      }
      case 'short_paid_fee': {
        const d = doc(c, 0, P);
        addOi(d, g, kind);
        const fee = rng.pick([500, 800, 1000, 1200, 1500, 2000, 2500]);
        st.push({ key: P, v: { date: P, eur: true, counter: c.account, name: asciiUpper(c.name).slice(0, 35), amount: d.open - fee, vs: '', ks: '', ss: '', msg: () => `INV ${d.num} ${rng.pick(['PAYMENT', 'REMITTANCE', ''])}`.trim(), typ: 'Zahraniční platba příchozí' }, g, kind });
        break;
      }
      case 'unpaid_invoice':
        addOi(doc(c, 0, null), null, kind);
        break;
      case 'open_credit_note': {
        const d = doc(c, 2, null, { total: -amounts.fresh(`${c.id}`, () => Math.round(czOrEur(c, rng) * 0.2)), text: 'Dobropis – reklamace' });
        addOi(d, null, kind);
        break;
      }
    }
  }

  // Numbers: per series and year, in issue order, a few numbers skipped (cancelled drafts).
  const bySeries = new Map<string, Doc[]>();
  for (const d of docs) {
    const y = new Date(d.issue * 86400000).getUTCFullYear() % 100;
    const k = `${d.series}${pad(y, 2)}`;
    bySeries.set(k, [...(bySeries.get(k) ?? []), d]);
  }
  for (const [k, list] of bySeries) {
    list.sort((a, b) => a.issue - b.issue);
    let n = k.endsWith('26') ? 180 + rng.int(0, 40) : 2400 + rng.int(0, 300);
    for (const d of list) {
      n += rng.chance(0.03) ? 2 : 1;
      d.vs = `${k}${pad(n, 4)}`;
      d.num = `${['FV', 'ZF', 'DB'][d.series]}${d.vs}`;
    }
  }
  for (const r of oi) {
    const adv = r.v.advance;
    if (adv) r.v.text = `Vyúčtování, odpočet zálohy ${adv.num} ${fmtMoney(adv.total, '\u00a0', ',')}`;
  }

  // Noise: the company's own payments and other credits.
  const months = [8, 9, 10];
  const noise = (date: number, amount: number, counter: string, name: string, vs: string, ks: string, ss: string, msg: string, typ: string, kind = 'noise', eur = false) =>
    st.push({ key: date, v: { date, eur, counter, name, amount, vs, ks, ss, msg, typ }, g: null, kind });
  const ourIco = '27654329';
  const nNoise = Math.round(openItems * 0.085);
  const unpaidVs = () => oi.filter((r) => r.kind === 'unpaid_invoice').map((r) => r.v);
  let made = 0;
  for (const m of months) {
    noise(nextBiz(dayOf(2026, m, 12)), -rng.int(1400000, 1900000) * 100, '', '', '', '', '', `Mzdy ${pad(m - 1, 2)}/2026 hromadný příkaz`, 'Hromadný příkaz');
    noise(nextBiz(dayOf(2026, m, 20)), -rng.int(380000, 520000) * 100, '705-77628031/0710', 'FÚ pro Kraj Vysočina', ourIco, '1148', '', 'DPH', 'Odchozí úhrada');
    noise(nextBiz(dayOf(2026, m, 20)), -rng.int(150000, 210000) * 100, '721-77628031/0710', 'FÚ pro Kraj Vysočina', ourIco, '1148', '', 'Zaloha dan ze zavisle cinnosti', 'Odchozí úhrada');
    noise(nextBiz(dayOf(2026, m, 20)), -rng.int(420000, 560000) * 100, '15822621/0710', 'ČSSZ', '9410012345', '3558', '', 'pojistne', 'Odchozí úhrada');
    noise(nextBiz(dayOf(2026, m, 20)), -rng.int(180000, 250000) * 100, `${near('1114001')}/0710`, 'VZP ČR', '2765432900', '3558', '', '', 'Odchozí úhrada');
    noise(dayOf(2026, m + 1, 1) - 1, -rng.pick([29000, 34900, 41500]), '', '', '', '', '', 'Poplatek za vedení účtu', 'Poplatek');
    noise(dayOf(2026, m + 1, 1) - 1, -rng.pick([1500, 2500]), '', '', '', '', '', 'Poplatky SEPA', 'Poplatek', 'noise', true);
    noise(dayOf(2026, m + 1, 1) - 1, rng.int(800, 9000), '', '', '', '', '', 'Připsaný úrok', 'Úrok');
    made += 8;
  }
  while (made < nNoise) {
    const t = rng.int(0, 9), date = nextBiz(rng.int(S0, S1 - 1));
    made++;
    if (t <= 3) {
      // Paying a supplier: their invoice number in VS — some suppliers number like we do.
      const vs = rng.chance(0.25) ? `0${26}${pad(rng.int(100, 2999), 4)}`.replace(/^0/, '') : String(rng.int(10000000, 2099999999));
      noise(date, -rng.amountCents(2000, 260000), accountNumber(rng, rng.pick(BANKS)), rng.pick(['FERONA a.s.', 'Hutní materiál Vysočina s.r.o.', 'ČEZ Prodej, a.s.', 'Würth, spol. s r.o.', 'Linde Gas a.s.', 'O2 Czech Republic a.s.', 'Kooperativa pojišťovna']), vs, rng.pick(['0308', '0008', '']), '', '', 'Odchozí úhrada');
    } else if (t <= 5) {
      noise(date, rng.amountCents(800, 60000), `${near('1387210012')}/2700`, 'GP WEBPAY', '', '', '', `Karty ${dmy(date - 1, '.')}`, 'Příchozí úhrada');
    } else if (t === 6) {
      // A supplier returns an overpayment citing its credit note — a number that is one of our open invoices' VS.
      const u = unpaidVs();
      const d = u.length ? rng.pick(u) : null;
      noise(date, rng.amountCents(300, 18000), accountNumber(rng, rng.pick(BANKS)), rng.pick(['FERONA a.s.', 'Hutní materiál Vysočina s.r.o.', 'Würth, spol. s r.o.']), d?.vs?.replace(/^0+/, '') ?? '', '', '', 'Vratka přeplatku dle dobropisu', 'Příchozí úhrada', 'noise_vs_collision');
    } else if (t === 7) {
      // A customer pays for an order not yet invoiced (no advance invoice issued): no open item.
      const cc = cz[rng.skewedIndex(cz.length)];
      noise(date, rng.int(50, 900) * 1000, cc.account, cc.bankName, String(rng.int(100, 999)) + pad(rng.int(0, 9999), 4), cc.ks, '', `zaloha na objednavku ${rng.int(100, 999)}`, 'Příchozí úhrada', 'noise_unbilled_deposit');
    } else if (t === 8) {
      noise(date, rng.amountCents(3000, 90000), '2226222/0800', 'Kooperativa pojišťovna, a.s.', String(rng.int(7720000000, 7729999999)), '', '', 'Pojistné plnění', 'Příchozí úhrada');
    } else {
      const emp = `${rng.pick(SURNAMES)} ${rng.pick(FIRST)}`;
      noise(date, -rng.int(800, 6000) * 100, accountNumber(rng, rng.pick(BANKS)), asciiUpper(emp), '', '', '', 'Cestovní náhrady', 'Odchozí úhrada');
    }
  }

  // ---- Render ----
  const oiRows = inFileOrder(oi, rng);
  const stRows = inFileOrder(st, rng);
  const sep = ';';
  const money = (v: number) => fmtMoney(v, '\u00a0', ',');
  const oiHead = ['Číslo', 'Typ dokladu', 'Var. symbol', 'Konst. symbol', 'Spec. symbol', 'Vystaveno', 'Splatnost', 'Odběratel', 'IČ', 'DIČ', 'Celkem', 'Zbývá uhradit', 'Měna', 'Zbývá v Kč', 'Text'];
  const oiLines = [
    'Kovolis Vysočina s.r.o.;Neuhrazené pohledávky – vydané faktury, zálohové faktury, dobropisy',
    `Vytištěno: 02.11.2026 07:41;Uživatel: ucetni`,
    '',
    oiHead.join(sep),
    ...oiRows.map(({ v: d }) => [d.num!, ['Faktura', 'Zálohová faktura', 'Dobropis'][d.series], d.vs!, d.series === 0 ? d.cust.ks : '', d.ss, dmy(d.issue, '.'), dmy(d.due, '.'), d.cust.name, d.cust.ico, d.cust.dic, money(d.total), money(d.open), d.eur ? 'EUR' : 'CZK', money(d.eur ? Math.round(d.open * EUR_RATE) : d.open), d.text].map((f) => csvField(f, sep)).join(sep)),
    '',
    `Celkem CZK;;;;;;;;;;;${money(oiRows.filter((r) => !r.v.eur).reduce((s, r) => s + r.v.open, 0))};CZK`,
    `Celkem EUR;;;;;;;;;;;${money(oiRows.filter((r) => r.v.eur).reduce((s, r) => s + r.v.open, 0))};EUR`,
  ];
  const plain = (v: number) => fmtMoney(v, '', ',');
  const accCzk = '217543109/0300', accEur = '217543205/0300';
  const stHead = ['Datum zaúčtování', 'Datum valuty', 'Účet', 'Protiúčet', 'Název protiúčtu', 'Částka', 'Měna', 'VS', 'KS', 'SS', 'Zpráva pro příjemce', 'Typ transakce', 'Reference banky'];
  let ref = 7000000 + rng.int(0, 999999);
  const str = (x: string | (() => string)) => (typeof x === 'string' ? x : x());
  const body = stRows.map(({ v }) => [dmy(v.date, '.'), dmy(v.date, '.'), v.eur ? accEur : accCzk, v.counter, v.name, plain(v.amount), v.eur ? 'EUR' : 'CZK', str(v.vs), v.ks, v.ss, cut(str(v.msg)), v.typ, String(ref += rng.int(1, 40))].map((f) => csvField(f, sep)).join(sep));
  const open = { CZK: rng.int(800000, 4000000) * 100, EUR: rng.int(20000, 150000) * 100 };
  const sumOf = (eur: boolean) => stRows.filter((r) => r.v.eur === eur).reduce((s, r) => s + r.v.amount, 0);
  const stLines = [
    'Výpis pohybů na účtech',
    `Majitel;Kovolis Vysočina s.r.o.`,
    `Účty;${accCzk} (CZK);${accEur} (EUR)`,
    `Období;${dmy(S0, '.')} - ${dmy(dayOf(2026, 10, 31), '.')}`,
    '',
    stHead.join(sep),
    ...body,
    '',
    `Počáteční zůstatek CZK;${plain(open.CZK)}`,
    `Konečný zůstatek CZK;${plain(open.CZK + sumOf(false))}`,
    `Počáteční zůstatek EUR;${plain(open.EUR)}`,
    `Konečný zůstatek EUR;${plain(open.EUR + sumOf(true))}`,
  ];
  const n = (k: string) => oi.filter((r) => r.kind === k).length;
  return {
    name: NAME,
    description: `A Czech metalwork supplier (Kovolis Vysočina s.r.o.) with customers in Czechia (CZK) and a few in Slovakia, Austria, Germany, Switzerland, the UK and Sweden (EUR). Open items: a receivables list from a Pohoda/Money-style accounting package in Windows-1250, ';', dd.mm.yyyy, amounts '1 234,56' with a no-break space, invoices (FV), advance invoices (ZF) and credit notes (DB) whose variabilní symbol is the number without its letters and starts with the series digit (often a leading zero). Statement: a Czech bank CSV in UTF-8 covering a CZK and an EUR account, counterparty 'prefix-number/bank', VS/KS/SS columns and a message; payers cite the VS exactly, without the leading zero or padded to ten digits, with a typo, or put their own number in VS and the invoice in the message; multi-invoice payments, credit notes deducted, advance invoices paid before the final invoice (which then shows only the balance), instalments and part payments, SEPA payments with /VS/ in the text, SWIFT payments short by charges, payments with neither VS nor message; noise: payroll, VAT and income-tax payments to the tax office and social/health insurance with their own VS, suppliers (some numbered like our invoices), a supplier refund whose VS equals one of our open invoices, customer deposits for orders not invoiced, card settlements, fees and interest. ${n('unpaid_invoice')} invoices stay unpaid.`,
    openItems: { fileName: 'cz-vs-pohledavky.csv', content: encodeCp1250(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'cz-vs-vypis-pohybu.csv', content: stLines.join('\n') + '\n' },
    truth: [...truthFor('open_items', oiRows), ...truthFor('statement', stRows)],
  };
}

function czOrEur(c: Customer, rng: Rng): number {
  return c.eur ? rng.int(2000, 40000) * 100 : rng.int(20, 3500) * 1000;
}
const cut = (s: string) => (s.length > 140 ? s.slice(0, 140) : s);
/** One digit changed or two neighbours swapped, never another document's VS. */
function typo(vs: string, rng: Rng, taken: Set<string>): string {
  for (let k = 0; k < 50; k++) {
    const i = rng.int(1, vs.length - 2);
    const t = rng.chance(0.5) ? vs.slice(0, i) + vs[i + 1] + vs[i] + vs.slice(i + 2) : vs.slice(0, i) + String((Number(vs[i]) + rng.int(1, 9)) % 10) + vs.slice(i + 1);
    if (t !== vs && !taken.has(t)) return t;
  }
  throw new Error('no typo');
}
