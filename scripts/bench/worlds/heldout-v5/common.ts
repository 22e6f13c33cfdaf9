/**
 * Helpers for the fifth held-out set (pt-multibanco, tr-havale, sg-paynow). The random generator,
 * kind counts and truth bookkeeping are the earlier sets' (`../heldout-v4/common.ts`, on
 * `../heldout-v3/common.ts` and `../heldout/prng.ts`); added here: the identifiers the three markets
 * use with their check digits (Portuguese NIF, Multibanco referência, Turkish VKN and TCKN), a
 * Windows-1252 and a Windows-1254 encoder that refuse what they cannot write, month names, and a
 * running-balance helper.
 */
import { mod97 } from '../heldout/prng';
import { pad, ymd } from '../heldout-v4/common';

export { Rng, dayOf, pad, ymd, weekday, nextBiz, prevBiz, dmy, fmtMoney, csvField, inFileOrder, truthFor, Amounts, allot, uniqueName } from '../heldout-v4/common';
export type { Gen } from '../heldout-v4/common';
export { mod97 };

// ---- Portugal -------------------------------------------------------------------------------

/** NIF (9 digits): check digit of the first eight, weights 9..2, 11 − (sum mod 11), 10 and 11 → 0. */
export function nifCheck(first8: string): number {
  let s = 0;
  for (let i = 0; i < 8; i++) s += Number(first8[i]) * (9 - i);
  const r = s % 11;
  return r < 2 ? 0 : 11 - r;
}

/**
 * Multibanco referência check digits (SIBS "pagamento de serviços"): over entidade (5) + the first
 * seven digits of the referência + the amount in cents (8 digits), weights 10^k mod 97 from the
 * right starting at 10^2 — i.e. 98 − (that 20-digit number × 100 mod 97), two digits.
 */
export function mbCheck(entidade: string, ref7: string, cents: number): string {
  const s = entidade + ref7 + pad(cents, 8);
  if (s.length !== 20 || !/^\d+$/.test(s)) throw new Error(`bad MB reference input ${s}`);
  return pad(98 - mod97(s + '00'), 2);
}

// ---- Turkey ---------------------------------------------------------------------------------

/** VKN (vergi kimlik numarası, 10 digits): check digit of the first nine as the GİB algorithm computes it. */
export function vknCheck(first9: string): number {
  let s = 0;
  for (let i = 0; i < 9; i++) {
    const t = (Number(first9[i]) + 9 - i) % 10;
    let v = (t * 2 ** (9 - i)) % 9;
    if (t !== 0 && v === 0) v = 9;
    s += v;
  }
  return (10 - (s % 10)) % 10;
}

/** TCKN (11 digits, first not 0): the 10th and 11th digits from the first nine. */
export function tcknTail(first9: string): string {
  const d = [...first9].map(Number);
  const odd = d[0] + d[2] + d[4] + d[6] + d[8], even = d[1] + d[3] + d[5] + d[7];
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = (d.reduce((a, b) => a + b, 0) + d10) % 10;
  return `${d10}${d11}`;
}

/** Turkish capitals as a Turkish locale writes them (i → İ, ı → I). */
export const trUpper = (s: string): string => s.replace(/i/g, 'İ').replace(/ı/g, 'I').toUpperCase();
/** Capitals by a program that ignores the locale (i → I, ı → I; İ stays). */
export const naiveUpper = (s: string): string => s.replace(/ı/g, 'I').toUpperCase();
/** Capitals without any Turkish letter (Ç→C, Ğ→G, İ/ı→I, Ö→O, Ş→S, Ü→U), as many bank systems print. */
export const asciiTr = (s: string): string =>
  trUpper(s).replace(/Ç/g, 'C').replace(/Ğ/g, 'G').replace(/İ/g, 'I').replace(/Ö/g, 'O').replace(/Ş/g, 'S').replace(/Ü/g, 'U').replace(/Â/g, 'A');

// ---- Code pages -----------------------------------------------------------------------------

