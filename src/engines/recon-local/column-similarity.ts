/**
 * Pairwise evidence that two columns hold the same information: name
 * similarity (canonical tokens and character trigrams), class compatibility,
 * and overlap of sample values (shared identifiers, dates, amounts up to sign
 * and minor-unit scaling).
 */
import type { ColumnProfile } from './column-profile';
import type { ColumnClass } from './column-vocabulary';

export interface PairEvidence {
  name: number;
  cls: number;
  value: number | null;
  /** 0 when the kinds cannot hold the same information. */
  kindFit: number;
  notes: string[];
}

/** Derived per-column data, computed once per profile (a 50×50 comparison reuses it 50 times). */
interface Derived {
  trigrams: Set<string>;
  tokens: Set<string>;
  normTexts: string[];
  words: Set<string>;
  cents: number[];
  centsScaledDown: number[];
  /** The identifier scheme shared by most values ("inv99999999"), or null. */
  shape: { shape: string; share: number } | null;
  /** Values that rarely coincide by chance: dates, non-trivial amounts, identifier-like strings. */
  distinctive: boolean;
  /** Sets of the above, built once: a 5,000 × 5,000 schema compares 25M pairs (issue 27). */
  normSet: Set<string>;
  centsSet: Set<number>;
  centsScaledDownSet: Set<number>;
  /** First 4 characters of each value of ≥ 4, and every 4-character piece of every value: a value can only contain another that starts with one of its pieces. */
  heads: Set<string>;
  pieces: Set<string>;
  median: number;
  /** Distinct normalised values of ≥ 4 characters, in sample order (the ones containment looks for). */
  long4: string[];
  daysSet: Set<number>;
  daysMedian: number;
  negative: boolean;
}
const derivedCache = new WeakMap<ColumnProfile, Derived>();
function derived(p: ColumnProfile): Derived {
  let d = derivedCache.get(p);
  if (!d) {
    d = {
      trigrams: trigrams(p.compactName),
      tokens: new Set(p.tokens),
      normTexts: p.texts.map((s) => stripZeros(alnum(s))).filter((s) => s.length > 0),
      words: words(p.texts),
      // Zero is in every amount column that has unused rows (a withdrawals column on a month of
      // credits): "0 = 0" says nothing about two columns holding the same money.
      cents: p.numbers.filter((n) => n !== 0).map(cents),
      centsScaledDown: p.numbers.filter((n) => n !== 0).map((n) => cents(n / 100)),
      shape: dominantShape(p.texts),
      distinctive:
        p.kind === 'date' ||
        (p.kind === 'number' ? p.numbers.some((n) => !Number.isInteger(n) || Math.abs(n) >= 100) : p.texts.some((t) => /\d/.test(t) && t.length >= 4) && p.distinctRatio >= 0.6),
      normSet: new Set(),
      centsSet: new Set(),
      centsScaledDownSet: new Set(),
      heads: new Set(),
      pieces: new Set(),
      median: p.numbers.length > 0 ? median(p.numbers) : 0,
      long4: [],
      daysSet: new Set(p.days),
      daysMedian: p.days.length > 0 ? median(p.days) : 0,
      negative: p.numbers.some((x) => x < 0),
    };
    d.normSet = new Set(d.normTexts);
    d.centsSet = new Set(d.cents);
    d.centsScaledDownSet = new Set(d.centsScaledDown);
    for (const t of d.normSet) {
      if (t.length >= 4) d.long4.push(t);
      if (t.length >= 4) d.heads.add(t.slice(0, 4));
      for (let i = 0; i + 4 <= t.length; i++) d.pieces.add(t.slice(i, i + 4));
    }
    derivedCache.set(p, d);
  }
  return d;
}

/**
 * Identifiers keep their scheme when the values differ: letters stay, digits become 9, the rest
 * goes ("INV-00000001" and "inv00005000" are both inv99999999). Only schemes with letters and
 * digits count: plain numbers of one length are too common to say anything.
 */
