/**
 * What the three heldout-v12 worlds share: the seeded draws, day arithmetic, money formatting, the
 * single-byte encoders their exports use (Windows-1251, Windows-874/TIS-620, Latin-1) and the step
 * that turns rows tagged while they were generated into the truth, in file order.
 */
import { Mulberry32, pad } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { Mulberry32, pad };

/** What a generated row is, carried with it until the file order is fixed. */
export interface Tag { group: string | null; kind: string; ambiguous?: boolean }
export const tag = (group: string | null, kind: string, ambiguous = false): Tag => (ambiguous ? { group, kind, ambiguous } : { group, kind });

/** The truth of two files from their rows' tags, each list in file order. */
export function truthOf(openItems: readonly Tag[], statement: readonly Tag[]): WorldTruthRow[] {
  const out: WorldTruthRow[] = [];
  const push = (side: WorldTruthRow['side'], t: Tag, i: number) => out.push({ side, row: i + 1, group: t.group, kind: t.kind, ...(t.ambiguous ? { ambiguous: true } : {}) });
  openItems.forEach((t, i) => push('open_items', t, i));
  statement.forEach((t, i) => push('statement', t, i));
  return out;
}

/** A world's own generator: the seed mixed with a salt of its own, so the worlds draw independently. */
export const rngFor = (seed: number, salt: number): Mulberry32 => new Mulberry32((Math.imul(seed, 0x9e3779b1) ^ salt) >>> 0);

/** Weighted pick: `[value, weight]` pairs. */
export function weighted<T>(rng: Mulberry32, xs: readonly (readonly [T, number])[]): T {
  const total = xs.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [v, w] of xs) { r -= w; if (r < 0) return v; }
  return xs[xs.length - 1][0];
}

export function shuffle<T>(rng: Mulberry32, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) { const j = rng.int(0, i); [xs[i], xs[j]] = [xs[j], xs[i]]; }
  return xs;
}

/** Days since 1970-01-01 (UTC). */
export const dayOf = (y: number, m: number, d: number): number => Date.UTC(y, m - 1, d) / 86400000;
export function ymd(day: number): [number, number, number] {
  const t = new Date(day * 86400000);
  return [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
}
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: number): number => new Date(day * 86400000).getUTCDay();
/** The next banking day on or after `day` (Saturday and Sunday skipped). */
export function bankDay(day: number): number {
  let d = day;
  while (weekday(d) === 0 || weekday(d) === 6) d++;
  return d;
}
/** dd<sep>mm<sep>yyyy; `yearShift` adds to the year (543 for the Thai Buddhist era), `yearDigits` 2 keeps the last two. */
export function dmy(day: number, sep = '.', yearShift = 0, yearDigits: 2 | 4 = 4): string {
  const [y, m, d] = ymd(day);
  const yy = String(y + yearShift);
  return `${pad(d, 2)}${sep}${pad(m, 2)}${sep}${yearDigits === 2 ? yy.slice(-2) : yy}`;
}

/** Digits of a non-negative integer in groups of three. */
export function groups3(n: number, sep: string): string {
  const s = String(Math.trunc(n));
  let out = '';
  for (let i = 0; i < s.length; i++) { if (i && (s.length - i) % 3 === 0) out += sep; out += s[i]; }
  return out;
}
/** Cents as text: `money(123456, ',', ' ')` is "1 234,56"; negative with a leading minus. */
export function money(cents: number, dec: string, thousands: string): string {
  const neg = cents < 0, a = Math.abs(cents);
  return `${neg ? '-' : ''}${groups3(Math.floor(a / 100), thousands)}${dec}${pad(a % 100, 2)}`;
}

/** A positive integer split into `parts` positive integers, each roughly a share of it. */
export function splitInt(rng: Mulberry32, total: number, parts: number): number[] {
  const ws = Array.from({ length: parts }, () => 0.5 + rng.next());
  const sum = ws.reduce((a, b) => a + b, 0);
  const out = ws.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  out[parts - 1] = total - out.slice(0, -1).reduce((a, b) => a + b, 0);
  return out;
}

/** Two adjacent different digits swapped (a typed reference with a transposition); unchanged if there are none. */
export function transpose(rng: Mulberry32, s: string): string {
  const at: number[] = [];
  for (let i = 0; i + 1 < s.length; i++) if (/\d/.test(s[i]) && /\d/.test(s[i + 1]) && s[i] !== s[i + 1]) at.push(i);
  if (!at.length) return s;
  const i = rng.pick(at);
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

/** Text into a single-byte code page; a character the page lacks is an error (the generator wrote something the real export could not). */
function singleByte(s: string, map: (cp: number) => number | undefined, page: string): Buffer {
  const out = Buffer.alloc(s.length);
  for (let i = 0; i < s.length; i++) {
    const cp = s.charCodeAt(i);
    const b = cp < 0x80 ? cp : map(cp);
    if (b === undefined) throw new Error(`${page}: no byte for U+${cp.toString(16)} in "${s.slice(Math.max(0, i - 20), i + 5)}"`);
    out[i] = b;
  }
  return out;
}
const CP1251_EXTRA: Record<number, number> = { 0x401: 0xa8, 0x451: 0xb8, 0x2116: 0xb9, 0xa0: 0xa0, 0xab: 0xab, 0xbb: 0xbb, 0x2013: 0x96, 0x2014: 0x97 };
/** Windows-1251 (Cyrillic): А–я, Ё/ё, №, no-break space, guillemets, dashes. */
export const cp1251 = (s: string): Buffer => singleByte(s, (cp) => (cp >= 0x410 && cp <= 0x44f ? cp - 0x350 : CP1251_EXTRA[cp]), 'windows-1251');
/** Windows-874 / TIS-620 (Thai): U+0E01–U+0E5B at 0xA1–0xFB, no-break space at 0xA0. */
export const cp874 = (s: string): Buffer => singleByte(s, (cp) => (cp >= 0xe01 && cp <= 0xe5b ? cp - 0xd60 : cp === 0xa0 ? 0xa0 : undefined), 'windows-874');
/** ISO-8859-1 (what Windows-1252 agrees with for Spanish letters). */
export const latin1 = (s: string): Buffer => singleByte(s, (cp) => (cp >= 0xa0 && cp <= 0xff ? cp : undefined), 'latin-1');
