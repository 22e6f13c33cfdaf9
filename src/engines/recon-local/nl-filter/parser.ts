/**
 * Recursive-descent parser for filter sentences over the schema vocabulary.
 *
 *   sentence   := condition (connector condition)*          connector: and | und | , | ;
 *   condition  := prefix* ( field predicate | adjective field? | bare-predicate )
 *   prefix     := only | <source alias> | exclusion verb | row noun [where|whose]
 *   exclusion  := ignore | exclude | without | drop | remove | skip | leave out | not | ohne | …
 *                 keeps the complement of the condition after it, and of the comparisons that
 *                 follow it with "and" and no new field ("ignore amounts under 10 and over 10000")
 *   predicate  := numeric | date | text, chosen by the field's kind
 *   numeric    := comparator NUMBER ( or comparator NUMBER )? | [not] between NUMBER and NUMBER | is [not] NUMBER
 *   date       := (since|after|before|until|in|on|from)? PERIOD | between PERIOD and PERIOD | from PERIOD to PERIOD | older than N unit
 *   text       := [does not] contain VALUE | starts with VALUE | ends with VALUE | is [not] VALUE (or VALUE)* | is [not] empty
 *   bare       := numeric → amount | date → date | from VALUE → party | containing VALUE → description | in CODE → currency
 *
 * Tokens no rule consumes are reported as unparsed (minus filler words).
 */
import type { FilterOp } from '../../../shared/reconcile/recipe';
import type { ValueKind } from '../column-profile';
import { ROW_NOUNS, type Concept, type FieldTarget, type FilterVocabulary, type Side } from './fields';
import { daysAgo, parsePeriod, type Period } from './periods';
import {
  COMPARATORS,
  CONNECTORS,
  CONDITION_INTRO,
  DATE_PREPOSITIONS,
  EMPTY_WORDS,
  EXCLUDE_VERBS,
  NEGATE,
  PRESENT_WORDS,
  SYMBOL_OPS,
  VALUE_STOPPERS,
  type CompareOp,
} from './lexicon';
import { CURRENCY_CODES, type Token } from './tokens';

export { FILLER } from './lexicon';
import { foldText } from '../column-vocabulary';

export type ParsedValue =
  | { kind: 'number'; value: number; raw: string }
  | { kind: 'numbers'; values: [number, number] }
  | { kind: 'date'; iso: string }
  | { kind: 'dates'; values: [string, string] }
  | { kind: 'text'; value: string }
  | { kind: 'texts'; values: string[] }
  | { kind: 'none' };

export interface ParsedCondition {
  target: FieldTarget;
  op: FilterOp;
  value: ParsedValue;
  /** Token range the condition came from. */
  from: number;
  to: number;
}

export class FilterParser {
  private pos = 0;
  readonly consumed: boolean[];
  readonly conditions: ParsedCondition[] = [];
  /** Readings the parser chose between several plausible ones: the UI asks before applying them. */
  readonly doubts: string[] = [];
  /** The last condition was an exclusion; a following bare comparison continues it. */
  private excluding = false;

  constructor(
    private readonly tokens: Token[],
    private readonly vocab: FilterVocabulary,
    private readonly today: string,
  ) {
    this.consumed = tokens.map(() => false);
  }

  parse(): ParsedCondition[] {
    while (this.pos < this.tokens.length) {
      if (this.isConnector(this.pos)) {
        this.consumed[this.pos] = true;
        this.pos++;
        continue;
      }
      const carry = this.excluding && this.startsComparison(this.pos);
      this.excluding = false;
      // Conditions are ANDed; an alternative ("… or vendor is Acme") cannot be expressed,
      // so the whole alternative is left unconsumed and reported as not understood.
      if (this.word(this.pos) === 'or' || this.word(this.pos) === 'oder') {
        this.pos++;
        const before = this.pos;
        if (!this.condition() || this.pos === before) this.pos = before;
        continue;
      }
      const start = this.pos;
      const conds = this.condition(carry);
      if (conds && conds.length > 0 && this.pos > start) {
        for (let k = start; k < this.pos; k++) this.consumed[k] = true;
        for (const c of conds) this.conditions.push({ ...c, from: start, to: this.pos });
      } else {
        this.excluding = false;
        this.pos = start + 1;
      }
    }
    return this.conditions;
  }

  /** A comparison with no field of its own ("over 10000", "between 0 and 1"). */
  private startsComparison(i: number): boolean {
    const w = this.word(i);
    return this.comparatorAt(i) !== null || w === 'between' || w === 'zwischen';
  }

