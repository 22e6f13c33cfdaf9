/**
 * Shared pieces of the nineteenth held-out set (issue 25v19): a seeded draw, a book of open-item and
 * statement rows that carry their own truth until the files are rendered, number/date formats, the
 * Estonian 7-3-1 reference, the Croatian MOD 11 controls (OIB and the HR01 reference), Windows-1250,
 * lakh digit grouping and Bengali digits. Written blind, from how the banks, ERPs and payers of
 * Estonia, Croatia and Bangladesh behave.
 */
import { Mulberry32, pad } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { pad };

export class Rng extends Mulberry32 {
  /** Cents in [lo, hi] units of currency. */
  cents(lo: number, hi: number): number {
    return this.int(lo * 100, hi * 100);
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) { const j = this.int(0, i); [xs[i], xs[j]] = [xs[j], xs[i]]; }
    return xs;
  }
}

/** A world's own start state from the common seed, so the three worlds do not share draws. */
export const rngFor = (seed: number, salt: number) => new Rng((seed * 2654435761 + salt * 2246822519) >>> 0);

/** One row as the world will render it: a day (0 = first day of the period), its cents, cells and truth. */
export interface Row {
  day: number;
  cents: number;
  cells: Record<string, string>;
  group: string | null;
  kind: string;
  amb?: boolean;
  /** Order key within the file; rows sort by it, then by day, then by `seq`, stably. */
  key?: string;
  seq?: number;
}

export const LAST_DAY = 87; // 27 Nov 2026

export class Book {
  readonly oi: Row[] = [];
  readonly st: Row[] = [];
  private n = 0;
  group(): string { return `g${++this.n}`; }
  addOi(r: Row): Row { this.oi.push(r); return r; }
  addSt(r: Row): Row { this.st.push(r); return r; }
  private mark = [0, 0];
  /**
   * Closes the case generated since the last call: when any of its bank lines would fall after the
   * statement's last day, the payment has not happened yet, so its lines are dropped and its open
   * items stay open (`not_yet_due`, no counterpart). Call after each case.
   */
  endCase(): void {
    const [o, s] = this.mark;
    if (this.st.slice(s).some((x) => x.day > LAST_DAY)) {
      this.st.length = s;
      for (const x of this.oi.slice(o)) { x.group = null; x.kind = 'not_yet_due'; x.amb = undefined; }
    }
    this.mark = [this.oi.length, this.st.length];
  }
  /** Sorts both sides for rendering and returns the truth in the rendered order. */
  finish(): { oi: Row[]; st: Row[]; truth: WorldTruthRow[] } {
    const sort = (xs: Row[]) => xs.map((r, i) => ({ r, i })).sort((a, b) => (a.r.key ?? '').localeCompare(b.r.key ?? '') || a.r.day - b.r.day || (a.r.seq ?? 0) - (b.r.seq ?? 0) || a.i - b.i).map((x) => x.r);
    const oi = sort(this.oi), st = sort(this.st);
    const truth: WorldTruthRow[] = [];
    oi.forEach((r, i) => truth.push({ side: 'open_items', row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) }));
    st.forEach((r, i) => truth.push({ side: 'statement', row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) }));
    return { oi, st, truth };
  }
}

/** The period every world covers: 1 Sep 2026 plus `day` days (UTC). */
export function dateOf(day: number): { y: number; m: number; d: number; dow: number } {
  const t = new Date(Date.UTC(2026, 8, 1) + day * 86400000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), dow: t.getUTCDay() };
}
/** The next working day on or after `day`; `weekend` are the days off (0 = Sunday), `holidays` day numbers. */
export const workDay = (day: number, weekend: number[] = [0, 6], holidays: number[] = []) => { let d = day; while (weekend.includes(dateOf(d).dow) || holidays.includes(d)) d++; return d; };
export const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const dmy = (day: number, sep: string) => { const t = dateOf(day); return `${pad(t.d, 2)}${sep}${pad(t.m, 2)}${sep}${t.y}`; };
export const ymd = (day: number, sep: string) => { const t = dateOf(day); return `${t.y}${sep}${pad(t.m, 2)}${sep}${pad(t.d, 2)}`; };

