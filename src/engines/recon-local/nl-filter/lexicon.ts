/**
 * The words of the filter grammar: connectors, filler, comparator phrases (EN/DE),
 * date prepositions, emptiness words and the words that end a free-text value.
 * Kept apart from the parser so the vocabulary can grow without touching the rules.
 */
import type { FilterOp } from '../../../shared/reconcile/recipe';

export const CONNECTORS = new Set(['and', 'und', 'et', 'y', 'en', '&&']);
/** Words that carry no filter meaning on their own. */
export const FILLER = new Set([
  'show', 'me', 'give', 'list', 'find', 'get', 'all', 'everything', 'anything', 'only', 'just', 'please', 'the', 'a', 'an', 'where', 'that', 'which',
  'are', 'were', 'was', 'i', 'want', 'see', 'those', 'these', 'any', 'with', 'whose', 'having', 'has', 'have', 'nur', 'alle', 'die', 'der', 'das', 'mit', 'records', 'of', 'for', 'to', 'in', 'on',
]);

/**
 * Verbs that say which rows to drop: the condition after them is kept as its complement
 * ("ignore amounts under 10" keeps amounts ≥ 10). Two-word verbs are listed as phrases.
 */
export const EXCLUDE_VERBS: string[][] = [
  ['leave', 'out'], ['filter', 'out'], ['take', 'out'], ['get', 'rid', 'of'],
  ['ignore'], ['ignoring'], ['exclude'], ['excluding'], ['except'], ['drop'], ['remove'], ['skip'], ['hide'], ['omit'], ['not'], ['nicht'], ['ohne'], ['ausser'],
  ['ignoriere'], ['ignorieren'], ['ausschliessen'], ['entferne'], ['weglassen'],
];

/** Words after a row noun that introduce its condition ("rows where …", "lines whose …"). */
export const CONDITION_INTRO = new Set(['where', 'whose', 'which', 'that', 'wo', 'deren', 'bei', 'with', 'mit']);

export const NEGATE: Record<FilterOp, FilterOp> = {
  gt: 'lte', gte: 'lt', lt: 'gte', lte: 'gt', eq: 'neq', neq: 'eq', in: 'not_in', not_in: 'in', like: 'not_like', not_like: 'like',
  between: 'not_between', not_between: 'between', is_null: 'is_not_null', is_not_null: 'is_null',
};

export type CompareOp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'neq';
/** Comparator phrases, longest first so "greater than or equal to" wins over "greater than". */
export const COMPARATORS: Array<[string[], CompareOp]> = (
  [
    [['greater', 'than', 'or', 'equal', 'to'], 'gte'],
    [['more', 'than', 'or', 'equal', 'to'], 'gte'],
    [['less', 'than', 'or', 'equal', 'to'], 'lte'],
    [['is', 'greater', 'than'], 'gt'],
    [['is', 'less', 'than'], 'lt'],
    [['no', 'more', 'than'], 'lte'],
    [['no', 'less', 'than'], 'gte'],
    [['not', 'more', 'than'], 'lte'],
    [['not', 'less', 'than'], 'gte'],
    [['not', 'over'], 'lte'],
    [['not', 'above'], 'lte'],
    [['not', 'under'], 'gte'],
    [['not', 'below'], 'gte'],
    [['is', 'not'], 'neq'],
    [['is', 'exactly'], 'eq'],
    [['of', 'exactly'], 'eq'],
    [['equal', 'to'], 'eq'],
    [['is', 'equal', 'to'], 'eq'],
    [['at', 'least'], 'gte'],
    [['at', 'most'], 'lte'],
    [['up', 'to'], 'lte'],
    [['more', 'than'], 'gt'],
    [['greater', 'than'], 'gt'],
    [['larger', 'than'], 'gt'],
    [['bigger', 'than'], 'gt'],
    [['higher', 'than'], 'gt'],
    [['less', 'than'], 'lt'],
    [['smaller', 'than'], 'lt'],
    [['lower', 'than'], 'lt'],
    [['fewer', 'than'], 'lt'],
    [['over'], 'gt'],
    [['above'], 'gt'],
    [['exceeding'], 'gt'],
    [['exceeds'], 'gt'],
    [['ueber'], 'gt'],
    [['mehr', 'als'], 'gt'],
    [['weniger', 'als'], 'lt'],
    [['under'], 'lt'],
    [['below'], 'lt'],
    [['unter'], 'lt'],
    [['mindestens'], 'gte'],
    [['min'], 'gte'],
    [['minimum'], 'gte'],
    [['hoechstens'], 'lte'],
    [['max'], 'lte'],
    [['maximum'], 'lte'],
    [['exactly'], 'eq'],
    [['equals'], 'eq'],
    [['equal'], 'eq'],
    [['is'], 'eq'],
    [['ist'], 'eq'],
    [['of'], 'eq'],
  ] as Array<[string[], CompareOp]>
).sort((x, y) => y[0].length - x[0].length);

export const SYMBOL_OPS: Record<string, CompareOp> = { '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte', '=': 'eq', '!=': 'neq' };

export const DATE_PREPOSITIONS: Record<string, 'since' | 'after' | 'before' | 'until' | 'in' | 'on'> = {
  since: 'since', seit: 'since', starting: 'since', depuis: 'since', desde: 'since',
  after: 'after', nach: 'after', apres: 'after', later: 'after',
  before: 'before', vor: 'before', avant: 'before', antes: 'before', prior: 'before', earlier: 'before',
  until: 'until', till: 'until', through: 'until', thru: 'until', bis: 'until',
  in: 'in', during: 'in', im: 'in', within: 'in', for: 'in', from: 'in', en: 'in',
  on: 'on', am: 'on', dated: 'on', le: 'on',
};

export const EMPTY_WORDS = new Set(['empty', 'missing', 'blank', 'null', 'absent', 'leer', 'unset', 'none']);
export const PRESENT_WORDS = new Set(['present', 'set', 'filled', 'populated', 'provided', 'available']);

/** Words that end a free-text value ("from Acme since March" stops at "since"). */
export const VALUE_STOPPERS = new Set([
  ...CONNECTORS, 'or', 'oder', 'only', 'excluding', 'exclude', 'except', 'with', 'without', 'not',
  'over', 'above', 'under', 'below', 'between', 'ignore', 'drop', 'remove', 'skip', 'where', 'more', 'less', 'greater', 'at', 'up', 'exceeding', 'ueber', 'unter', 'zwischen', 'mindestens',
  'since', 'after', 'before', 'until', 'till', 'in', 'on', 'during', 'from', 'seit', 'nach', 'vor', 'bis', 'im',
  'last', 'this', 'past', 'previous', 'yesterday', 'today', 'older', 'containing', 'contains',
]);