  /** Length of the exclusion verb phrase at i, 0 when there is none. */
  private exclusionAt(i: number): number {
    for (const words of EXCLUDE_VERBS) if (this.matchWords(i, words)) return words.length;
    return 0;
  }

  // ── token helpers ───────────────────────────────────────────────────────

  private word(i: number): string | null {
    const t = this.tokens[i];
    return t?.kind === 'word' && !t.quoted ? t.lower : null;
  }
  private isConnector(i: number): boolean {
    const t = this.tokens[i];
    if (t?.kind === 'punct') return true;
    return CONNECTORS.has(this.word(i) ?? '');
  }
  private matchWords(i: number, words: string[]): boolean {
    return words.every((w, k) => this.word(i + k) === w);
  }
  private skipWords(...words: string[]): void {
    while (words.includes(this.word(this.pos) ?? '')) this.pos++;
  }

  // ── conditions ──────────────────────────────────────────────────────────

  private condition(carriedExclusion = false): Array<Omit<ParsedCondition, 'from' | 'to'>> | null {
    const start = this.pos;
    let negate = carriedExclusion;
    let only = false;
    let scope: Side | null = null;
    // Prefixes: filler, a source alias, exclusions, row nouns ("only bank transactions", "exclude rows where").
    for (;;) {
      const w = this.word(this.pos);
      if (w === null) break;
      if (w === 'only' || w === 'just' || w === 'nur' || w === 'all' || w === 'everything' || w === 'anything' || w === 'alles') {
        if (w !== 'everything' && w !== 'anything' && w !== 'alles') only = true;
        this.pos++;
        continue;
      }
      if (CONDITION_INTRO.has(w) && w !== 'with' && w !== 'mit' && this.pos > start) {
        this.pos++;
        continue;
      }
      const side = this.vocab.aliasSide(w);
      if (side && !this.vocab.isColumnName(w)) {
        scope = side;
        this.pos++;
        continue;
      }
      const verb = this.exclusionAt(this.pos);
      if (verb > 0 && !this.comparatorAt(this.pos)) {
        negate = !negate;
        this.pos += verb;
        continue;
      }
      if (ROW_NOUNS.has(w) && !this.phraseResolvesAt(this.pos, scope)) {
        this.pos++;
        continue;
      }
      break;
    }

    const result = this.fieldCondition(scope) ?? this.adjectiveCondition(scope) ?? this.bareCondition(scope, negate, only || negate);
    if (!result) {
      this.pos = start;
      return null;
    }
    this.excluding = negate;
    return negate ? result.conds.map((c) => ({ ...c, op: NEGATE[c.op] })) : result.conds;
  }

  private phraseResolvesAt(i: number, scope: Side | null): boolean {
    for (let len = 3; len >= 1; len--) {
      const words: string[] = [];
      for (let k = 0; k < len; k++) {
        const w = this.word(i + k);
        if (w === null) break;
        words.push(w);
      }
      if (words.length === len && this.vocab.resolvePhrase(words, scope)) return true;
    }
    return false;
  }

  /** `field predicate`, trying the longest field phrase first. */
  private fieldCondition(scope: Side | null): { conds: Array<Omit<ParsedCondition, 'from' | 'to'>> } | null {
    const start = this.pos;
    for (let len = 3; len >= 1; len--) {
      const words: string[] = [];
      for (let k = 0; k < len; k++) {
        const w = this.word(start + k);
        if (w === null) break;
        words.push(w);
      }
      if (words.length < len) continue;
      if (VALUE_STOPPERS.has(words[0]) && words[0] !== 'with') continue;
      const target = this.vocab.resolvePhrase(words, scope);
      if (!target || target.columns.length === 0) continue;
      this.pos = start + len;
      const conds = this.predicate(target);
      if (conds) return { conds: conds.map((c) => this.narrowContainment(c)) };
      this.pos = start;
    }
    return null;
  }

  /**
   * "Verwendungszweck contains Refund": a text search on a column the sentence names stays on
   * that column when its mapped partner is an identifier (payment text ↔ invoice number), where
   * the words could never occur. Pairs of two text columns keep both sides.
   */
  private narrowContainment(c: Omit<ParsedCondition, 'from' | 'to'>): Omit<ParsedCondition, 'from' | 'to'> {
    const named = c.target.named;
    if (!named || (c.op !== 'like' && c.op !== 'not_like')) return c;
    if (this.vocab.partnerIsIdentifierFor(named)) return { ...c, target: { ...c.target, columns: c.target.columns.filter((t) => t.source === named.source && t.column === named.column) } };
    return c;
  }

