/** The Reconcile area of main (plain Node; never imports electron). The DuckDB engine is `./engine`. */
export { ReconcileService } from './service';
export { RECON_SERVER } from './kalla-recon';
export { aliasFromName } from './sources';
export type { ReadInput } from './read-plan';
export { explainSourceError } from './source-errors';
export type { ReconcileChanged, ReconcileEvents, ReconcileProgress } from './events';
