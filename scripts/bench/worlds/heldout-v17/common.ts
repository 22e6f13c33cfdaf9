/**
 * Shared pieces of the seventeenth held-out set (issue 25v17): a seeded draw, a book of open-item
 * and statement rows that carry their own truth until the files are rendered, number/date formats
 * and the single-byte encodings the three markets export in. Written blind, from how the banks,
 * ERPs and payers of Finland, Ukraine and Morocco behave.
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
export const rngFor = (seed: number, salt: number) => new Rng((seed * 2246822519 + salt * 3266489917) >>> 0);

/** One row as the world will render it: a day (0 = first day of the period), its cents, cells and truth. */
export interface Row {
  day: number;
  cents: number;
  cells: Record<string, string>;
  group: string | null;
  kind: string;
  amb?: boolean;
  /** Order key within the file (customer code for ledgers, nothing for statements); rows sort by it, then by day, stably. */
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
/** The next working day on or after `day` (Saturday and Sunday off in all three markets). */
export const workDay = (day: number) => { let d = day; while ([0, 6].includes(dateOf(d).dow)) d++; return d; };
export const LAST_DAY = 87; // 27 Nov 2026
/** `day` as d.m.yyyy-style text with the given separator, zero-padded or not. */
export const dmy = (day: number, sep: string, zero = true) => { const t = dateOf(day); return zero ? `${pad(t.d, 2)}${sep}${pad(t.m, 2)}${sep}${t.y}` : `${t.d}${sep}${t.m}${sep}${t.y}`; };

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
  if (t.startsWith('+')) t = t.slice(1);
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

/** Windows-1251 (Cyrillic), as Ukrainian accounting packages (1C/BAS) write their exports. */
const CP1251_EXTRA: Record<string, number> = { 'Ђ': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '–': 0x96, '—': 0x97, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '\u00a0': 0xa0, 'Ґ': 0xa5, 'Ё': 0xa8, 'Є': 0xaa, '«': 0xab, 'Ї': 0xaf, 'І': 0xb2, 'і': 0xb3, 'ґ': 0xb4, 'ё': 0xb8, '№': 0xb9, 'є': 0xba, '»': 0xbb, 'ї': 0xbf };
export function cp1251(s: string): Buffer {
  return Buffer.from([...s].map((ch) => { const c = ch.charCodeAt(0); if (c < 0x80) return c; if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0; const b = CP1251_EXTRA[ch]; if (b === undefined) throw new Error(`not in cp1251: ${ch}`); return b; }));
}
/** Windows-1252 (Latin-1 plus the 0x80–0x9F block), as Sage for Windows writes its text exports. */
const CP1252_HIGH: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, 'œ': 0x9c };
export function cp1252(s: string): Buffer {
  return Buffer.from([...s].map((ch) => { const c = ch.charCodeAt(0); if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) return c; const b = CP1252_HIGH[ch]; if (b === undefined) throw new Error(`not in cp1252: ${ch}`); return b; }));
}
