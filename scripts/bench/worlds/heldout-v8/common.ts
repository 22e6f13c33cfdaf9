/**
 * Helpers for the eighth held-out set (au-bpay, it-fatturapa, us-ach-ctx). Builds on the seventh set's
 * helpers (`../heldout-v7/common.ts`: the seeded case model `Book`, truth numbering, typos, money, IBAN
 * check digits and the synchronous exceljs bridge) and adds what these three markets need: the Luhn /
 * MOD10V01 check digit of a BPAY Customer Reference Number, the Italian Partita IVA check digit, CSV
 * quoting and October pay days.
 */
import { Rng, Book, truth, runCases, typo, money, dayOf, ymd, pad, iban, ibanValid, xlsxSync, weekday, isBiz, nextBiz, prevBiz } from '../heldout-v7/common';
import type { Cust, Item, Line, SheetSpec } from '../heldout-v7/common';

export { Rng, Book, truth, runCases, typo, money, dayOf, ymd, pad, iban, ibanValid, xlsxSync, weekday, isBiz, nextBiz, prevBiz };
export type { Cust, Item, Line, SheetSpec };

export const OCT1 = dayOf(2026, 10, 1);
export const OCT31 = dayOf(2026, 10, 31);
/** The lists are exported on Monday 2 November 2026, before October's receipts were applied. */
export const REPORT = dayOf(2026, 11, 2);

/** A business day in October, on or after `after` + a few days (clamped into October). */
export function payDay(rng: Rng, after: number, lo = 2, hi = 45): number {
  let d = Math.max(OCT1, after + rng.int(lo, hi));
  if (d > OCT31) d = rng.int(Math.max(OCT1, after + 1), OCT31);
  d = nextBiz(d);
  return d > OCT31 ? prevBiz(OCT31) : d;
}
export const octoberBizDays = (): number[] => { const out: number[] = []; for (let d = OCT1; d <= OCT31; d++) if (isBiz(d)) out.push(d); return out; };

/** Luhn (BPAY MOD10V01) check digit for a digit string. */
export function luhn(d: string): number {
  let s = 0;
  for (let i = 0; i < d.length; i++) {
    let v = Number(d[d.length - 1 - i]);
    if (i % 2 === 0) { v *= 2; if (v > 9) v -= 9; }
    s += v;
  }
  return (10 - (s % 10)) % 10;
}
export const luhnValid = (d: string): boolean => /^\d+$/.test(d) && luhn(d.slice(0, -1)) === Number(d[d.length - 1]);

/** Italian Partita IVA: 7-digit number, 3-digit province office, Luhn-like check digit (odd positions as is, even doubled). */
export function pivaCheck(d10: string): number {
  let s = 0;
  for (let i = 0; i < 10; i++) { let v = Number(d10[i]); if (i % 2 === 1) { v *= 2; if (v > 9) v -= 9; } s += v; }
  return (10 - (s % 10)) % 10;
}
export function piva(rng: Rng): string {
  const d = pad(rng.int(100000, 9999999), 7) + pad(rng.pick([1, 21, 42, 58, 15, 37, 48, 63, 97, 72, 74, 81]), 3);
  return d + pivaCheck(d);
}
export const pivaValid = (s: string): boolean => /^\d{11}$/.test(s) && pivaCheck(s.slice(0, 10)) === Number(s[10]);

/** One CSV field, quoted when it has the separator, a quote or a newline. */
export const q = (s: string, sep = ','): string => (s.includes(sep) || /["\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);

/** Splits a CSV line (quotes honoured). */
export function splitCsv(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '', inQ = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQ) { if (ch === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; } else cur += ch; }
    else if (ch === '"') inQ = true;
    else if (ch === sep) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Draws a name from parts, never the same twice. */
export function names(n: number, make: () => string): string[] {
  const seen = new Set<string>(), out: string[] = [];
  for (let tries = 0; out.length < n; tries++) {
    let s = make();
    if (seen.has(s)) { if (tries < n * 20) continue; s = `${s} ${out.length}`; }
    seen.add(s); out.push(s);
  }
  return out;
}

/**
 * Sets the amount of each sweep line (a transfer out to a savings or investment account) to what came in,
 * net, since the previous sweep, to the nearest thousand, so that the balance stays near its opening
 * (companies sweep; without it a month of receipts piles up). `isSweep` picks the sweep lines.
 */
export function sizeSweeps<T>(lines: Line<T>[], isSweep: (l: Line<T>) => boolean): void {
  const sweeps = lines.filter(isSweep).sort((a, b) => a.day - b.day);
  let from = -Infinity;
  for (const sw of sweeps) {
    let net = 0;
    for (const l of lines) if (!isSweep(l) && l.day > from && l.day <= sw.day) net += l.amt;
    sw.amt = -Math.max(100000, Math.round(net / 100000) * 100000);
    from = sw.day;
  }
}
