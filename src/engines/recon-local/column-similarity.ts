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
      cents: p.numbers.map(cents),
      centsScaledDown: p.numbers.map((n) => cents(n / 100)),
      shape: dominantShape(p.texts),
      distinctive:
        p.kind === 'date' ||
        (p.kind === 'number' ? p.numbers.some((n) => !Number.isInteger(n) || Math.abs(n) >= 100) : p.texts.some((t) => /\d/.test(t) && t.length >= 4) && p.distinctRatio >= 0.6),
    };
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

function dice<T>(a: Set<T>, b: Set<T>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return (2 * shared) / (a.size + b.size);
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

/** Shared distinct values, averaged over "of the smaller side" and "of the larger side". */
function overlapRatio<T>(a: T[], b: T[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size === 0 || sb.size === 0) return 0;
  let shared = 0;
  for (const x of sa) if (sb.has(x)) shared++;
  return 0.5 * (shared / Math.min(sa.size, sb.size)) + 0.5 * (shared / Math.max(sa.size, sb.size));
}

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
}

function dateEvidence(a: number[], b: number[], notes: string[]): number {
  const exact = overlapRatio(a, b);
  const gap = Math.abs(median(a) - median(b));
  const proximity = Math.max(0, 1 - gap / 45);
  if (exact > 0) notes.push(`${Math.round(exact * 100)}% of sample dates equal`);
  else if (proximity > 0.5) notes.push(`sample dates within ${Math.round(gap)} days`);
  return Math.max(exact, 0.75 * proximity);
}

const cents = (n: number) => Math.round(Math.abs(n) * 100);

function amountEvidence(pa: ColumnProfile, pb: ColumnProfile, notes: string[]): number {
  const [a, b] = [pa.numbers, pb.numbers];
  const [da, db] = [derived(pa), derived(pb)];
  const exact = overlapRatio(da.cents, db.cents);
  // Payment processors report minor units (1520044 = 15 200.44).
  const scaled = Math.max(overlapRatio(da.centsScaledDown, db.cents), overlapRatio(da.cents, db.centsScaledDown));
  const ma = Math.abs(median(a));
  const mb = Math.abs(median(b));
  const ratio = ma === 0 || mb === 0 ? 0 : Math.min(ma, mb) / Math.max(ma, mb);
  const distribution = ratio > 0.5 ? 0.3 * ratio : 0;
  if (exact > 0) {
    const signFlip = a.some((x) => x < 0) !== b.some((x) => x < 0);
    notes.push(`${Math.round(exact * 100)}% of sample amounts equal${signFlip ? ' (opposite signs)' : ''}`);
  } else if (scaled > 0) notes.push('sample amounts equal in minor units (×100)');
  return Math.max(exact, 0.85 * scaled, distribution);
}

const alnum = (s: string) => s.replace(/[^a-z0-9]/g, '');
const stripZeros = (s: string) => (/^\d+$/.test(s) ? s.replace(/^0+(?=\d)/, '') : s);

function words(values: string[]): Set<string> {
  const out = new Set<string>();
  for (const v of values) for (const w of v.split(/[^a-z0-9]+/)) if (w.length >= 3 && !/^\d{1,3}$/.test(w)) out.add(w);
  return out;
}

function textEvidence(pa: ColumnProfile, pb: ColumnProfile, notes: string[]): number {
  const na = derived(pa).normTexts;
  const nb = derived(pb).normTexts;
  const exact = overlapRatio(na, nb);
  // References embedded in free text ("RG AR-7711", "Factuur 2025-071").
  const [shorter, longer] = na.length <= nb.length ? [na, nb] : [nb, na];
  let contained = 0;
  const distinctShort = [...new Set(shorter)].filter((s) => s.length >= 4);
  for (const s of distinctShort) if (longer.some((l) => l !== s && l.includes(s))) contained++;
  const containment = distinctShort.length === 0 ? 0 : contained / distinctShort.length;
  const shared = dice(derived(pa).words, derived(pb).words);
  // Samples of two files rarely hold the same records, but one identifier keeps one scheme.
  const [sa, sb] = [derived(pa).shape, derived(pb).shape];
  const shape = sa && sb && sa.shape === sb.shape ? Math.min(sa.share, sb.share) : 0;
  if (exact > 0) notes.push(`${Math.round(exact * 100)}% of sample values shared`);
  else if (containment > 0) notes.push('values of one column appear inside the other');
  else if (shape > 0) notes.push(`values share one identifier scheme (${sa!.shape.replace(/9+/g, (d) => `<${d.length} digits>`)})`);
  else if (shared > 0.2) notes.push('sample values share words');
  return Math.max(exact, 0.85 * containment, Math.min(1, 1.2 * shared), 0.5 * shape);
}

export function valueSimilarity(a: ColumnProfile, b: ColumnProfile, notes: string[]): number | null {
  if (a.texts.length === 0 || b.texts.length === 0) return null;
  if (a.kind === 'date' && b.kind === 'date' && a.days.length > 0 && b.days.length > 0) return dateEvidence(a.days, b.days, notes);
  if (a.kind === 'number' && b.kind === 'number' && a.numbers.length > 0 && b.numbers.length > 0) {
    const codeLike = a.nameClass === 'key' || b.nameClass === 'key';
    return codeLike ? textEvidence(a, b, notes) : amountEvidence(a, b, notes);
  }
  if (a.kind === 'boolean' || b.kind === 'boolean') return a.kind === b.kind ? 0.5 : 0;
  return textEvidence(a, b, notes);
}

export function pairEvidence(a: ColumnProfile, b: ColumnProfile): PairEvidence {
  const fit = kindFit(a, b);
  // Most pairs of a wide schema cannot match at all (a date and an amount): skip the work.
  if (fit === 0) return { name: 0, cls: 0, value: null, kindFit: 0, notes: [] };
  const notes: string[] = [];
  const name = nameSimilarity(a, b);
  const cls = classSimilarity(a.nameClass, b.nameClass);
  const value = fit > 0 ? valueSimilarity(a, b, notes) : null;
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
