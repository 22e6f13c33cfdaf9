/**
 * What the three heldout-v13 worlds share: a seeded generator, calendar and amount formatting, the
 * rows each side collects (data plus its truth) and two single-byte Windows code pages the exports
 * are written in. Written blind, from how the banks and packages export, not from the engine.
 */
import { Mulberry32 } from '../mulberry32';
import type { WorldTruthRow } from '../world';

/** A set-specific start state: every world draws from its own stream for a seed. */
export function rngFor(seed: number, salt: number): Mulberry32 {
  return new Mulberry32((Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b) ^ 0x5eed13) >>> 0);
}

export function shuffle<T>(r: Mulberry32, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

/** Days since 1970-01-01 (UTC) of a calendar date. */
export const dayOf = (y: number, m: number, d: number): number => Math.round(Date.UTC(y, m - 1, d) / 86400000);
export function ymd(day: number): { y: number; m: number; d: number; wd: number } {
  const t = new Date(day * 86400000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), wd: t.getUTCDay() };
}
const p2 = (n: number) => String(n).padStart(2, '0');
/** `dd<sep>mm<sep>yyyy`. */
export function dmy(day: number, sep: string): string {
  const { y, m, d } = ymd(day);
  return `${p2(d)}${sep}${p2(m)}${sep}${y}`;
}
/** Next weekday on or after `day` (banks book on business days). */
export function businessDay(day: number): number {
  let d = day;
  while (ymd(d).wd === 0 || ymd(d).wd === 6) d++;
  return d;
}

/**
 * Cents (or whole units when `decimals` is 0) as text: a thousands mark and a decimal mark, a
 * leading minus for negatives unless `sign` says otherwise.
 */
export function money(v: number, o: { dec: string; thou: string; decimals: 0 | 2; plus?: boolean }): string {
  const neg = v < 0;
  const a = Math.abs(v);
  const whole = o.decimals === 2 ? Math.floor(a / 100) : a;
  const frac = o.decimals === 2 ? o.dec + p2(a % 100) : '';
  const w = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, o.thou);
  return (neg ? '-' : o.plus ? '+' : '') + w + frac;
}

/** One data row of one file and its truth. */
export interface Row<T> {
  data: T;
  group: string | null;
  kind: string;
  ambiguous?: boolean;
}
export const row = <T>(data: T, group: string | null, kind: string, ambiguous = false): Row<T> => ({ data, group, kind, ...(ambiguous ? { ambiguous } : {}) });

/** The truth of one side's rows, in the order they are written. */
export function truthOf<T>(side: WorldTruthRow['side'], rows: Row<T>[]): WorldTruthRow[] {
  return rows.map((r, i) => ({ side, row: i + 1, group: r.group, kind: r.kind, ...(r.ambiguous ? { ambiguous: true } : {}) }));
}

/** A CSV field, quoted when it holds the separator, a quote or leading/trailing blanks. */
export const field = (s: string, sep: string): string => (s.includes(sep) || s.includes('"') || /^\s|\s$/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);

/** Windows-1253 (Greek) bytes of a text; throws on a character the code page lacks. */
export function cp1253(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let b: number;
    if (c < 0x80) b = c;
    else if (c === 0x20ac) b = 0x80;
    else if (c === 0x00ab || c === 0x00bb || c === 0x00a0) b = c;
    else if (c === 0x0386) b = 0xa2;
    else if (c >= 0x0388 && c <= 0x038a) b = c - 0x0388 + 0xb8;
    else if (c === 0x038c) b = 0xbc;
    else if (c === 0x038e || c === 0x038f) b = c - 0x038e + 0xbe;
    else if (c >= 0x0390 && c <= 0x03a1) b = c - 0x0390 + 0xc0;
    else if (c >= 0x03a3 && c <= 0x03ce) b = c - 0x03a3 + 0xd3;
    else throw new Error(`cp1253 lacks U+${c.toString(16)}`);
    out[i] = b;
  }
  return out;
}

/** Windows-1252 (Western) bytes of a text; throws on a character the code page lacks. */
export function cp1252(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let b: number;
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) b = c;
    else if (c === 0x20ac) b = 0x80;
    else if (c === 0x2013) b = 0x96;
    else throw new Error(`cp1252 lacks U+${c.toString(16)}`);
    out[i] = b;
  }
  return out;
}

/** Upper case without diacritics, as many bank systems pass a payer's text on (đ/Đ become D). */
export const bankAscii = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[đĐ]/g, 'D').toUpperCase();

/** Drop one character, swap two neighbours or repeat one: the typing slips payers make. */
export function typo(r: Mulberry32, s: string): string {
  if (s.length < 3) return s;
  const i = r.int(1, s.length - 2);
  const k = r.int(0, 2);
  if (k === 0) return s.slice(0, i) + s.slice(i + 1);
  if (k === 1) return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  return s.slice(0, i) + s[i] + s.slice(i);
}
