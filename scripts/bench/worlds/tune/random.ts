/**
 * Small shared helpers for the tune worlds: a seeded PRNG (mulberry32), pickers, amount, date,
 * money-formatting, name and IBAN helpers. Pure TypeScript, no dependencies, deterministic.
 */
import { Mulberry32, mod97, pad } from '../mulberry32';

export { pad };

export class Rng extends Mulberry32 {
  constructor(seed: number) {
    super((Math.imul(seed | 0, 0x9e3779b1) ^ 0x5bd1e995) | 0);
  }
  /** Pick by weight from [value, weight] pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [v, w] of pairs) {
      r -= w;
      if (r < 0) return v;
    }
    return pairs[pairs.length - 1][0];
  }
  /** A string of n random digits (first digit non-zero unless leadingZero). */
  digits(n: number, leadingZero = false): string {
    let s = leadingZero ? '' : String(this.int(1, 9));
    while (s.length < n) s += String(this.int(0, 9));
    return s;
  }
  upper(n: number): string {
    const A = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
    let s = '';
    for (let i = 0; i < n; i++) s += A[this.int(0, A.length - 1)];
    return s;
  }
}


// ---------------------------------------------------------------- amounts

/** A log-normal-ish invoice amount in cents around `median` euros, with a share of round amounts. */
export function amountCents(rng: Rng, median: number, spread = 0.9, roundShare = 0.15): number {
  // Box-Muller
  const u = Math.max(rng.next(), 1e-9);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
  let eur = median * Math.exp(spread * z);
  eur = Math.min(Math.max(eur, 12), 250_000);
  if (rng.chance(roundShare)) return Math.round(eur / 10) * 1000;
  return Math.round(eur * 100);
}

/** Format cents: decimal mark, thousands mark ('' for none), minus leading or trailing. */
export function money(cents: number, dec: ',' | '.', thou: '' | '.' | ',' = '', minus: 'lead' | 'trail' = 'lead'): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  let int = String(Math.floor(abs / 100));
  if (thou) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, thou);
  const s = int + dec + pad(abs % 100, 2);
  if (!neg) return s;
  return minus === 'lead' ? '-' + s : s + '-';
}

// ---------------------------------------------------------------- dates

const DAY_MS = 86_400_000;
const dateCache = new Map<number, [number, number, number]>();
/** Day index (0 = 2026-01-02) to [year, month, day]. */
export function ymd(day: number): [number, number, number] {
  let v = dateCache.get(day);
  if (!v) {
    const d = new Date(Date.UTC(2026, 0, 2) + day * DAY_MS);
    v = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    dateCache.set(day, v);
  }
  return v;
}
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: number): number => (5 + day) % 7; // 2026-01-02 is a Friday
/** Move a day forward to the next banking day (Mon–Fri). */
export function bankDay(day: number): number {
  const w = weekday(day);
  return w === 6 ? day + 2 : w === 0 ? day + 1 : day;
}
export function fmtDate(day: number, pattern: 'dd.mm.yyyy' | 'dd.mm.yy' | 'dd/mm/yyyy' | 'dd-mm-yyyy' | 'yyyymmdd' | 'yyyy-mm-dd'): string {
  const [y, m, d] = ymd(day);
  const dd = pad(d, 2);
  const mm = pad(m, 2);
  switch (pattern) {
    case 'dd.mm.yyyy': return `${dd}.${mm}.${y}`;
    case 'dd.mm.yy': return `${dd}.${mm}.${String(y).slice(2)}`;
    case 'dd/mm/yyyy': return `${dd}/${mm}/${y}`;
    case 'dd-mm-yyyy': return `${dd}-${mm}-${y}`;
    case 'yyyymmdd': return `${y}${mm}${dd}`;
    case 'yyyy-mm-dd': return `${y}-${mm}-${dd}`;
  }
}

// ---------------------------------------------------------------- names

/** Unique company names from word pools; falls back to a suffix number when pools are exhausted. */
export function makeNamer(rng: Rng, first: readonly string[], second: readonly string[], forms: readonly string[]) {
  const seen = new Set<string>();
  let extra = 0;
  return (): string => {
    for (let tries = 0; tries < 6; tries++) {
      const f = rng.pick(first);
      const s = rng.chance(0.75) ? ' ' + rng.pick(second) : '';
      const name = `${f}${s} ${rng.pick(forms)}`.replace(/\s+/g, ' ').trim();
      if (!seen.has(name)) {
        seen.add(name);
        return name;
      }
    }
    let name = `${rng.pick(first)} ${rng.pick(second)} ${rng.pick(PLACES)} ${rng.pick(forms)}`;
    if (seen.has(name)) name = `${rng.pick(first)} ${rng.pick(second)} ${++extra} ${rng.pick(forms)}`; // pools exhausted (huge worlds)
    seen.add(name);
    return name;
  };
}

const PLACES = ['Nord', 'Süd', 'West', 'Ost', 'Mitte', 'International', 'Service', 'Holding', 'Group', 'Partners', 'Europe', 'Trading', 'Solutions', 'Works', 'Zwei', 'Drei', 'Plus', 'Pro', 'Direct', 'Central'];

// ---------------------------------------------------------------- IBAN

