/**
 * Shared pieces of the sixteenth held-out set (issue 25v16): a seeded draw, a book of open-item and
 * statement rows that carry their own truth until the files are rendered, number/date formats and
 * the encodings the three markets export in. Written blind, from how the banks, ERPs and payers of
 * each market behave.
 */
import { Mulberry32, pad } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { pad };

export class Rng extends Mulberry32 {
  /** Cents in [lo, hi] units of currency. */
  cents(lo: number, hi: number): number {
    return this.int(lo * 100, hi * 100);
  }
  /** Whole units in [lo, hi], as cents (currencies invoiced without minor units). */
  whole(lo: number, hi: number): number {
    return this.int(lo, hi) * 100;
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) { const j = this.int(0, i); [xs[i], xs[j]] = [xs[j], xs[i]]; }
    return xs;
  }
}

/** A world's own start state from the common seed, so the three worlds do not share draws. */
export const rngFor = (seed: number, salt: number) => new Rng((seed * 2654435761 + salt * 40503) >>> 0);

/** One row as the world will render it: a day (0 = first day of the period), its cents, cells and truth. */
export interface Row {
  day: number;
  cents: number;
  cells: Record<string, string>;
  group: string | null;
  kind: string;
  amb?: boolean;
  /** Order key within the file (customer code for ledgers); rows sort by it, then by day, stably. */
  key?: string;
}

export class Book {
  readonly oi: Row[] = [];
  readonly st: Row[] = [];
  private n = 0;
  group(): string { return `g${++this.n}`; }
  addOi(r: Row): Row { this.oi.push(r); return r; }
  addSt(r: Row): Row { this.st.push(r); return r; }
  /** Sorts both sides for rendering and returns the truth in the rendered order. */
  finish(): { oi: Row[]; st: Row[]; truth: WorldTruthRow[] } {
    const sort = (xs: Row[]) => xs.map((r, i) => ({ r, i })).sort((a, b) => (a.r.key ?? '').localeCompare(b.r.key ?? '') || a.r.day - b.r.day || a.i - b.i).map((x) => x.r);
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
/** The next working day on or after `day`, given the weekend days (0 = Sunday … 6 = Saturday). */
export const workDay = (day: number, weekend: number[]) => { let d = day; while (weekend.includes(dateOf(d).dow)) d++; return d; };
export const LAST_DAY = 87; // 27 Nov 2026
export const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Cents as text: `thousands` and `dec` marks, a leading minus when negative. */
export function money(c: number, thousands: string, dec: string): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = thousands ? u.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) : u;
  return `${c < 0 ? '-' : ''}${g}${dec}${f}`;
}
/** Cents in South-Asian grouping (lakh, crore): 12,34,567.89; negatives in parentheses. */
export function lakh(c: number): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = u.length <= 3 ? u : `${u.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${u.slice(-3)}`;
  return c < 0 ? `(${g}.${f})` : `${g}.${f}`;
}
/** Text as cents, given the marks (a leading or trailing minus, or parentheses, allowed). */
export function parseMoney(s: string, thousands: string, dec: string): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('(') && t.endsWith(')')) { neg = true; t = t.slice(1, -1); }
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  if (t.endsWith('-')) { neg = true; t = t.slice(0, -1); }
  if (thousands) t = t.split(thousands).join('');
  t = t.replace(dec, '.');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
}

/** A CSV field, quoted when it holds the separator, a quote or when `always`. */
export const q = (s: string, sep: string, always = false) => (always || s.includes(sep) || s.includes('"') ? `"${s.replace(/"/g, '""')}"` : s);

/** An opening balance at least `base` above the lowest point the statement's lines reach (no overdraft). */
export function openingFor(st: Row[], base: number): number {
  let run = 0, low = 0;
  for (const x of st) { run += x.cents; low = Math.min(low, run); }
  return base - low;
}

/** Western digits as Arabic-Indic (٠١٢٣٤٥٦٧٨٩), as Egyptian payers type them on an Arabic keyboard. */
export const arabicDigits = (s: string) => s.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);

/** Windows-1252 (Latin-1 plus the 0x80–0x9F block), as Colombian accounting packages write CSV. */
const CP1252_HIGH: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
export function cp1252(s: string): Buffer {
  return Buffer.from([...s].map((ch) => { const c = ch.charCodeAt(0); if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) return c; const b = CP1252_HIGH[ch]; if (b === undefined) throw new Error(`not in cp1252: ${ch}`); return b; }));
}
