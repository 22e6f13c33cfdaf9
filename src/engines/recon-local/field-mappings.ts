/**
 * Offline detect_field_mappings: score every column pair, then assign one-to-one
 * greedily by score (ties: stronger name evidence, then earlier columns, since
 * exports put primary fields first).
 */
import type { FieldRole, SuggestedFilter } from '../../shared/reconcile/recipe';
import type { DetectedMapping, DetectFieldMappingsInput, DetectFieldMappingsOutput } from '../../shared/reconcile/mcp-tools';
import { profileColumn, type ColumnProfile } from './column-profile';
import { candidatePairs, combinedScore, pairEvidence, type PairEvidence } from './column-similarity';

/** Below this a pair is left unmapped: measured on the eval set (see bench:ai). */
export const MAPPING_THRESHOLD = 0.42;

interface Candidate {
  i: number;
  j: number;
  score: number;
  evidence: PairEvidence;
}

export function roleOf(a: ColumnProfile, b: ColumnProfile, evidence: PairEvidence): FieldRole {
  const classes = new Set([a.nameClass, b.nameClass]);
  if (a.kind === 'date' && b.kind === 'date') return 'date';
  if (a.kind === 'number' && b.kind === 'number' && !classes.has('key') && !classes.has('account')) {
    // Amount words on either side, or money-like values (decimals) when the names say nothing.
    const moneyLike = (p: ColumnProfile) => p.numbers.some((n) => !Number.isInteger(n));
    if (classes.has('amount') || classes.has('quantity') || (a.nameClass === 'other' && b.nameClass === 'other' && (moneyLike(a) || moneyLike(b)))) return 'amount';
  }
  if (classes.has('key') || (classes.has('account') && a.distinctRatio >= 0.6 && b.distinctRatio >= 0.6)) return 'key';
  // Free text that shares exact identifiers with the other side is a reference.
  if ((evidence.value ?? 0) >= 0.8 && a.distinctRatio === 1 && b.distinctRatio === 1 && (a.nameClass === 'text' || b.nameClass === 'text') && a.texts.some((t) => /\d/.test(t))) return 'key';
  if (classes.has('party') || classes.has('text')) return 'text';
  return 'other';
}

/**
 * Maps a raw score to a confidence. The curve was fitted by bucketing eval-set
 * scores against correctness (bench:ai prints the calibration table).
 */
export function calibratedConfidence(score: number): number {
  const c = 1 / (1 + Math.exp(-8 * (score - 0.3)));
  return Math.round(Math.min(0.99, Math.max(0.05, c)) * 100) / 100;
}

function suggestedFilter(role: FieldRole, a: ColumnProfile, b: ColumnProfile): SuggestedFilter | null {
  if (role === 'date') return { type: 'date_range', field_a: a.name, field_b: b.name };
  if (role === 'amount') return { type: 'amount_range', field_a: a.name, field_b: b.name };
  const lowCardinality = ['currency', 'status'].includes(a.nameClass) || ['currency', 'status'].includes(b.nameClass);
  if (lowCardinality) return { type: 'select', field_a: a.name, field_b: b.name };
  return null;
}

export interface ScoredPair {
  field_a: string;
  field_b: string;
  score: number;
}

/** Scored pairs in columns (typed arrays that grow): a 5,000-column file keeps millions (issue 27). */
class ScoredPairs {
  count = 0;
  i = new Int32Array(1024);
  j = new Int32Array(1024);
  score = new Float64Array(1024);
  name = new Float64Array(1024);

  push(i: number, j: number, score: number, name: number): void {
    if (this.count === this.i.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      [this.i, this.j, this.score, this.name] = [grow(this.i), grow(this.j), grow(this.score), grow(this.name)];
    }
    const k = this.count++;
    this.i[k] = i;
    this.j[k] = j;
    this.score[k] = score;
    this.name[k] = name;
  }

  /** Positions best first: score, then name evidence, then earlier columns, then the order scored (a stable sort). */
  order(): Uint32Array {
    const { i, j, score, name } = this;
    const order = new Uint32Array(this.count);
    for (let k = 0; k < order.length; k++) order[k] = k;
    return order.sort((x, y) => score[y] - score[x] || name[y] - name[x] || i[x] + j[x] - (i[y] + j[y]) || x - y);
  }
}

/**
 * The pairs scoring at least `minScore`, best first, without their notes. A 5,000 × 5,000-column
 * file made 25M candidates with their evidence and ran V8 out of heap; later it kept millions of
 * evidence objects with a sentence each (2.4 GB, minutes; issue 27). Below the threshold a pair is
 * never mapped.
 */
