/**
 * The contract between a cash-application "world" generator and the harness that scores the
 * engine on it (`scripts/bench/worlds-run.ts`). A world is a pair of files as a finance user would
 * export them — an open-items list from an ERP or accounting package, and a bank statement — plus
 * the ground truth: which rows of the two files belong together.
 *
 * Generators are written from a plain description of the world, by someone who has not read the
 * matching engine, so that the figures they produce are not tuned to its shape.
 */

/** One file as exported: its name (the extension says the format) and its bytes. */
export interface WorldFile {
  fileName: string;
  content: string | Buffer;
}

/**
 * One data row of one file. `row` is the 1-based position among the file's transaction rows, in
 * file order — header lines, preamble lines above the header, blank lines and balance/total lines
 * are not counted. Every transaction row of both files has exactly one truth row.
 */
export interface WorldTruthRow {
  side: 'open_items' | 'statement';
  row: number;
  /**
   * Rows that truly belong together share a group id (any string): an invoice and the payment of
   * it; an invoice and its two instalments; three invoices and one payment; an invoice, a credit
   * note and the payment of the net. `null` when the row has no counterpart in the other file
   * (an unpaid invoice, a bank line that pays nothing on the list, a direct debit and its return).
   */
  group: string | null;
  /** The case that produced the row, for per-kind figures (e.g. `single_by_doc_number`, `credit_note_netted`, `unpaid_invoice`). */
  kind: string;
  /**
   * True when a careful person could not decide it from the two files either (two open invoices
   * of one customer with the same amount, one payment naming neither): such rows are expected to
   * be left for review, never auto-confirmed.
   */
  ambiguous?: boolean;
}

export interface World {
  /** Short id, e.g. `uk-bank`. */
  name: string;
  /** A paragraph: who exports what, in which conventions, and which cases the world contains. */
  description: string;
  openItems: WorldFile;
  statement: WorldFile;
  truth: WorldTruthRow[];
}

export interface WorldOptions {
  seed: number;
  /** Number of open items (invoices and credit notes) to generate, roughly; the statement follows. */
  openItems: number;
}

export type WorldGenerator = (options: WorldOptions) => World;
