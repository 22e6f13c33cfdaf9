/**
 * Offline parse_nl_filter: tokenize, parse against the schema vocabulary, then
 * emit one SourceFilter per (condition, column) with values coerced to each
 * column's kind. Anything the grammar did not consume is returned as `unparsed`.
 */
import type { FilterValue, SourceFilter } from '../../../shared/reconcile/recipe';
import type { ParseNlFilterInput, ParseNlFilterOutput } from '../../../shared/reconcile/mcp-tools';
import type { ValueKind } from '../column-profile';
import { FilterVocabulary, type TargetColumn } from './fields';
import { FILLER, FilterParser, type ParsedCondition, type ParsedValue } from './parser';
import { todayIso } from './periods';
import { tokenize, type Token } from './tokens';

const OP_TEXT: Record<SourceFilter['op'], string> = {
  eq: '=', neq: '≠', gt: '>', gte: '≥', lt: '<', lte: '≤', between: 'between', not_between: 'not between', in: 'in', not_in: 'not in',
  like: 'matches', not_like: 'does not match', is_null: 'is empty', is_not_null: 'is not empty',
};

/** The value as stored for one column; null when the value cannot apply to that column. */
function valueFor(v: ParsedValue, kind: ValueKind): FilterValue | undefined {
  switch (v.kind) {
    case 'none':
      return null;
    case 'number':
      return kind === 'number' ? v.value : kind === 'text' ? v.raw : undefined;
    case 'numbers':
      return kind === 'number' ? [...v.values] : undefined;
    case 'date':
      return kind === 'date' || kind === 'text' ? v.iso : undefined;
    case 'dates':
      return kind === 'date' || kind === 'text' ? [...v.values] : undefined;
    case 'text': {
      if (kind === 'number') {
        const n = Number(v.value);
        return Number.isFinite(n) && v.value.trim() !== '' ? n : undefined;
      }
      return v.value;
    }
    case 'texts':
      if (kind === 'number') {
        const ns = v.values.map(Number);
        return ns.every(Number.isFinite) ? ns : undefined;
      }
      return [...v.values];
  }
}

function filtersFor(c: ParsedCondition): SourceFilter[] {
  const out: SourceFilter[] = [];
  for (const col of c.target.columns as TargetColumn[]) {
    const value = valueFor(c.value, col.kind);
    if (value === undefined) continue;
    out.push({ source: col.source, column: col.column, op: c.op, value });
  }
  return out;
}

function describeValue(op: SourceFilter['op'], v: FilterValue): string {
  if (v === null) return '';
  if (Array.isArray(v)) return v.join(op === 'between' || op === 'not_between' ? ' and ' : ', ');
  return String(v);
}

/** Runs of tokens nobody consumed, without filler words, quoted from the original text. */
function unparsedParts(text: string, tokens: Token[], consumed: boolean[]): string[] {
  const parts: string[] = [];
  let run: Token[] = [];
  const flush = () => {
    const meaningful = run.filter((t) => !(t.kind === 'word' && !t.quoted && FILLER.has(t.lower)) && t.kind !== 'punct');
    if (meaningful.length) parts.push(text.slice(meaningful[0].start, meaningful[meaningful.length - 1].end));
    run = [];
  };
  tokens.forEach((t, i) => {
    if (consumed[i]) flush();
    else run.push(t);
  });
  flush();
  return parts;
}

export function parseNlFilterLocal(input: ParseNlFilterInput): ParseNlFilterOutput {
  const today = input.today ?? todayIso();
  const tokens = tokenize(input.text);
  const vocab = new FilterVocabulary(input.schema_a, input.schema_b, input.current_mappings ?? []);
  const parser = new FilterParser(tokens, vocab, today);
  const conditions = parser.parse();

  const filters: SourceFilter[] = [];
  const seen = new Set<string>();
  const phrases: string[] = [];
  for (const c of conditions) {
    const fs = filtersFor(c).filter((f) => {
      const key = JSON.stringify(f);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (!fs.length) continue;
    filters.push(...fs);
    const cols = fs.map((f) => `${f.source}.${f.column}`).join(', ');
    const value = describeValue(c.op, fs[0].value);
    phrases.push(`${c.target.label} ${OP_TEXT[c.op]}${value ? ` ${value}` : ''} (${cols})`);
  }
  const unparsed = unparsedParts(input.text, tokens, parser.consumed);
  let explanation = phrases.length ? `Keep rows where ${phrases.join('; and ')}.` : 'No filter conditions recognised.';
  if (unparsed.length) explanation += ` Not understood: ${unparsed.map((u) => `"${u}"`).join(', ')}.`;
  // "1.000" is a thousand in German and Dutch, 1 to an English reader: say which, and ask.
  tokens.forEach((t, i) => {
    if (t.kind === 'number' && t.grouped && parser.consumed[i]) parser.doubts.push(`“${t.raw}” read as ${t.value} (dots between thousands), not with a decimal point.`);
  });
  const doubts = [...new Set(parser.doubts)];
  return { filters, explanation, unparsed, engine: 'local', ...(doubts.length ? { doubts } : {}) };
}
