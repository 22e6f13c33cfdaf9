/**
 * The seeded generator the benches use (the world sets tune/random.ts and heldout/prng.ts, the
 * cash and recon benches): mulberry32 and the pickers on top of it. Each set derives its own start state from a seed (the sets keep their
 * own seeding, so every world they generate stays byte for byte what it was).
 */
/** mulberry32 from a 32-bit state: uniform draws in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Mulberry32 {
  private readonly draw: () => number;
  constructor(state: number) {
    this.draw = mulberry32(state);
    for (let i = 0; i < 4; i++) this.next();
  }
  /** Uniform in [0, 1). */
  next(): number {
    return this.draw();
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
}

export const pad = (n: number | string, w: number): string => String(n).padStart(w, '0');

/** Remainder of a long decimal digit string modulo 97 (ISO 7064, IBANs and creditor references). */
export function mod97(digits: string): number {
  let r = 0;
  for (let i = 0; i < digits.length; i += 7) r = Number(String(r) + digits.slice(i, i + 7)) % 97;
  return r;
}
