/**
 * Helpers for the seventh held-out set (pl-mt940, ke-mpesa, de-camt053). Self-contained apart from the
 * seeded generator and date helpers of `../heldout/prng.ts`: a case model (open items and bank lines
 * whose text is written once the documents are numbered), truth numbering, single-byte code pages
 * (Windows-1250 / Windows-1252 encoders built from Node's own decoders), check digits (Polish NIP and
 * sort code, IBAN, ISO 11649 RF creditor reference) and a synchronous bridge to `exceljs`, which only
 * writes asynchronously (a worker thread does the writing while this thread waits on an Atomics cell).
 */
import { Worker, MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import type { WorldTruthRow } from '../world';
import { Rng, dayOf, ymd } from '../heldout/prng';
import { mod97, pad } from '../mulberry32';

export { Rng, dayOf, ymd, mod97, pad };

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: number): number => new Date(day * 86400000).getUTCDay();
export const isBiz = (day: number): boolean => weekday(day) >= 1 && weekday(day) <= 5;
export function nextBiz(day: number): number { while (!isBiz(day)) day++; return day; }
export function prevBiz(day: number): number { while (!isBiz(day)) day--; return day; }

/** Cents → "1234.56" (or with another decimal mark / thousands separator). */
export function money(c: number, dec = '.', thou = ''): string {
  const neg = c < 0, a = Math.abs(c), int = String(Math.floor(a / 100));
  const g = thou ? int.replace(/\B(?=(\d{3})+(?!\d))/g, thou) : int;
  return (neg ? '-' : '') + g + dec + pad(a % 100, 2);
}

// ---- Code pages ---------------------------------------------------------------------------------

const sbcs = new Map<string, Map<string, number>>();
/** Text → bytes of a single-byte Windows code page; throws on a character the page cannot hold. */
export function encodeSbcs(text: string, label: 'windows-1250' | 'windows-1252'): Buffer {
  let t = sbcs.get(label);
  if (!t) {
    t = new Map();
    const dec = new TextDecoder(label);
    for (let b = 0x80; b <= 0xff; b++) { const ch = dec.decode(Uint8Array.of(b)); if (ch !== '\ufffd' && !t.has(ch)) t.set(ch, b); }
    sbcs.set(label, t);
  }
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) { out[i++] = c; continue; }
    const v = t.get(ch);
    if (v === undefined) throw new Error(`no ${label} code for ${JSON.stringify(ch)}`);
    out[i++] = v;
  }
  return out.subarray(0, i);
}
export const decodeSbcs = (b: Buffer, label: 'windows-1250' | 'windows-1252'): string => new TextDecoder(label).decode(b);

// ---- Check digits -------------------------------------------------------------------------------

/** Letters → digits (A = 10 … Z = 35), as IBAN and RF references use them. */
export const letters = (s: string): string => s.toUpperCase().replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
/** An IBAN from a country code and its BBAN (ISO 13616 mod 97-10). */
export function iban(cc: string, bban: string): string {
  return cc + pad(98 - mod97(letters(bban + cc) + '00'), 2) + bban;
}
export const ibanValid = (s: string): boolean => mod97(letters(s.slice(4) + s.slice(0, 4))) === 1;
/** ISO 11649 creditor reference "RFkk" + body. */
export function rfRef(body: string): string {
  return 'RF' + pad(98 - mod97(letters(body + 'RF') + '00'), 2) + body;
}
export const rfValid = (s: string): boolean => /^RF\d\d[0-9A-Z]{1,21}$/.test(s) && mod97(letters(s.slice(4) + s.slice(0, 4))) === 1;
/** Polish NIP: 9 digits + check digit (weights 6 5 7 2 3 4 5 6 7, mod 11, never 10). */
export function nipCheck(d9: string): number {
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  let s = 0;
  for (let i = 0; i < 9; i++) s += w[i] * Number(d9[i]);
  return s % 11;
}
export function nip(rng: Rng): string {
  for (;;) { const d = String(rng.int(1, 9)) + pad(rng.int(0, 99999999), 8); const c = nipCheck(d); if (c !== 10) return d + c; }
}
/** Polish bank sort code (numer rozliczeniowy): 7 digits + check (weights 3 9 7 1 3 9 7, mod 10). */
export function sortCode(bank4: string, branch3: string): string {
  const d = bank4 + branch3, w = [3, 9, 7, 1, 3, 9, 7];
  let s = 0;
  for (let i = 0; i < 7; i++) s += w[i] * Number(d[i]);
  return d + ((10 - (s % 10)) % 10);
}

// ---- Cases --------------------------------------------------------------------------------------

export interface Cust { code: string; name: string; [k: string]: unknown }
/** One open item (amount in cents, negative for a credit note). `no` is set when the list is numbered. */
export interface Item { cust: Cust; day: number; due: number; amt: number; credit: boolean; no: string; seq: number; g: string | null; kind: string; amb?: boolean; x: Record<string, string> }
/** One bank line; `text` is filled in after numbering (it may cite document numbers). */
export interface Line<T> { day: number; amt: number; g: string | null; kind: string; amb?: boolean; text: () => T; ord: number; t?: T }