function dominantShape(texts: string[]): { shape: string; share: number } | null {
  const counts = new Map<string, number>();
  for (const t of texts) {
    const shape = alnum(t).replace(/\d/g, '9');
    if (shape.length >= 4 && /9/.test(shape) && /[a-z]/.test(shape)) counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  let best: { shape: string; share: number } | null = null;
  for (const [shape, n] of counts) if (!best || n / texts.length > best.share) best = { shape, share: n / texts.length };
  return best && best.share >= 0.8 ? best : null;
}

function trigrams(s: string): Set<string> {
  const padded = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** Distinct elements two sets share (counted from the smaller one: the same number either way). */
function sharedCount<T>(a: Set<T>, b: Set<T>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared;
}

function dice<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 || b.size === 0) return 0;
  return (2 * sharedCount(a, b)) / (a.size + b.size);
}

export function nameSimilarity(a: ColumnProfile, b: ColumnProfile): number {
  if (a.compactName === b.compactName) return 1;
  const da = derived(a);
  const db = derived(b);
  let tokenScore = dice(da.tokens, db.tokens);
  // "ref" and "document_number" are both identifier words: half credit for the pairing.
  if (tokenScore === 0 && a.nameClass === 'key' && b.nameClass === 'key' && a.tokens.length <= 2 && b.tokens.length <= 2) tokenScore = 0.5;
  const charScore = dice(da.trigrams, db.trigrams);
  // Trigrams catch spelling variants (cost_center/cost_centre) but also spurious
  // shared fragments, so they only count when strong.
  return Math.max(tokenScore, charScore >= 0.6 ? charScore * 0.95 : charScore * 0.5);
}

const RELATED_CLASSES: Array<[ColumnClass, ColumnClass, number]> = [
  ['party', 'text', 0.6],
  ['key', 'text', 0.4],
  ['key', 'account', 0.5],
  ['key', 'party', 0.15],
  ['quantity', 'amount', 0.4],
  ['status', 'text', 0.3],
];

export function classSimilarity(a: ColumnClass, b: ColumnClass): number {
  if (a === b) return a === 'other' ? 0.2 : 1;
  for (const [x, y, s] of RELATED_CLASSES) if ((a === x && b === y) || (a === y && b === x)) return s;
  return 0;
}

function kindFit(a: ColumnProfile, b: ColumnProfile): number {
  if (a.kind === b.kind) return 1;
  const textual = (p: ColumnProfile) => p.kind === 'text';
  // Codes such as "000123" are numbers in one export and strings in another.
  if ((a.kind === 'number' && textual(b)) || (b.kind === 'number' && textual(a))) {
    const codeLike = ['key', 'account', 'other'];
    return codeLike.includes(a.nameClass) && codeLike.includes(b.nameClass) ? 0.6 : 0;
  }
  return 0;
}

/**
 * Shared distinct values, averaged over "of the smaller side" and "of the larger side". Takes the
 * columns' value sets, built once per column (derived): a 5,000-column file scores millions of
 * pairs, and two fresh Sets per pair were a third of the mapping step (issue 27).
 */
function overlapRatio<T>(sa: Set<T>, sb: Set<T>): number {
  if (sa.size === 0 || sb.size === 0) return 0;
  const shared = sharedCount(sa, sb);
  return 0.5 * (shared / Math.min(sa.size, sb.size)) + 0.5 * (shared / Math.max(sa.size, sb.size));
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
}

/** Notes are written only for the pairs that are kept (null while scoring: millions of pairs in a wide file). */
type Notes = string[] | null;

function dateEvidence(a: ColumnProfile, b: ColumnProfile, notes: Notes): number {
  const [da, db] = [derived(a), derived(b)];
  const exact = overlapRatio(da.daysSet, db.daysSet);
  const gap = Math.abs(da.daysMedian - db.daysMedian);
  const proximity = Math.max(0, 1 - gap / 45);
  if (exact > 0) notes?.push(`${Math.round(exact * 100)}% of sample dates equal`);
  else if (proximity > 0.5) notes?.push(`sample dates within ${Math.round(gap)} days`);
  return Math.max(exact, 0.75 * proximity);
}

