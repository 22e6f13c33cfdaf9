/**
 * Reconcile channels that change a workspace from what the caller saw: they take the `revision`
 * the change was made from and are refused with `conflict` when the workspace has moved on
 * (compare-and-set). Kept free of zod so the renderer can import it.
 */
export const REVISIONED_CHANNELS = [
  'reconcile.rename',
  'reconcile.retrySource',
  'reconcile.removeSource',
  'reconcile.setAlias',
  'reconcile.setColumnType',
  'reconcile.swapSides',
  'reconcile.detectMappings',
  'reconcile.saveMappingReview',
  'reconcile.confirmMappings',
  'reconcile.parseFilter',
  'reconcile.setFilters',
  'reconcile.undoFilters',
  'reconcile.suggestRules',
  'reconcile.setRules',
  'reconcile.loadRecipeDialog',
  'reconcile.loadRecipeText',
] as const;