  /** "negative amounts", "positive amounts only", "non-zero amounts". */
  private adjectiveCondition(scope: Side | null): { conds: Array<Omit<ParsedCondition, 'from' | 'to'>> } | null {
    const w = this.word(this.pos);
    const ops: Record<string, [CompareOp, number]> = { negative: ['lt', 0], positive: ['gt', 0], 'non-zero': ['neq', 0], nonzero: ['neq', 0] };
    if (!w || !ops[w]) return null;
    const start = this.pos;
    this.pos++;
    let target: FieldTarget | null = null;
    const next = this.word(this.pos);
    if (next) {
      target = this.vocab.resolvePhrase([next], scope);
      if (target && target.columns.every((c) => c.kind === 'number')) this.pos++;
      else target = null;
    }
    target ??= this.concept('amount', scope, w);
    if (!target) {
      this.pos = start;
      return null;
    }
    const [op, value] = ops[w];
    return { conds: [{ target, op, value: { kind: 'number', value, raw: String(value) } }] };
  }

  /**
   * The dates a period without a column applies to: both sides' when the sentence names a side or
   * neither side holds payments, else the payments' only ("only March" keeps the February invoices
   * that March payments pay), said as a doubt so the parse is shown before it is applied.
   */
  private periodTarget(scope: Side | null): FieldTarget | null {
    const both = this.concept('date', scope, 'date');
    if (scope || !both || new Set(both.columns.map((c) => c.source)).size < 2) return both;
    const payments = this.vocab.paymentSide();
    if (!payments) return both;
    const only = this.concept('date', payments, 'date');
    // Only when the other side's date is a document's (invoice or due date): a posting date of a
    // ledger (bank ↔ GL) means the period as much as the bank's booking date does.
    const other = both.columns.find((c) => c.source !== only?.columns[0]?.source);
    if (!only || !other || !DOCUMENT_DATE.test(foldText(other.column)) || POSTING_DATE.test(foldText(other.column))) return both;
    this.doubts.push(`The period is applied to ${this.vocab.aliasOf(payments)}'s dates only (the payments); ${other.source} is kept whatever its ${other.column}, so items paid in that period stay in. Name ${other.column} to filter it too.`);
    return only;
  }

  private concept(concept: Concept, scope: Side | null, label: string): FieldTarget | null {
    const columns = this.vocab.conceptColumns(concept, scope);
    return columns.length ? { columns, label } : null;
  }

  /** After with/without/has/missing/no/mit/ohne: a field's condition, its presence, or (negated) a counterparty name to drop. */
  private presenceCondition(scope: Side | null, w: string, start: number): { conds: Array<Omit<ParsedCondition, 'from' | 'to'>> } | null {
    const positive = w === 'with' || w === 'has' || w === 'having' || w === 'mit';
    this.pos++;
    this.skipWords('a', 'an', 'the', 'any');
    const afterWord = this.pos;
    const named = this.fieldCondition(scope);
    if (named) {
      this.excluding = !positive;
      return positive ? named : { conds: named.conds.map((c) => ({ ...c, op: NEGATE[c.op] })) };
    }
    this.pos = afterWord;
    const field = this.fieldPhrase(scope);
    if (field) return { conds: [{ target: field, op: positive ? 'is_not_null' : 'is_null', value: { kind: 'none' } }] };
    // "no PayPal", "ohne Amazon": a name that is no column is a counterparty to drop.
    this.pos = afterWord;
    const name = positive ? null : this.textValue();
    const party = name ? this.concept('party', scope, 'counterparty') : null;
    if (name && party) {
      this.doubts.push(`“${name}” was taken as a counterparty name (${party.columns.map((c) => `${c.source}.${c.column}`).join(', ')}); name the column if it is something else.`);
      return { conds: [{ target: party, op: 'not_like', value: { kind: 'text', value: `%${name}%` } }] };
    }
    this.pos = start;
    return null;
  }

