/**
 * Amount and date columns that could not be typed, each with its fix (issue 27). Shared: main says
 * them in the mapping and rules steps, the run summary and the CLI (engine/evidence.ts); the
 * renderer offers the format picker with a preview for the same columns (FormatPicker.tsx).
 */
import type { FieldMapping } from './recipe';
import type { Side, SourceInfo } from './sources-and-runs';

export interface EvidenceWarning {
  side: Side;
  column: string;
  what: 'amount' | 'date';
  message: string;
}

const AMOUNT_NOTICES = new Set(['not_all_numbers', 'mixed_number_formats']);
/** The same for dates: `not_all_dates` is the twin of `not_all_numbers` (typing.ts). */
const DATE_NOTICES = new Set(['not_all_dates', 'mixed_date_formats']);

/** Amount and date columns of the two sources that could not be typed, each with its fix. */
export function untypedEvidence<M extends Pick<FieldMapping, 'field_a' | 'field_b' | 'role'>>(sources: Record<Side, Pick<SourceInfo, 'columns' | 'notices'>>, mappings: M[] = []): EvidenceWarning[] {
  const out: EvidenceWarning[] = [];
  const seen = new Set<string>();
  const add = (side: Side, column: string, what: 'amount' | 'date', why: string, dateFormat = 'date:%d.%m.%Y') => {
    const key = `${side}\u0000${column.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    const fix =
      what === 'amount'
        ? `set the column's type to number (in the app: the ${side} source's column types; on the command line: --${side}-type "${column}=number", or =number:1.234,56 for a decimal comma); the values that still do not read become amount_unreadable exceptions`
        : `set the column's type to date with its format (on the command line: --${side}-type "${column}=${dateFormat}"); the values that still do not read become date_unreadable exceptions`;
    out.push({
      side,
      column,
      what,
      message: `${side} column "${column}" holds ${what === 'amount' ? 'amounts' : 'dates'} but is read as text (${why}), so no rule compares its ${what === 'amount' ? 'amounts' : 'dates'}${what === 'amount' ? ' and nothing is confirmed automatically' : ''}. Fix: ${fix}.`,
    });
  };
  for (const side of ['left', 'right'] as const) {
    const info = sources[side];
    const typeOf = (name: string) => info.columns.find((c) => c.name.toLowerCase() === name.toLowerCase())?.type;
    for (const n of info.notices) {
      if (!n.column || typeOf(n.column) !== 'text') continue;
      if (AMOUNT_NOTICES.has(n.code)) add(side, n.column, 'amount', firstSentence(n.message));
      // not_all_dates names the format its dates are written in (typing.ts).
      if (DATE_NOTICES.has(n.code)) add(side, n.column, 'date', firstSentence(n.message), /\((date:[^)]+)\)/.exec(n.message)?.[1]);
    }
    for (const m of mappings) {
      const name = side === 'left' ? m.field_a : m.field_b;
      const type = typeOf(name);
      if (m.role === 'amount' && type && type !== 'number') add(side, name, 'amount', `mapped as the amount, read as ${type}`);
      if (m.role === 'date' && type && type !== 'date' && type !== 'timestamp') add(side, name, 'date', `mapped as the date, read as ${type}`);
    }
  }
  return out;
}

function firstSentence(message: string): string {
  const counted = /stays text: (\d+ of \d+ value\(s\) are (?:amounts|dates(?: \([^)]*\))?) but \d+ are not)/.exec(message);
  if (counted) return counted[1];
  const colon = message.indexOf(': ');
  const text = colon > 0 && colon < 200 ? message.slice(0, colon) : message.slice(0, 200);
  return text.replace(/^column "[^"]*" /, '');
}