/** A valid IBAN for country code + BBAN (BBAN may contain letters). */
export function iban(country: string, bban: string): string {
  const rearranged = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return country + pad(98 - mod97(rearranged), 2) + bban;
}
export const groupIban = (s: string): string => s.replace(/(.{4})(?=.)/g, '$1 ');

// ---------------------------------------------------------------- typos

/**
 * A mistyped copy of `doc`: two adjacent different digits swapped, or one digit replaced, among the
 * last `window` digits. Returns a string not in `taken` (or null after a few attempts).
 */
export function mistype(rng: Rng, doc: string, taken: { has(s: string): boolean }, window = 4): string | null {
  const pos: number[] = [];
  for (let i = doc.length - 1; i >= 0 && pos.length < window; i--) if (doc[i] >= '0' && doc[i] <= '9') pos.push(i);
  for (let attempt = 0; attempt < 12; attempt++) {
    const chars = doc.split('');
    if (rng.chance(0.55) && pos.length >= 2) {
      const k = rng.int(0, pos.length - 2);
      const a = pos[k + 1];
      const b = pos[k];
      if (chars[a] === chars[b] || b !== a + 1) continue;
      [chars[a], chars[b]] = [chars[b], chars[a]];
    } else {
      const p = rng.pick(pos);
      let d: string;
      do d = String(rng.int(0, 9));
      while (d === chars[p]);
      chars[p] = d;
    }
    const out = chars.join('');
    if (out !== doc && !taken.has(out)) return out;
  }
  return null;
}

/** Quote a CSV field if needed. */
export function csvField(s: string, delim: string): string {
  return s.includes(delim) || s.includes('"') || s.includes('\n') ? '"' + s.replace(/"/g, '""') + '"' : s;
}

// ---------------------------------------------------------------- German word pools (erp-numeric, de-sepa)

export const DE_FIRST = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hofmann', 'Hartmann', 'Lange', 'Schmitt', 'Werner', 'Krause', 'Meier', 'Lehmann', 'Köhler', 'Maier', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Vogel', 'Friedrich', 'Günther', 'Keller', 'Berger', 'Roth', 'Frank', 'Baumann', 'Voigt', 'Alpha', 'Nord', 'Süd', 'Rhein', 'Main', 'Elbe', 'Isar', 'Allgäu', 'Hansa', 'Spree', 'Techno', 'Inno', 'Metall', 'Stahl', 'Holz', 'Glas', 'Elektro', 'Agrar', 'Medi', 'Logi'];
export const DE_SECOND = ['Maschinenbau', 'Metallbau', 'Elektrotechnik', 'Logistik', 'Handel', 'Haustechnik', 'Bau', 'Druck', 'Verpackung', 'Systeme', 'Software', 'Automation', 'Antriebstechnik', 'Kunststofftechnik', 'Lebensmittel', 'Getränke', 'Transporte', 'Gebäudeservice', 'Industriebedarf', 'Medizintechnik', 'Werkzeugbau', 'Feinmechanik', 'Stahlhandel', 'Fahrzeugbau', 'Immobilien', 'Beratung', 'Anlagenbau', 'Optik', 'Textil', 'Möbel'];
export const DE_FORMS = ['GmbH', 'GmbH', 'GmbH', 'GmbH & Co. KG', 'AG', 'KG', 'e.K.', 'OHG', 'UG (haftungsbeschränkt)', 'SE'];
export const DE_PEOPLE = ['Anna Becker', 'Jonas Wolf', 'Lena Hartmann', 'Felix Krause', 'Marie Scholz', 'Paul Neumann', 'Sophie Lang', 'Lukas Roth', 'Laura Vogel', 'Tim Berger', 'Julia Koch', 'Max Fuchs', 'Sarah Jung', 'Leon Keller', 'Hannah Kaiser', 'Finn Huber', 'Emma Braun', 'Noah Weiß', 'Mia Frank', 'Elias Peters'];
export const DE_SUPPLIERS = ['Telekom Deutschland GmbH', 'Stadtwerke München GmbH', 'Würth GmbH', 'DB Schenker', 'Amazon Business EU SARL', 'Vodafone GmbH', 'Allianz Versicherungs-AG', 'DATEV eG', 'Conrad Electronic SE', 'Hornbach Baumarkt AG', 'Shell Deutschland GmbH', 'EnBW Energie', 'Lyreco Deutschland GmbH', 'DHL Paket GmbH', 'Mercateo AG', 'Hoffmann Group', 'Kaeser Kompressoren SE', 'BG ETEM', 'AOK Bayern', 'Techniker Krankenkasse'];
export const DE_BICS = ['COBADEFFXXX', 'DEUTDEFFXXX', 'GENODEF1S04', 'BYLADEM1001', 'HYVEDEMMXXX', 'SOLADEST600', 'INGDDEFFXXX', 'PBNKDEFFXXX', 'DRESDEFF700', 'GENODED1DKD', 'HELADEF1822', 'WELADEDDXXX'];
/** German bank-side spelling of a name: umlauts transliterated, upper case, truncated. */
export function deBankName(rng: Rng, name: string): string {
  const r = rng.next();
  if (r < 0.45) return name;
  const tr = name.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE').replace(/ß/g, 'ss');
  if (r < 0.75) return tr.toUpperCase();
  if (r < 0.9) return tr.slice(0, 27).trim();
  return tr.replace(' GmbH & Co. KG', ' GmbH u. Co KG').replace(' (haftungsbeschränkt)', '');
}