  /** "only 2026", "not 2025": a bare four-digit year after only/a negation is the year, not an amount. */
  private yearCondition(scope: Side | null, start: number): { conds: Array<Omit<ParsedCondition, 'from' | 'to'>> } | null {
    const t = this.tokens[this.pos];
    if (t?.kind !== 'number' || t.hasUnit || !/^(19|20)\d\d$/.test(t.raw) || this.startsComparison(this.pos + 1)) return null;
    const p = this.period(true);
    const target = p ? this.periodTarget(scope) : null;
    if (p && target) {
      this.doubts.push(`“${t.raw}” read as the year ${t.raw} (${p.start} to ${p.end}), not as an amount.`);
      return { conds: [{ target, op: 'between', value: { kind: 'dates', values: [p.start, p.end] } }] };
    }
    this.pos = start;
    return null;
  }

  private bareCondition(scope: Side | null, negate: boolean, yearAllowed: boolean): { conds: Array<Omit<ParsedCondition, 'from' | 'to'>> } | null {
    const start = this.pos;
    const w = this.word(this.pos);

    // with / without <field>: presence checks, or the field's condition ("without amounts over 1000" excludes them).
    if (w === 'with' || w === 'without' || w === 'has' || w === 'having' || w === 'missing' || w === 'no' || w === 'mit' || w === 'ohne') {
      const presence = this.presenceCondition(scope, w, start);
      if (presence) return presence;
    }

    // "(only) incoming payments", "outgoing": the sign of the payments' amount (statements are signed).
    const direction = DIRECTION_WORDS[w ?? ''];
    if (direction) {
      const payments = this.vocab.paymentSide();
      const target = payments ? this.concept('amount', payments, 'amount') : null;
      if (target) {
        this.pos++;
        this.skipWords('payments', 'payment', 'transactions', 'transaction', 'bookings', 'booking', 'entries', 'zahlungen', 'buchungen', 'only');
        return { conds: [{ target, op: direction, value: { kind: 'number', value: 0, raw: '0' } }] };
      }
    }

    const year = yearAllowed ? this.yearCondition(scope, start) : null;
    if (year) return year;

    const dateTarget = () => this.periodTarget(scope);
    const date = this.datePredicate(false);
    if (date) {
      const target = dateTarget();
      if (target) return { conds: [{ target, ...date }] };
      this.pos = start;
    }

    const numeric = this.numericPredicate(false);
    if (numeric) {
      const target = this.concept('amount', scope, 'amount');
      if (target) return { conds: [{ target, ...numeric }] };
      this.pos = start;
    }

    // from X → counterparty contains X (a period after "from" was handled above).
    if (w === 'from' || w === 'von' || w === 'de') {
      this.pos++;
      const value = this.textValue();
      const target = this.concept('party', scope, 'counterparty');
      if (value && target) return { conds: [{ target, op: 'like', value: { kind: 'text', value: `%${value}%` } }] };
      this.pos = start;
    }

    if (w === 'containing' || w === 'contains' || w === 'mentioning' || w === 'enthaelt') {
      this.pos++;
      const value = this.textValue();
      const target = this.concept('text', scope, 'description');
      if (value && target) {
        this.doubts.push(`No column was named for “${value}”: searching ${target.columns.map((c) => `${c.source}.${c.column}`).join(', ')}.`);
        return { conds: [{ target, op: 'like', value: { kind: 'text', value: `%${value}%` } }] };
      }
      this.pos = start;
    }

    const currency = this.currencyCondition(scope);
    if (currency) return { conds: [currency] };

    // "exclude Stripe": a bare name after a negation is a counterparty.
    if (negate) {
      const value = this.textValue();
      const target = this.concept('party', scope, 'counterparty');
      if (value && target) {
        this.doubts.push(`“${value}” was taken as a counterparty name (${target.columns.map((c) => `${c.source}.${c.column}`).join(', ')}); name the column if it is something else.`);
        return { conds: [{ target, op: 'like', value: { kind: 'text', value: `%${value}%` } }] };
      }
      this.pos = start;
    }
    return null;
  }