/** Cents as text: `thousands` and `dec` marks, a leading minus when negative. */
export function money(c: number, thousands: string, dec: string): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = thousands ? u.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) : u;
  return `${c < 0 ? '-' : ''}${g}${dec}${f}`;
}
/** Text as cents, given the marks (a leading minus allowed). */
export function parseMoney(s: string, thousands: string, dec: string): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  if (thousands) t = t.split(thousands).join('');
  t = t.replace(dec, '.');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
}
/** Indian/Bangladeshi grouping: 12,34,567.00 (the last three digits, then pairs). */
export function lakh(c: number): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = u.length <= 3 ? u : `${u.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${u.slice(-3)}`;
  return `${c < 0 ? '-' : ''}${g}.${f}`;
}
/** Parses lakh-grouped text, checking the grouping itself. */
export function parseLakh(s: string): number {
  const m = /^(-?)(\d{1,2}(?:,\d\d)*,\d{3}|\d{1,3})\.(\d\d)$/.exec(s.trim());
  if (!m) throw new Error(`bad lakh amount "${s}"`);
  const v = Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -v : v;
}
const BN = '০১২৩৪৫৬৭৮৯';
/** Western digits as Bengali digits. */
export const bnDigits = (s: string) => s.replace(/\d/g, (d) => BN[Number(d)]);
/** Bengali digits back to Western digits. */
export const fromBn = (s: string) => s.replace(/[০-৯]/g, (d) => String(BN.indexOf(d)));

/** A CSV field, quoted when it holds the separator, a quote or when `always`. */
export const q = (s: string, sep: string, always = false) => (always || s.includes(sep) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s);

/** An opening balance at least `base` above the lowest point the statement's lines reach (no overdraft). */
export function openingFor(st: Row[], base: number): number {
  let run = 0, low = 0;
  for (const x of st) { run += x.cents; low = Math.min(low, run); }
  return base - low;
}

/** Estonian reference number: the base digits and a 7-3-1 check digit (weights from the right). */
export function eeRef(base: string): string {
  const w = [7, 3, 1];
  let s = 0;
  [...base].reverse().forEach((d, i) => { s += Number(d) * w[i % 3]; });
  return base + String((10 - (s % 10)) % 10);
}
/** Croatian OIB check digit (ISO 7064 MOD 11,10) of the first ten digits. */
export function oibCheck(ten: string): number {
  let a = 10;
  for (const d of ten) { a = (a + Number(d)) % 10; if (a === 0) a = 10; a = (a * 2) % 11; }
  return (11 - a) % 10;
}
/** The MOD 11 INI control digit of the HR01 model over the digits of the reference (weights 2,3,4… from the right). */
export function mod11ini(digits: string): number {
  let s = 0;
  [...digits].reverse().forEach((d, i) => { s += Number(d) * (i + 2); });
  const k = 11 - (s % 11);
  return k >= 10 ? 0 : k;
}

const CP1250: Record<string, number> = { 'Š': 0x8a, 'š': 0x9a, 'Ž': 0x8e, 'ž': 0x9e, 'Č': 0xc8, 'č': 0xe8, 'Ć': 0xc6, 'ć': 0xe6, 'Đ': 0xd0, 'đ': 0xf0, 'é': 0xe9, 'ü': 0xfc, 'ö': 0xf6, 'ä': 0xe4, '€': 0x80, 'Ü': 0xdc, 'Ö': 0xd6, 'Ä': 0xc4 };
/** Windows-1250 (Central European) as Croatian software writes it; ASCII and the letters the world uses. */
export function cp1250(s: string): Buffer {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) { out.push(c); continue; }
    const b = CP1250[ch];
    if (b === undefined) throw new Error(`not in Windows-1250 table: ${ch}`);
    out.push(b);
  }
  return Buffer.from(out);
}
