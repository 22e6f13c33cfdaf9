/**
 * Offline suggest_match_rules: an ordered cascade from strict to loose, each
 * rule justified by the confirmed mappings and what the samples show (sign
 * conventions, reference formats, date lags, split payments).
 *
 *   1. exact reference (+ amount) 1:1, auto-confirmed
 *   2. normalised reference (alnum / digits / extracted pattern) with a small tolerance
 *   3. split payments (1:N) and/or batch payments (N:1) on the reference when the samples
 *      repeat a reference on the right and/or the left
 *   4. amount + date window without a key, suggested only
 *   5. amount + similar description within a wider window, suggested only
 */
import type { FieldMapping, KeyNormaliser, MatchRule, SampleRows } from '../../shared/reconcile/recipe';
import type { SuggestMatchRulesInput, SuggestMatchRulesOutput } from '../../shared/reconcile/mcp-tools';
import { profileColumn, toEpochDay, toNumber, type ColumnProfile } from './column-profile';
import { foldText } from './column-vocabulary';
import { pairEvidence } from './column-similarity';
import { roleOf } from './field-mappings';

interface ResolvedMapping {
  mapping: FieldMapping;
  a: ColumnProfile;
  b: ColumnProfile;
  role: NonNullable<FieldMapping['role']>;
}

function resolveMappings(input: SuggestMatchRulesInput): ResolvedMapping[] {
  const out: ResolvedMapping[] = [];
  for (const m of input.mappings) {
    const ca = input.schema_a.columns.find((c) => c.name === m.field_a);
    const cb = input.schema_b.columns.find((c) => c.name === m.field_b);
    if (!ca || !cb) continue;
    const a = profileColumn(ca, input.sample_a);
    const b = profileColumn(cb, input.sample_b);
    out.push({ mapping: m, a, b, role: m.role ?? roleOf(a, b, pairEvidence(a, b)) });
  }
  return out;
}

const values = (rows: SampleRows | undefined, column: string): unknown[] => (rows ?? []).map((r) => r[column]).filter((v) => v !== null && v !== undefined && v !== '');
const asText = (v: unknown) => String(v).trim();
const alnum = (s: string) => foldText(s).replace(/[^a-z0-9]/g, '');
const digits = (s: string) => s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

/** The strongest normalisation under which sample keys still need help to meet. */
function keyNormalisers(a: unknown[], b: unknown[]): { normalisers: KeyNormaliser[]; why: string } {
  const ta = a.map(asText);
  const tb = b.map(asText);
  const share = (f: (s: string) => string) => {
    const sb = new Set(tb.map(f).filter(Boolean));
    return ta.map(f).filter((x) => x && sb.has(x)).length;
  };
  if (ta.length === 0 || tb.length === 0) return { normalisers: [{ kind: 'trim' }, { kind: 'casefold' }, { kind: 'alnum' }], why: 'no samples: ignoring case and punctuation' };
  const exact = share((s) => s);
  const folded = share((s) => s.toLowerCase());
  const an = share(alnum);
  const dg = share(digits);
  // The engine's `alnum` keeps case (it only drops other characters), so case is folded first.
  if (an > folded && an >= dg) return { normalisers: [{ kind: 'casefold' }, { kind: 'alnum' }], why: 'sample references differ only in punctuation/case' };
  if (dg > an) return { normalisers: [{ kind: 'digits' }], why: 'sample references share their digits (prefixes or leading zeros differ)' };
  // References embedded in free text: extract the token shaped like the other side's keys.
  const pattern = embeddedPattern(ta, tb) ?? embeddedPattern(tb, ta);
  if (pattern && an === 0) return { normalisers: [{ kind: 'regex', pattern }, { kind: 'casefold' }, { kind: 'alnum' }], why: 'references are embedded in free text; extracting them by pattern' };
  if (exact === 0 && folded > 0) return { normalisers: [{ kind: 'casefold' }], why: 'sample references differ in case' };
  return { normalisers: [{ kind: 'trim' }, { kind: 'casefold' }, { kind: 'alnum' }], why: 'ignoring case and punctuation' };
}

/** A regex for identifiers shaped like `short` values found inside `long` values ("INV-2291" in "ACME INV-2291"). */
function embeddedPattern(long: string[], short: string[]): string | null {
  const found = short.filter((s) => s.length >= 4 && long.some((l) => l !== s && l.toLowerCase().includes(s.toLowerCase())));
  if (found.length === 0) return null;
  const shape = found[0]
    .replace(/[A-Za-z]+/g, 'A')
    .replace(/\d+/g, '9')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = shape.replace(/A/g, '[A-Za-z]+').replace(/9/g, '\\d+');
  return `(${body})`;
}