  /** in EUR, EUR or GBP only, currency codes without a number. */
  private currencyCondition(scope: Side | null): Omit<ParsedCondition, 'from' | 'to'> | null {
    const start = this.pos;
    if (this.word(this.pos) === 'in' || this.word(this.pos) === 'im') this.pos++;
    const codes: string[] = [];
    for (;;) {
      const t = this.tokens[this.pos];
      if (t?.kind !== 'word' || !CURRENCY_CODES.has(t.lower)) break;
      codes.push(t.text);
      this.pos++;
      if ((this.word(this.pos) === 'or' || this.word(this.pos) === 'oder' || this.tokens[this.pos]?.kind === 'punct') && this.tokens[this.pos + 1]?.kind === 'word' && CURRENCY_CODES.has((this.tokens[this.pos + 1] as { lower: string }).lower)) {
        this.pos++;
        continue;
      }
      break;
    }
    const target = codes.length ? this.concept('currency', scope, 'currency') : null;
    if (!target) {
      this.pos = start;
      return null;
    }
    if (this.word(this.pos) === 'only') this.pos++;
    return codes.length === 1
      ? { target, op: 'eq', value: { kind: 'text', value: codes[0] } }
      : { target, op: 'in', value: { kind: 'texts', values: codes } };
  }

  /** A field phrase (up to 3 words) without a predicate, for "without a reference". */
  private fieldPhrase(scope: Side | null): FieldTarget | null {
    for (let len = 3; len >= 1; len--) {
      const words: string[] = [];
      for (let k = 0; k < len; k++) {
        const w = this.word(this.pos + k);
        if (w === null) break;
        words.push(w);
      }
      if (words.length < len) continue;
      const target = this.vocab.resolvePhrase(words, scope);
      if (target) {
        this.pos += len;
        return target;
      }
    }
    return null;
  }

  // ── predicates ──────────────────────────────────────────────────────────

  private predicate(target: FieldTarget): Array<Omit<ParsedCondition, 'from' | 'to'>> | null {
    const kind = dominantKind(target.columns.map((c) => c.kind));
    const start = this.pos;
    const emptiness = this.emptinessPredicate();
    if (emptiness) return [{ target, op: emptiness, value: { kind: 'none' } }];
    if (kind === 'date') {
      const d = this.datePredicate(true);
      if (d) return [{ target, ...d }];
    } else if (kind === 'number') {
      const n = this.numericPredicate(true);
      if (n) return [{ target, ...n }];
    } else {
      const t = this.textPredicate();
      if (t) return [{ target, ...t }];
    }
    // "contains" only makes sense on text: a column whose name looks like a date or amount
    // ("Buchungstext" reads as booking) but is searched for words is a text column after all.
    if (kind !== 'text' && CONTAIN_WORDS.has(this.word(this.pos) ?? this.word(this.pos + 1) ?? '')) {
      this.pos = start;
      const t = this.textPredicate();
      if (t) return [{ target, ...t }];
    }
    this.pos = start;
    return null;
  }

  private emptinessPredicate(): 'is_null' | 'is_not_null' | null {
    const start = this.pos;
    let negated = false;
    if (['is', 'ist', 'are'].includes(this.word(this.pos) ?? '')) this.pos++;
    if (['not', 'nicht', "isn't", 'isnt'].includes(this.word(this.pos) ?? '')) {
      negated = true;
      this.pos++;
    }
    const w = this.word(this.pos);
    if (w && EMPTY_WORDS.has(w)) {
      this.pos++;
      return negated ? 'is_not_null' : 'is_null';
    }
    if (w && PRESENT_WORDS.has(w)) {
      this.pos++;
      return negated ? 'is_null' : 'is_not_null';
    }
    this.pos = start;
    return null;
  }

  private comparatorAt(i: number): { op: CompareOp; length: number } | null {
    const t = this.tokens[i];
    if (t?.kind === 'op') return { op: SYMBOL_OPS[t.op], length: 1 };
    for (const [words, op] of COMPARATORS) if (this.matchWords(i, words)) return { op, length: words.length };
    return null;
  }

  private number(): { value: number; raw: string } | null {
    const t = this.tokens[this.pos];
    if (t?.kind !== 'number') return null;
    this.pos++;
    return { value: t.value, raw: t.raw };
  }