const CP1254_EXTRA: Record<string, number> = { 'Ğ': 0xd0, 'İ': 0xdd, 'Ş': 0xde, 'ğ': 0xf0, 'ı': 0xfd, 'ş': 0xfe, '€': 0x80, '–': 0x96 };
const CP1254_NOT = new Set([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);
const CP1252_EXTRA: Record<string, number> = { '€': 0x80, '–': 0x96, 'º': 0xba, 'ª': 0xaa };

function encodeWith(text: string, extra: Record<string, number>, latin1Not: Set<number>, name: string): Buffer {
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) out[i++] = c;
    else if (extra[ch] !== undefined) out[i++] = extra[ch];
    else if (c >= 0xa0 && c <= 0xff && !latin1Not.has(c)) out[i++] = c;
    else throw new Error(`no ${name} byte for ${JSON.stringify(ch)}`);
  }
  return out.subarray(0, i);
}
/** Text → Windows-1254 (Turkish) bytes; throws on a character it cannot hold. */
export const encodeCp1254 = (text: string): Buffer => encodeWith(text, CP1254_EXTRA, CP1254_NOT, 'Windows-1254');
/** Text → Windows-1252 bytes; throws on a character it cannot hold. */
export const encodeCp1252 = (text: string): Buffer => encodeWith(text, CP1252_EXTRA, new Set(), 'Windows-1252');
/** Windows-1254 bytes → text (the inverse, for the self-check). */
export function decodeCp1254(buf: Buffer): string {
  const back = new Map<number, string>(Object.entries(CP1254_EXTRA).map(([k, v]) => [v, k]));
  let s = '';
  for (const b of buf) s += back.get(b) ?? String.fromCharCode(b);
  return s;
}
export function decodeCp1252(buf: Buffer): string {
  const back = new Map<number, string>(Object.entries(CP1252_EXTRA).map(([k, v]) => [v, k]));
  let s = '';
  for (const b of buf) s += back.get(b) ?? String.fromCharCode(b);
  return s;
}

// ---- Dates and balances -----------------------------------------------------------------------

export const MON_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const MES_PT = ['JAN', 'FEV', 'MAR', 'ABR', 'MAI', 'JUN', 'JUL', 'AGO', 'SET', 'OUT', 'NOV', 'DEZ'];
export const AY_TR = ['OCAK', 'ŞUBAT', 'MART', 'NİSAN', 'MAYIS', 'HAZİRAN', 'TEMMUZ', 'AĞUSTOS', 'EYLÜL', 'EKİM', 'KASIM', 'ARALIK'];
/** "07 Oct 2026". */
export const dMonY = (d: number): string => { const [y, m, dd] = ymd(d); return `${pad(dd, 2)} ${MON_EN[m - 1]} ${y}`; };
/** "7/10/2026" (no zero padding). */
export const dmyShort = (d: number): string => { const [y, m, dd] = ymd(d); return `${dd}/${m}/${y}`; };

/** An opening balance that keeps every running balance at or above `floor` (movements in file-independent date order). */
export function openingFor(amounts: readonly number[], floor: number): number {
  let run = 0, min = 0;
  for (const a of amounts) { run += a; if (run < min) min = run; }
  return floor - min;
}

/** Cuts to `n` characters and trims the end (a bank field that is full). */
export const cut = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s).trimEnd();

/**
 * Transfers out to a deposit account on the given days when the balance (from `start`, flows summed by
 * day) is above `over`: each takes it back down to about `keep`, in whole thousands. Keeps a month of
 * receipts from piling up into an implausible current-account balance.
 */
export function sweeps(flows: readonly { day: number; amt: number }[], days: readonly number[], start: number, keep: number, over: number): { day: number; amt: number }[] {
  const byDay = new Map<number, number>();
  for (const f of flows) byDay.set(f.day, (byDay.get(f.day) ?? 0) + f.amt);
  const all = [...new Set([...byDay.keys(), ...days])].sort((a, b) => a - b), at = new Set(days), out: { day: number; amt: number }[] = [];
  let run = start;
  for (const d of all) {
    run += byDay.get(d) ?? 0;
    if (at.has(d) && run > over) { const s = Math.floor((run - keep) / 100000) * 100000; out.push({ day: d, amt: -s }); run -= s; }
  }
  return out;
}
