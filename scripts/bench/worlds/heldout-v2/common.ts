/**
 * Small helpers shared by the second held-out set (ch-qr, it-riba, br-boleto). The generator
 * itself is the first set's (`../heldout/prng.ts`, mulberry32); each world seeds it its own way.
 */
import type { WorldTruthRow } from '../world';
import { Rng, dayOf, lettersToDigits, mod97, pad, ymd } from '../heldout/prng';

export { Rng, dayOf, lettersToDigits, mod97, pad, ymd };

export const weekday = (d: number): number => new Date(d * 86400000).getUTCDay();
/** Saturday/Sunday → the next Monday. */
export const biz = (d: number): number => (weekday(d) === 6 ? d + 2 : weekday(d) === 0 ? d + 1 : d);
export const endOfMonth = (d: number): number => { const [y, m] = ymd(d); return dayOf(y, m + 1, 1) - 1; };
/** Business days in [from, to]. */
export function businessDays(from: number, to: number): number[] {
  const out: number[] = [];
  for (let d = from; d <= to; d++) if (biz(d) === d) out.push(d);
  return out;
}
/** dd<sep>mm<sep>yyyy. */
export const dmy = (d: number, sep: string): string => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}${sep}${pad(m, 2)}${sep}${y}`; };
export const iso = (d: number): string => { const [y, m, dd] = ymd(d); return `${y}-${pad(m, 2)}-${pad(dd, 2)}`; };

/** Cents with a thousands mark and a decimal mark: (123456, "'", ".") → 1'234.56. Sign in front. */
export function money(cents: number, thou: string, dec: string): string {
  const a = Math.abs(cents), s = String(Math.floor(a / 100)), head = s.length % 3 || 3;
  let int = s.slice(0, head);
  for (let i = head; i < s.length; i += 3) int += thou + s.slice(i, i + 3);
  return (cents < 0 ? '-' : '') + int + dec + pad(a % 100, 2);
}

/** Swiss QR/ESR reference check digit: mod 10, recursive (table 0946827135). */
export function mod10rec(digits: string): number {
  const T = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];
  let carry = 0;
  for (const ch of digits) carry = T[(carry + Number(ch)) % 10];
  return (10 - carry) % 10;
}
/** ISO 11649 creditor reference for a body (letters and digits). */
export function rfRef(body: string): string {
  return `RF${pad(98 - mod97(lettersToDigits(body.toUpperCase() + 'RF00')), 2)}${body}`;
}
/** An IBAN with a valid check for a country code and a BBAN. */
export function iban(cc: string, bban: string): string {
  return cc + pad(98 - mod97(lettersToDigits(bban + cc + '00')), 2) + bban;
}
/** Accents dropped, capitals: what most bank descriptions show. */
export const upperAscii = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
/** A CSV field quoted when it must be. */
export const q = (s: string, sep: string): string => (s.includes(sep) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s);

/** Shuffled within a key: order rows by (key, random tiebreak) and number the truth for one side. */
export interface Placed { g: string | null; kind: string; amb?: boolean }
export function truthRows(side: WorldTruthRow['side'], rows: readonly Placed[]): WorldTruthRow[] {
  return rows.map((r, i) => (r.amb ? { side, row: i + 1, group: r.g, kind: r.kind, ambiguous: true } : { side, row: i + 1, group: r.g, kind: r.kind }));
}
/** Stable sort by a numeric key with a random tiebreak drawn once per row. */
export function sortRandomTies<T>(rows: T[], key: (r: T) => number, rng: Rng): T[] {
  return rows.map((r) => [r, key(r), rng.next()] as const).sort((a, b) => a[1] - b[1] || a[2] - b[2]).map(([r]) => r);
}