const cents = (n: number) => Math.round(Math.abs(n) * 100);

const meets = <T>(a: Set<T>, b: Set<T>): boolean => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const x of small) if (large.has(x)) return true;
  return false;
};

function amountEvidence(pa: ColumnProfile, pb: ColumnProfile, notes: Notes, sharesValue: boolean): number {
  const [da, db] = [derived(pa), derived(pb)];
  // No amount in common, not even in minor units: only the distribution speaks (cheap; most pairs of a wide file).
  if (!sharesValue || (!meets(da.centsSet, db.centsSet) && !meets(da.centsScaledDownSet, db.centsSet) && !meets(da.centsSet, db.centsScaledDownSet))) {
    const [ma, mb] = [Math.abs(da.median), Math.abs(db.median)];
    const ratio = ma === 0 || mb === 0 ? 0 : Math.min(ma, mb) / Math.max(ma, mb);
    return ratio > 0.5 ? 0.3 * ratio : 0;
  }
  const exact = overlapRatio(da.centsSet, db.centsSet);
  // Payment processors report minor units (1520044 = 15 200.44).
  const scaled = Math.max(overlapRatio(da.centsScaledDownSet, db.centsSet), overlapRatio(da.centsSet, db.centsScaledDownSet));
  const ma = Math.abs(da.median);
  const mb = Math.abs(db.median);
  const ratio = ma === 0 || mb === 0 ? 0 : Math.min(ma, mb) / Math.max(ma, mb);
  const distribution = ratio > 0.5 ? 0.3 * ratio : 0;
  if (exact > 0) {
    const signFlip = da.negative !== db.negative;
    notes?.push(`${Math.round(exact * 100)}% of sample amounts equal${signFlip ? ' (opposite signs)' : ''}`);
  } else if (scaled > 0) notes?.push('sample amounts equal in minor units (×100)');
  return Math.max(exact, 0.85 * scaled, distribution);
}

const alnum = (s: string) => s.replace(/[^a-z0-9]/g, '');
const stripZeros = (s: string) => (/^\d+$/.test(s) ? s.replace(/^0+(?=\d)/, '') : s);

function words(values: string[]): Set<string> {
  const out = new Set<string>();
  for (const v of values) for (const w of v.split(/[^a-z0-9]+/)) if (w.length >= 3 && !/^\d{1,3}$/.test(w)) out.add(w);
  return out;
}

function textEvidence(pa: ColumnProfile, pb: ColumnProfile, notes: Notes, sharesValue: boolean): number {
  const [da, db] = [derived(pa), derived(pb)];
  // Nothing shared (no value, no word, no identifier scheme, no value inside another): 0, without
  // the pairwise work below, which made a 5,000-column file take minutes (issue 27).
  if (!sharesValue) return 0;
  if (!meets(da.normSet, db.normSet) && !meets(da.words, db.words) && !(da.shape && db.shape && da.shape.shape === db.shape.shape) && !meets(da.heads, db.pieces) && !meets(db.heads, da.pieces)) return 0;
  const exact = overlapRatio(da.normSet, db.normSet);
  // References embedded in free text ("RG AR-7711", "Factuur 2025-071"). A value of ≥ 4
  // characters can only be inside one whose 4-character pieces include its first four.
  const [shorter, longer] = da.normTexts.length <= db.normTexts.length ? [da, db] : [db, da];
  let contained = 0;
  for (const s of shorter.long4) {
    if (!longer.pieces.has(s.slice(0, 4))) continue;
    for (const l of longer.normSet) {
      if (l !== s && l.includes(s)) {
        contained++;
        break;
      }
    }
  }
  const containment = shorter.long4.length === 0 ? 0 : contained / shorter.long4.length;
  const shared = dice(da.words, db.words);
  // Samples of two files rarely hold the same records, but one identifier keeps one scheme.
  const [sa, sb] = [da.shape, db.shape];
  const shape = sa && sb && sa.shape === sb.shape ? Math.min(sa.share, sb.share) : 0;
  if (exact > 0) notes?.push(`${Math.round(exact * 100)}% of sample values shared`);
  else if (containment > 0) notes?.push('values of one column appear inside the other');
  else if (shape > 0) notes?.push(`values share one identifier scheme (${sa!.shape.replace(/9+/g, (d) => `<${d.length} digits>`)})`);
  else if (shared > 0.2) notes?.push('sample values share words');
  return Math.max(exact, 0.85 * containment, Math.min(1, 1.2 * shared), 0.5 * shape);
}

