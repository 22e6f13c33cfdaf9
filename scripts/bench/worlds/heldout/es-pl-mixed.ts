/**
 * es-pl-mixed — Wielkopolskie Zakłady Metalowe sp. z o.o., a Poznań metalworks selling to Polish
 * customers in PLN and to Spanish customers in EUR, reconciles its PLN current account at PKO BP.
 *
 * Open items: a `;`-separated "Rozrachunki" export from a Polish ERP (yyyy-mm-dd, decimal comma):
 * invoices `FV/2026/01/0012` numbered per month, corrections (credit notes) `KOR/2026/01/0003`,
 * the customer's NIP (Spanish customers: CIF), currency, amount in currency, the NBP rate of the
 * day before the invoice and the open amount in PLN.
 *
 * Statement: a PKO BP style "historia rachunku" CSV (`,`, every field quoted, yyyy-mm-dd, signed
 * amounts with a dot, newest first, balance after each operation), the description spread over
 * four columns as `Rachunek nadawcy: <NRB>`, `Nazwa nadawcy: …`, `Adres nadawcy: …`,
 * `Tytuł: …`. Polish titles write the invoice loosely (`FV/2026/01/0012`, `fv 2026/1/12`,
 * `F-ra FV 0012/01/2026`) and often carry the payer's NIP, order numbers or account numbers;
 * split payments (MPP) carry `/VAT/…/IDC/<NIP>/INV/<invoice>/TXT/…` and are followed by the bank
 * moving the VAT part to the VAT account. Spanish customers pay EUR invoices by SEPA transfer
 * with Spanish titles (`PAGO FRA. …`, `CIF B12345674`), converted by the bank to PLN at its own
 * rate. Cases: single payments by invoice number, split payments, several invoices in one
 * transfer, corrections netted, part payments, a parent company paying invoices of two or three
 * subsidiaries, a transposed digit in the invoice number, EUR invoices paid in PLN, payer name
 * only (unique amount, or shared: ambiguous), direct debits (polecenie zapłaty) and returned ones,
 * unpaid invoices and open corrections; salaries, ZUS, tax, fees, VAT moves and supplier payments
 * naming the supplier's own `FV/…` numbers.
 */
import type { World, WorldGenerator, WorldTruthRow } from '../world';
import { Rng, dayOf, lettersToDigits, mod97, pad, ymd } from './prng';

type Land = 'PL' | 'ES';
interface Cust { no: number; name: string; short: string; nip: string; nrb: string; addr: string; land: Land; dd: boolean; family?: number }
interface Doc { c: Cust; day: number; cur: 'PLN' | 'EUR'; fx: number; rate: number; pln: number; cm: boolean; no: string; y: number; m: number; seq: number; g: string | null; kind: string; amb?: boolean }
interface Line { day: number; amt: number; typ: string; acct: string; name: string; addr: string; title: () => string; g: string | null; kind: string; amb?: boolean; nameLabel?: string }

const D0 = dayOf(2026, 1, 2), SPAN = 59;
const iso = (d: number) => { const [y, m, dd] = ymd(D0 + d); return `${y}-${pad(m, 2)}-${pad(dd, 2)}`; };
const wd = (d: number) => new Date((D0 + d) * 86400000).getUTCDay();
const bizDay = (d: number) => (wd(d) === 6 ? d + 2 : wd(d) === 0 ? d + 1 : d);
const pl = (c: number) => { const a = Math.abs(c); return (c < 0 ? '-' : '') + Math.floor(a / 100) + ',' + pad(a % 100, 2); };
const signed = (c: number) => (c < 0 ? '-' : '+') + Math.floor(Math.abs(c) / 100) + '.' + pad(Math.abs(c) % 100, 2);
/** NBP mid rate EUR/PLN for a day (plausible, smooth). */
const nbp = (d: number) => Math.round((4.255 + 0.028 * Math.sin(d / 17) + 0.01 * Math.sin(d / 5)) * 1e4) / 1e4;

