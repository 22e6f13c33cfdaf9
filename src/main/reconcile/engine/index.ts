/** Public surface of the reconciliation engine (plain Node; never imports electron). */
export { ReconEngine, type ReadOptionsInput, type RunListItem } from './engine';
export { ReconError } from '../../errors';
export { loadRecipe, saveRecipe } from './recipe-file';
export { safeName } from './sources';
export * from '../../../shared/reconcile/sources-and-runs';
