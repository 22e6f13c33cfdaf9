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

/**
 * Calls that move a workspace's revision without taking one: loading a source writes the state
 * and then, once both sides are there, the proposed mapping. A tab's revisioned change waits for
 * its own loads in flight, or it would be sent from the revision before the mapping's write and
 * be refused as if another tab had made it.
 */
export const LOADING_CHANNELS = ['reconcile.addSourcePath', 'reconcile.uploadCommit', 'reconcile.addSourceFromDatabase'] as const;
