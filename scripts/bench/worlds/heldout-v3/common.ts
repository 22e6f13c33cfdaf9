/**
 * Helpers for the third held-out set (cz-vs, jp-zengin, us-bai2-820). The random generator is the
 * first held-out set's (`../heldout/prng.ts`, mulberry32); each world seeds it its own way. Also:
 * a Windows-1250 encoder for the Czech accounting export (Node writes no code page but latin1),
 * full-width → half-width katakana as Japanese banks print payer names, and the bookkeeping that
 * turns generated rows into file order and numbered truth rows.
 */
import type { WorldTruthRow } from '../world';
import { Rng, dayOf, pad, ymd } from '../heldout/prng';

export { Rng, dayOf, pad, ymd };

export const weekday = (d: number): number => new Date(d * 86400000).getUTCDay();
/** Saturday/Sunday → the next Monday. */
export const nextBiz = (d: number): number => (weekday(d) === 6 ? d + 2 : weekday(d) === 0 ? d + 1 : d);
/** Saturday/Sunday → the Friday before. */
export const prevBiz = (d: number): number => (weekday(d) === 6 ? d - 1 : weekday(d) === 0 ? d - 2 : d);
export const lastOfMonth = (y: number, m: number): number => dayOf(y, m + 1, 1) - 1;
export const dmy = (d: number, sep: string): string => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)}${sep}${pad(m, 2)}${sep}${y}`; };

/** Minor units with a thousands mark and a decimal mark (empty `dec` for currencies without decimals). */
export function fmtMoney(minor: number, thou: string, dec: string, decimals = 2): string {
  const a = Math.abs(minor), unit = 10 ** decimals, s = String(Math.floor(a / unit)), head = s.length % 3 || 3;
  let int = s.slice(0, head);
  for (let i = head; i < s.length; i += 3) int += thou + s.slice(i, i + 3);
  return (minor < 0 ? '-' : '') + int + (decimals ? dec + pad(a % unit, decimals) : '');
}

/** A CSV field, quoted when it must be (or always, `force`). */
export const csvField = (s: string, sep: string, force = false): string =>
  force || s.includes(sep) || s.includes('"') || s.includes('\n') ? `"${s.replace(/"/g, '""')}"` : s;

/** Accents dropped, capitals. */
export const asciiUpper = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

// ---- Windows-1250 ---------------------------------------------------------------------------

const CP1250: Record<string, number> = {
  '\u00a0': 0xa0, '§': 0xa7, '–': 0x96, '„': 0x84, '“': 0x93, 'Š': 0x8a, 'Ť': 0x8d, 'Ž': 0x8e, 'š': 0x9a, 'ť': 0x9d, 'ž': 0x9e,
  'Ľ': 0xbc, 'ľ': 0xbe, 'Ŕ': 0xc0, 'Á': 0xc1, 'Ä': 0xc4, 'Ĺ': 0xc5, 'Č': 0xc8, 'É': 0xc9, 'Ě': 0xcc, 'Í': 0xcd, 'Ď': 0xcf,
  'Ň': 0xd2, 'Ó': 0xd3, 'Ô': 0xd4, 'Ö': 0xd6, 'Ř': 0xd8, 'Ů': 0xd9, 'Ú': 0xda, 'Ü': 0xdc, 'Ý': 0xdd, 'ß': 0xdf,
  'ŕ': 0xe0, 'á': 0xe1, 'ä': 0xe4, 'ĺ': 0xe5, 'č': 0xe8, 'é': 0xe9, 'ě': 0xec, 'í': 0xed, 'ď': 0xef, 'ň': 0xf2, 'ó': 0xf3,
  'ô': 0xf4, 'ö': 0xf6, 'ř': 0xf8, 'ů': 0xf9, 'ú': 0xfa, 'ü': 0xfc, 'ý': 0xfd,
};
/** Text → Windows-1250 bytes; throws on a character the table does not hold (so nothing is silently replaced). */
export function encodeCp1250(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) out[i++] = c;
    else if (CP1250[ch] !== undefined) out[i++] = CP1250[ch];
    else throw new Error(`no Windows-1250 byte for ${JSON.stringify(ch)}`);
  }
  return out.subarray(0, i);
}

