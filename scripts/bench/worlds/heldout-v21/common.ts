/**
 * Shared pieces of the twenty-first held-out set (issue 25v21): a seeded draw, a book of open-item
 * and statement rows that carry their own truth until the files are rendered, number/date formats,
 * Windows-1252 / Latin-1 bytes, and the small arithmetic the worlds share. Written blind, from how
 * the banks, ERPs and payers of Spain, Ghana and Iceland behave.
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
  finish(newestFirst = false): { oi: Row[]; st: Row[]; truth: WorldTruthRow[] } {
    const sort = (xs: Row[]) => xs.map((r, i) => ({ r, i })).sort((a, b) => (a.r.key ?? '').localeCompare(b.r.key ?? '') || a.r.day - b.r.day || (a.r.seq ?? 0) - (b.r.seq ?? 0) || a.i - b.i).map((x) => x.r);
    const oi = sort(this.oi), st = sort(this.st);
    if (newestFirst) st.reverse();
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
export const workDay = (day: number, holidays: number[] = []) => { let d = day; while ([0, 6].includes(dateOf(d).dow) || holidays.includes(d)) d++; return d; };
export const dmy = (day: number, sep: string) => { const t = dateOf(day); return `${pad(t.d, 2)}${sep}${pad(t.m, 2)}${sep}${t.y}`; };
/** dd.mm.yy: the two-digit year some exports use. */
export const dmy2 = (day: number, sep: string) => { const t = dateOf(day); return `${pad(t.d, 2)}${sep}${pad(t.m, 2)}${sep}${String(t.y).slice(2)}`; };

/** Cents as text: `thousands` and `dec` marks, a leading minus when negative. */
export function money(c: number, thousands: string, dec: string): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = thousands ? u.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) : u;
  return `${c < 0 ? '-' : ''}${g}${dec}${f}`;
}
/** Text as cents, given the marks (a leading minus allowed); the grouping is checked when `thousands` is set. */
export function parseMoney(s: string, thousands: string, dec: string): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  if (thousands) {
    const [u] = t.split(dec);
    if (u.includes(thousands) && !new RegExp(`^\\d{1,3}(${thousands.replace('.', '\\.')}\\d{3})+$`).test(u)) throw new Error(`bad grouping "${s}"`);
    t = t.split(thousands).join('');
  }
  t = t.replace(dec, '.');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
}

/** A CSV field, quoted when it holds the separator, a quote, a line break or when `always`. */
export const q = (s: string, sep: string, always = false) => (always || s.includes(sep) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s);

/** An opening balance at least `base` above the lowest point the statement's lines reach (no overdraft). */
export function openingFor(st: Row[], base: number): number {
  let run = 0, low = 0;
  for (const x of st) { run += x.cents; low = Math.min(low, run); }
  return base - low;
}

const CP1252: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, 'Š': 0x8a, 'Œ': 0x8c, 'š': 0x9a, 'œ': 0x9c, '\u00a0': 0xa0, '°': 0xb0 };
/** Windows-1252 as French and German accounting software writes it (Latin-1 letters plus the 0x80 block). */
export function cp1252(s: string): Buffer {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x80 || (c >= 0xa1 && c <= 0xff)) { out.push(c); continue; }
    const b = CP1252[ch];
    if (b === undefined) throw new Error(`not in Windows-1252 table: ${JSON.stringify(ch)}`);
    out.push(b);
  }
  return Buffer.from(out);
}

/** `pct` percent of `c` cents, to the cent. */
export const pctOf = (c: number, pct: number) => Math.round((c * pct) / 100);

/** A number with one digit changed or two neighbours swapped (a payer's typo); never the original. */
export function typo(r: Rng, s: string): string {
  let bad = s;
  const digits = [...s].map((ch, i) => (/\d/.test(ch) ? i : -1)).filter((i) => i >= 0);
  while (bad === s) {
    const i = r.pick(digits.slice(0, -1));
    if (r.chance(0.5) && /\d/.test(s[i + 1])) bad = s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    else { const j = r.pick(digits); bad = s.slice(0, j) + String((Number(s[j]) + r.int(1, 9)) % 10) + s.slice(j + 1); }
  }
  return bad;
}
export const sumOf = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);
/** The day after the latest of `rows`, `lo`..`hi` days on, not before day 0..10. */
export const afterOf = (r: Rng, rows: Row[], lo = 5, hi = 50) => Math.max(Math.max(...rows.map((x) => x.day)) + r.int(lo, hi), r.int(0, 10));
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** d-Mmm-yy (Tally) and dd-Mmm-yyyy (MoMo). */
export const dMonYY = (day: number) => { const t = dateOf(day); return `${t.d}-${MON[t.m - 1]}-${String(t.y).slice(2)}`; };
export const ddMonYYYY = (day: number) => { const t = dateOf(day); return `${pad(t.d, 2)}-${MON[t.m - 1]}-${t.y}`; };
export const yymmdd = (day: number) => { const t = dateOf(day); return `${String(t.y).slice(2)}${pad(t.m, 2)}${pad(t.d, 2)}`; };
/** Strip accents (bank files in Spain and Iceland's older exports write plain capitals). */
export const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
