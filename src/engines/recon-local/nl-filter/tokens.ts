/**
 * Tokenizer for filter sentences. Numbers absorb their currency symbols, codes
 * and k/m/thousand suffixes ("$1.5k", "250 USD", "1.500,50 €") so the parser sees
 * one amount; numeric dates (ISO, DD/MM/YYYY, DD.MM.YYYY) become date tokens.
 * Every token keeps its character span so unparsed parts can be quoted verbatim.
 */
import { foldText } from '../column-vocabulary';

interface Span {
  start: number;
  end: number;
}
export type Token =
  | (Span & { kind: 'word'; text: string; lower: string; quoted: boolean })
  | (Span & { kind: 'number'; value: number; raw: string; hasUnit: boolean; grouped?: boolean })
  | (Span & { kind: 'date'; iso: string })
  | (Span & { kind: 'op'; op: '>' | '>=' | '<' | '<=' | '=' | '!=' })
  | (Span & { kind: 'punct'; text: ',' | ';' });

export const CURRENCY_CODES = new Set([
  'eur', 'usd', 'gbp', 'chf', 'jpy', 'cad', 'aud', 'nzd', 'sek', 'nok', 'dkk', 'pln', 'czk', 'huf', 'cny', 'hkd', 'sgd', 'inr', 'brl', 'mxn', 'zar',
]);
const CURRENCY_WORDS = new Set(['dollar', 'dollars', 'euro', 'euros', 'eur', 'usd', 'bucks', 'pounds', 'pound']);
const CURRENCY_SYMBOLS = '$€£¥';
const isCurrencySymbol = (c: string | undefined): boolean => c !== undefined && c.length === 1 && CURRENCY_SYMBOLS.includes(c);
const MULTIPLIER_WORDS: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mio: 1e6, m: 1e6, mn: 1e6, bn: 1e9, billion: 1e9 };

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Dots between groups of three digits and no decimals: "1.000", "12.500.000" (German, Dutch, …). */
const DOT_THOUSANDS = /^-?\d{1,3}(?:\.\d{3})+$/;

/**
 * "1,250.50" → 1250.5; "1.500,50" → 1500.5 (a comma with 1–2 trailing digits is a decimal comma);
 * "1.000" → 1000 (dots between thousands: an English reader would say 1, so the parse says which
 * reading it took and asks).
 */