/** `sharesValue: false` when the caller knows the two share no value key (candidatePairs): the overlap checks are then 0 without looking. */
export function valueSimilarity(a: ColumnProfile, b: ColumnProfile, notes: Notes, sharesValue = true): number | null {
  if (a.texts.length === 0 || b.texts.length === 0) return null;
  if (a.kind === 'date' && b.kind === 'date' && a.days.length > 0 && b.days.length > 0) return dateEvidence(a, b, notes);
  if (a.kind === 'number' && b.kind === 'number' && a.numbers.length > 0 && b.numbers.length > 0) {
    const codeLike = a.nameClass === 'key' || b.nameClass === 'key';
    return codeLike ? textEvidence(a, b, notes, sharesValue) : amountEvidence(a, b, notes, sharesValue);
  }
  if (a.kind === 'boolean' || b.kind === 'boolean') return a.kind === b.kind ? 0.5 : 0;
  return textEvidence(a, b, notes, sharesValue);
}

/**
 * The evidence of one pair. `withNotes: false` leaves the notes empty (the numbers are the same):
 * scoring a wide file's millions of pairs wrote a sentence for each (issue 27); the pairs that
 * are mapped are asked again with their notes.
 */
export function pairEvidence(a: ColumnProfile, b: ColumnProfile, withNotes = true, sharesValue = true): PairEvidence {
  const fit = kindFit(a, b);
  // Most pairs of a wide schema cannot match at all (a date and an amount): skip the work.
  if (fit === 0) return { name: 0, cls: 0, value: null, kindFit: 0, notes: [] };
  const notes: string[] = [];
  const name = nameSimilarity(a, b);
  const cls = classSimilarity(a.nameClass, b.nameClass);
  const value = fit > 0 ? valueSimilarity(a, b, withNotes ? notes : null, sharesValue) : null;
  if (!withNotes) return { name, cls, value, kindFit: fit, notes };
  if (a.compactName === b.compactName) notes.unshift('same column name');
  else if (name === 1) notes.unshift(`synonymous names (${a.name} ≈ ${b.name})`);
  else if (name >= 0.5) notes.unshift(`similar names (${a.name} ≈ ${b.name})`);
  else if (cls >= 1 && a.nameClass !== 'other') notes.unshift(`both ${a.nameClass} columns`);
  return { name, cls, value, kindFit: fit, notes };
}

const IDENTIFIER_CLASSES = new Set(['key', 'account']);

/**
 * Evidence combined into one 0..1 score; value overlap weighs most when samples exist.
 * Two corrections: identifiers that share no sample value are probably different
 * identifiers, and a due date rarely corresponds to another side's booking date.
 */
export function combinedScore(e: PairEvidence, a?: ColumnProfile, b?: ColumnProfile): number {
  if (e.kindFit === 0) return 0;
  let score = e.value === null ? 0.65 * e.name + 0.35 * e.cls : 0.35 * e.name + 0.2 * e.cls + 0.45 * e.value;
  if (e.kindFit < 1) score *= 0.85;
  if (a && b && e.value !== null) {
    // Strong value evidence stands on its own: shared identifiers, equal dates or
    // equal non-trivial amounts are rarely coincidences, whatever the names say.
    if (e.value >= 0.6 && derived(a).distinctive && derived(b).distinctive) score = Math.max(score, 0.3 + 0.3 * e.value + 0.15 * e.name);
  }
  if (a && b) {
    if (e.value === 0 && IDENTIFIER_CLASSES.has(a.nameClass) && IDENTIFIER_CLASSES.has(b.nameClass)) score *= 0.7;
    if (a.kind === 'date' && b.kind === 'date' && a.tokens.includes('due') !== b.tokens.includes('due')) score *= 0.8;
  }
  return score;
}

