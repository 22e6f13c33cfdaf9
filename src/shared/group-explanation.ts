/**
 * Why a match group matched, in words a reviewer reads: the rule, the named difference (a bank
 * fee, a discount) and a confidence. One place, used by the results table and its tooltip.
 */
import type { DifferenceReason, MatchRule } from './reconcile/recipe';
import type { MatchGroup } from './reconcile/sources-and-runs';

export const DIFFERENCE_LABELS: Record<DifferenceReason, string> = {
  bank_fee: 'bank fee',
  discount: 'discount',
  short_payment: 'short payment',
  overpayment: 'overpayment',
  rounding: 'rounding',
  part_payment: 'part payment',
  exchange_rate: 'exchange rate difference',
  tax_withheld: 'tax withheld',
};

type Differences = NonNullable<NonNullable<MatchRule['amount']>['differences']>;

/** One learned fixed difference (left − right) in words: a fee the payer deducts ("less 7.50"), or a charge it adds ("plus 395.00"). */
export function fixedDifferenceWords(f: number): string {
  return f > 0 ? `less ${f.toFixed(2)}` : `plus ${(-f).toFixed(2)}`;
}

/**
 * A rule's accepted differences in words, as its card shows them: a fee the payer deducts ("less
 * 7.50"), a charge it adds ("plus 395.00": `fixed` is left − right, so negative), a discount, a tax.
 */
export function differenceWords(d: Differences): string {
  return [
    ...d.fixed.map(fixedDifferenceWords),
    ...d.percent.map((p) => `less ${p} %`),
    ...(d.whole_percent ?? []).map((p) => `less ${p} % to the unit`),
    ...(d.withheld ? [`less ${d.withheld.percent.join(' / ')} % of ${d.withheld.column} withheld`] : []),
  ].join(' or ');
}

/** The score (1 = exact amounts and dates) as a whole percentage. */
export function confidencePercent(g: Pick<MatchGroup, 'score'>): number {
  return Math.round(Math.max(0, Math.min(1, g.score)) * 100);
}

export function explainGroup(g: Pick<MatchGroup, 'rule_id' | 'score' | 'amount_delta' | 'difference_reason' | 'left_ids' | 'right_ids' | 'evidence'>, formatAmount: (n: number) => string): string {
  const parts = [`matched by rule “${g.rule_id}”`];
  if (g.left_ids.length > 1 || g.right_ids.length > 1) parts.push(`${g.left_ids.length} ↔ ${g.right_ids.length} rows whose sums agree`);
  if (g.difference_reason && g.amount_delta !== null) parts.push(`${DIFFERENCE_LABELS[g.difference_reason]} of ${formatAmount(Math.abs(g.amount_delta))}`);
  else if (g.amount_delta !== null && Math.abs(g.amount_delta) >= 0.005) parts.push(`amounts differ by ${formatAmount(Math.abs(g.amount_delta))}`);
  // The scored model says what tied the group and what each piece weighed (its score is a probability).
  if (g.evidence) parts.push(g.evidence);
  else parts.push(`confidence ${confidencePercent(g)} %`);
  return parts.join('; ');
}
