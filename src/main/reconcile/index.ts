/** The Reconcile area of main (plain Node; never imports electron). The DuckDB engine is `./engine`. */
export { ReconcileService } from './service';
export { RECON_SERVER } from './kalla-recon';
export { aliasFromName, type ReadInput } from './sources';
export { explainSourceError } from './source-errors';
export type { ReconcileEvents, ReconcileProgress } from './events';
