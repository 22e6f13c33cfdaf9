/**
 * ro-serii — a Romanian building-materials wholesaler (SAGA-style ledger export, Windows-1250,
 * RON) against its Banca Transilvania statement. The ledger's numbering is the hard part: each
 * branch issues invoices in its own series (BV, CJ, TM, IS) whose numbers restart at 1 every year,
 * so "fact 123" names up to eight open invoices (four series, 2025 and 2026); payers write the
 * number alone, with the date ("din 14.10.2026"), with the series glued on ("CJ0123"), or quote a
 * pro-forma number instead; storno invoices are negative invoices in the same series.
 */
import type { World, WorldOptions } from '../world';
import { Book, Rng, bankDay, dateOf, money, pad, q, rngFor, openingFor, LAST_DAY, type Row } from './common';

const NAME = 'ro-serii';
const SERIES = ['BV', 'CJ', 'TM', 'IS'];
const N1 = ['Alfa', 'Construct', 'Carpați', 'Dacia', 'Transilvania', 'Bucovina', 'Mureș', 'Olt', 'Someș', 'Prahova', 'Făget', 'Ceahlău', 'Argeș', 'Sebeș'];
const N2 = ['Construct', 'Instal', 'Impex', 'Trading', 'Amenajări', 'Materiale', 'Proiect', 'Grup', 'Design', 'Invest'];
const BANKS = ['BTRL', 'RNCB', 'BRDE', 'INGB', 'RZBR', 'BACX', 'CECE'];
/** Old Romanian software writes ş and ţ with a cedilla; Windows-1250 has only those. */
const CP1250: Record<string, number> = { 'ă': 0xe3, 'â': 0xe2, 'î': 0xee, 'ş': 0xba, 'ţ': 0xfe, 'Ă': 0xc3, 'Â': 0xc2, 'Î': 0xce, 'Ş': 0xaa, 'Ţ': 0xde };
export function cp1250(s: string): Buffer {
  const t = s.replace(/ș/g, 'ş').replace(/ț/g, 'ţ').replace(/Ș/g, 'Ş').replace(/Ț/g, 'Ţ');
  return Buffer.from([...t].map((ch) => { const c = ch.charCodeAt(0); if (c < 0x80) return c; const b = CP1250[ch]; if (b === undefined) throw new Error(`not in cp1250: ${ch}`); return b; }));
}
/** A Romanian CUI with its check digit (key 753217532). */
export function cui(body: string): string {
  const key = '753217532'.slice(9 - body.length);
  let s = 0;
  for (let i = 0; i < body.length; i++) s += Number(body[i]) * Number(key[i]);
  const c = (s * 10) % 11 % 10;
  return body + c;
}

interface Cust { cui: string; name: string; vat: boolean; iban: string }

