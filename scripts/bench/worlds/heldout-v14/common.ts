/**
 * What the three worlds of heldout-v14 (id-bca, ar-galicia, ir-jalali) share: a seeded generator,
 * a builder that keeps each generated row next to its truth and numbers the rows only once the
 * file order is known, calendar helpers (civil days, the Persian solar calendar) and number
 * formatting. Written blind: from how the banks and ledgers export, not from the engine.
 */
import { Mulberry32 } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { Mulberry32 };

/** The generator of one world: its own salt so that the three worlds differ for one seed. */
export const rngFor = (seed: number, salt: number): Mulberry32 => new Mulberry32((Math.imul(seed >>> 0, 0x9e3779b1) ^ salt) >>> 0);

/** One generated row and its truth; `order` sorts the file, `seq` keeps ties stable. */
export interface Rec<T> {
  data: T;
  group: string | null;
  kind: string;
  amb?: boolean;
  seq: number;
}

/** Rows of both files with their truth; `finish` orders them and numbers the truth. */
export class Builder<O, S> {
  readonly oi: Rec<O>[] = [];
  readonly st: Rec<S>[] = [];
  private groups = 0;
  private seq = 0;
  gid(prefix = 'g'): string {
    return `${prefix}${++this.groups}`;
  }
  addOi(data: O, group: string | null, kind: string, amb = false): Rec<O> {
    const r = { data, group, kind, amb, seq: this.seq++ };
    this.oi.push(r);
    return r;
  }
  addSt(data: S, group: string | null, kind: string, amb = false): Rec<S> {
    const r = { data, group, kind, amb, seq: this.seq++ };
    this.st.push(r);
    return r;
  }
  /** Sorts both sides (ties in creation order) and returns the rows in file order with the truth. */
  finish(cmpOi: (a: O, b: O) => number, cmpSt: (a: S, b: S) => number): { oi: O[]; st: S[]; truth: WorldTruthRow[] } {
    const oi = [...this.oi].sort((a, b) => cmpOi(a.data, b.data) || a.seq - b.seq);
    const st = [...this.st].sort((a, b) => cmpSt(a.data, b.data) || a.seq - b.seq);
    const truth: WorldTruthRow[] = [];
    oi.forEach((r, i) => truth.push({ side: 'open_items', row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) }));
    st.forEach((r, i) => truth.push({ side: 'statement', row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) }));
    return { oi: oi.map((r) => r.data), st: st.map((r) => r.data), truth };
  }
}

/** Weighted choice of a case name. */
export function weighted<K extends string>(rng: Mulberry32, table: readonly (readonly [K, number])[]): K {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [k, w] of table) {
    x -= w;
    if (x < 0) return k;
  }
  return table[table.length - 1][0];
}

/** Days since 1970-01-01 of a Gregorian date, and back. */
export const dayOf = (y: number, m: number, d: number): number => Math.floor(Date.UTC(y, m - 1, d) / 86400000);
export function civil(day: number): { y: number; m: number; d: number; wd: number } {
  const t = new Date(day * 86400000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), wd: t.getUTCDay() };
}
export const pad2 = (n: number): string => String(n).padStart(2, '0');
export const dmy = (day: number, sep = '/'): string => {
  const c = civil(day);
  return `${pad2(c.d)}${sep}${pad2(c.m)}${sep}${c.y}`;
};

/**
 * Gregorian to Persian solar (Jalali) calendar, the arithmetic of the civil calendar used in Iran
 * (the 33-year rule, right for 1178–1633 SH).
 */
export function jalali(day: number): { jy: number; jm: number; jd: number } {
  const { y: gy, m: gm, d: gd } = civil(day);
  const gdm = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
  const gy2 = gm > 2 ? gy + 1 : gy;
  let days = 355666 + 365 * gy + Math.floor((gy2 + 3) / 4) - Math.floor((gy2 + 99) / 100) + Math.floor((gy2 + 399) / 400) + gd + gdm[gm - 1];
  let jy = -1595 + 33 * Math.floor(days / 12053);
  days %= 12053;
  jy += 4 * Math.floor(days / 1461);
  days %= 1461;
  if (days > 365) {
    jy += Math.floor((days - 1) / 365);
    days = (days - 1) % 365;
  }
  const jm = days < 186 ? 1 + Math.floor(days / 31) : 7 + Math.floor((days - 186) / 30);
  const jd = 1 + (days < 186 ? days % 31 : (days - 186) % 30);
  return { jy, jm, jd };
}
export const jalaliStr = (day: number): string => {
  const j = jalali(day);
  return `${j.jy}/${pad2(j.jm)}/${pad2(j.jd)}`;
};

const FA_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
/** Latin digits to Persian (Extended Arabic-Indic) digits; other characters kept. */
export const fa = (s: string | number): string => String(s).replace(/[0-9]/g, (d) => FA_DIGITS[Number(d)]);
/** Persian digits back to Latin (for the self-check). */
export const unfa = (s: string): string => s.replace(/[۰-۹]/g, (d) => String(FA_DIGITS.indexOf(d)));

/** An integer grouped by thousands with `sep` (no decimals). */
export function group3(n: number, sep: string): string {
  const neg = n < 0;
  const s = String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return neg ? '-' + s : s;
}
/** Cents as a decimal number with the given marks: (123456, '.', ',') is "1.234,56". */
export function money(cents: number, thousands: string, decimal: string): string {
  const neg = cents < 0;
  const a = Math.abs(cents);
  return (neg ? '-' : '') + group3(Math.floor(a / 100), thousands) + decimal + pad2(a % 100);
}

/** A CSV field, quoted when it holds the separator, a quote or a newline. */
export const field = (s: string, sep: string): string => (s.includes(sep) || s.includes('"') || s.includes('\n') ? '"' + s.replace(/"/g, '""') + '"' : s);
export const line = (cells: readonly string[], sep: string): string => cells.map((c) => field(c, sep)).join(sep);

/** Up to `n` distinct items of `xs`, in a seeded order. */
export function sample<T>(rng: Mulberry32, xs: readonly T[], n: number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}