  private numericPredicate(afterField: boolean): Pick<ParsedCondition, 'op' | 'value'> | null {
    const start = this.pos;
    let negated = false;
    if (afterField && (this.word(this.pos) === 'is' || this.word(this.pos) === 'are') && this.word(this.pos + 1) !== 'not') this.pos++;
    if (this.word(this.pos) === 'not' && (this.word(this.pos + 1) === 'between' || this.word(this.pos + 1) === 'zwischen')) {
      negated = true;
      this.pos++;
    }
    if (this.word(this.pos) === 'between' || this.word(this.pos) === 'zwischen') {
      this.pos++;
      const low = this.number();
      const sep = this.word(this.pos);
      if (low && (sep === 'and' || sep === 'und' || sep === 'to' || sep === 'bis' || sep === '-')) {
        this.pos++;
        const high = this.number();
        if (high) {
          const values: [number, number] = low.value <= high.value ? [low.value, high.value] : [high.value, low.value];
          return { op: negated ? 'not_between' : 'between', value: { kind: 'numbers', values } };
        }
      }
      this.pos = start;
      return null;
    }
    const cmp = this.comparatorAt(this.pos);
    if (cmp) {
      this.pos += cmp.length;
      const n = this.number();
      if (n) {
        // "below 0 or above 10k": outside a range.
        const alt = this.orComparison();
        if (alt) {
          const lowOps = ['lt', 'lte'];
          const highOps = ['gt', 'gte'];
          if (lowOps.includes(cmp.op) && highOps.includes(alt.op) && n.value <= alt.value) return { op: 'not_between', value: { kind: 'numbers', values: [n.value, alt.value] } };
          if (highOps.includes(cmp.op) && lowOps.includes(alt.op) && alt.value <= n.value) return { op: 'not_between', value: { kind: 'numbers', values: [alt.value, n.value] } };
        }
        return { op: cmp.op, value: { kind: 'number', value: n.value, raw: n.raw } };
      }
      this.pos = start;
      return null;
    }
    // "amount 4500" right after a field means equality.
    if (afterField) {
      const n = this.number();
      if (n) return { op: 'eq', value: { kind: 'number', value: n.value, raw: n.raw } };
    }
    this.pos = start;
    return null;
  }

  private orComparison(): { op: CompareOp; value: number } | null {
    const start = this.pos;
    if (this.word(this.pos) !== 'or' && this.word(this.pos) !== 'oder') return null;
    this.pos++;
    const cmp = this.comparatorAt(this.pos);
    if (cmp && cmp.op !== 'eq' && cmp.op !== 'neq') {
      this.pos += cmp.length;
      const n = this.number();
      if (n) return { op: cmp.op, value: n.value };
    }
    this.pos = start;
    return null;
  }

  private period(allowBareYear: boolean): Period | null {
    const save = this.pos;
    this.skipWords('the');
    const m = parsePeriod(this.tokens, this.pos, this.today, allowBareYear);
    if (!m) {
      this.pos = save;
      return null;
    }
    this.pos = m.next;
    return m.period;
  }

  private datePredicate(afterField: boolean): Pick<ParsedCondition, 'op' | 'value'> | null {
    const start = this.pos;
    if (afterField && (this.word(this.pos) === 'is' || this.word(this.pos) === 'was')) this.pos++;
    const w = this.word(this.pos);
    const symbol = this.tokens[this.pos]?.kind === 'op' ? SYMBOL_OPS[(this.tokens[this.pos] as { op: string }).op] : null;

    if (w === 'older' && this.word(this.pos + 1) === 'than') {
      const n = this.tokens[this.pos + 2];
      const unit = this.word(this.pos + 3);
      const iso = n?.kind === 'number' && unit ? daysAgo(this.today, n.value, unit) : null;
      if (iso) {
        this.pos += 4;
        return { op: 'lt', value: { kind: 'date', iso } };
      }
    }
    if (w === 'between' || w === 'zwischen') {
      this.pos++;
      const a = this.period(false);
      const sep = this.word(this.pos);
      if (a && (sep === 'and' || sep === 'und' || sep === 'to')) {
        this.pos++;
        const b = this.period(false);
        if (b) return { op: 'between', value: { kind: 'dates', values: [a.start, b.end] } };
      }
      this.pos = start;
      return null;
    }
    if (symbol) {
      this.pos++;
      const p = this.period(true);
      if (p) return symbolDate(symbol, p);
      this.pos = start;
      return null;
    }
    let prep = w ? DATE_PREPOSITIONS[w] : undefined;
    if (prep) {
      this.pos++;
      // "prior to", "later than", "earlier than"
      if (w === 'prior' || w === 'later' || w === 'earlier') {
        if (this.word(this.pos) === 'to' || this.word(this.pos) === 'than') this.pos++;
      }
    } else if (w === 'up' && this.word(this.pos + 1) === 'to') {
      prep = 'until';
      this.pos += 2;
    }
    const p = this.period(prep !== undefined || afterField);
    if (!p) {
      this.pos = start;
      return null;
    }
    // from P to P
    if ((w === 'from' || w === 'since') && ['to', 'until', 'till', 'bis', 'through'].includes(this.word(this.pos) ?? '')) {
      const save = this.pos;
      this.pos++;
      const q = this.period(true);
      if (q) return { op: 'between', value: { kind: 'dates', values: [p.start, q.end] } };
      this.pos = save;
    }
    switch (prep) {
      case 'since':
        return { op: 'gte', value: { kind: 'date', iso: p.start } };
      case 'after':
        return { op: 'gt', value: { kind: 'date', iso: p.end } };
      case 'before':
        return { op: 'lt', value: { kind: 'date', iso: p.start } };
      case 'until':
        return { op: 'lte', value: { kind: 'date', iso: p.end } };
      default:
        return p.start === p.end ? { op: 'eq', value: { kind: 'date', iso: p.start } } : { op: 'between', value: { kind: 'dates', values: [p.start, p.end] } };
    }
  }