// ---- Half-width katakana (Zengin character set) ---------------------------------------------

const FULL = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
const VOICED = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボ', VOICED_BASE = 'カキクケコサシスセソタチツテトハヒフヘホ';
const SEMI = 'パピプペポ', SEMI_BASE = 'ハヒフヘホ';
const SMALL = 'ァィゥェォッャュョヮ', SMALL_BIG = 'アイウエオツヤユヨワ';
/**
 * Full-width katakana → half-width as a Zengin transfer carries it: voiced marks as separate
 * characters (ガ → ｶﾞ), small kana written large (ッ → ﾂ, ョ → ﾖ), ー → ｰ, spaces kept.
 */
export function toHalfKana(s: string): string {
  let out = '';
  for (let ch of s) {
    const sm = SMALL.indexOf(ch);
    if (sm >= 0) ch = SMALL_BIG[sm];
    let i = FULL.indexOf(ch);
    if (i >= 0) { out += HALF[i]; continue; }
    i = VOICED.indexOf(ch);
    if (i >= 0) { out += HALF[FULL.indexOf(VOICED_BASE[i])] + 'ﾞ'; continue; }
    i = SEMI.indexOf(ch);
    if (i >= 0) { out += HALF[FULL.indexOf(SEMI_BASE[i])] + 'ﾟ'; continue; }
    if (ch === 'ヴ') { out += 'ｳﾞ'; continue; }
    if (ch === 'ー') { out += 'ｰ'; continue; }
    if (ch === '　' || ch === ' ') { out += ' '; continue; }
    if ('()-./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.includes(ch)) { out += ch; continue; }
    throw new Error(`no half-width kana for ${JSON.stringify(ch)} in ${s}`);
  }
  return out;
}

// ---- Rows, file order, truth ----------------------------------------------------------------

/** One generated row before it is put in file order: a sort key (a day), its data, and its truth. */
export interface Gen<T> { key: number; v: T; g: string | null; kind: string; amb?: boolean }

/** Rows sorted by key (a day number, or anything numeric), ties broken by a random draw made once per row. */
export function inFileOrder<T>(rows: Gen<T>[], rng: Rng, descending = false): Gen<T>[] {
  const s = descending ? -1 : 1;
  return rows.map((r) => [r, rng.next()] as const).sort((a, b) => s * (a[0].key - b[0].key) || a[1] - b[1]).map(([r]) => r);
}

/** Truth rows for one side, numbered 1.. in file order. */
export function truthFor<T>(side: WorldTruthRow['side'], rows: readonly Gen<T>[]): WorldTruthRow[] {
  return rows.map((r, i) => (r.amb ? { side, row: i + 1, group: r.g, kind: r.kind, ambiguous: true } : { side, row: i + 1, group: r.g, kind: r.kind }));
}

/** Amount registry per customer: every open amount of a customer is unique unless a twin is wanted. */
export class Amounts {
  private readonly used = new Map<string, Set<number>>();
  constructor(private readonly rng: Rng) {}
  /** A fresh amount for the customer, drawn by `draw` until it is not yet used by that customer. */
  fresh(cust: string, draw: () => number): number {
    const set = this.used.get(cust) ?? new Set<number>();
    this.used.set(cust, set);
    for (let k = 0; k < 200; k++) {
      const v = draw();
      if (v > 0 && !set.has(v)) { set.add(v); return v; }
    }
    throw new Error(`no unique amount for ${cust}`);
  }
  /** Record an amount that is used on purpose (a twin, an open remainder). */
  mark(cust: string, v: number): void {
    const set = this.used.get(cust) ?? new Set<number>();
    this.used.set(cust, set);
    set.add(v);
  }
  has(cust: string, v: number): boolean { return this.used.get(cust)?.has(v) ?? false; }
  get random(): Rng { return this.rng; }
}
