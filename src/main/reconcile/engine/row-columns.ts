/**
 * The names every engine step uses for a loaded side: its typed view and the two columns the loader
 * (sources.ts) adds to each row. Kept apart from the loader so matching, results and profiling name
 * them without importing it.
 */
import type { Side } from '../../../shared/reconcile/sources-and-runs';

/** View of the typed values, with __row_id (1-based position among loaded rows) and __row_hash. */
export const typedView = (side: Side) => `src_${side}`;
/** Row ids are 1-based positions in the file's data rows. */
export const ROW_ID = '__row_id';
/** Content hash of the raw row, stored at load: the order-independent tie-breaker of matching. */
export const ROW_HASH = '__row_hash';