export function nip(rng: Rng): string {
  for (;;) {
    const b = String(rng.int(1, 9)) + pad(rng.int(0, 99999999), 8);
    const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
    const c = [...b].reduce((s, ch, i) => s + Number(ch) * w[i], 0) % 11;
    if (c !== 10) return b + c;
  }
}
function cif(rng: Rng): string {
  const b = pad(rng.int(0, 9999999), 7);
  let s = 0;
  for (let i = 0; i < 7; i++) { const v = Number(b[i]); if (i % 2 === 1) s += v; else { const x = v * 2; s += Math.floor(x / 10) + (x % 10); } }
  return rng.pick(['B', 'B', 'A']) + b + ((10 - (s % 10)) % 10);
}
/** A Polish NRB (IBAN without PL) grouped 2 + 6×4. */
function nrb(rng: Rng): string {
  const bban = rng.pick(['10204027', '10901014', '11402004', '10501445', '12401037', '10202892', '11602202']) + pad(rng.int(0, 99999999), 8) + pad(rng.int(0, 99999999), 8);
  const chk = pad(98 - mod97(lettersToDigits(bban + 'PL00')), 2);
  return (chk + bban).replace(/^(\d{2})(\d{4})(\d{4})(\d{4})(\d{4})(\d{4})(\d{4})$/, '$1 $2 $3 $4 $5 $6 $7');
}
const esIban = (rng: Rng) => { const b = rng.pick(['2100', '0049', '0182', '0081', '2085']) + pad(rng.int(0, 9999), 4) + pad(rng.int(0, 99), 2) + pad(rng.int(0, 9999999999), 10); return 'ES' + pad(98 - mod97(lettersToDigits(b + 'ES00')), 2) + b; };