/** A reference seen twice on one side (case and punctuation ignored, as the key rules do). */
function hasRepeats(xs: unknown[]): boolean {
  const s = xs.map((x) => alnum(asText(x))).filter(Boolean);
  return new Set(s).size < s.length;
}

interface SampleFacts {
  flipSign: boolean;
  maxDateLag: number | null;
  amountsDiffer: boolean;
  /** Group rules the samples call for: 1:N when a reference repeats on the right, N:1 on the left. */
  splits: ('1:N' | 'N:1')[];
  minorUnits: boolean;
}

/** Pair sample rows by key (normalised) and read sign, date lag and amount differences off them. */
function sampleFacts(input: SuggestMatchRulesInput, key: ResolvedMapping | undefined, amount: ResolvedMapping | undefined, date: ResolvedMapping | undefined): SampleFacts {
  const facts: SampleFacts = { flipSign: false, maxDateLag: null, amountsDiffer: false, splits: [], minorUnits: false };
  const ra = input.sample_a ?? [];
  const rb = input.sample_b ?? [];
  if (amount) {
    const na = values(ra, amount.a.name).map(toNumber).filter((n): n is number => n !== null && n !== 0);
    const nb = values(rb, amount.b.name).map(toNumber).filter((n): n is number => n !== null && n !== 0);
    let same = 0;
    let opposite = 0;
    for (const x of na) for (const y of nb) if (Math.abs(Math.abs(x) - Math.abs(y)) < 0.005) (Math.sign(x) === Math.sign(y) ? same++ : opposite++);
    facts.flipSign = opposite > same;
    const cents = (n: number) => Math.round(Math.abs(n));
    const scaled = new Set(nb.map((y) => cents(y * 100)));
    facts.minorUnits = same + opposite === 0 && na.some((x) => scaled.has(cents(x)));
  }
  if (key) {
    const ka = values(ra, key.a.name);
    const kb = values(rb, key.b.name);
    if (hasRepeats(kb)) facts.splits.push('1:N');
    if (hasRepeats(ka)) facts.splits.push('N:1');
    const norm = (v: unknown) => digits(asText(v)) || alnum(asText(v));
    let maxLag = 0;
    let pairs = 0;
    for (const rowA of ra) {
      const k = rowA[key.a.name];
      if (k === null || k === undefined || k === '') continue;
      const rowB = rb.find((r) => r[key.b.name] !== undefined && r[key.b.name] !== null && norm(r[key.b.name]) === norm(k));
      if (!rowB) continue;
      pairs++;
      if (date) {
        const da = toEpochDay(rowA[date.a.name]);
        const db = toEpochDay(rowB[date.b.name]);
        if (da !== null && db !== null) maxLag = Math.max(maxLag, Math.abs(da - db));
      }
      if (amount && facts.splits.length === 0) {
        const x = toNumber(rowA[amount.a.name]);
        const y = toNumber(rowB[amount.b.name]);
        if (x !== null && y !== null && Math.abs(Math.abs(x) - Math.abs(y)) >= 0.005) facts.amountsDiffer = true;
      }
    }
    if (pairs > 0 && date) facts.maxDateLag = maxLag;
  }
  return facts;
}

/** What the keyed rules read, and the lists they add to (a note names its rule by its place in `rules`). */
interface RuleDraft {
  input: SuggestMatchRulesInput;
  key: ResolvedMapping;
  amount: ResolvedMapping | undefined;
  facts: SampleFacts;
  amountSpec(tolerance_abs: number, tolerance_pct: number): MatchRule['amount'];
  dateSpec(window_days: number): MatchRule['date'];
  rules: MatchRule[];
  notes: string[];
}