  private textPredicate(): Pick<ParsedCondition, 'op' | 'value'> | null {
    const start = this.pos;
    let negated = false;
    const w0 = this.word(this.pos);
    if (w0 === 'does' || w0 === 'do' || w0 === 'is' || w0 === 'are' || w0 === 'ist') {
      // "does not contain", "is not", "is"
      if (['not', "doesn't", 'nicht'].includes(this.word(this.pos + 1) ?? '')) {
        negated = true;
        this.pos += 2;
      } else if (w0 === 'is' || w0 === 'are' || w0 === 'ist') {
        this.pos++;
        return this.equalityValue(false) ?? this.restore(start);
      } else {
        return this.restore(start);
      }
    } else if (w0 === "doesn't" || w0 === 'not' || w0 === "isn't" || w0 === 'nicht') {
      negated = true;
      this.pos++;
    }
    const w = this.word(this.pos);
    const op = (positive: FilterOp): FilterOp => (negated ? NEGATE[positive] : positive);
    if (w && CONTAIN_WORDS.has(w)) {
      this.pos++;
      const v = this.textValue();
      // A value with its own % wildcards is already a LIKE pattern.
      return v ? { op: op('like'), value: { kind: 'text', value: v.includes('%') ? v : `%${v}%` } } : this.restore(start);
    }
    // "vendor in Acme, Globex", "vendor not in (Acme, Globex)", "status one of open, overdue"
    if (w === 'in' || ((w === 'one' || w === 'any') && this.word(this.pos + 1) === 'of')) {
      const save = this.pos;
      this.pos += w === 'in' ? 1 : 2;
      const list = this.equalityValue(negated);
      if (list) return list;
      this.pos = save;
    }
    if ((w === 'starts' || w === 'start' || w === 'starting' || w === 'begins' || w === 'begin' || w === 'beginning') && this.word(this.pos + 1) === 'with') {
      this.pos += 2;
      const v = this.textValue();
      return v ? { op: op('like'), value: { kind: 'text', value: `${v}%` } } : this.restore(start);
    }
    if ((w === 'ends' || w === 'end' || w === 'ending') && this.word(this.pos + 1) === 'with') {
      this.pos += 2;
      const v = this.textValue();
      return v ? { op: op('like'), value: { kind: 'text', value: `%${v}` } } : this.restore(start);
    }
    if (negated && (this.word(start) === 'is' || this.word(start) === 'ist' || this.word(start) === 'not' || this.word(start) === "isn't")) {
      return this.equalityValue(true) ?? this.restore(start);
    }
    const t = this.tokens[this.pos];
    if (!negated && t?.kind === 'op' && (t.op === '=' || t.op === '!=')) {
      this.pos++;
      return this.equalityValue(t.op === '!=') ?? this.restore(start);
    }
    if (!negated && (w === 'equals' || w === 'equal')) {
      this.pos++;
      if (this.word(this.pos) === 'to') this.pos++;
      return this.equalityValue(false) ?? this.restore(start);
    }
    return this.restore(start);
  }

  private restore(start: number): null {
    this.pos = start;
    return null;
  }

  /** VALUE (or VALUE)* → eq / in, negated → neq / not_in. */
  private equalityValue(negated: boolean): Pick<ParsedCondition, 'op' | 'value'> | null {
    const values: string[] = [];
    const first = this.textValue();
    if (!first) return null;
    values.push(first);
    for (;;) {
      const sep = this.tokens[this.pos];
      const isOr = this.word(this.pos) === 'or' || this.word(this.pos) === 'oder';
      const isComma = sep?.kind === 'punct' && sep.text === ',';
      if (!isOr && !isComma) break;
      const save = this.pos;
      this.pos++;
      if (this.word(this.pos) === 'or') this.pos++;
      if (isComma && this.startsCondition(this.pos)) {
        this.pos = save;
        break;
      }
      const next = this.textValue();
      if (!next) {
        this.pos = save;
        break;
      }
      values.push(next);
    }
    if (values.length === 1) return { op: negated ? 'neq' : 'eq', value: { kind: 'text', value: values[0] } };
    return { op: negated ? 'not_in' : 'in', value: { kind: 'texts', values } };
  }

