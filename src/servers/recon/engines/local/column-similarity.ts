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
  const tokenScore = dice(new Set(a.tokens), new Set(b.tokens));
  const charScore = dice(trigrams(a.compactName), trigrams(b.compactName));
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

function overlapRatio<T>(a: T[], b: T[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size === 0 || sb.size === 0) return 0;
  let shared = 0;
  for (const x of sa) if (sb.has(x)) shared++;
  return shared / Math.min(sa.size, sb.size);
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

function amountEvidence(a: number[], b: number[], notes: string[]): number {
  const exact = overlapRatio(a.map(cents), b.map(cents));
  // Payment processors report minor units (1520044 = 15 200.44).
  const scaled = Math.max(
    overlapRatio(a.map((n) => cents(n / 100)), b.map(cents)),
    overlapRatio(a.map(cents), b.map((n) => cents(n / 100))),
  );
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

function textEvidence(a: string[], b: string[], notes: string[]): number {
  const na = a.map((s) => stripZeros(alnum(s))).filter((s) => s.length > 0);
  const nb = b.map((s) => stripZeros(alnum(s))).filter((s) => s.length > 0);
  const exact = overlapRatio(na, nb);
  // References embedded in free text ("RG AR-7711", "Factuur 2025-071").
  const [shorter, longer] = na.length <= nb.length ? [na, nb] : [nb, na];
  let contained = 0;
  const distinctShort = [...new Set(shorter)].filter((s) => s.length >= 4);
  for (const s of distinctShort) if (longer.some((l) => l !== s && l.includes(s))) contained++;
  const containment = distinctShort.length === 0 ? 0 : contained / distinctShort.length;
  const shared = dice(words(a), words(b));
  if (exact > 0) notes.push(`${Math.round(exact * 100)}% of sample values shared`);
  else if (containment > 0) notes.push('values of one column appear inside the other');
  else if (shared > 0.2) notes.push('sample values share words');
  return Math.max(exact, 0.85 * containment, Math.min(1, 1.2 * shared));
}

export function valueSimilarity(a: ColumnProfile, b: ColumnProfile, notes: string[]): number | null {
  if (a.texts.length === 0 || b.texts.length === 0) return null;
  if (a.kind === 'date' && b.kind === 'date' && a.days.length > 0 && b.days.length > 0) return dateEvidence(a.days, b.days, notes);
  if (a.kind === 'number' && b.kind === 'number' && a.numbers.length > 0 && b.numbers.length > 0) {
    const codeLike = a.nameClass === 'key' || b.nameClass === 'key';
    return codeLike ? textEvidence(a.texts, b.texts, notes) : amountEvidence(a.numbers, b.numbers, notes);
  }
  if (a.kind === 'boolean' || b.kind === 'boolean') return a.kind === b.kind ? 0.5 : 0;
  return textEvidence(a.texts, b.texts, notes);
}

export function pairEvidence(a: ColumnProfile, b: ColumnProfile): PairEvidence {
  const notes: string[] = [];
  const name = nameSimilarity(a, b);
  const cls = classSimilarity(a.nameClass, b.nameClass);
  const fit = kindFit(a, b);
  const value = fit > 0 ? valueSimilarity(a, b, notes) : null;
  if (name === 1) notes.unshift('same column name');
  else if (name >= 0.5) notes.unshift(`similar names (${a.name} ≈ ${b.name})`);
  else if (cls >= 1 && a.nameClass !== 'other') notes.unshift(`both ${a.nameClass} columns`);
  return { name, cls, value, kindFit: fit, notes };
}

/** Evidence combined into one 0..1 score; value overlap weighs most when samples exist. */
export function combinedScore(e: PairEvidence): number {
  if (e.kindFit === 0) return 0;
  const base = e.value === null ? 0.65 * e.name + 0.35 * e.cls : 0.35 * e.name + 0.2 * e.cls + 0.45 * e.value;
  return base * (e.kindFit < 1 ? 0.85 : 1);
}
