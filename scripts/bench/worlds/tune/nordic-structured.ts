/**
 * nordic-structured — Kiinteistöhuolto Pohjola Oy, a Finnish facility-services company in Oulu
 * with customers in Finland, Sweden and Norway, reconciles its EUR account at OP.
 *
 * Open items: a `;`-separated ERP export (decimal comma, dd.mm.yyyy) with numeric invoice numbers
 * (`104233`, credit notes in the same series) and a payment reference column per invoice: a
 * Finnish national reference (customer number + invoice number + a 7-3-1 check digit), an ISO
 * 11649 RF reference built on that national reference (`RFkk` + mod-97 check), or for Norwegian
 * customers a KID (customer number + invoice number + a Luhn check digit).
 *
 * Statement: an OP-style CSV (`;`, decimal comma with a leading sign, dd.mm.yyyy) with
 * Kirjauspäivä, Arvopäivä, Määrä EUROA, Laji, Selitys, Saaja/Maksaja, account, BIC, Viite
 * (structured reference), Viesti (free text) and Arkistointitunnus (the bank's archive id).
 * Cases (kind): reference exactly in the Viite column; reference written in the free text in
 * groups (RF in fours, national reference in fives from the right, KID in fours, or the national
 * reference inside an RF written without the RF part); invoice number in the free text only; a
 * credit note netted against one or two invoices; a payment naming nothing but the payer, whose
 * amount is unique among the payer's open items — or shared with a second open item of the same
 * payer (ambiguous); a payment later returned (`PALAUTUS` + the original archive id, no name, no
 * reference), whose invoice stays open; part payments of 40–70 % naming the invoice; two invoices
 * in one transfer naming both; bank fees, interest and supplier payments; unpaid invoices.
 */
import type { World, WorldGenerator, WorldTruthRow } from '../world';
import { Rng, bankDay, fmtDate, money, pad } from './random';

type Land = 'FI' | 'SE' | 'NO';
type RefKind = 'fi' | 'rf' | 'kid';
interface Cust { no: number; name: string; bank: string; land: Land; refKind: RefKind; iban: string; bic: string }
interface Doc { c: Cust; day: number; amt: number; cm: boolean; no: number; ref: string; national: string; g: string | null; kind: string; amb?: boolean }
interface Pay { day: number; amt: number; name: string; acct: string; bic: string; laji: string; selitys: string; viite: () => string; viesti: () => string; arch?: string; g: string | null; kind: string; amb?: boolean }

/** Finnish national reference: base + check digit with weights 7, 3, 1 from the right. */
export function fiRef(base: string): string {
  const w = [7, 3, 1];
  let s = 0;
  for (let i = 0; i < base.length; i++) s += Number(base[base.length - 1 - i]) * w[i % 3];
  return base + ((10 - (s % 10)) % 10);
}
const mod97 = (digits: string) => { let r = 0; for (const ch of digits) r = (r * 10 + Number(ch)) % 97; return r; };
const alnumDigits = (s: string) => s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
/** ISO 11649: RF + two check digits + the reference (here the national reference). */
export function rfRef(ref: string): string { return `RF${pad(98 - mod97(alnumDigits(ref + 'RF00')), 2)}${ref}`; }
/** Norwegian KID with a mod-10 (Luhn) check digit. */
export function kid(base: string): string {
  let s = 0;
  for (let i = 0; i < base.length; i++) { let d = Number(base[base.length - 1 - i]) * (i % 2 === 0 ? 2 : 1); if (d > 9) d -= 9; s += d; }
  return base + ((10 - (s % 10)) % 10);
}
const fives = (s: string) => s.replace(/\B(?=(\d{5})+(?!\d))/g, ' ');
const fours = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

