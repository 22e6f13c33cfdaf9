/**
 * What the three worlds of the tenth held-out set share: a seeded generator, dates, amounts in
 * integer minor units, CSV quoting, a Windows-1250 encoder for Hungarian text, the Luhn digit and
 * the way a world turns its rows (each with its group and kind) into the truth.
 *
 * Written blind (issue 25v10): from how the banks, packages and payers behave, not from the engine.
 */
import { Mulberry32 } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export class Rng extends Mulberry32 {
  constructor(seed: number, salt: number) {
    super((Math.imul(seed >>> 0, 0x9e3779b1) ^ salt) >>> 0);
  }
  /** A weighted pick: `[value, weight]` pairs. */
  weighted<T>(xs: readonly (readonly [T, number])[]): T {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of xs) { r -= w; if (r < 0) return v; }
    return xs[xs.length - 1][0];
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) { const j = this.int(0, i); [xs[i], xs[j]] = [xs[j], xs[i]]; }
    return xs;
  }
  /** An amount in minor units, log-uniform between lo and hi (minor units), rounded to `step`. */
  amount(lo: number, hi: number, step = 1): number {
    const v = Math.exp(Math.log(lo) + this.next() * (Math.log(hi) - Math.log(lo)));
    return Math.max(step, Math.round(v / step) * step);
  }
}

/** Days since 1970-01-01 (UTC) of a `YYYY-MM-DD` date. */
export const dayOf = (iso: string): number => Math.round(Date.parse(iso + 'T00:00:00Z') / 86400000);
const parts = (day: number) => { const d = new Date(day * 86400000); return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), wd: d.getUTCDay() }; };
const p2 = (n: number) => String(n).padStart(2, '0');
/** Saturday and Sunday move to the next Monday (banks book on working days). */
export const workday = (day: number): number => { const wd = parts(day).wd; return wd === 6 ? day + 2 : wd === 0 ? day + 1 : day; };
export const fmtDay = (day: number, pattern: 'YYYY.MM.DD.' | 'YYYY.MM.DD' | 'MM/DD/YYYY' | 'DD-MM-YYYY' | 'DD.MM.YYYY' | 'YYMMDD' | 'MMDD'): string => {
  const { y, m, d } = parts(day);
  switch (pattern) {
    case 'YYYY.MM.DD.': return `${y}.${p2(m)}.${p2(d)}.`;
    case 'YYYY.MM.DD': return `${y}.${p2(m)}.${p2(d)}`;
    case 'MM/DD/YYYY': return `${p2(m)}/${p2(d)}/${y}`;
    case 'DD-MM-YYYY': return `${p2(d)}-${p2(m)}-${y}`;
    case 'DD.MM.YYYY': return `${p2(d)}.${p2(m)}.${y}`;
    case 'YYMMDD': return `${String(y).slice(2)}${p2(m)}${p2(d)}`;
    case 'MMDD': return `${p2(m)}${p2(d)}`;
  }
};
export const monthName = (day: number): string => ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][parts(day).m - 1];
export const weekdayName = (day: number): string => ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][parts(day).wd];
export const dayOfMonth = (day: number): number => parts(day).d;
export const yearOf = (day: number): number => parts(day).y;

/**
 * An amount in minor units as text: `decimals` 0 or 2, the decimal mark, the thousands separator
 * ('' for none) and how a negative shows.
 */
export function fmtAmount(v: number, o: { decimals: 0 | 2; dec: ',' | '.'; thou: string; plus?: boolean }): string {
  const neg = v < 0;
  const a = Math.abs(v);
  const whole = o.decimals === 2 ? Math.floor(a / 100) : a;
  const frac = o.decimals === 2 ? o.dec + p2(a % 100) : '';
  const w = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, o.thou);
  return (neg ? '-' : o.plus && v > 0 ? '+' : '') + w + frac;
}

