/**
 * Helpers for the sixth held-out set (ca-eft, ae-aed, cn-gbk). The random generator, kind counts and
 * truth bookkeeping are the earlier sets' (`../heldout-v5/common.ts` and below); added here: a GBK
 * encoder built from Node's own GBK decoder (no package), the Canadian business-number check digit
 * (Luhn), and the small case model the three worlds share: open items and bank lines whose text is
 * written once the documents are numbered.
 */
import type { World, WorldTruthRow } from '../world';
import { Rng, inFileOrder, truthFor, type Gen } from '../heldout-v5/common';

export { Rng, dayOf, pad, ymd, weekday, nextBiz, prevBiz, dmy, fmtMoney, csvField, allot, uniqueName, cut, encodeCp1252, decodeCp1252, openingFor, sweeps } from '../heldout-v5/common';

// ---- GBK ----------------------------------------------------------------------------------------

let gbkMap: Map<string, number> | null = null;
/** Every two-byte GBK code (lead 0x81–0xFE, trail 0x40–0xFE but 0x7F) decoded once by Node's ICU decoder, reversed. */
function gbkTable(): Map<string, number> {
  if (gbkMap) return gbkMap;
  const dec = new TextDecoder('gbk', { fatal: true });
  gbkMap = new Map();
  for (let a = 0x81; a <= 0xfe; a++) for (let b = 0x40; b <= 0xfe; b++) {
    if (b === 0x7f) continue;
    try { const ch = dec.decode(Uint8Array.of(a, b)); if (ch.length === 1 && !gbkMap.has(ch)) gbkMap.set(ch, (a << 8) | b); } catch { /* not a GBK code */ }
  }
  return gbkMap;
}
/** Text → GBK bytes; throws on a character GBK cannot hold. */
export function encodeGbk(text: string): Buffer {
  const t = gbkTable(), out = Buffer.alloc(text.length * 2);
  let i = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) { out[i++] = c; continue; }
    const v = t.get(ch);
    if (v === undefined) throw new Error(`no GBK code for ${JSON.stringify(ch)}`);
    out[i++] = v >> 8; out[i++] = v & 0xff;
  }
  return out.subarray(0, i);
}
export const decodeGbk = (b: Buffer): string => new TextDecoder('gbk', { fatal: true }).decode(b);

// ---- Canada ---------------------------------------------------------------------------------------

/** Luhn check digit of the first eight digits of a Canadian business number (BN9). */
export function bnCheck(first8: string): number {
  let s = 0;
  for (let i = 0; i < 8; i++) { let d = Number(first8[i]); if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; } s += d; }
  return (10 - (s % 10)) % 10;
}

// ---- Cases ----------------------------------------------------------------------------------------

export interface Cust { code: string; name: string; bank: string; tax: string; cur: string; person?: boolean; [k: string]: unknown }
/** One open item. `no` and `seq` are set when the list is numbered by date. */
export interface Item { cust: Cust; day: number; due: number; amt: number; cur: string; credit: boolean; no: string; seq: number; net: number; g: string | null; kind: string; amb?: boolean; x: Record<string, string> }
/** One bank line; `text` is filled in after numbering (it may cite document numbers). */
export interface Line { day: number; amt: number; cur: string; text: () => string[]; g: string | null; kind: string; amb?: boolean }

export class Book {
  items: Item[] = [];
  lines: Line[] = [];
  private gid = 0;
  constructor(readonly rng: Rng, readonly prefix: string) {}
  group(): string { return `${this.prefix}${++this.gid}`; }
  item(cust: Cust, day: number, amt: number, kind: string, g: string | null, o: Partial<Item> = {}): Item {
    const it: Item = { cust, day, due: day + 30, amt, cur: cust.cur, credit: amt < 0, no: '', seq: 0, net: amt, g, kind, x: {}, ...o };
    this.items.push(it);
    return it;
  }
  line(day: number, amt: number, kind: string, g: string | null, text: () => string[], o: Partial<Line> = {}): Line {
    const l: Line = { day, amt, cur: 'CAD', text, g, kind, ...o };
    this.lines.push(l);
    return l;
  }
  /** Numbers the items by date (ties in creation order) with `fmt(seq, item)`; credits with `fmtCredit` on their own sequence. */
  number(start: number, fmt: (seq: number, it: Item) => string, creditStart: number, fmtCredit: (seq: number, it: Item) => string): void {
    const order = this.items.map((it, i) => [it, i] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
    let s = start, c = creditStart;
    for (const [it] of order) { if (it.credit) { it.seq = c++; it.no = fmtCredit(it.seq, it); } else { it.seq = s++; it.no = fmt(it.seq, it); } }
  }
}

/** Rows in file order and their truth. */
export function assemble<A, B>(rng: Rng, oi: Gen<A>[], st: Gen<B>[], descending = false): { oi: Gen<A>[]; st: Gen<B>[]; truth: WorldTruthRow[] } {
  const a = inFileOrder(oi, rng), b = inFileOrder(st, rng, descending);
  return { oi: a, st: b, truth: [...truthFor('open_items', a), ...truthFor('statement', b)] };
}
export type { Gen, World };

/** Splits `n` cents in parts of fixed shares (tax lines): base and the taxes at `rates` (e.g. 0.05), rounded per line, so base + taxes = n ± 0. */
export function grossUp(base: number, rates: readonly number[]): { taxes: number[]; total: number } {
  const taxes = rates.map((r) => Math.round(base * r));
  return { taxes, total: base + taxes.reduce((a, b) => a + b, 0) };
}
