/**
 * The schema vocabulary of a filter sentence: which words name a column, a
 * mapped concept (amount, date, party, description, currency, reference) or a
 * source alias. A mapped column resolves to both sources' columns, so "amount
 * over 500" filters each side on its own column.
 */
import { roleScores } from '../../../shared/source-roles';
import type { FieldMapping, SourceSchema } from '../../../shared/reconcile/recipe';
import { profileColumn, type ColumnProfile, type ValueKind } from '../column-profile';
import { canonicalTokens, foldText } from '../column-vocabulary';

export type Concept = 'amount' | 'date' | 'party' | 'text' | 'currency' | 'key';

export interface TargetColumn {
  source: string;
  column: string;
  kind: ValueKind;
}

export interface FieldTarget {
  columns: TargetColumn[];
  /** How the sentence named it, for the explanation. */
  label: string;
  /** The column the sentence named by its own name, when it did. */
  named?: TargetColumn;
}

export type Side = 'a' | 'b';

/** Words that name a concept in filter sentences (curated: column vocab is too loose here). */
const CONCEPT_WORDS: Record<string, Concept> = {};
const conceptLists: Record<Concept, string[]> = {
  amount: ['amount', 'amounts', 'amt', 'total', 'totals', 'sum', 'value', 'values', 'betrag', 'betraege', 'bedrag', 'montant', 'importe', 'gross'],
  date: ['date', 'dates', 'datum', 'fecha', 'booked', 'posted', 'dated', 'issued', 'booking date', 'posting date', 'transaction date'],
  party: ['vendor', 'vendors', 'supplier', 'suppliers', 'payee', 'payer', 'customer', 'customers', 'client', 'clients', 'counterparty', 'counterparties', 'partner', 'business partner', 'merchant', 'beneficiary', 'lieferant', 'kunde'],
  text: ['description', 'desc', 'memo', 'narrative', 'details', 'text', 'purpose', 'payment purpose', 'remittance', 'libelle', 'concepto', 'omschrijving', 'buchungstext', 'label'],
  currency: ['currency', 'ccy', 'currencies', 'waehrung', 'devise', 'moneda'],
  key: ['reference', 'references', 'ref', 'invoice number', 'invoice no', 'document number', 'doc number', 'referenz', 'reference number'],
};
for (const [concept, words] of Object.entries(conceptLists) as Array<[Concept, string[]]>) for (const w of words) CONCEPT_WORDS[w] = concept;

/** Nouns for "the rows" that never name a column unless a column is literally called so. */
export const ROW_NOUNS = new Set([
  'transactions', 'transaction', 'payments', 'payment', 'charges', 'charge', 'entries', 'entry', 'postings', 'posting', 'bookings', 'booking',
  'invoices', 'invoice', 'records', 'record', 'rows', 'row', 'items', 'item', 'lines', 'line', 'ones', 'buchungen', 'umsaetze', 'zahlungen',
]);

interface SideInfo {
  side: Side;
  alias: string;
  aliasFolded: string;
  profiles: ColumnProfile[];
}

export class FilterVocabulary {
  private readonly sides: [SideInfo, SideInfo];
  private readonly partner = new Map<string, { side: Side; column: string }>();
  readonly mappings: FieldMapping[];

  constructor(schemaA: SourceSchema, schemaB: SourceSchema, mappings: FieldMapping[]) {
    const info = (side: Side, s: SourceSchema): SideInfo => ({
      side,
      alias: s.alias,
      aliasFolded: foldText(s.alias).replace(/[^a-z0-9]/g, ''),
      profiles: s.columns.map((c) => profileColumn(c, undefined)),
    });
    this.sides = [info('a', schemaA), info('b', schemaB)];
    // Only mappings whose columns exist: stale mappings must not produce conditions.
    this.mappings = mappings.filter((m) => this.profile('a', m.field_a) && this.profile('b', m.field_b));
    for (const m of this.mappings) {
      this.partner.set(`a:${m.field_a}`, { side: 'b', column: m.field_b });
      this.partner.set(`b:${m.field_b}`, { side: 'a', column: m.field_a });
    }
  }