export function roSerii(o: WorldOptions): World {
  const r: Rng = rngFor(o.seed, 15003);
  const book = new Book();
  const custs: Cust[] = Array.from({ length: Math.max(40, Math.round(o.openItems / 12)) }, () => ({
    cui: cui(String(r.int(1000000, 49999999))), name: `${r.pick(N1)} ${r.pick(N2)} ${r.pick(['SRL', 'SRL', 'SA', 'SRL-D'])}`, vat: r.chance(0.8), iban: `RO${r.int(10, 99)}${r.pick(BANKS)}${pad(r.int(0, 9999999999), 10)}${pad(r.int(0, 999999), 6)}`,
  }));
  // Per series and year, the next number; the 2025 series ran to the 3000s, 2026 has reached a few hundred.
  const next: Record<string, number> = {};
  for (const s of SERIES) { next[`${s}2025`] = r.int(2400, 3300); next[`${s}2026`] = 1; }
  const rows2025: Row[] = [];
  const inv = (c: Cust, kind: string, group: string | null, opt: { cents?: number; amb?: boolean; series?: string; y2025?: boolean } = {}): Row => {
    const s = opt.series ?? r.pick(SERIES), old = opt.y2025 ?? r.chance(0.12);
    const day = old ? -r.int(250, 480) : r.int(0, 75); // 2025: May to December
    const key = `${s}${old ? 2025 : 2026}`;
    const no = next[key]++;
    const x = book.addOi({ day, cents: opt.cents ?? r.cents(300, 95000), key: c.name, group, kind, amb: opt.amb, cells: { ser: s, no: String(no), cui: c.cui, name: c.name, type: 'FF' } });
    if (old) rows2025.push(x);
    return x;
  };
  const pay = (day: number, cents: number, c: Cust, det: string, group: string | null, kind: string, amb?: boolean) =>
    book.addSt({ day: bankDay(Math.min(Math.max(day, 0), LAST_DAY - 1)), cents, group, kind, amb, cells: { desc: `Incasare OP - canal electronic;${c.name.toUpperCase()};${c.iban};${det};REF. ${r.int(100000000, 999999999)}` } });
  const after = (rows: Row[]) => Math.max(0, ...rows.map((x) => x.day)) + r.int(3, 30);
  const dd = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}.${pad(t.m, 2)}.${t.y}`; };
  const numOnly = (x: Row) => `${r.pick(['c/v fact', 'cv fc.', 'contravaloare factura nr.', 'plata fact', 'c/val fact nr'])} ${r.chance(0.3) ? pad(x.cells.no, 4) : x.cells.no}`;
  const full = (x: Row) => r.pick([`c/v fact ${x.cells.ser} ${x.cells.no}`, `contravaloare factura ${x.cells.ser}${pad(x.cells.no, 4)}`, `fact seria ${x.cells.ser} nr ${x.cells.no}`, `plata ${x.cells.ser}-${x.cells.no}`]);

  while (book.oi.length < o.openItems) {
    const c = r.pick(custs), u = r.next();
    if (u < 0.2) {
      const g = book.group(), x = inv(c, 'series_and_number', g);
      pay(after([x]), x.cents, c, full(x), g, 'series_and_number');
    } else if (u < 0.34) {
      const g = book.group(), x = inv(c, 'number_only', g);
      pay(after([x]), x.cents, c, numOnly(x), g, 'number_only');
    } else if (u < 0.41) {
      const g = book.group(), x = inv(c, 'number_and_date', g);
      pay(after([x]), x.cents, c, `${numOnly(x)} din ${r.chance(0.5) ? dd(x.day) : dd(x.day).slice(0, 5)}`, g, 'number_and_date');
    } else if (u < 0.47) {
      // The same number in two series for one customer; the amount tells which was paid.
      const s1 = r.pick(SERIES), s2 = r.pick(SERIES.filter((s) => s !== s1)), k1 = `${s1}2026`, k2 = `${s2}2026`;
      const n = Math.max(next[k1], next[k2]); next[k1] = n; next[k2] = n;
      const g = book.group(), a = inv(c, 'series_collision_amount_resolves', g, { series: s1, y2025: false });
      inv(c, 'series_collision_amount_resolves', null, { series: s2, y2025: false, cents: a.cents + r.cents(50, 4000) });
      pay(after([a]), a.cents, c, numOnly(a), g, 'series_collision_amount_resolves');
    } else if (u < 0.55) {
      const g = book.group(), xs = Array.from({ length: r.int(2, 5) }, () => inv(c, 'multi_invoice', g));
      pay(after(xs), xs.reduce((s, x) => s + x.cents, 0), c, `c/v fact ${xs.map((x) => r.chance(0.5) ? `${x.cells.ser}${x.cells.no}` : x.cells.no).join(', ')}`, g, 'multi_invoice');
    } else if (u < 0.6) {
      const g = book.group(), x = inv(c, 'storno_netted', g, { cents: r.cents(3000, 90000) });
      const s = book.addOi({ day: x.day + r.int(1, 10), cents: -Math.round(x.cents * r.int(5, 40) / 100), key: c.name, group: g, kind: 'storno_netted', cells: { ser: x.cells.ser, no: String(next[`${x.cells.ser}${x.day < 0 ? 2025 : 2026}`]++), cui: c.cui, name: c.name, type: 'FS' } });
      pay(after([x, s]), x.cents + s.cents, c, `${full(x)} minus storno ${s.cells.no}`, g, 'storno_netted');
    } else if (u < 0.65) {
      const g = book.group(), x = inv(c, 'proforma_number_quoted', g);
      pay(after([x]), x.cents, c, `c/v proforma PF ${r.int(100, 999)} ${r.chance(0.5) ? 'avans' : ''}`.trim(), g, 'proforma_number_quoted');
    } else if (u < 0.7) {
      const g = book.group(), x = inv(c, 'partial_payment', g, { cents: r.cents(5000, 120000) });
      pay(after([x]), Math.round(x.cents * r.int(30, 70) / 100 / 10000) * 10000, c, `plata partiala ${full(x)}`, g, 'partial_payment');
    } else if (u < 0.74) {
      const g = book.group(), x = inv(c, 'payer_by_cui_only', g);
      pay(after([x]), x.cents, c, `CIF ${r.chance(0.5) ? 'RO' : ''}${c.cui} plata furnizor`, g, 'payer_by_cui_only');
    } else if (u < 0.77) {
      const amt = r.cents(500, 20000), g = book.group(), s = r.pick(SERIES);
      const a = inv(c, 'ambiguous_equal_amounts', g, { cents: amt, amb: true, series: s }); inv(c, 'ambiguous_equal_amounts', null, { cents: amt, amb: true });
      pay(after([a]), amt, c, 'c/v marfa', g, 'ambiguous_equal_amounts', true);
    } else {
      inv(c, 'unpaid_invoice', null);
    }
    if (r.chance(0.03)) { const [d, mo] = r.pick([[9, 'august'], [39, 'septembrie'], [69, 'octombrie']] as const); book.addSt({ day: bankDay(d), cents: -r.cents(20000, 120000), group: null, kind: 'payroll', cells: { desc: `Plata OP - salarii ${mo} 2026;STAT DE PLATA` } }); }
    if (r.chance(0.3)) book.addSt({ day: bankDay(r.int(0, LAST_DAY - 1)), cents: -r.cents(5000, 150000), group: null, kind: 'supplier_payment', cells: { desc: `Plata OP - canal electronic;${r.pick(['HOLCIM ROMANIA SA', 'CEMEX ROMANIA SA', 'BAUMIT ROMANIA COM SRL', 'ROMSTAL IMEX SRL', 'ARCELORMITTAL HUNEDOARA'])};c/v fact ${r.pick(['HOL', 'CMX', 'BMT', 'RMS'])} ${r.int(10000, 99999)}` } });
    if (r.chance(0.05)) book.addSt({ day: bankDay(r.int(0, LAST_DAY - 1)), cents: r.cents(100, 15000), group: null, kind: 'card_settlement', cells: { desc: `Decontare POS;MID ${r.int(1000000, 9999999)};${r.int(1, 30)} tranzactii` } });
    if (r.chance(0.04)) book.addSt({ day: bankDay(r.int(0, LAST_DAY - 1)), cents: -r.pick([250, 500, 1200, 3500]), group: null, kind: 'bank_charge', cells: { desc: r.pick(['Comision administrare cont', 'Comision plata OP', 'Taxa extras']) } });
    if (r.chance(0.02)) book.addSt({ day: bankDay(r.int(0, LAST_DAY - 1)), cents: -r.cents(5000, 90000), group: null, kind: 'tax_payment', cells: { desc: `Plata OP - ANAF;Buget de stat;TVA si contributii ${r.pick(['09', '10'])}.2026` } });
  }
  const { oi, st, truth } = book.finish();
  const m = (c: number) => money(c, '.', ',');
  const oiLines = ['Tip;Serie;Numar;Data;Scadenta;Cod fiscal;Partener;Total factura;Rest de încasat;Moneda'];
  for (const x of oi) oiLines.push([x.cells.type, x.cells.ser, x.cells.no, dd(x.day), dd(x.day + 30), `${r.chance(0.5) ? 'RO' : ''}${x.cells.cui}`, q(x.cells.name, ';'), m(x.cents), m(x.cents), 'RON'].join(';'));
  oiLines.push(`;;;;;;TOTAL;${m(oi.reduce((s, x) => s + x.cents, 0))};${m(oi.reduce((s, x) => s + x.cents, 0))};RON`);
  const ymd = (day: number) => { const t = dateOf(day); return `${t.y}-${pad(t.m, 2)}-${pad(t.d, 2)}`; };
  let bal = openingFor(st, 412_306_18);
  const open = bal;
  const stLines = ['Extras de cont', 'Titular cont:,MATERIALE CONSTRUCȚII CARPAȚI SRL', 'Cod IBAN:,RO49BTRLRONCRT0318804401', 'Moneda:,RON', `Perioada:,${ymd(0)} - ${ymd(LAST_DAY)}`, `Sold initial:,"${m(open)}"`, '', 'Data tranzactie,Data valuta,Descriere,Referinta tranzactiei,Debit,Credit,Sold contabil'];
  for (const x of st) {
    bal += x.cents;
    stLines.push([ymd(x.day), ymd(x.day), q(x.cells.desc, ',', true), `BT${r.int(10000000, 99999999)}`, x.cents < 0 ? `"${m(x.cents)}"` : '', x.cents > 0 ? `"${m(x.cents)}"` : '', `"${m(bal)}"`].join(','));
  }
  stLines.push('', `Sold final:,"${m(bal)}"`);
  return {
    name: NAME,
    description: 'A Romanian building-materials wholesaler exports its open receivables from a SAGA-style ledger (semicolon CSV in Windows-1250 with cedilla ş/ţ, dd.mm.yyyy, RON with dot thousands and decimal comma, a TOTAL line; columns Tip FF/FS, Serie, Numar, Cod fiscal with or without RO) and its Banca Transilvania statement (comma CSV, preamble with IBAN and opening balance, ISO dates, decimal-comma amounts in quotes, debits negative, one Descriere field holding channel;payer;IBAN;details;REF). Each branch invoices in its own series (BV, CJ, TM, IS) and numbers restart every year, so a number alone names several open invoices: series_and_number, number_only (the customer identifies it), number_and_date (the invoice date written after "din"), series_collision_amount_resolves (the same number open in two series for one customer, only the amount decides), multi_invoice, storno_netted (a negative FS invoice netted), proforma_number_quoted (the payer quotes the pro-forma, not the invoice), partial_payment, payer_by_cui_only (only the fiscal code), two equal invoices paid with "c/v marfa" (ambiguous), unpaid invoices from 2025 and 2026. Noise: salaries, POS settlements, bank fees, ANAF tax payments.',
    openItems: { fileName: 'Facturi_neincasate_clienti.csv', content: cp1250(oiLines.join('\r\n') + '\r\n') },
    statement: { fileName: 'Extras_BT_RO49BTRL_2026.csv', content: stLines.join('\n') + '\n' },
    truth,
  };
}
