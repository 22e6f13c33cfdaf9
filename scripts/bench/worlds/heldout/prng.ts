/**
 * Seeded randomness and small helpers for the held-out worlds us-lockbox and be-fr-mixed (this
 * set's `random.ts`; kept under its own name because another writer uses `random.ts` in this
 * folder). Pure TypeScript: a mulberry32 generator, amount/date helpers, mod-97 arithmetic, and
 * `assemble`, which sorts generated rows into file order and numbers the truth rows.
 */
import { Mulberry32, mod97, pad } from '../mulberry32';
import type { WorldTruthRow } from '../world';

export { mod97, pad };

export class Rng extends Mulberry32 {
  constructor(seed: number) {
    super((seed ^ 0x9e3779b9) >>> 0);
  }
  /** Picks a key of `weights` with probability proportional to its value. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const keys = Object.keys(weights) as K[];
    let total = 0;
    for (const k of keys) total += weights[k];
    let r = this.next() * total;
    for (const k of keys) if ((r -= weights[k]) < 0) return k;
    return keys[keys.length - 1];
  }
  /** An n-digit decimal string without a leading zero. */
  digits(n: number): string {
    if (n <= 9) return String(this.int(10 ** (n - 1), 10 ** n - 1));
    return this.digits(9) + pad(this.int(0, 10 ** Math.min(9, n - 9) - 1), Math.min(9, n - 9)) + (n > 18 ? this.digits(n - 18) : '');
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1)), t = xs[i];
      xs[i] = xs[j];
      xs[j] = t;
    }
    return xs;
  }
  /** An invoice-like amount in cents: log-uniform between lo and hi units, sometimes round. */
  amountCents(lo: number, hi: number): number {
    const v = Math.exp(Math.log(lo) + this.next() * (Math.log(hi) - Math.log(lo)));
    if (this.chance(0.12)) return Math.max(1, Math.round(v / 50)) * 5000;
    return Math.round(v * 100);
  }
  /** Index skewed towards 0 so that a few customers are large. */
  skewedIndex(n: number): number {
    return Math.min(n - 1, Math.floor(n * Math.pow(this.next(), 1.8)));
  }
  /** Splits `total` cents into `n` positive parts. */
  split(total: number, n: number): number[] {
    const parts: number[] = [];
    let left = total;
    for (let i = n; i > 1; i--) {
      const share = Math.round((left / i) * (0.6 + this.next() * 0.8));
      const p = Math.max(100, Math.min(left - 100 * (i - 1), share));
      parts.push(p);
      left -= p;
    }
    parts.push(left);
    return parts;
  }
}

/** Days since 1970-01-01 (UTC) → [year, month 1-12, day]. */
export function ymd(day: number): [number, number, number] {
  const d = new Date(day * 86400000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}
export function dayOf(y: number, m: number, d: number): number {
  return Math.round(Date.UTC(y, m - 1, d) / 86400000);
}
/** A day formatter that remembers what it has formatted (a file repeats a few hundred dates). */
export function dateFormat(fmt: (y: number, m: number, d: number) => string): (day: number) => string {
  const cache = new Map<number, string>();
  return (day) => {
    let s = cache.get(day);
    if (s === undefined) cache.set(day, (s = fmt(...ymd(day))));
    return s;
  };
}
/** Moves Saturdays and Sundays forward to Monday. */
export function businessDay(day: number): number {
  const wd = new Date(day * 86400000).getUTCDay();
  return wd === 6 ? day + 2 : wd === 0 ? day + 1 : day;
}

/** Letters to numbers as ISO 7064 wants them (A=10 … Z=35). */
export function lettersToDigits(s: string): string {
  let out = '';
  for (const ch of s) out += ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
  return out;
}

/** Cents with two decimals and a chosen separator, no thousands grouping: 123456 → "1234.56". */
export function plain(cents: number, dec = '.'): string {
  const a = Math.abs(cents);
  return (cents < 0 ? '-' : '') + Math.floor(a / 100) + dec + pad(a % 100, 2);
}
/** Cents with thousands grouping: 123456 → "1,234.56" (or "1.234,56"). */
export function grouped(cents: number, thou = ',', dec = '.'): string {
  const a = Math.abs(cents), s = String(Math.floor(a / 100)), head = s.length % 3 || 3;
  let int = s.slice(0, head);
  for (let i = head; i < s.length; i += 3) int += thou + s.slice(i, i + 3);
  return (cents < 0 ? '-' : '') + int + dec + pad(a % 100, 2);
}

/** One generated row before it is put in file order. */
export interface Row {
  side: 'open_items' | 'statement';
  /** Sort bucket: a small non-negative integer (a customer rank, a day); ties keep their order. */
  key: number;
  line: string;
  group: string | null;
  kind: string;
  ambiguous?: boolean;
}

/**
 * Indices 0..n-1 ordered by a small integer key (< 2048), ties in random order: the keys are
 * packed with a random tiebreak and the index into one float and sorted natively.
 */
export function orderBy(n: number, key: (i: number) => number, rng: Rng): Uint32Array {
  if (n >= 2 ** 21) throw new Error('orderBy: too many rows');
  const k = new Float64Array(n);
  for (let i = 0; i < n; i++) k[i] = (key(i) * 2 ** 20 + rng.int(0, 2 ** 20 - 1)) * 2 ** 21 + i;
  k.sort();
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = k[i] % 2 ** 21;
  return out;
}

/** Stable counting sort on the integer key (linear, for a million rows). */
function bucketSort(rows: Row[]): Row[] {
  let max = 0;
  for (const r of rows) if (r.key > max) max = r.key;
  const at = new Uint32Array(max + 2);
  for (const r of rows) at[r.key + 1]++;
  for (let k = 1; k < at.length; k++) at[k] += at[k - 1];
  const out = new Array<Row>(rows.length);
  for (const r of rows) out[at[r.key]++] = r;
  return out;
}

/** Puts each side in file order (stable on key) and numbers the truth rows. */
export function assemble(openRows: Row[], stmtRows: Row[]): { open: string[]; stmt: string[]; truth: WorldTruthRow[] } {
  const open = bucketSort(openRows), stmt = bucketSort(stmtRows);
  const truth: WorldTruthRow[] = [];
  for (const list of [open, stmt])
    list.forEach((r, i) => {
      const t: WorldTruthRow = { side: r.side, row: i + 1, group: r.group, kind: r.kind };
      if (r.ambiguous) t.ambiguous = true;
      truth.push(t);
    });
  return { open: open.map((r) => r.line), stmt: stmt.map((r) => r.line), truth };
}
