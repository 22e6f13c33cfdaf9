/**
 * "A rule never runs without the evidence it claims" (issue 27). An amount column that stays text
 * (some values such as `N/A`, `1e308` or `1.234,50` in a 1,234.56 column stopped its typing), or a
 * mapped amount or date column that is not read as one, cannot be compared: a rule that leaves it
 * out would confirm pairs whose amounts differ (250.00 vs 999.00) at "100 % matched".
 *
 * `untypedEvidence` names such columns with the fix (the column type to set and what it would
 * read); the auto recipe, the mapping and rules steps, the run summary and `kalla recon` show these
 * warnings; `withoutUnprovenAutoConfirm` turns every rule that compares no amount into a
 * suggest-only rule while an amount column of the files went untyped, so nothing is confirmed
 * automatically on a key alone when the amounts could not be compared.
 */
import type { FieldMapping, Recipe } from '../../../shared/reconcile/recipe';
import type { Side, SourceInfo } from '../../../shared/reconcile/sources-and-runs';

export { untypedEvidence, type EvidenceWarning } from '../../../shared/reconcile/evidence';
import type { EvidenceWarning } from '../../../shared/reconcile/evidence';

/**
 * While an amount column went untyped, a rule that compares no amount only suggests: its groups
 * wait for a person instead of being confirmed on the key alone. Rules that compare amounts keep
 * their setting. Returns the recipe unchanged when nothing is missing.
 */
export function withoutUnprovenAutoConfirm<T extends Pick<Recipe, 'rules'>>(recipe: T, warnings: EvidenceWarning[]): { recipe: T; downgraded: string[] } {
  if (!warnings.some((w) => w.what === 'amount')) return { recipe, downgraded: [] };
  const downgraded: string[] = [];
  const rules = recipe.rules.map((r) => {
    if (r.amount || !r.auto_confirm) return r;
    downgraded.push(r.id);
    return { ...r, auto_confirm: false };
  });
  return { recipe: { ...recipe, rules }, downgraded };
}