  private sideInfo(side: Side): SideInfo {
    return side === 'a' ? this.sides[0] : this.sides[1];
  }

  profile(side: Side, column: string): ColumnProfile | undefined {
    return this.sideInfo(side).profiles.find((p) => p.name === column);
  }

  /** Whether a word is literally a column name (then it is not read as an alias). */
  isColumnName(word: string): boolean {
    const compact = word.replace(/[^a-z0-9]/g, '');
    return this.sides.some((s) => s.profiles.some((p) => p.compactName === compact));
  }

  /** The side a word names by alias ("bank", "bank's", "banks"), if any. */
  aliasSide(word: string): Side | null {
    const w = word.replace(/['’]s$/, '').replace(/[^a-z0-9]/g, '');
    for (const s of this.sides) if (w === s.aliasFolded || w === `${s.aliasFolded}s`) return s.side;
    return null;
  }

  /**
   * The side that holds payments (a bank statement) when the other holds open items (invoices): its
   * columns or alias speak of bookings, IBANs, remittance, counterparties; the other's of invoices,
   * due dates, documents, customers. A period said without a column ("only March") means the
   * payments' dates then: the invoices they pay may be from February. Against a ledger of postings
   * (bank ↔ GL) both sides' dates mean the period, so null.
   */
  paymentSide(): Side | null {
    const words = (s: SideInfo) => [s.alias, ...s.profiles.map((p) => p.name)];
    const scores = [roleScores(words(this.sides[0])), roleScores(words(this.sides[1]))] as const;
    const isPayments = (x: (typeof scores)[number], y: (typeof scores)[number]) => x.payments > x.openItems && y.openItems > y.payments;
    if (isPayments(scores[0], scores[1])) return 'a';
    if (isPayments(scores[1], scores[0])) return 'b';
    return null;
  }

  aliasOf(side: Side): string {
    return this.sideInfo(side).alias;
  }

  private target(side: Side, column: string): TargetColumn {
    const p = this.profile(side, column)!;
    return { source: this.sideInfo(side).alias, column, kind: p.kind };
  }

  /** A column plus its mapped counterpart, restricted to the scope side when given. */
  private expand(side: Side, column: string, scope: Side | null): TargetColumn[] {
    const out: TargetColumn[] = [{ ...this.target(side, column) }];
    const other = this.partner.get(`${side}:${column}`);
    if (other) out.push(this.target(other.side, other.column));
    // Source A first, so conditions read in the same order as the schemas.
    const rank = (t: TargetColumn) => (t.source === this.sides[0].alias ? 0 : 1);
    out.sort((x, y) => rank(x) - rank(y));
    if (!scope) return out;
    const alias = this.sideInfo(scope).alias;
    return out.filter((t) => t.source === alias);
  }

  /**
   * Resolve a phrase (folded words) to columns: exact column name first, then
   * the same canonical tokens, then a concept word.
   */
  resolvePhrase(words: string[], scope: Side | null): FieldTarget | null {
    const phrase = words.join(' ');
    const compact = words.join('').replace(/[^a-z0-9]/g, '');
    if (!compact) return null;
    const singular = compact.endsWith('s') ? compact.slice(0, -1) : compact;
    const sides = scope ? [this.sideInfo(scope)] : this.sides;

    for (const candidate of [compact, singular]) {
      for (const s of sides) {
        const p = s.profiles.find((x) => x.compactName === candidate);
        if (p) return { columns: this.expand(s.side, p.name, scope), label: phrase, named: this.target(s.side, p.name) };
      }
    }
    if (words.length === 1 && ROW_NOUNS.has(words[0])) return null;

    const tokens = [...new Set(canonicalTokens(phrase))].sort().join(' ');
    if (tokens) {
      for (const s of sides) {
        const p = s.profiles.find((x) => [...new Set(x.tokens)].sort().join(' ') === tokens);
        if (p) return { columns: this.expand(s.side, p.name, scope), label: phrase };
      }
    }
    // A distinctive word of one column ("due" → due_date, "brand" → card_brand).
    const phraseTokens = canonicalTokens(phrase);
    if (words.length === 1 && phraseTokens.length === 1 && !CONCEPT_WORDS[phrase] && !ROW_NOUNS.has(words[0])) {
      const hits: Array<{ side: Side; name: string }> = [];
      for (const s of sides) for (const p of s.profiles) if (p.tokens.includes(phraseTokens[0])) hits.push({ side: s.side, name: p.name });
      const first = hits[0];
      if (first) {
        const group = this.expand(first.side, first.name, null).map((t) => t.column);
        if (hits.every((h) => group.includes(h.name))) return { columns: this.expand(first.side, first.name, scope), label: phrase };
      }
    }
    const concept = CONCEPT_WORDS[phrase] ?? (compact !== singular ? CONCEPT_WORDS[words.slice(0, -1).concat(words[words.length - 1].slice(0, -1)).join(' ')] : undefined);
    if (concept) {
      const columns = this.conceptColumns(concept, scope);
      if (columns.length) return { columns, label: phrase };
    }
    return null;
  }

  /** Whether a named free-text column is mapped to an identifier (payment text ↔ invoice number). */
  partnerIsIdentifierFor(named: TargetColumn): boolean {
    const side: Side = named.source === this.sides[0].alias ? 'a' : 'b';
    const m = this.mappings.find((x) => (side === 'a' ? x.field_a : x.field_b) === named.column);
    if (!m) return false;
    const mine = this.profile(side, named.column);
    const other = side === 'a' ? this.profile('b', m.field_b) : this.profile('a', m.field_a);
    return mine?.nameClass !== 'key' && (m.role === 'key' || other?.nameClass === 'key');
  }

  /** Columns for a concept: the mapped pair with that role, else the best column on each side. */
  conceptColumns(concept: Concept, scope: Side | null): TargetColumn[] {
    const roleFor: Partial<Record<Concept, string>> = { amount: 'amount', date: 'date', key: 'key' };
    const fits = (p: ColumnProfile | undefined) => !!p && columnFitsConcept(p, concept);
    const byRole = this.mappings.find((m) => roleFor[concept] && m.role === roleFor[concept] && fits(this.profile('a', m.field_a)));
    const byClass =
      byRole ??
      this.mappings.find((m) => fits(this.profile('a', m.field_a)) && fits(this.profile('b', m.field_b)) && primaryClassMatch(this.profile('a', m.field_a)!, this.profile('b', m.field_b)!, concept)) ??
      this.mappings.find((m) => fits(this.profile('a', m.field_a)) && fits(this.profile('b', m.field_b)));
    if (byClass) return this.expand('a', byClass.field_a, scope);
    const out: TargetColumn[] = [];
    for (const s of scope ? [this.sideInfo(scope)] : this.sides) {
      const p = s.profiles.find((x) => fits(x) && primaryClass(x, concept)) ?? s.profiles.find(fits);
      if (p) out.push(this.target(s.side, p.name));
    }
    return out;
  }
}

function primaryClass(p: ColumnProfile, concept: Concept): boolean {
  const wanted: Record<Concept, string[]> = {
    amount: ['amount'],
    date: ['date'],
    party: ['party'],
    text: ['text'],
    currency: ['currency'],
    key: ['key'],
  };
  return wanted[concept].includes(p.nameClass);
}

function primaryClassMatch(a: ColumnProfile, b: ColumnProfile, concept: Concept): boolean {
  return primaryClass(a, concept) || primaryClass(b, concept);
}

export function columnFitsConcept(p: ColumnProfile, concept: Concept): boolean {
  switch (concept) {
    case 'amount':
      return p.kind === 'number' && ['amount', 'other'].includes(p.nameClass);
    case 'date':
      return p.kind === 'date';
    case 'party':
      return p.kind === 'text' && (p.nameClass === 'party' || p.nameClass === 'text');
    case 'text':
      return p.kind === 'text' && (p.nameClass === 'text' || p.nameClass === 'party');
    case 'currency':
      return p.kind === 'text' && p.nameClass === 'currency';
    case 'key':
      return p.nameClass === 'key';
  }
}
