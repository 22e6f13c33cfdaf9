/**
 * Shared pieces of the eighteenth held-out set (issue 25v18): a seeded draw, a book of open-item and
 * statement rows that carry their own truth until the files are rendered, number/date formats, the
 * Hijri (Umm al-Qura) and Minguo calendars, and the Big5 encoding Taiwanese software exports in.
 * Written blind, from how the banks, ERPs and payers of Saudi Arabia, Sri Lanka and Taiwan behave.
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
   * items stay open (`not_yet_due`, no counterpart). Call before each case and once at the end.
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
  finish(): { oi: Row[]; st: Row[]; truth: WorldTruthRow[] } {
    const sort = (xs: Row[]) => xs.map((r, i) => ({ r, i })).sort((a, b) => (a.r.key ?? '').localeCompare(b.r.key ?? '') || a.r.day - b.r.day || (a.r.seq ?? 0) - (b.r.seq ?? 0) || a.i - b.i).map((x) => x.r);
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
/** The next working day on or after `day`; `weekend` are the days off (0 = Sunday). */
export const workDay = (day: number, weekend: number[] = [0, 6]) => { let d = day; while (weekend.includes(dateOf(d).dow)) d++; return d; };
export const LAST_DAY = 87; // 27 Nov 2026
export const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `day` as dd/mm/yyyy-style text with the given separator. */
export const dmy = (day: number, sep: string) => { const t = dateOf(day); return `${pad(t.d, 2)}${sep}${pad(t.m, 2)}${sep}${t.y}`; };
export const ymd = (day: number, sep: string) => { const t = dateOf(day); return `${t.y}${sep}${pad(t.m, 2)}${sep}${pad(t.d, 2)}`; };
/** The Minguo (ROC) calendar Taiwan prints: 2026 is year 115, `115/09/03`. */
export const roc = (day: number) => { const t = dateOf(day); return `${t.y - 1911}/${pad(t.m, 2)}/${pad(t.d, 2)}`; };

const HIJRI = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
/** The Umm al-Qura date of `day` as dd/mm/yyyy (1 Sep 2026 is 19/03/1448). */
export function hijri(day: number): string {
  const p = HIJRI.formatToParts(new Date(Date.UTC(2026, 8, 1) + day * 86400000));
  const v = (t: string) => p.find((x) => x.type === t)!.value;
  return `${v('day')}/${v('month')}/${v('year')}`;
}

/** Cents as text: `thousands` and `dec` marks (dec '' = whole units only), a leading minus when negative. */
export function money(c: number, thousands: string, dec: string): string {
  const a = Math.abs(c), u = String(Math.floor(a / 100)), f = pad(a % 100, 2);
  const g = thousands ? u.replace(/\B(?=(\d{3})+(?!\d))/g, thousands) : u;
  if (!dec && a % 100) throw new Error(`whole units only: ${c}`);
  return `${c < 0 ? '-' : ''}${g}${dec ? dec + f : ''}`;
}
/** Text as cents, given the marks (a leading minus allowed; dec '' = whole units). */
export function parseMoney(s: string, thousands: string, dec: string): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  if (thousands) t = t.split(thousands).join('');
  if (dec) t = t.replace(dec, '.');
  if (!(dec ? /^\d+\.\d\d$/ : /^\d+$/).test(t)) throw new Error(`bad amount "${s}"`);
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

let BIG5: Map<string, number[]> | null = null;
/** Big5 (as Windows code page 950 writes it), built from the WHATWG decoder's table, standard lead bytes first. */
export function big5(s: string): Buffer {
  if (!BIG5) {
    BIG5 = new Map();
    const dec = new TextDecoder('big5');
    for (let lead = 0xa1; lead <= 0xf9; lead++) for (const trail of [...Array(63).keys()].map((i) => 0x40 + i).concat([...Array(94).keys()].map((i) => 0xa1 + i))) {
      const ch = dec.decode(Buffer.from([lead, trail]));
      if (ch.length === 1 && ch !== '\ufffd' && !BIG5.has(ch)) BIG5.set(ch, [lead, trail]);
    }
  }
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) { out.push(c); continue; }
    const b = BIG5.get(ch);
    if (!b) throw new Error(`not in Big5: ${ch}`);
    out.push(...b);
  }
  return Buffer.from(out);
}