/**
 * Visits the pairs of a very wide schema that can reach the mapping threshold (0.42), and returns
 * false without visiting any below `fullUpTo`
 * pairs, where every pair is scored (ordinary files: unchanged). Exact, not sampled: a pair
 * outside the list provably scores below the threshold, because
 * - without value evidence (v = 0 or no sample) the score is at most 0.65·name + 0.35·class, so a
 *   pair of columns whose classes are `other` or unrelated (class ≤ 0.2) needs name ≥ 0.538: a
 *   token dice ≥ 0.538 or a trigram dice ≥ 0.6, found by prefix filtering on the rarest tokens and
 *   trigrams (two sets with dice ≥ t share an element among the first |A| − ⌈t/(2−t)·|A|⌉ + 1
 *   of each, in one global order);
 * - value evidence above 0 needs a shared value, word, identifier scheme, a value inside another
 *   (a shared 4-character piece), a shared amount (or in minor units), two date columns or two
 *   boolean ones — found through an index of those keys;
 * - pairs of related or equal named classes (class > 0.2) and of two identifier columns are all kept.
 * A 5,000 × 5,000-column file scored 25M pairs (minutes, then out of heap; issue 27).
 * Above `ranked.above` pairs the met pairs are ranked and only the best few per left column are
 * visited (WideRanking: not exact there, by design).
 */
