/**
 * Shared helpers of the eleventh held-out set (issue 25v11): seeding, money and date formatting,
 * check digits, a Windows-1255 encoder and the truth assembly. Written blind (see index.ts).
 */
import { Mulberry32 } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { Mulberry32 };

/** A start state per world and seed, so the three worlds draw independent streams. */
export function rngFor(name: string, seed: number): Mulberry32 {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return new Mulberry32((h ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
}

/** A row of either file with its truth, before it has a row number. */
export interface Tagged { group: string | null; kind: string; amb?: boolean }

/** Truth rows for one side, numbered in the given (file) order. */
export function truthOf(side: WorldTruthRow['side'], rows: readonly Tagged[]): WorldTruthRow[] {
  return rows.map((r, i) => ({ side, row: i + 1, group: r.group, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) }));
}

/** Shuffle in place (Fisher–Yates). */
export function shuffle<T>(rng: Mulberry32, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) { const j = rng.int(0, i); [xs[i], xs[j]] = [xs[j], xs[i]]; }
  return xs;
}

/** A weighted pick: [[value, weight], …]. */
export function weighted<T>(rng: Mulberry32, table: readonly (readonly [T, number])[]): T {
  const total = table.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of table) { x -= w; if (x < 0) return v; }
  return table[table.length - 1][0];
}

/**
 * Cents as text: `dec` the decimal mark, `thou` the grouping mark ('' for none). Negative values get a
 * leading minus unless `trailingMinus`.
 */
export function money(c: number, dec: string, thou: string, trailingMinus = false): string {
  const neg = c < 0;
  const a = Math.abs(Math.round(c));
  const units = String(Math.floor(a / 100));
  const grouped = thou ? units.replace(/\B(?=(\d{3})+(?!\d))/g, thou) : units;
  const s = `${grouped}${dec}${String(a % 100).padStart(2, '0')}`;
  return neg ? (trailingMinus ? `${s}-` : `-${s}`) : s;
}

/** Days since 1970-01-01 (UTC) ↔ parts. */
export const day = (y: number, m: number, d: number): number => Math.round(Date.UTC(y, m - 1, d) / 86400000);
export function ymd(n: number): [number, number, number] {
  const dt = new Date(n * 86400000);
  return [dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate()];
}
export const p2 = (n: number): string => String(n).padStart(2, '0');
export const iso = (n: number): string => { const [y, m, d] = ymd(n); return `${y}-${p2(m)}-${p2(d)}`; };
export const dmy = (n: number, sep = '/'): string => { const [y, m, d] = ymd(n); return `${p2(d)}${sep}${p2(m)}${sep}${y}`; };
export const compact = (n: number): string => iso(n).replace(/-/g, '');
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (n: number): number => (n + 4) % 7;

/** Luhn (modulus 10, weights 2-1 from the right) check digit of a digit string. */
export function luhnDigit(body: string): number {
  let s = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9; }
    s += d;
  }
  return (10 - (s % 10)) % 10;
}
export const luhnOk = (full: string): boolean => /^\d+$/.test(full) && luhnDigit(full.slice(0, -1)) === Number(full[full.length - 1]);

/** Windows-1255 (Hebrew) bytes: ASCII, the Hebrew letters, the sheqel sign; anything else becomes '?'. */
export function encode1255(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out[n++] = c;
    else if (c >= 0x05d0 && c <= 0x05ea) out[n++] = c - 0x05d0 + 0xe0;
    else if (c === 0x20aa) out[n++] = 0xa4;
    else out[n++] = 0x3f;
  }
  return out.subarray(0, n);
}
/** The reverse of encode1255, for the self-check. */
export function decode1255(buf: Buffer): string {
  let s = '';
  for (const b of buf) s += b < 0x80 ? String.fromCharCode(b) : b >= 0xe0 && b <= 0xfa ? String.fromCharCode(0x05d0 + b - 0xe0) : b === 0xa4 ? '\u20aa' : '?';
  return s;
}

/** A CSV field, quoted when it holds the separator, a quote or leading/trailing space. */
export const field = (s: string, sep: string): string => (s.includes(sep) || s.includes('"') || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** One typing slip in a digit string: a swapped pair, a dropped digit or a wrong digit. */
export function digitTypo(rng: Mulberry32, s: string): string {
  const i = rng.int(0, s.length - 2);
  const kind = rng.int(0, 2);
  if (kind === 0 && s[i] !== s[i + 1]) return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  if (kind === 1) return s.slice(0, i) + s.slice(i + 1);
  const d = (Number(s[i]) + rng.int(1, 8)) % 10;
  return s.slice(0, i) + d + s.slice(i + 1);
}