  /** Whether a condition could start at i (used to end comma-separated value lists). */
  private startsCondition(i: number): boolean {
    const w = this.word(i);
    if (this.tokens[i]?.kind === 'number' || this.tokens[i]?.kind === 'date' || this.tokens[i]?.kind === 'op') return true;
    if (!w) return false;
    if (VALUE_STOPPERS.has(w) || this.vocab.aliasSide(w)) return true;
    if (parsePeriod(this.tokens, i, this.today, false)) return true;
    return this.vocab.resolvePhrase([w], null) !== null;
  }

  /** A free-text value: a quoted string, a number's raw text, or words up to a stopper. */
  private textValue(): string | null {
    const t = this.tokens[this.pos];
    if (!t) return null;
    if (t.kind === 'word' && t.quoted) {
      this.pos++;
      return t.text;
    }
    if (t.kind === 'number') {
      this.pos++;
      return t.raw;
    }
    if (t.kind === 'date') {
      this.pos++;
      return t.iso;
    }
    const parts: string[] = [];
    while (this.pos < this.tokens.length) {
      const u = this.tokens[this.pos];
      if (u.kind !== 'word' || u.quoted) break;
      if (VALUE_STOPPERS.has(u.lower) && parts.length > 0) break;
      if (VALUE_STOPPERS.has(u.lower) && parts.length === 0 && !['not'].includes(u.lower)) return null;
      if (parts.length > 0 && parsePeriod(this.tokens, this.pos, this.today, false) && /^[a-z]/.test(u.text)) break;
      parts.push(u.text);
      this.pos++;
    }
    return parts.length ? parts.join(' ') : null;
  }
}

/** A document's own date (invoice, due, issue date), as opposed to the date it was posted. */
const DOCUMENT_DATE = /invoice|rechnung|factur|factuur|due|faellig|document|beleg|issue|ausstell|order|bestell/;
const POSTING_DATE = /post|buchung|booking|ledger|gl /;

/** Words for the direction of a payment, as the sign of its amount. */
const DIRECTION_WORDS: Record<string, 'gt' | 'lt'> = {
  incoming: 'gt', received: 'gt', inbound: 'gt', credits: 'gt', eingehende: 'gt', eingehend: 'gt', eingaenge: 'gt', zahlungseingaenge: 'gt', inkomende: 'gt',
  outgoing: 'lt', outbound: 'lt', debits: 'lt', ausgehende: 'lt', ausgehend: 'lt', ausgaenge: 'lt', uitgaande: 'lt',
};

const CONTAIN_WORDS = new Set(['contain', 'contains', 'containing', 'includes', 'include', 'including', 'like', 'enthaelt', 'mentions']);

function dominantKind(kinds: ValueKind[]): ValueKind {
  if (kinds.every((k) => k === 'date')) return 'date';
  if (kinds.every((k) => k === 'number')) return 'number';
  if (kinds.includes('date')) return 'date';
  if (kinds.some((k) => k === 'text')) return 'text';
  return kinds[0] ?? 'text';
}

function symbolDate(op: CompareOp, p: Period): Pick<ParsedCondition, 'op' | 'value'> {
  switch (op) {
    case 'gt':
      return { op: 'gt', value: { kind: 'date', iso: p.end } };
    case 'gte':
      return { op: 'gte', value: { kind: 'date', iso: p.start } };
    case 'lt':
      return { op: 'lt', value: { kind: 'date', iso: p.start } };
    case 'lte':
      return { op: 'lte', value: { kind: 'date', iso: p.end } };
    case 'neq':
      return p.start === p.end ? { op: 'neq', value: { kind: 'date', iso: p.start } } : { op: 'not_between', value: { kind: 'dates', values: [p.start, p.end] } };
    default:
      return p.start === p.end ? { op: 'eq', value: { kind: 'date', iso: p.start } } : { op: 'between', value: { kind: 'dates', values: [p.start, p.end] } };
  }
}
