/**
 * Helpers for the fourth held-out set (mx-spei, kr-vaccount, za-eft). The random generator and the
 * file-order / truth bookkeeping are the third set's (`../heldout-v3/common.ts`, itself on
 * `../heldout/prng.ts`); added here: kind counts scaled to the requested size, and the check digits
 * the three markets use (Mexican CLABE, Korean business registration number).
 */
export { Rng, dayOf, pad, ymd, weekday, nextBiz, prevBiz, dmy, fmtMoney, csvField, inFileOrder, truthFor, Amounts } from '../heldout-v3/common';
export type { Gen } from '../heldout-v3/common';

/** Counts per kind for `n` open items: each weight is a share of n, rounded, the last kind takes the rest. */
export function allot<K extends string>(n: number, shares: Record<K, number>): Record<K, number> {
  const keys = Object.keys(shares) as K[];
  const out = {} as Record<K, number>;
  let used = 0;
  for (const k of keys.slice(0, -1)) { out[k] = Math.round(n * shares[k]); used += out[k]; }
  out[keys[keys.length - 1]] = Math.max(0, n - used);
  return out;
}

/** CLABE (18 digits): 3 bank + 3 plaza + 11 account + a check digit, weights 3-7-1, sum of products mod 10. */
export function clabeCheck(first17: string): number {
  const w = [3, 7, 1];
  let s = 0;
  for (let i = 0; i < 17; i++) s += (Number(first17[i]) * w[i % 3]) % 10;
  return (10 - (s % 10)) % 10;
}

/** Korean business registration number (사업자등록번호, 10 digits): check digit of the first nine. */
export function brnCheck(first9: string): number {
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let s = 0;
  for (let i = 0; i < 9; i++) s += Number(first9[i]) * w[i];
  s += Math.floor((Number(first9[8]) * 5) / 10);
  return (10 - (s % 10)) % 10;
}

/** A name from `make` that is not in `used` yet (tries up to 500 draws), recorded as used. */
export function uniqueName(used: Set<string>, make: () => string): string {
  for (let k = 0; k < 500; k++) {
    const s = make();
    if (!used.has(s)) { used.add(s); return s; }
  }
  throw new Error('no unique name left');
}