const FI_NAMES = ['Virtanen', 'Korhonen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Järvinen', 'Lehtonen', 'Saarinen', 'Salminen', 'Heinonen', 'Niemi', 'Kallio', 'Pohjoisen', 'Lapin', 'Kainuun', 'Oulun', 'Kemin', 'Rovaniemen', 'Raahen', 'Iin'];
const FI_TRADES = ['Kiinteistöt', 'Rakennus', 'Sähkö', 'LVI', 'Kuljetus', 'Isännöinti', 'Asunnot', 'Kauppa', 'Konepaja', 'Puutarha', 'Siivous', 'Logistiikka'];
const SE_NAMES = ['Lindqvist', 'Johansson', 'Andersson', 'Norrlands', 'Bergström', 'Luleå', 'Haparanda', 'Sundberg', 'Holmgren', 'Nyström'];
const SE_TRADES = ['Fastigheter', 'Bygg', 'Transport', 'Elteknik', 'Förvaltning', 'Handel'];
const NO_NAMES = ['Hansen', 'Johansen', 'Olsen', 'Larsen', 'Tromsø', 'Finnmark', 'Nordkapp', 'Berg', 'Haugen', 'Alta'];
const NO_TRADES = ['Eiendom', 'Bygg', 'Transport', 'Elektro', 'Drift', 'Handel'];
const BICS: Record<Land, string[]> = { FI: ['OKOYFIHH', 'NDEAFIHH', 'HELSFIHH', 'DABAFIHH', 'POPFFI22', 'HANDFIHH'], SE: ['HANDSESS', 'SWEDSESS', 'ESSESESS', 'NDEASESS'], NO: ['DNBANOKK', 'NDEANOKK', 'SPRONO22'] };
const SUPPLIERS = ['Oulun Energia Oy', 'Elisa Oyj', 'Telia Finland Oyj', 'Kesko Oyj', 'Neste Markkinointi Oy', 'Ilmarinen', 'LähiTapiola', 'Verohallinto', 'Ramirent Finland Oy', 'Würth Oy'];