const PL_A = ['Kowalski', 'Nowak', 'Wiśniewski', 'Wójcik', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Dąbrowski', 'Mazur', 'Krawczyk', 'Piotrowski', 'Grabowski', 'Pawlak', 'Michalski', 'Wielkopolska', 'Poznańska', 'Kaliska', 'Gnieźnieńska', 'Leszczyńska', 'Pilska', 'Bałtycka', 'Śląska'];
const PL_B = ['Stal', 'Konstrukcje', 'Budownictwo', 'Instalacje', 'Logistyka', 'Handel', 'Maszyny', 'Serwis', 'Technika', 'Metal', 'Dachy', 'Hurtownia'];
const PL_FORM = ['sp. z o.o.', 'sp. z o.o.', 'sp. z o.o.', 'S.A.', 'sp. j.', 'sp. k.'];
const ES_A = ['García', 'Martínez', 'López', 'Sánchez', 'Fernández', 'Ibérica', 'Levante', 'Cantábrica', 'Mediterránea', 'Andaluza', 'Aragonesa', 'Norte'];
const ES_B = ['Estructuras', 'Metalurgia', 'Construcciones', 'Suministros', 'Montajes', 'Industrial', 'Ferretería'];
const ES_FORM = ['S.L.', 'S.L.', 'S.A.', 'S.L.U.'];
const TOWNS = ['60-101 Poznań', '62-800 Kalisz', '62-200 Gniezno', '64-100 Leszno', '00-950 Warszawa', '50-001 Wrocław', '80-001 Gdańsk', '40-001 Katowice', '90-001 Łódź'];
const ES_TOWNS = ['28001 Madrid', '08001 Barcelona', '46001 Valencia', '48001 Bilbao', '41001 Sevilla', '50001 Zaragoza'];
const SUPP = ['ArcelorMittal Poland S.A.', 'Orlen S.A.', 'Enea S.A.', 'Orange Polska S.A.', 'Würth Polska sp. z o.o.', 'DPD Polska sp. z o.o.', 'Aquanet S.A.', 'PZU S.A.', 'Linde Gaz Polska sp. z o.o.'];
const OWN_NIP = '7792431862', OWN_NRB = '29 1020 4027 0000 1702 1456 3378';

export const esPlMixed: WorldGenerator = ({ seed, openItems }): World => {
  const rng = new Rng(seed * 1_000_003 + 3232);
  const custs: Cust[] = [], families: { parent: Cust; members: Cust[] }[] = [], taken = new Set<string>();
  const mk = (land: Land, name: string, family?: number): Cust | null => {
    if (taken.has(name) && family !== undefined) return null;
    // Name pools run out at large scales: a town or a number tells two namesakes apart.
    for (let k = 2; taken.has(name); k++) name = name.replace(/ (sp\. z o\.o\.|S\.A\.|sp\. j\.|sp\. k\.|S\.L\.(?:U\.)?)$/, ` ${k > 40 ? k : rng.pick(land === 'PL' ? TOWNS : ES_TOWNS).split(' ')[1]} $1`);
    taken.add(name);
    const short = name.toUpperCase().replace(/ (SP\. Z O\.O\.|S\.A\.|SP\. J\.|SP\. K\.|S\.L\.(?:U\.)?)$/, '');
    const c: Cust = { no: 1000 + custs.length, name, short, nip: land === 'PL' ? nip(rng) : cif(rng), nrb: land === 'PL' ? nrb(rng) : esIban(rng), addr: land === 'PL' ? `UL. ${rng.pick(['POLNA', 'DŁUGA', 'PRZEMYSŁOWA', 'GŁOGOWSKA', 'KRÓTKA', 'FABRYCZNA'])} ${rng.int(1, 120)} ${rng.pick(TOWNS).toUpperCase()}` : `CALLE ${rng.pick(['MAYOR', 'DEL PUERTO', 'INDUSTRIA', 'REAL'])} ${rng.int(1, 90)} ${rng.pick(ES_TOWNS).toUpperCase()}`, land, dd: land === 'PL' && rng.chance(0.12), family };
    custs.push(c);
    return c;
  };
  const nCust = Math.max(40, Math.round(openItems / 7));
  while (custs.length < nCust) {
    const land: Land = custs.length === 2 ? 'ES' : rng.chance(0.16) ? 'ES' : 'PL';
    if (land === 'PL' && custs.length > 4 && rng.chance(0.04)) {
      const base = rng.pick(PL_A), members: Cust[] = [];
      for (const b of ['Konstrukcje', 'Logistyka', 'Serwis'].slice(0, rng.int(2, 3))) { const m = mk('PL', `${base} ${b} sp. z o.o.`, families.length); if (m) members.push(m); }
      if (members.length < 2) continue;
      const parent = { ...members[0], name: `Grupa ${base} S.A.`, short: `GRUPA ${base.toUpperCase()} S.A.`, nip: nip(rng), nrb: nrb(rng) };
      families.push({ parent, members });
    } else if (land === 'PL') mk('PL', `${rng.pick(PL_A)} ${rng.pick(PL_B)} ${rng.pick(PL_FORM)}`);
    else mk('ES', `${rng.pick(ES_B)} ${rng.pick(ES_A)} ${rng.pick(ES_FORM)}`);
  }
  const plC = custs.filter((c) => c.land === 'PL'), esC = custs.filter((c) => c.land === 'ES'), ddC = plC.filter((c) => c.dd);
  if (!ddC.length) { plC[1].dd = true; ddC.push(plC[1]); }

  const docs: Doc[] = [], lines: Line[] = [];
  const byCust = new Map<Cust, Doc[]>();
  const skew = (pool: Cust[]) => pool[Math.min(pool.length - 1, Math.floor(pool.length * Math.pow(rng.next(), 1.7)))];
  const amount = () => rng.amountCents(120, 60000);
  const doc = (c: Cust, day: number, cents: number, g: string | null, kind: string, cm = false): Doc => {
    const cur = c.land === 'ES' ? 'EUR' : 'PLN', rate = cur === 'EUR' ? nbp(day - 1) : 1;
    const fx = cm ? -cents : cents;
    const d: Doc = { c, day, cur, fx, rate, pln: cur === 'EUR' ? Math.round(fx * rate) : fx, cm, no: '', y: 0, m: 0, seq: 0, g, kind };
    docs.push(d);
    byCust.set(c, [...(byCust.get(c) ?? []), d]);
    return d;
  };
  const uniqueFor = (c: Cust) => { for (;;) { const a = amount(); if (a % 1000 !== 0 && !(byCust.get(c) ?? []).some((d) => Math.abs(d.fx) === a)) return a; } };
  const days: number[] = [];
  for (let d = 0; d < SPAN; d++) if (bizDay(d) === d) days.push(d);
  const listed = new Set<string>();
  const fvText = (d: Doc, k = rng.int(0, 9)) => {
    const s4 = pad(d.seq, 4), mm = pad(d.m, 2);
    return [`${d.no}`, `${d.no}`, `Faktura ${d.no}`, `FV ${d.y}/${mm}/${s4}`, `fv/${d.y}/${d.m}/${d.seq}`, `Zapłata za fakturę nr ${d.no}`, `F-ra FV ${s4}/${mm}/${d.y}`, `FV/${d.y}/${d.m}/${d.seq}`, `zapłata FV ${d.y}/${mm}/${s4}`, `FAKTURA VAT NR ${d.no}`][k];
  };
  const esText = (d: Doc) => rng.pick([`PAGO FRA. ${d.no}`, `Fra. ${d.no}`, `FRA ${d.no.replace(/\//g, '-')}`, `PAGO FACTURA ${d.no}`, `Factura n. ${d.no}`]);
  const noise = (c: Cust) => rng.pick(['', '', '', '', ` NIP ${c.nip}`, ` NIP: ${c.nip.replace(/(\d{3})(\d{3})(\d{2})(\d{2})/, '$1-$2-$3-$4')}`, ` zam. ${rng.int(100, 9999)}/${rng.pick(['2025', '2026'])}`, ` kontrahent ${c.no}`, ` nr klienta ${pad(c.no, 6)}`]);
  const inc = (day: number, amt: number, c: Cust, title: () => string, g: string | null, kind: string, amb?: boolean, typ = 'Przelew na rachunek') => lines.push({ day, amt, typ, acct: c.nrb, name: c.short, addr: c.addr, title, g, kind, amb });

  let gid = 0;
  while (docs.length < openItems) {
    const kind = rng.weighted({ single_by_doc_number: 40, split_payment: 7, multi_invoice: 6, credit_note_netted: 4, part_payment: 2.5, parent_payer: 2.5, typo_reference: 3, fx_payment: 9, no_reference: 3, ambiguous_same_amount: 0.8, direct_debit: 4, returned_payment: 1.2, unpaid_invoice: 11, open_credit_note: 1 });
    const g = `p${++gid}`, pd = rng.pick(days);
    const c = kind === 'fx_payment' ? skew(esC) : kind === 'direct_debit' || kind === 'returned_payment' ? rng.pick(ddC) : skew(plC);
    const inv = (k: string = kind, gg: string | null = g, cc = c, cents = amount()) => doc(cc, pd - rng.int(7, 55), cents, gg, k);
    switch (kind) {
      case 'single_by_doc_number': { const d = inv(); inc(pd, d.pln, c, () => fvText(d) + noise(c), g, kind); break; }
      case 'split_payment': {
        const d = inv(), vat = Math.round((d.pln * 23) / 123);
        inc(pd, d.pln, c, () => `/VAT/${pl(vat)}/IDC/${c.nip}/INV/${rng.chance(0.7) ? d.no : d.no.replace(/^FV\//, '')}/TXT/${rng.pick(['zaplata', 'platnosc za fakture', 'MPP', 'FV'])}`, g, kind, undefined, 'Przelew MPP na rachunek');
        lines.push({ day: pd, amt: -vat, typ: 'Przeksięgowanie VAT', acct: '', name: '', addr: '', title: () => `PRZEKSIĘGOWANIE KWOTY VAT NA RACHUNEK VAT /VAT/${pl(vat)}/IDC/${c.nip}`, g: null, kind: 'noise_vat_transfer' });
        break;
      }
      case 'multi_invoice': case 'credit_note_netted': {
        const ds = Array.from({ length: kind === 'multi_invoice' ? rng.int(2, 4) : rng.int(1, 2) }, () => inv());
        if (kind === 'credit_note_netted') ds.push(doc(c, pd - rng.int(2, 25), Math.round(ds.reduce((s, d) => s + d.fx, 0) * (0.04 + rng.next() * 0.3)), g, kind, true));
        const k = rng.int(0, 9);
        inc(pd, ds.reduce((s, d) => s + d.pln, 0), c, () => (rng.chance(0.4) ? 'Faktury: ' : '') + ds.map((d) => (d.cm ? `${rng.pick(['minus ', 'korekta ', '- '])}${d.no}` : fvText(d, k))).join(rng.pick([', ', ' ', '; '])) + noise(c), g, kind);
        break;
      }
      case 'part_payment': { const d = inv(); inc(pd, Math.round(d.pln * (0.4 + rng.next() * 0.3)), c, () => `${rng.pick(['Częściowa zapłata', 'Zaliczka na poczet', 'Wpłata częściowa', 'I rata'])} ${fvText(d)}`, g, kind); break; }
      case 'parent_payer': {
        if (!families.length) { inv('unpaid_invoice', null); break; }
        const f = rng.pick(families);
        const ds = f.members.flatMap((m) => Array.from({ length: rng.int(1, 2) }, () => inv(kind, g, m)));
        inc(pd, ds.reduce((s, d) => s + d.pln, 0), f.parent, () => `${rng.pick(['Płatność grupowa', 'Zapłata za spółki zależne', 'Faktury'])} ${ds.map((d) => `${d.no}${rng.chance(0.4) ? ` (${d.c.short})` : ''}`).join(', ')}`, g, kind);
        break;
      }
      case 'typo_reference': {
        const d = inv();
        inc(pd, d.pln, c, () => {
          for (let n = 0; n < 40; n++) {
            const a = pad(d.seq, 4).split(''), i = rng.int(0, 2);
            if (a[i] === a[i + 1]) continue;
            [a[i], a[i + 1]] = [a[i + 1], a[i]];
            const no = `FV/${d.y}/${pad(d.m, 2)}/${a.join('')}`;
            if (!listed.has(no) && Number(a.join('')) > 0) return `${rng.pick(['', 'Faktura ', 'Zapłata za '])}${no}${noise(c)}`;
          }
          const no = `FV/${d.y}/${pad(d.m, 2)}/${pad(d.seq + 9000, 4)}`;
          return `Faktura ${no}`;
        }, g, kind);
        break;
      }
      case 'fx_payment': {
        const d = inv();
        let rate = nbp(pd) * (1 - 0.004 - rng.next() * 0.012);
        if (Math.abs((d.fx * rate) / d.pln - 1) > 0.029) rate = d.rate * (1 - rng.next() * 0.02);
        const amt = Math.round(d.fx * rate);
        lines.push({ day: pd, amt, typ: 'Przelew zagraniczny przychodzący', acct: c.nrb, name: c.short, addr: c.addr, title: () => `${esText(d)}${rng.chance(0.4) ? ` CIF ${c.nip}` : ''} KWOTA ORYG. ${(d.fx / 100).toFixed(2)} EUR KURS ${rate.toFixed(4)}`, g, kind });
        break;
      }
      case 'no_reference': { const d = inv(kind, g, c, uniqueFor(c)); inc(pd, d.pln, c, () => rng.pick(['Zapłata', 'Przelew', 'Płatność', `NIP ${c.nip}`, 'Zapłata za towar']), g, kind); break; }
      case 'ambiguous_same_amount': {
        const a = uniqueFor(c), d = inv(kind, g, c, a), twin = inv(kind, null, c, a);
        d.amb = twin.amb = true;
        inc(pd, d.pln, c, () => rng.pick(['Zapłata', 'Przelew', 'Płatność za fakturę']), g, kind, true);
        break;
      }
      case 'direct_debit': case 'returned_payment': {
        const dd = kind === 'direct_debit';
        const d = inv(kind, dd ? g : null);
        const ttl = () => `${d.no} ID ${pad(c.no, 6)}`;
        lines.push({ day: pd, amt: d.pln, typ: 'Polecenie zapłaty - uznanie', acct: c.nrb, name: c.short, addr: c.addr, title: ttl, g: dd ? g : null, kind });
        if (!dd) { const later = bizDay(pd + rng.int(2, 8)); lines.push({ day: later, amt: -d.pln, typ: 'Zwrot polecenia zapłaty', acct: '', name: '', addr: '', title: () => `ZWROT PZ ${rng.pick(['ODWOŁANIE PRZEZ DŁUŻNIKA', 'BRAK ŚRODKÓW', 'BRAK ZGODY'])} KWOTA ${pl(d.pln)} PLN Z DNIA ${iso(pd)}`, g: null, kind }); }
        break;
      }
      case 'unpaid_invoice': doc(rng.chance(0.12) ? skew(esC) : c, rng.int(-50, SPAN - 2), amount(), null, kind); break;
      case 'open_credit_note': doc(c, rng.int(-50, SPAN - 2), rng.amountCents(50, 5000), null, kind, true); break;
    }
  }
  // Numbers per month in date order; gaps are documents settled before the export.
  const order = docs.map((d, i) => [d.day, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => docs[i]);
  const ctr = new Map<string, number>();
  for (const d of order) {
    const [y, m] = ymd(D0 + d.day), key = `${d.cm ? 'KOR' : 'FV'}/${y}/${pad(m, 2)}`;
    const n = ctr.get(key) ?? rng.int(1, 20);
    d.y = y; d.m = m; d.seq = n; d.no = `${key}/${pad(n, 4)}`;
    ctr.set(key, n + (d.cm ? rng.int(1, 2) : rng.chance(0.55) ? 1 : rng.int(2, 6)));
    listed.add(d.no);
  }
  // Noise: salaries, ZUS, tax, bank fees, supplier payments (their own FV numbers), card terminal.
  const nNoise = Math.round(openItems * 0.1);
  const PEOPLE = ['JAN KOWALSKI', 'ANNA NOWAK', 'PIOTR WIŚNIEWSKI', 'KATARZYNA WÓJCIK', 'TOMASZ MAZUR', 'MAGDALENA PAWLAK'];
  for (let i = 0; i < nNoise; i++) {
    const k = rng.weighted({ noise_salary: 2, noise_zus: 0.6, noise_tax: 0.6, noise_bank_fee: 1.5, noise_supplier: 4, noise_card: 1 }), day = rng.pick(days);
    const out = (amt: number, typ: string, name: string, title: string) => lines.push({ day, amt, typ, acct: nrb(rng), name, addr: '', title: () => title, g: null, kind: k });
    if (k === 'noise_salary') out(-rng.amountCents(4200, 11000), 'Przelew z rachunku', rng.pick(PEOPLE), `Wynagrodzenie za ${rng.pick(['grudzień 2025', 'styczeń 2026', 'luty 2026'])}`);
    if (k === 'noise_zus') out(-rng.amountCents(15000, 60000), 'Przelew do ZUS', 'ZAKŁAD UBEZPIECZEŃ SPOŁECZNYCH', `NIP ${OWN_NIP} TYP 1 DEKLARACJA ${rng.pick(['01', '02'])}2026`);
    if (k === 'noise_tax') out(-rng.amountCents(8000, 90000), 'Przelew podatkowy', 'URZĄD SKARBOWY POZNAŃ-WINOGRADY', `/TI/N${OWN_NIP}/OKR/26M${rng.pick(['01', '02'])}/SFP/VAT-7/TXT/VAT`);
    if (k === 'noise_bank_fee') lines.push({ day, amt: -rng.int(300, 9900), typ: 'Opłata', acct: '', name: '', addr: '', title: () => rng.pick(['OPŁATA ZA PROWADZENIE RACHUNKU', 'OPŁATA ZA PRZELEWY ELIXIR', 'PROWIZJA ZA PRZELEW ZAGRANICZNY', 'OPŁATA ZA KARTĘ']), g: null, kind: k });
    if (k === 'noise_supplier') { const mm = rng.int(1, 2); out(-rng.amountCents(200, 80000), 'Przelew z rachunku', rng.pick(SUPP), `${rng.pick(['FV', 'Faktura', 'FA'])}/2026/${pad(mm, 2)}/${pad(rng.int(1, Math.max(2, ctr.get(`FV/2026/${pad(mm, 2)}`) ?? 50)), 4)} NIP ${OWN_NIP}`); }
    if (k === 'noise_card') lines.push({ day, amt: rng.amountCents(300, 8000), typ: 'Uznanie', acct: '', name: 'ESERVICE SP. Z O.O.', addr: '', title: () => `ROZLICZENIE TERMINALA ${rng.int(10000000, 99999999)} ${iso(day - 1)}`, g: null, kind: k });
  }

  // Files. Open items grouped by customer, then by date; the statement newest first.
  const oiRows = [...docs].sort((a, b) => a.c.no - b.c.no || a.day - b.day || (a.no < b.no ? -1 : 1));
  const truth: WorldTruthRow[] = [];
  const tr = (side: WorldTruthRow['side'], row: number, g: string | null, kind: string, amb?: boolean) => truth.push(amb ? { side, row, group: g, kind, ambiguous: true } : { side, row, group: g, kind });
  const q = (s: string) => (/[;"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const oiLines = oiRows.map((d, i) => {
    tr('open_items', i + 1, d.g, d.kind, d.amb);
    return [d.no, iso(d.day), iso(d.cm ? d.day : d.day + (d.c.land === 'ES' ? 60 : rng.pick([14, 14, 21, 30]))), q(d.c.name), d.c.nip, d.cur, pl(d.fx), d.rate.toFixed(4).replace('.', ','), pl(d.pln)].join(';');
  });
  const chrono = lines.map((l) => [l, rng.next()] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]).map(([l]) => l);
  let bal = rng.amountCents(80000, 600000) * 10;
  const qq = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const built = chrono.map((l) => {
    bal += l.amt;
    const t = l.title().replace(/\s+/g, ' ').trim(), out = l.amt < 0;
    const f = [iso(l.day), iso(l.day), l.typ, signed(l.amt), 'PLN', signed(bal)];
    const desc = l.acct ? [`Rachunek ${out ? 'odbiorcy' : 'nadawcy'}: ${l.acct}`, `Nazwa ${out ? 'odbiorcy' : 'nadawcy'}: ${l.name}`, `Adres ${out ? 'odbiorcy' : 'nadawcy'}: ${l.addr}`, `Tytuł: ${t}`] : [`Tytuł: ${t}`, l.name ? `Nazwa nadawcy: ${l.name}` : '', '', ''];
    return { l, text: [...f, ...desc].map(qq).join(',') };
  }).reverse();
  const stLines = built.map((b, i) => { tr('statement', i + 1, b.l.g, b.l.kind, b.l.amb); return b.text; });
  return {
    name: 'es-pl-mixed',
    description:
      'Wielkopolskie Zakłady Metalowe sp. z o.o. (Poznań): a Polish ERP "Rozrachunki" export (;, decimal comma, yyyy-mm-dd, FV/2026/01/0012 invoices, KOR corrections, NIP/CIF, PLN and EUR invoices with the NBP rate and the open amount in PLN) against a PKO BP style history CSV (quoted, comma, dot decimals, newest first, balance after each line, description in "Rachunek/Nazwa/Adres/Tytuł" columns). Cases: invoice number in the title (with NIP, order and account numbers around it), split payments (/VAT/…/INV/…) followed by the VAT move, several invoices per transfer, corrections netted, part payments, a parent paying invoices of its subsidiaries, a transposed digit, Spanish customers paying EUR invoices converted to PLN (PAGO FRA., CIF), payer name only (unique amount or ambiguous), direct debits and returned ones, unpaid invoices, open corrections, salaries, ZUS, tax, fees, supplier payments naming their own FV numbers, card settlements.',
    openItems: { fileName: 'es-pl-mixed-rozrachunki.csv', content: ['Dokument;Data wystawienia;Termin płatności;Kontrahent;NIP;Waluta;Kwota w walucie;Kurs;Pozostało PLN', ...oiLines].join('\r\n') + '\r\n' },
    statement: { fileName: 'es-pl-mixed-historia-pko.csv', content: ['"Data operacji","Data waluty","Typ transakcji","Kwota","Waluta","Saldo po transakcji","Opis transakcji","","",""', ...stLines].join('\r\n') + '\r\n' },
    truth,
  };
};
