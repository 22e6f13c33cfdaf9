/**
 * The names every engine step uses for a loaded side: its typed view and the two columns the loader
 * (sources.ts) adds to each row. Kept apart from the loader so matching, results and profiling name
 * them without importing it.
 */
import type { Side } from '../../../shared/reconcile/sources-and-runs';
import { ident } from './sql';

/** One table per side holds the typed values (one CSV pass, one write). */
export const dataTable = (side: Side) => `data_${side}`;

/** View of the typed values, with __row_id (1-based position among loaded rows) and __row_hash. */
export const typedView = (side: Side) => `src_${side}`;
/** Row ids are 1-based positions in the file's data rows. */
export const ROW_ID = '__row_id';
/** Content hash of the raw row, stored at load: the order-independent tie-breaker of matching. */
export const ROW_HASH = '__row_hash';

/**
 * A side's rows with only the named columns and `__row_id` (numbered as the typed view numbers
 * them), read from its data table. A statement through the typed view binds every column of it:
 * about 30 ms of CPU each at 5,000 columns, and learning from a wide file asks hundreds (issue 27).
 */
export function rowsWith(side: Side, names: string[]): string {
  return `(SELECT rowid + 1 AS ${ident(ROW_ID)}${[...new Set(names)].map((n) => `, ${ident(n)}`).join('')} FROM ${ident(dataTable(side))})`;
}