export function candidatePairs(
  left: ColumnProfile[],
  right: ColumnProfile[],
  visit: (i: number, j: number, sharesValue: boolean) => void,
  fullUpTo = 250_000,
  ranked: WideRanking = WIDE_RANKING,
): boolean {
  if (left.length * right.length <= fullUpTo) return false;
  const ranking = left.length * right.length > ranked.above;
  const push = (index: Map<string, number[]>, key: string, j: number) => {
    const list = index.get(key);
    if (list) list.push(j);
    else index.set(key, [j]);
  };
  // Names: prefix filtering over one global order (rarest first), separately for tokens and trigrams.
  const namePrefixes = (setOf: (p: ColumnProfile) => Set<string>, t: number) => {
    const freq = new Map<string, number>();
    for (const p of [...left, ...right]) for (const x of setOf(p)) freq.set(x, (freq.get(x) ?? 0) + 1);
    return (p: ColumnProfile) => {
      const xs = [...setOf(p)].sort((a, b) => freq.get(a)! - freq.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
      return xs.slice(0, xs.length - Math.ceil((t / (2 - t)) * xs.length) + 1);
    };
  };
  const tokenPrefix = namePrefixes((p) => derived(p).tokens, 0.538);
  const trigramPrefix = namePrefixes((p) => derived(p).trigrams, 0.6);
  // Values: any shared key. Containment and minor units one direction each (heads meet pieces,
  // scaled amounts meet amounts); two dates, two booleans, two equal named classes.
  // Value keys first: a pair met through one of them `sharesValue`; one met only by its name,
  // kinds or classes shares none, and its overlap checks are 0 without looking (pairEvidence).
  const valueKeysOf = (p: ColumnProfile, probe: boolean): Set<string> => {
    const d = derived(p);
    const keys = new Set<string>();
    for (const x of d.normSet) keys.add(`t:${x}`);
    for (const x of d.words) keys.add(`w:${x}`);
    if (d.shape) keys.add(`s:${d.shape.shape}`);
    for (const x of d.centsSet) keys.add(`c:${x}`);
    for (const x of d.centsScaledDownSet) keys.add(`c:${x}`);
    for (const x of d.heads) keys.add(probe ? `g:${x}` : `h:${x}`);
    for (const x of d.pieces) keys.add(probe ? `h:${x}` : `g:${x}`);
    return keys;
  };
  const otherKeysOf = (p: ColumnProfile): Set<string> => {
    const keys = new Set<string>();
    for (const x of tokenPrefix(p)) keys.add(`T:${x}`);
    for (const x of trigramPrefix(p)) keys.add(`3:${x}`);
    if (p.kind === 'date' || p.kind === 'boolean') keys.add(`k:${p.kind}`);
    if (p.nameClass !== 'other') keys.add(`n:${p.nameClass}`);
    return keys;
  };
  const index = new Map<string, number[]>();
  right.forEach((b, j) => {
    for (const k of valueKeysOf(b, false)) push(index, k, j);
    for (const k of otherKeysOf(b)) push(index, k, j);
  });
  // Related named classes (class > 0.2 between different classes).
  const related = new Map<string, string[]>();
  for (const [x, y, score] of RELATED_CLASSES) {
    if (score <= 0.2) continue;
    related.set(x, [...(related.get(x) ?? []), y]);
    related.set(y, [...(related.get(y) ?? []), x]);
  }
  /** 0: not met yet; 1: met by a name, kind or class key; 2: met by a value key. */
  const marked = new Uint8Array(right.length);
  /** Ranking only: each met column's sum over the keys it shares of 1 / (columns holding the key). */
  const weight = new Float64Array(right.length);
  left.forEach((a, i) => {
    let js: number[] = [];
    const meet = (keys: Set<string>, mark: number) => {
      for (const k of keys) {
        const list = index.get(k);
        if (!list) continue;
        const w = 1 / list.length;
        for (const j of list) {
          if (ranking) weight[j] += w;
          if (marked[j]) continue;
          marked[j] = mark;
          js.push(j);
        }
      }
    };
    meet(valueKeysOf(a, true), 2);
    const other = otherKeysOf(a);
    for (const c of related.get(a.nameClass) ?? []) other.add(`n:${c}`);
    meet(other, 1);
    if (ranking && js.length > ranked.perLeft) {
      const kept = topByWeight(js, weight, ranked.perLeft);
      for (const j of js) {
        weight[j] = 0;
        if (!kept.has(j)) marked[j] = 0;
      }
      js = [...kept];
    } else if (ranking) for (const j of js) weight[j] = 0;
    js.sort((x, y) => x - y);
    for (const j of js) {
      visit(i, j, marked[j] === 2);
      marked[j] = 0;
    }
  });
  return true;
}

/**
 * When a schema is wider still (`above` pairs), the pairs met through the index are ranked before
 * any is scored, and each left column scores only its `perLeft` best: most weight first, where a
 * shared key weighs 1 / (columns holding it) — a shared rare word of the names or a shared value
 * weighs far more than "both hold dates" or a word in every note column. A 5,000 × 5,000-column
 * file met ~9.4M pairs through shared keys and scored each in depth (30 s of CPU; issue 27). Not
 * exact: a pair outside a left column's best `perLeft` is not mapped. Below `above` (1,000 × 1,000
 * columns) nothing changes.
 */
export interface WideRanking {
  above: number;
  perLeft: number;
}
export const WIDE_RANKING: WideRanking = { above: 1_000_000, perLeft: 24 };

/** The `n` columns of most weight (ties: the earlier column), without sorting every met column. */
function topByWeight(js: number[], weight: Float64Array, n: number): Set<number> {
  const top: number[] = [];
  const better = (x: number, y: number) => weight[x] > weight[y] || (weight[x] === weight[y] && x < y);
  for (const j of js) {
    if (top.length === n && !better(j, top[n - 1])) continue;
    let k = top.length === n ? n - 1 : top.length;
    while (k > 0 && better(j, top[k - 1])) {
      top[k] = top[k - 1];
      k--;
    }
    top[k] = j;
  }
  return new Set(top);
}