export class Book<T> {
  items: Item[] = [];
  lines: Line<T>[] = [];
  private gid = 0;
  /** Amounts in use per customer (so that an amount names an item of its customer unless twinned on purpose) and amounts reserved across the whole list. */
  private used = new Map<string, Set<number>>();
  private reserved = new Set<number>();
  private all = new Set<number>();
  constructor(readonly rng: Rng, readonly prefix: string) {}
  group(): string { return `${this.prefix}${++this.gid}`; }
  /** A new amount for `c`: never one of its other items; with `unique`, never any item's amount in the list (and kept from later draws). */
  amount(c: Cust, draw: () => number, unique = false): number {
    const u = this.used.get(c.code) ?? new Set<number>();
    this.used.set(c.code, u);
    for (;;) {
      const a = draw();
      if (a <= 0 || u.has(a) || this.reserved.has(a) || (unique && this.all.has(a))) continue;
      u.add(a); this.all.add(a);
      if (unique) this.reserved.add(a);
      return a;
    }
  }
  /** Registers an amount that was chosen on purpose (a twin). */
  take(c: Cust, a: number): void { this.used.get(c.code)?.add(a); this.all.add(a); }
  item(cust: Cust, day: number, amt: number, kind: string, g: string | null, o: Partial<Item> = {}): Item {
    const it: Item = { cust, day, due: day + 30, amt, credit: amt < 0, no: '', seq: 0, g, kind, x: {}, ...o };
    this.items.push(it);
    return it;
  }
  line(day: number, amt: number, kind: string, g: string | null, text: () => T, o: Partial<Line<T>> = {}): Line<T> {
    const l: Line<T> = { day, amt, g, kind, text, ord: 0, ...o };
    this.lines.push(l);
    return l;
  }
  /** Numbers items by date (ties in creation order) with a counter per key (e.g. a month) — invoices and credit notes apart. */
  number(key: (it: Item) => string, fmt: (seq: number, it: Item) => string, start: (it: Item) => number = () => 1, step: () => number = () => 1): void {
    const order = this.items.map((it, i) => [it, i] as const).sort((a, b) => a[0].day - b[0].day || a[1] - b[1]);
    const next = new Map<string, number>();
    for (const [it] of order) {
      const k = (it.credit ? 'C:' : 'I:') + key(it);
      const s = next.get(k) ?? start(it);
      next.set(k, s + step());
      it.seq = s; it.no = fmt(s, it);
    }
  }
  /** Lines by day (then by a random order within the day), text written. */
  orderedLines(descending = false): Line<T>[] {
    for (const l of this.lines) if (!l.ord) l.ord = this.rng.next();
    const ls = [...this.lines].sort((a, b) => a.day - b.day || a.ord - b.ord);
    if (descending) ls.reverse();
    for (const l of ls) l.t = l.text();
    return ls;
  }
}

/** Truth rows for items and lines already in file order. */
export function truth(items: { g: string | null; kind: string; amb?: boolean }[], lines: { g: string | null; kind: string; amb?: boolean }[]): WorldTruthRow[] {
  const row = (side: 'open_items' | 'statement') => (r: { g: string | null; kind: string; amb?: boolean }, i: number): WorldTruthRow =>
    ({ side, row: i + 1, group: r.g, kind: r.kind, ...(r.amb ? { ambiguous: true } : {}) });
  return [...items.map(row('open_items')), ...lines.map(row('statement'))];
}

/** Draws kinds by weight until `n` open items are made; each case returns how many items it made. */
export function runCases(rng: Rng, n: number, weights: Record<string, number>, make: Record<string, () => number>): void {
  let made = 0;
  while (made < n) made += make[rng.weighted(weights)]();
}

/** Typos a hurried payer makes in a document number: a digit dropped, two swapped, O for 0, a space lost. */
export function typo(rng: Rng, s: string): string {
  const digits = [...s].map((ch, i) => (/\d/.test(ch) ? i : -1)).filter((i) => i >= 0);
  const r = rng.int(0, 3);
  if (r === 0 && s.includes('0')) return s.replace('0', 'O');
  if (r === 1 && s.includes(' ')) return s.replace(' ', '');
  if (r === 2 && digits.length > 3) { const i = digits[rng.int(0, digits.length - 1)]; return s.slice(0, i) + s.slice(i + 1); }
  const i = digits[rng.int(0, digits.length - 2)];
  return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
}

// ---- XLSX through exceljs -----------------------------------------------------------------------

export interface SheetSpec {
  sheetName: string;
  /** Title rows above the header (one string each, bold). */
  titles: string[];
  header: string[];
  /** Cells: string, number, or { date: days since 1970 } for a real Excel date. */
  rows: (string | number | { date: number } | null)[][];
  /** Per column: number format for numbers/dates, and width. */
  numFmt: (string | null)[];
  widths: number[];
  /** Rows after a blank line (totals). */
  footer: (string | number | null)[][];
  /** Fixed document times (the file must be the same bytes for a seed). */
  created: number;
  creator: string;
}

/** Writes an .xlsx with exceljs synchronously (exceljs writes only asynchronously: a worker writes, this thread waits). */
export function xlsxSync(spec: SheetSpec): Buffer {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), { workerData: { spec, shared, port: port2 }, transferList: [port2] });
  try {
    // A worker that cannot even start (exceljs missing) never wakes us: give up after two minutes.
    const until = Date.now() + 120000;
    while (Atomics.load(shared, 0) === 0 && Date.now() < until) Atomics.wait(shared, 0, 0, 1000);
    const msg = receiveMessageOnPort(port1)?.message as { ok: boolean; buf?: Uint8Array; error?: string } | undefined;
    if (!msg?.ok || !msg.buf) throw new Error(`xlsx worker: ${msg?.error ?? 'no answer'}`);
    return Buffer.from(msg.buf);
  } finally {
    void worker.terminate();
    port1.close();
  }
}