function parseNumberText(raw: string): number {
  let s = raw;
  if (DOT_THOUSANDS.test(s)) s = s.replace(/\./g, '');
  else if (/,\d{1,2}$/.test(s) && !/\.\d+$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else s = s.replace(/,/g, '');
  return Number(s);
}

const DATE_PATTERNS: Array<{ re: RegExp; toIso: (m: RegExpExecArray) => string | null }> = [
  {
    re: /^(\d{4})-(\d{1,2})-(\d{1,2})/,
    toIso: (m) => (validDate(+m[1], +m[2], +m[3]) ? `${m[1]}-${pad2(+m[2])}-${pad2(+m[3])}` : null),
  },
  {
    // Day first (European exports) unless the first number cannot be a day.
    re: /^(\d{1,2})[./](\d{1,2})[./](\d{4})/,
    toIso: (m) => {
      let [d, mo] = [+m[1], +m[2]];
      if (mo > 12 && d <= 12) [d, mo] = [mo, d];
      return validDate(+m[3], mo, d) ? `${m[3]}-${pad2(mo)}-${pad2(d)}` : null;
    },
  },
];

const NUMBER_RE = /^-?(?:\d{1,3}(?:\.\d{3})+,\d{1,2}|\d{1,3}(?:\.\d{3})+(?!\d|[.,]\d)|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)/;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = text.slice(i);
    // Quoted values are taken literally ("vendor is 'Bank of America'").
    if (ch === '"' || ch === "'" || ch === '“' || ch === '‘') {
      const close = ch === '“' ? '”' : ch === '‘' ? '’' : ch;
      const endIdx = text.indexOf(close, i + 1);
      if (endIdx > i + 1) {
        const inner = text.slice(i + 1, endIdx);
        tokens.push({ kind: 'word', text: inner, lower: foldText(inner), quoted: true, start: i, end: endIdx + 1 });
        i = endIdx + 1;
        continue;
      }
    }
    const op = /^(>=|<=|!=|<>|=>|=<|>|<|=|≥|≤|≠)/.exec(rest);
    if (op) {
      tokens.push({ kind: 'op', op: OPERATORS[op[1]], start: i, end: i + op[1].length });
      i += op[1].length;
      continue;
    }
    if (ch === ',' || ch === ';') {
      tokens.push({ kind: 'punct', text: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    const valueToken = dateAt(rest, i) ?? numberAt(text, i);
    if (valueToken) {
      tokens.push(valueToken);
      i = valueToken.end;
      continue;
    }
    const word = /^[\p{L}\p{N}_'’./&@#%-]+/u.exec(rest);
    if (word) {
      // Trailing sentence punctuation is not part of the word.
      const w = word[0].replace(/[.'’]+$/, '') || word[0];
      tokens.push({ kind: 'word', text: w, lower: foldText(w), quoted: false, start: i, end: i + w.length });
      i += w.length;
      continue;
    }
    // A lone currency symbol or other punctuation: skip it.
    i++;
  }
  return absorbUnits(tokens);
}

const OPERATORS: Record<string, Extract<Token, { kind: 'op' }>['op']> = {
  '>=': '>=', '=>': '>=', '≥': '>=', '<=': '<=', '=<': '<=', '≤': '<=', '!=': '!=', '<>': '!=', '≠': '!=', '>': '>', '<': '<', '=': '=',
};

/** A date at the start of `rest` (text from offset i), not followed by a digit, or null. */
function dateAt(rest: string, i: number): Token | null {
  for (const p of DATE_PATTERNS) {
    const m = p.re.exec(rest);
    if (m && !/[\d]/.test(rest[m[0].length] ?? '')) {
      const iso = p.toIso(m);
      if (iso) return { kind: 'date', iso, start: i, end: i + m[0].length };
    }
  }
  return null;
}

/** A number at offset i, with an optional leading currency symbol or a sign before the symbol ("-$5") and a glued suffix ("1.5k", "10k€"), or null. */
function numberAt(text: string, i: number): Token | null {
  const numStart = i;
  let j = i;
  let hasUnit = false;
  let negative = false;
  if (text[j] === '-' && isCurrencySymbol(text[j + 1])) {
    negative = true;
    j++;
  }
  if (isCurrencySymbol(text[j]) && /\d/.test(text[j + 1] ?? '')) {
    hasUnit = true;
    j++;
  }
  const num = NUMBER_RE.exec(text.slice(j));
  // A minus glued to a word ("INV-2291") is a hyphen, not a sign.
  const hyphen = num?.[0].startsWith('-') && j > 0 && /\w/.test(text[j - 1]);
  if (!num || !/\d/.test(num[0]) || hyphen) return null;
  let value = parseNumberText(num[0]);
  if (negative) value = -value;
  j += num[0].length;
  const glued = /^(k|m|mn|mio|bn)(?![a-z])/i.exec(text.slice(j));
  if (glued) {
    value *= MULTIPLIER_WORDS[glued[1].toLowerCase()];
    j += glued[1].length;
    hasUnit = true;
  }
  if (isCurrencySymbol(text[j])) {
    hasUnit = true;
    j++;
  }
  return { kind: 'number', value, raw: text.slice(numStart, j), hasUnit, start: numStart, end: j, ...(DOT_THOUSANDS.test(num[0]) ? { grouped: true } : {}) };
}

/** Merge currency words/codes and multiplier words into the adjacent number token. */
function absorbUnits(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const next = tokens[k + 1];
    if (t.kind === 'word' && !t.quoted && CURRENCY_CODES.has(t.lower) && t.text === t.text.toUpperCase() && next?.kind === 'number') {
      out.push({ ...next, hasUnit: true, start: t.start, raw: `${t.text} ${next.raw}` });
      k++;
      continue;
    }
    if (t.kind === 'number') {
      let merged = t;
      let m = tokens[k + 1];
      while (m && m.kind === 'word' && !m.quoted && (MULTIPLIER_WORDS[m.lower] !== undefined && m.lower.length > 2 || CURRENCY_WORDS.has(m.lower) || (CURRENCY_CODES.has(m.lower) && m.text === m.text.toUpperCase()))) {
        const factor = MULTIPLIER_WORDS[m.lower];
        merged = { ...merged, value: factor && m.lower.length > 2 ? merged.value * factor : merged.value, hasUnit: true, end: m.end, raw: `${merged.raw} ${m.text}` };
        k++;
        m = tokens[k + 1];
      }
      out.push(merged);
      continue;
    }
    out.push(t);
  }
  return out;
}