const START = 0, SPAN = 59; // statement: 2026-01-02 … 2026-03-01
const d8 = (day: number) => fmtDate(day, 'dd.mm.yyyy');
/** Finnish amounts: decimal comma, a space between thousands. */
const fiMoney = (c: number) => { const [i, f] = money(c, ',').split(','); return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${f}`; };
const amt = (c: number) => (c < 0 ? '' : '+') + money(c, ',');

export const nordicStructured: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 7919 + 32);
  const ibanFor = (land: Land) => {
    const bban = land === 'FI' ? rng.digits(14, true) : land === 'SE' ? rng.digits(20, true) : rng.digits(11, true);
    return land + pad(98 - mod97(alnumDigits(bban + land + '00')), 2) + bban;
  };
  const custs: Cust[] = [];
  const names = new Set<string>();
  const nCust = Math.max(30, Math.round(openItems / 6));
  let redraws = 0;
  while (custs.length < nCust) {
    const land: Land = rng.weighted<Land>([['FI', 70], ['SE', 18], ['NO', 12]]);
    const [ns, ts, forms] = land === 'FI' ? [FI_NAMES, FI_TRADES, ['Oy', 'Oy', 'Oyj', 'Ky', 'Ay']] : land === 'SE' ? [SE_NAMES, SE_TRADES, ['AB', 'AB', 'HB']] : [NO_NAMES, NO_TRADES, ['AS', 'AS', 'ASA']];
    let name = `${rng.pick(ns)} ${rng.pick(ts)} ${rng.pick(forms)}`;
    if (names.has(name)) name = `${name.replace(/ (\S+)$/, '')} ${rng.int(2, 9)} ${name.split(' ').pop()}`;
    // Name pools run out at very large scales: after many redraws a number tells namesakes apart.
    if (names.has(name) && ++redraws < 1000) continue;
    for (let k = 10; names.has(name); k++) name = `${name.replace(/ \d+ (\S+)$/, ' $1').replace(/ (\S+)$/, '')} ${k} ${name.split(' ').pop()}`;
    names.add(name);
    const bank = rng.chance(0.4) ? name.toUpperCase() : rng.chance(0.15) ? name.replace(/ (Oy|Oyj|Ky|Ay|AB|HB|AS|ASA)$/, '') : name;
    const refKind: RefKind = land === 'NO' ? 'kid' : land === 'SE' ? 'rf' : rng.chance(0.3) ? 'rf' : 'fi';
    custs.push({ no: 20100 + custs.length * rng.int(1, 3) + rng.int(0, 1), name, bank, land, refKind, iban: ibanFor(land), bic: rng.pick(BICS[land]) });
  }
  const custNos = new Set<number>();
  for (const c of custs) { while (custNos.has(c.no)) c.no++; custNos.add(c.no); }

  const docs: Doc[] = [], pays: Pay[] = [];
  const byCust = new Map<Cust, Doc[]>();
  const cust = () => custs[Math.min(custs.length - 1, Math.floor(custs.length * Math.pow(rng.next(), 1.6)))];
  const doc = (c: Cust, day: number, cents: number, g: string | null, kind: string, cm = false): Doc => {
    const d: Doc = { c, day, amt: cm ? -cents : cents, cm, no: 0, ref: '', national: '', g, kind };
    docs.push(d);
    const l = byCust.get(c) ?? [];
    l.push(d);
    byCust.set(c, l);
    return d;
  };
  const amountFor = () => { const v = Math.exp(Math.log(60) + rng.next() * (Math.log(18000) - Math.log(60))); return rng.chance(0.1) ? Math.round(v / 10) * 1000 : Math.round(v * 100); };
  /** An amount no other open item of this customer has (nor will get: later items check too). */
  const uniqueFor = (c: Cust) => { for (;;) { const a = amountFor(); if (a % 1000 !== 0 && !(byCust.get(c) ?? []).some((d) => Math.abs(d.amt) === a)) return a; } };
  const archive = (day: number) => `${fmtDate(day, 'yyyymmdd')}${rng.digits(6, true)}${rng.pick(['O', 'N', 'H'])}${rng.digits(5, true)}`;
  const payDays: number[] = [];
  for (let d = START; d < START + SPAN; d++) if (bankDay(d) === d) payDays.push(d);
  const incoming = (day: number, amount: number, c: Cust, viite: () => string, viesti: () => string, g: string | null, kind: string, amb?: boolean): Pay => {
    const p: Pay = { day, amt: amount, name: c.bank, acct: c.iban, bic: c.bic, laji: '710', selitys: '', viite, viesti, arch: archive(day), g, kind, amb };
    if (c.land !== 'FI') { p.laji = '710'; p.selitys = 'SEPA-MAKSU'; }
    pays.push(p);
    return p;
  };
  // Free-text forms of an invoice number and of a reference.
  const invText = (d: Doc) => rng.pick([`Lasku ${d.no}`, `lasku nro ${d.no}`, `Laskunro ${d.no}`, `${d.no}`, `Faktura ${d.no}`, `Fakt nr ${d.no}`, `Invoice ${d.no}`, `lask ${d.no}`]);
  const groupedRef = (d: Doc) => {
    if (d.c.refKind === 'kid') return rng.pick([`KID ${fours(d.ref)}`, `KID: ${fours(d.ref)}`, fours(d.ref)]);
    if (d.c.refKind === 'rf') return rng.chance(0.3) ? rng.pick([`Viite ${fives(d.national)}`, `ref ${fives(d.national)}`]) : rng.pick([fours(d.ref), `Viite ${fours(d.ref)}`, `Ref: ${fours(d.ref)}`]);
    return rng.pick([`Viite ${fives(d.ref)}`, `viitenro ${fives(d.ref)}`, fives(d.ref), `Ref ${fives(d.ref)}`]);
  };
  const extra = () => rng.pick(['', '', '', '', ` asiakasnro ${rng.digits(5)}`, ` tilaus ${rng.digits(6)}`, ` puh 040 ${rng.digits(7)}`, ` 90100 OULU`, ' kiitos']);
  const empty = () => '';

  let gid = 0;
  while (docs.length < openItems) {
    const kind = rng.weighted<string>([['structured_ref_exact', 42], ['structured_ref_grouped', 12], ['invoice_number_text', 10], ['credit_note_netted', 4], ['payer_name_only', 4], ['ambiguous_equal_amounts', 1], ['returned_payment', 1.5], ['part_payment', 3], ['multi_invoice', 4], ['unpaid_invoice', 12]]);
    const g = `n${++gid}`, c = cust(), pd = rng.pick(payDays);
    const inv = (k = kind, gg: string | null = g, cents = amountFor()) => doc(c, pd - rng.int(8, 60), cents, gg, k);
    switch (kind) {
      case 'structured_ref_exact': { const d = inv(); incoming(pd, d.amt, c, () => d.ref, () => (rng.chance(0.3) ? invText(d) : ''), g, kind); break; }
      case 'structured_ref_grouped': { const d = inv(); incoming(pd, d.amt, c, empty, () => groupedRef(d) + extra(), g, kind); break; }
      case 'invoice_number_text': { const d = inv(); incoming(pd, d.amt, c, empty, () => invText(d) + extra(), g, kind); break; }
      case 'part_payment': {
        const d = inv();
        const part = Math.round(d.amt * (0.4 + rng.next() * 0.3));
        incoming(pd, part, c, () => (rng.chance(0.4) ? d.ref : ''), () => `${rng.pick(['Osamaksu', 'Osasuoritus', 'Delbetalning', 'Ennakko'])} ${invText(d)}`, g, kind);
        break;
      }
      case 'multi_invoice': {
        const a = inv(), b = inv();
        incoming(pd, a.amt + b.amt, c, empty, () => rng.pick([`Laskut ${a.no} ja ${b.no}`, `${a.no}, ${b.no}`, `Fakturor ${a.no} ${b.no}`, `${groupedRef(a)} / ${groupedRef(b)}`, `Lasku ${a.no} + ${b.no}`]), g, kind);
        break;
      }
      case 'credit_note_netted': {
        const ds = Array.from({ length: rng.chance(0.7) ? 1 : 2 }, () => inv());
        const gross = ds.reduce((s, d) => s + d.amt, 0);
        const cn = doc(c, pd - rng.int(2, 20), Math.max(500, Math.round(gross * (0.05 + rng.next() * 0.35))), g, kind, true);
        incoming(pd, gross + cn.amt, c, empty, () => `${ds.map((d) => rng.pick([`Lasku ${d.no}`, `${d.no}`])).join(' + ')} ${rng.pick(['- hyvitys', 'miinus hyvityslasku', '-', 'hyvitys', 'kreditnota'])} ${cn.no}`, g, kind);
        break;
      }
      case 'payer_name_only': { const d = inv(kind, g, uniqueFor(c)); incoming(pd, d.amt, c, empty, () => rng.pick(['', '', 'Maksu', 'Betalning', 'Laskun maksu']), g, kind); break; }
      case 'ambiguous_equal_amounts': {
        const a = uniqueFor(c), d = inv(kind, g, a), twin = inv(kind, null, a);
        d.amb = twin.amb = true;
        incoming(pd, a, c, empty, () => rng.pick(['', 'Maksu', 'Lasku']), g, kind, true);
        break;
      }
      case 'returned_payment': {
        const d = inv(kind, null);
        const p = incoming(pd, d.amt, c, () => d.ref, empty, null, kind);
        const later = bankDay(pd + rng.int(1, 6));
        pays.push({ day: later, amt: -d.amt, name: '', acct: '', bic: '', laji: '720', selitys: 'PALAUTUS', viite: empty, viesti: () => `${rng.pick(['PALAUTUS', 'PALAUTETTU MAKSU', 'RETUR'])} ${rng.pick(['ARK', 'ARKISTOTUNNUS', 'ALKUP.'])} ${p.arch} ${rng.pick(['TILI SULJETTU', 'VIRHEELLINEN TILI', 'MAKSAJAN PYYNNÖSTÄ', ''])}`.trim(), arch: archive(later), g: null, kind });
        break;
      }
      case 'unpaid_invoice': doc(c, START + rng.int(-40, SPAN - 2), amountFor(), null, kind); break;
    }
  }
  // Invoice numbers in date order (gaps are invoices settled before the export), references after.
  const order = docs.map((d, i) => [d.day, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => docs[i]);
  let no = 103400 + rng.int(0, 400);
  for (const d of order) {
    d.no = no;
    no += rng.chance(0.7) ? 1 : rng.int(2, 4);
    const base = `${d.c.no}${d.no}`;
    d.national = d.c.refKind === 'kid' ? '' : fiRef(base);
    d.ref = d.cm ? '' : d.c.refKind === 'kid' ? kid(base) : d.c.refKind === 'rf' ? rfRef(d.national) : d.national;
  }
  const opening = 1_500_000 + rng.int(0, 9_000_000);
  // Bank fees, interest and supplier payments: nothing on the list.
  const nNoise = Math.round(openItems * 0.08);
  for (let i = 0; i < nNoise; i++) {
    const k = rng.weighted<string>([['noise_bank_fee', 3], ['noise_interest', 1], ['noise_supplier', 5]]), day = rng.pick(payDays);
    if (k === 'noise_bank_fee') pays.push({ day, amt: -rng.int(150, 4500), name: 'OP Yrityspankki Oyj', acct: '', bic: '', laji: '730', selitys: 'PALVELUMAKSU', viite: empty, viesti: () => rng.pick(['Palvelumaksut 01/2026', 'Tilin käyttömaksu', 'Viitesiirtojen käsittelymaksu', 'SEPA-maksujen hinnat']), arch: archive(day), g: null, kind: k });
    if (k === 'noise_interest') pays.push({ day, amt: rng.int(5, 9000), name: 'OP Yrityspankki Oyj', acct: '', bic: '', laji: '750', selitys: 'KORKO', viite: empty, viesti: () => 'Talletuskorko', arch: archive(day), g: null, kind: k });
    if (k === 'noise_supplier') { const s = rng.pick(SUPPLIERS); const r = fiRef(rng.digits(rng.int(6, 12))); pays.push({ day, amt: -amountFor(), name: s, acct: ibanFor('FI'), bic: rng.pick(BICS.FI), laji: '710', selitys: 'TILISIIRTO', viite: () => (rng.chance(0.6) ? r : ''), viesti: () => (rng.chance(0.5) ? `Lasku ${rng.digits(6)}` : ''), arch: archive(day), g: null, kind: k }); }
  }

  // File order: open items by invoice number; the statement by booking day (ties shuffled).
  const oiRows = [...docs].sort((a, b) => a.no - b.no);
  const stRows = pays.map((p) => [p, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]).map(([p]) => p);
  const truth: WorldTruthRow[] = [];
  const t = (side: WorldTruthRow['side'], row: number, g: string | null, kind: string, amb?: boolean) => truth.push(amb ? { side, row, group: g, kind, ambiguous: true } : { side, row, group: g, kind });
  const q = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const oiLines = oiRows.map((d, i) => {
    t('open_items', i + 1, d.g, d.kind, d.amb);
    return [d.no, d.cm ? 'Hyvityslasku' : 'Lasku', d.c.no, q(d.c.name), d8(d.day), d8(d.day + (d.cm ? 0 : rng.pick([14, 14, 21, 30]))), fiMoney(d.amt), fiMoney(d.amt), 'EUR', d.ref].join(';');
  });
  let balance = opening;
  const stLines = stRows.map((p, i) => {
    t('statement', i + 1, p.g, p.kind, p.amb);
    balance += p.amt;
    const val = p.amt > 0 && rng.chance(0.1) ? p.day - 1 : p.day;
    const v = p.viite();
    return [d8(p.day), d8(val), amt(p.amt), p.laji, p.selitys || (v ? 'VIITESIIRTO' : 'TILISIIRTO'), q(p.name), p.acct, p.bic, v, q(p.viesti().replace(/\s+/g, ' ').trim()), p.arch ?? ''].join(';');
  });
  return {
    name: 'nordic-structured',
    description:
      'Kiinteistöhuolto Pohjola Oy (Finland): an ERP export (;, decimal comma, dd.mm.yyyy) of numeric invoices and credit notes, each invoice with a Finnish national reference (7-3-1), an RF creditor reference or, for Norwegian customers, a KID, against an OP-style bank CSV with Viite (reference) and Viesti (message) columns and archive ids. Cases: reference exact in Viite; reference grouped in the message (RF in fours, national in fives, KID, national reference without its RF part); invoice number in the message only; credit note netted; payer name only (unique amount, or shared with a second open item: ambiguous); payment returned (PALAUTUS + archive id); part payments 40–70 %; two invoices in one transfer; bank fees, interest, supplier payments; unpaid invoices.',
    openItems: { fileName: 'nordic-structured-avoimet.csv', content: ['Laskunumero;Tyyppi;Asiakasnro;Asiakas;Laskupäivä;Eräpäivä;Summa;Avoinna;Valuutta;Maksuviite', ...oiLines].join('\r\n') + '\r\n' },
    statement: { fileName: 'nordic-structured-tapahtumat.csv', content: ['Kirjauspäivä;Arvopäivä;Määrä EUROA;Laji;Selitys;Saaja/Maksaja;Saajan tilinumero;Saajan pankin BIC;Viite;Viesti;Arkistointitunnus', ...stLines].join('\r\n') + '\r\n' },
    truth,
  };
};