function scorePairs(left: ColumnProfile[], right: ColumnProfile[], minScore: number, work?: MappingWork): { pairs: ScoredPairs; order: Uint32Array } {
  const pairs = new ScoredPairs();
  const consider = (i: number, j: number, sharesValue = true) => {
    if (work) work.scored++;
    const evidence = pairEvidence(left[i], right[j], false, sharesValue);
    const score = combinedScore(evidence, left[i], right[j]);
    if (score >= minScore) pairs.push(i, j, score, evidence.name);
  };
  // A very wide schema: only the pairs that can reach the mapping threshold (exact; column-similarity.ts).
  if (!(minScore >= MAPPING_THRESHOLD && candidatePairs(left, right, consider))) left.forEach((_, i) => right.forEach((_, j) => consider(i, j)));
  return { pairs, order: pairs.order() };
}

/**
 * All candidate pairs with their scores and evidence (for calibration and tests), or only those
 * scoring at least `minScore`, best first.
 */
export function scoreAllPairs(input: DetectFieldMappingsInput, minScore = -Infinity): { left: ColumnProfile[]; right: ColumnProfile[]; candidates: Candidate[] } {
  const left = input.schema_a.columns.map((c) => profileColumn(c, input.sample_a));
  const right = input.schema_b.columns.map((c) => profileColumn(c, input.sample_b));
  const { pairs, order } = scorePairs(left, right, minScore);
  const candidates = Array.from(order, (k) => ({ i: pairs.i[k], j: pairs.j[k], score: pairs.score[k], evidence: pairEvidence(left[pairs.i[k]], right[pairs.j[k]]) }));
  return { left, right, candidates };
}

/** Counts the work of one detection (tests: the pairs scored in depth stay bounded per column as a file widens). */
export interface MappingWork {
  /** Column pairs whose evidence was computed and scored. */
  scored: number;
}

export function detectFieldMappingsLocal(input: DetectFieldMappingsInput, work?: MappingWork): DetectFieldMappingsOutput {
  const left = input.schema_a.columns.map((c) => profileColumn(c, input.sample_a));
  const right = input.schema_b.columns.map((c) => profileColumn(c, input.sample_b));
  const { pairs, order } = scorePairs(left, right, MAPPING_THRESHOLD, work);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const chosen: Candidate[] = [];
  for (const k of order) {
    const [i, j, score] = [pairs.i[k], pairs.j[k], pairs.score[k]];
    if (score < MAPPING_THRESHOLD) break;
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    // The notes are written for the pairs mapped only (the same evidence, asked again).
    chosen.push({ i, j, score, evidence: pairEvidence(left[i], right[j]) });
    if (usedA.size === left.length || usedB.size === right.length) break;
  }
  // The only date column on each side, left unmapped because the names share no word
  // ("invoice_date" / "Buchungstag"), is the pair a person would map: map it, with low confidence.
  const onlyDate = (profiles: ColumnProfile[]) => {
    const dates = profiles.flatMap((p, k) => (p.kind === 'date' ? [k] : []));
    return dates.length === 1 ? dates[0] : null;
  };
  const [di, dj] = [onlyDate(left), onlyDate(right)];
  if (di !== null && dj !== null && !usedA.has(di) && !usedB.has(dj)) {
    const evidence = pairEvidence(left[di], right[dj]);
    evidence.notes.push('the only date column on each side');
    chosen.push({ i: di, j: dj, score: MAPPING_THRESHOLD, evidence });
    usedA.add(di);
    usedB.add(dj);
  }
  chosen.sort((x, y) => x.i - y.i);

  const mappings: DetectedMapping[] = [];
  const suggested_filters: SuggestedFilter[] = [];
  for (const c of chosen) {
    const a = left[c.i];
    const b = right[c.j];
    const role = roleOf(a, b, c.evidence);
    mappings.push({
      field_a: a.name,
      field_b: b.name,
      confidence: calibratedConfidence(c.score),
      reason: c.evidence.notes.join('; ') || 'compatible types and names',
      role,
    });
    const filter = suggestedFilter(role, a, b);
    if (filter && !suggested_filters.some((f) => f.type === filter.type && f.type !== 'select')) suggested_filters.push(filter);
  }
  return {
    mappings,
    suggested_filters,
    unmapped_a: left.filter((_, i) => !usedA.has(i)).map((p) => p.name),
    unmapped_b: right.filter((_, j) => !usedB.has(j)).map((p) => p.name),
    engine: 'local',
  };
}