/** Parses what fmtAmount wrote (and a leading '+'), back to minor units. */
export function parseAmount(s: string, o: { decimals: 0 | 2; dec: ',' | '.'; thou: string }): number {
  let t = s.trim();
  let neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); } else if (t.startsWith('+')) t = t.slice(1);
  if (o.thou) t = t.split(o.thou).join('');
  const re = o.decimals === 2 ? new RegExp(`^\\d+\\${o.dec}\\d{2}$`) : /^\d+$/;
  if (!re.test(t)) throw new Error(`bad amount "${s}"`);
  const v = o.decimals === 2 ? Number(t.replace(o.dec, '')) : Number(t);
  return neg ? -v : v;
}

/** One CSV field: quoted when it holds the separator, a quote or when `always`. */
export const q = (s: string, sep: string, always = false): string => (always || s.includes(sep) || s.includes('"') ? '"' + s.replace(/"/g, '""') + '"' : s);

/** Hungarian and the Latin-1 letters Hungarian names use, to Windows-1250 bytes (anything else: '?'). */
const CP1250: Record<string, number> = { 'á': 0xe1, 'é': 0xe9, 'í': 0xed, 'ó': 0xf3, 'ö': 0xf6, 'ő': 0xf5, 'ú': 0xfa, 'ü': 0xfc, 'ű': 0xfb, 'Á': 0xc1, 'É': 0xc9, 'Í': 0xcd, 'Ó': 0xd3, 'Ö': 0xd6, 'Ő': 0xd5, 'Ú': 0xda, 'Ü': 0xdc, 'Ű': 0xdb, '–': 0x96, 'ä': 0xe4, 'Ä': 0xc4 };
export function encode1250(s: string): Buffer {
  const out = Buffer.alloc(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[i] = c < 0x80 ? c : CP1250[s[i]] ?? 0x3f;
  }
  return out;
}
export function decode1250(b: Buffer): string {
  const rev = new Map(Object.entries(CP1250).map(([k, v]) => [v, k]));
  let s = '';
  for (const c of b) s += c < 0x80 ? String.fromCharCode(c) : rev.get(c) ?? '?';
  return s;
}

/** Accents off, as interbank text fields and old bank systems do. */
export const stripAccents = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ø/g, 'o').replace(/Ø/g, 'O').replace(/æ/g, 'ae').replace(/Æ/g, 'AE');

/** The Luhn (modulus 10, weights 2,1 from the right) check digit of a digit string. */
export function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A row of either file before it is written: its fields, where it sorts, and its truth. */
export interface Row<F> {
  f: F;
  sort: number;
  group: string | null;
  kind: string;
  amb?: boolean;
}

/** Sorts the rows (stable: by `sort`, then by insertion), and returns them with their truth rows. */
export function ordered<F>(rows: Row<F>[], side: WorldTruthRow['side'], descending = false): { rows: Row<F>[]; truth: WorldTruthRow[] } {
  const idx = rows.map((r, i) => [r, i] as const);
  idx.sort((a, b) => (descending ? b[0].sort - a[0].sort : a[0].sort - b[0].sort) || (descending ? b[1] - a[1] : a[1] - b[1]));
  const out = idx.map(([r]) => r);
  return {
    rows: out,
    truth: out.map((r, i) => ({ side, row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) })),
  };
}

/** A counter for group ids, one prefix a world. */
export const groupIds = (prefix: string) => { let n = 0; return () => `${prefix}${++n}`; };

/**
 * When a payment of an item issued on `issued` and wished for `wanted` lands on the statement
 * [start, end]: as wanted when inside, else a day drawn inside (an earlier payment would have
 * cleared the item before the export; a later one is not on this statement).
 */
export const landOn = (r: Rng, issued: number, wanted: number, start: number, end: number): number =>
  wanted >= start && wanted <= end ? wanted : r.int(Math.max(start, Math.min(end, issued + 1)), wanted < start ? Math.min(end, start + 30) : end);