/** The rules on the reference: exact (confirms), normalised with a tolerance, and the splits and batches the samples show. */
function addKeyedRules({ input, key, amount, facts, amountSpec, dateSpec, rules, notes }: RuleDraft): void {
  rules.push({
    id: 'exact-key',
    name: amount ? `Exact ${key.a.name} = ${key.b.name} and equal amount` : `Exact ${key.a.name} = ${key.b.name}`,
    keys: [{ left: key.a.name, right: key.b.name, normalisers: [{ kind: 'trim' }] }],
    amount: amountSpec(0, 0),
    cardinality: '1:1',
    auto_confirm: true,
  });
  notes.push(`rule ${rules.length} matches on the reference ${key.a.name} ↔ ${key.b.name}${amount ? ' with the exact amount' : ''} and confirms automatically`);

  const norm = keyNormalisers(values(input.sample_a, key.a.name), values(input.sample_b, key.b.name));
  const lag = facts.maxDateLag;
  rules.push({
    id: 'normalised-key',
    name: `Normalised ${key.a.name} with small tolerance`,
    keys: [{ left: key.a.name, right: key.b.name, normalisers: norm.normalisers }],
    amount: amountSpec(facts.amountsDiffer ? 1 : 0.05, facts.amountsDiffer ? 0.5 : 0),
    date: dateSpec(Math.max(7, lag ?? 0)),
    cardinality: '1:1',
    auto_confirm: true,
  });
  notes.push(`rule ${rules.length} normalises the reference (${norm.why})${facts.amountsDiffer ? '; sample amounts differ slightly, so it allows a tolerance' : ' and tolerates rounding'}`);

  for (const split of amount ? facts.splits : []) {
    rules.push({
      id: split === '1:N' ? 'split-payment' : 'batch-payment',
      name: split === '1:N' ? `One ${input.schema_a.alias} row to several ${input.schema_b.alias} rows` : `Several ${input.schema_a.alias} rows to one ${input.schema_b.alias} row`,
      keys: [{ left: key.a.name, right: key.b.name, normalisers: norm.normalisers }],
      amount: amountSpec(0.05, 0),
      date: dateSpec(Math.max(30, lag ?? 0)),
      cardinality: split,
      auto_confirm: false,
    });
    notes.push(
      split === '1:N'
        ? `rule ${rules.length} groups split payments (1:N): the samples repeat a reference on the ${input.schema_b.alias} side, so its parts must add up`
        : `rule ${rules.length} groups batch payments (N:1): the samples repeat a reference on the ${input.schema_a.alias} side, so those rows must add up`,
    );
  }
}

export function suggestMatchRulesLocal(input: SuggestMatchRulesInput): SuggestMatchRulesOutput {
  const resolved = resolveMappings(input);
  const confidence = (r: ResolvedMapping) => r.mapping.confidence;
  const byRole = (role: string) => resolved.filter((r) => r.role === role).sort((x, y) => confidence(y) - confidence(x));
  const keys = byRole('key');
  const amount = byRole('amount')[0];
  const date = byRole('date')[0];
  const description = resolved.filter((r) => r.role === 'text' && (r.a.nameClass === 'text' || r.b.nameClass === 'text'))[0];
  const primaryKey = keys[0];
  const facts = sampleFacts(input, primaryKey, amount, date);

  const rules: MatchRule[] = [];
  const notes: string[] = [];
  const amountSpec = (tolerance_abs: number, tolerance_pct: number) =>
    amount ? { left: amount.a.name, right: amount.b.name, tolerance_abs, tolerance_pct, flip_sign: facts.flipSign } : undefined;
  const dateSpec = (window_days: number) => (date ? { left: date.a.name, right: date.b.name, window_days } : undefined);
  if (facts.minorUnits) notes.push(`${amount!.a.name} looks like minor units (×100 of ${amount!.b.name}); convert it before matching or amounts will not meet`);
  if (facts.flipSign) notes.push(`amounts have opposite signs in the samples (${amount!.a.name} vs ${amount!.b.name}), so the right side is compared sign-flipped`);

  if (primaryKey) addKeyedRules({ input, key: primaryKey, amount, facts, amountSpec, dateSpec, rules, notes });

  if (amount && date) {
    const window = Math.min(Math.max(3, facts.maxDateLag ?? 3), 30);
    rules.push({
      id: 'amount-date',
      name: `Same amount within ${window} days (no reference)`,
      keys: [],
      amount: amountSpec(0, 0),
      date: dateSpec(window),
      cardinality: '1:1',
      auto_confirm: false,
    });
    notes.push(`rule ${rules.length}: amount + ${window}-day date window without a key, only suggested because equal amounts can collide`);
  }
  if (amount && description) {
    rules.push({
      id: 'amount-description',
      name: `Similar ${description.a.name} and amount`,
      keys: [],
      amount: amountSpec(0.05, 0),
      date: dateSpec(Math.min(Math.max(10, facts.maxDateLag ?? 10), 60)),
      description: { left: description.a.name, right: description.b.name, min_similarity: 0.5 },
      cardinality: '1:1',
      auto_confirm: false,
    });
    notes.push(`rule ${rules.length}: amount + similar text (${description.a.name} ↔ ${description.b.name}), suggested only`);
  }

  if (rules.length === 0) {
    const any = resolved[0];
    if (any) {
      rules.push({
        id: 'exact-field',
        name: `Exact ${any.a.name} = ${any.b.name}`,
        keys: [{ left: any.a.name, right: any.b.name, normalisers: [{ kind: 'trim' }, { kind: 'casefold' }] }],
        cardinality: '1:1',
        auto_confirm: false,
      });
      notes.push('no reference, amount or date mapping was confirmed; matching on the first mapped field only, as a suggestion — map an amount and a date for better rules');
    }
  }
  const explanation = rules.length
    ? `${rules.length} rule${rules.length > 1 ? 's' : ''}, strict to loose: ${notes.join('; ')}.`
    : 'No rules: confirm at least one field mapping (ideally a reference, an amount and a date).';
  return { rules, explanation, engine: 'local' };
}
