/**
 * Shapes of the DuckDB reconciliation engine shared with the app (IPC) and the
 * CLI: source profiles, run summaries, match groups, exception reasons. Each
 * shape that crosses the IPC contract is a zod schema with its type inferred
 * from it (one fact, checked by the dispatcher on every reply).
 * Recipe/rule/filter shapes live in ./recipe (shared with the MCP server).
 */
import { z } from 'zod';
import { CardinalitySchema, ColumnTypeSchema, DifferenceReasonSchema } from './recipe';

export const SideSchema = z.enum(['left', 'right']);
export type Side = z.infer<typeof SideSchema>;

/** A row as the engine returns it: column name → value. */
const RowSchema = z.record(z.string(), z.unknown());

/** How a raw VARCHAR column is read into a typed value. */
export const ColumnTypingSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  /** Dates: strptime format(s) tried in order. Numbers: 'us' ("1,234.56") or 'eu' ("1.234,56"). */
  format: z.string().optional(),
  /** Derived columns (signed amount from debit/credit) have no raw column. */
  derived: z.boolean().optional(),
  /** Set when the type came from ReadOptions.column_overrides. */
  overridden: z.boolean().optional(),
  /** Dates whose years are Buddhist-era (Thai: CE + 543) or Persian solar (Jalali), read as Gregorian dates. */
  era: z.enum(['buddhist', 'jalali', 'roc']).optional(),
  /**
   * Day/month dates written without a year (KlikBCA's '15/12): the first day of the period the
   * lines above the table state (yyyy-mm-dd). A date of an earlier month is in the next year.
   */
  year_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  /**
   * Text the bank wrapped at a fixed width (a Volksbank export's Verwendungszweck lines of 35
   * characters, a word or reference cut anywhere): a line of exactly this many characters goes on
   * in the next line with nothing between them. Other line breaks stay.
   */
  wrap_at: z.number().int().min(2).optional(),
});
export type ColumnTyping = z.infer<typeof ColumnTypingSchema>;

export const NoticeCodeSchema = z.enum([
  /** A file chosen for one side that has the other side's columns (Duplicate for next month): read on that side. */
  'side_swapped',
  'renamed_column',
  'transcoded',
  'skipped_bad_lines',
  'ambiguous_date_order',
  /** Dates written in Buddhist-era years (Thai exports), read as common-era dates. */
  'buddhist_era',
  /** Dates written in Republic of China (Minguo) years (Taiwanese exports: 115/09/03), read as common-era dates. */
  'roc_era',
  /** Opening/closing balance and turnover lines inside a statement's table, proved by its own sums and left out. */
  'balance_lines',
  /** A first or last row that alone fills its own columns (a settlement's dates and total): left out, its total checked. */
  'summary_record',
  /** Digits of another script (Persian ۱۴۰۵, Arabic-Indic ١٢٣) in the file, read as 0–9. */
  'native_digits',
  /** Dates written in Persian solar (Jalali) years (Iranian exports), read as Gregorian dates. */
  'persian_calendar',
  /** Day/month dates without a year, read in the period stated above the table. */
  'year_from_period',
  /** Day/month dates without a year and no period above the table: the column stays text. */
  'year_missing',
  'derived_signed_amount',
  /** A text column wrapped at a fixed width: a full-width line is read joined to the next. */
  'wrapped_text',
  /** A text column writing a label before a name on nearly every row (Rechnung …): the name read into a derived column. */
  'name_after_label',
  'decompressed',
  'skipped_top',
  'skipped_bottom',
  'mixed_line_endings',
  'decimal_comma',
  'unparsed_values',
  'mixed_date_formats',
  /** An amount column writes numbers both as 1,234.56 and 1.234,56: flagged, not guessed. */
  'mixed_number_formats',
  /** Values such as 1.500 read as thousands (1,500) from the column's other values and the file. */
  'thousands_dot',
  /** A column mostly of amounts stays text: the values that stopped it are named. */
  'not_all_numbers',
  /** A column mostly of dates of one shape stays text: the values that stopped it are named. */
  'not_all_dates',
  'xlsx_sheet',
  /** A bank statement (camt.053/054, MT940/942, BAI2, OFX) read into one row per transaction. */
  'bank_statement',
  /** Read options carried from a duplicated workspace or a loaded recipe were applied… */
  'read_plan',
  /** …or some of them do not fit the file (shown as a warning). */
  'read_plan_misfit',
  /** Section headings and subtotal lines inside a report's table were left out (listed in Read options). */
  'report_lines',
  /** A subtotal left out of a report's table does not equal the sum of its rows. */
  'report_total_mismatch',
  /** The file has no header row (its first row types like the rows below it): columns named column_1, column_2, … */
  'no_header_row',
  /** A report's section headings name the rows under them and the first column is empty on every row: the heading is read as that column's value. */
  'report_headings_filled',
]);
export type NoticeCode = z.infer<typeof NoticeCodeSchema>;

export const NoticeSchema = z.object({
  code: NoticeCodeSchema,
  message: z.string(),
  column: z.string().optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const SkippedLineSchema = z.object({
  /** Inside: a heading or subtotal line of a report, between data rows. */
  where: z.enum(['top', 'bottom', 'inside']),
  /** Top and inside: 1-based line of the file. Bottom: counted from the end (1 = last line). */
  line: z.number(),
  /** Inside: physical lines the record spans when more than one (a quoted line break). */
  span: z.number().int().min(2).optional(),
  text: z.string(),
  reason: z.string(),
});
export type SkippedLine = z.infer<typeof SkippedLineSchema>;

/** A source as it would be read with other read options (first rows; lines left out), before reading it. */
export const ReadPreviewSchema = z.object({
  encoding: z.string(),
  delimiter: z.string(),
  header: z.boolean(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  skipped: z.array(SkippedLineSchema),
  /** False: only the file's first 256 KiB were looked at (lines below the data show after the read). */
  complete: z.boolean(),
});
export type ReadPreview = z.infer<typeof ReadPreviewSchema>;

/**
 * A column as it would read with a type and format, before applying it (the format picker of the
 * mapping step, issue 27): the values that do not read first, then some that do, each with what it
 * would read as (a number, or an ISO date); null: not readable with that format.
 */
export const ColumnTypePreviewSchema = z.object({
  column: z.string(),
  type: z.string(),
  format: z.string(),
  /** Non-empty values looked at (the file's first rows, up to a limit). */
  sampled: z.number(),
  /** Of those, how many do not read with this format (they would become *_unreadable exceptions). */
  unreadable: z.number(),
  values: z.array(z.object({ raw: z.string(), parsed: z.string().nullable() })),
});
export type ColumnTypePreview = z.infer<typeof ColumnTypePreviewSchema>;

export const SourceInfoSchema = z.object({
  side: SideSchema,
  /** File name shown to the user. */
  name: z.string(),
  /** Absolute path of the original file. */
  path: z.string(),
  sha256: z.string(),
  size_bytes: z.number(),
  /** File mtime at load; a cheap first check before re-hashing. */
  mtime_ms: z.number(),
  encoding: z.string(),
  delimiter: z.string(),
  has_header: z.boolean(),
  compressed: z.boolean(),
  row_count: z.number(),
  bad_lines: z.number(),
  columns: z.array(ColumnTypingSchema),
  notices: z.array(NoticeSchema),
  loaded_at: z.string(),
  /** Time spent per load step (sniff, hash, read, type), for diagnostics and the bench. */
  timings: z.array(z.object({ phase: z.string(), ms: z.number() })).optional(),
  /**
   * The workspace's own copy DuckDB read (UTF-8, or the gzip as given): original text for exports
   * and re-typing is read from it again. Absent in workspaces from before the copies.
   */
  read_path: z.string().optional(),
  /** Per typed column: non-blank values that did not parse (held as NULL). */
  unparsed: z.record(z.string(), z.number()).optional(),
  /** How the workspace copy is compressed when that differs from the original (a trimmed copy is plain text). */
  read_compression: z.enum(['gzip', 'none']).optional(),
  /** Lines above the header and below the data that were not read, with the reason (shown to the user). */
  skipped_lines: z.array(SkippedLineSchema).optional(),
  skip_top: z.number().optional(),
  skip_bottom: z.number().optional(),
  /** Set when the file was read without quoting (read option quote: none). */
  quote: z.literal('none').optional(),
  /** Decimal separator the amounts were read with, and why ("detected from …" or "chosen"). */
  decimal: z.object({ separator: z.enum([',', '.']), reason: z.string() }).optional(),
  /** Excel sources: the sheet read and the sheets the workbook has. */
  sheet: z.object({ name: z.string(), sheets: z.array(z.string()) }).optional(),
});
export type SourceInfo = z.infer<typeof SourceInfoSchema>;

export const TopValueSchema = z.object({ value: z.string().nullable(), count: z.number() });
export type TopValue = z.infer<typeof TopValueSchema>;

export const ColumnProfileSchema = z.object({
  name: z.string(),
  type: ColumnTypeSchema,
  format: z.string().optional(),
  nulls: z.number(),
  /** Distinct non-null values: exact up to 200,000 rows, else a HyperLogLog estimate (then `distinctEstimated`). */
  distinct: z.number(),
  distinctEstimated: z.boolean().optional(),
  min: z.string().nullable(),
  max: z.string().nullable(),
  top_values: z.array(TopValueSchema),
  /** Raw values that did not parse as the column's type (null in the typed view). */
  unparsed: z.number(),
});
export type ColumnProfile = z.infer<typeof ColumnProfileSchema>;

export const SourceProfileSchema = z.object({
  side: SideSchema,
  name: z.string(),
  row_count: z.number(),
  columns: z.array(ColumnProfileSchema),
  sample_rows: z.array(RowSchema),
  notices: z.array(NoticeSchema),
});
export type SourceProfile = z.infer<typeof SourceProfileSchema>;

export const RunStatusSchema = z.enum(['running', 'completed', 'failed', 'cancelled', 'interrupted']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** auto: confirmed by an auto_confirm rule; suggested: awaits review; manual: made by hand; accepted/rejected: reviewed suggestions. */
export const MATCH_STATUSES = ['auto', 'suggested', 'manual', 'accepted', 'rejected'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What a run made of each in-scope row. */
export const ROW_CATEGORIES = ['matched', 'suggested', 'exception', 'unmatched'] as const;
export type RowCategory = (typeof ROW_CATEGORIES)[number];

export const EXCEPTION_REASONS = [
  'amount_mismatch',
  'date_out_of_window',
  'amount_and_date_mismatch',
  'description_mismatch',
  'duplicate_candidate',
  /** Two counterparts fit exactly as well (same amount and dates, different rows): a person picks. */
  'ambiguous_candidates',
  /** A payment naming several open invoices whose sum is not the payment (amount_delta: the difference). */
  'named_sum_mismatch',
  /** A statement line and its reversal (a returned direct debit, a refunded payment) net to zero. */
  'reversed_pair',
  /** A statement line of the same amount naming the same item as a line already matched to it: paid twice. */
  'paid_twice',
  /** An open item of the same amount and reference as an item already matched: booked twice. */
  'booked_twice',
  /** The amount a rule compares did not read (N/A, 1e308, another format): the row was not compared. */
  'amount_unreadable',
  /** The date a rule compares did not read: the row was not compared. */
  'date_unreadable',
] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

/** What each exception reason means, in words (for people, and for models reading kalla-recon's guide). */
export const EXCEPTION_REASON_MEANINGS: Record<ExceptionReason, string> = {
  amount_mismatch: 'The keys equal an open record on the other side, but the amounts differ by more than the rule allows.',
  date_out_of_window: 'The keys and amount agree with an open record on the other side, but the dates are further apart than the rule\'s window.',
  amount_and_date_mismatch: 'The keys equal an open record on the other side, but both the amount and the date are outside the rule\'s limits.',
  description_mismatch: 'The keys, amount and date agree, but the descriptions are less alike than the rule asks.',
  duplicate_candidate: 'The record was within a rule\'s tolerance of a counterpart, but a better record took it (typically a duplicate).',
  ambiguous_candidates: 'Two counterparts fit exactly as well (same amount and dates, different rows): a person picks one.',
  named_sum_mismatch: 'A payment names several open invoices by reference, but their sum is not the payment; amount_delta is the difference.',
  reversed_pair: 'A statement line and its reversal (a returned direct debit, a refunded payment) net to zero, so neither pays an open item; the counterpart is the other line.',
  paid_twice: 'A statement line of the same amount names the same item as a line already matched to it: the item was paid twice, and one payment is to be refunded or kept on account; the counterpart is the item.',
  booked_twice: 'An open item has the same amount and carries the reference that a matched payment names for another item: the sale was probably booked twice, and one of the two items is to be credited; the counterpart is the payment.',
  amount_unreadable: 'The amount the rules compare could not be read (N/A, 1e308, a format the column does not use), so the row was not compared with anything; fix the value or the column\'s number format and run again.',
  date_unreadable: 'The date the rules compare could not be read (another format, an impossible date), so the row was not compared with anything; fix the value or the column\'s date format and run again.',
};

export const MatchGroupSchema = z.object({
  group_id: z.number(),
  rule_id: z.string(),
  cardinality: CardinalitySchema,
  status: z.enum(MATCH_STATUSES),
  left_ids: z.array(z.number()),
  right_ids: z.array(z.number()),
  amount_left: z.number().nullable(),
  amount_right: z.number().nullable(),
  /** left − right (right already sign-flipped when the rule says so). */
  amount_delta: z.number().nullable(),
  /** Largest |left date − right date| in days within the group. */
  date_delta_days: z.number().nullable(),
  /** 0..1, 1 = exact. */
  score: z.number(),
  note: z.string().nullable(),
  /** What tied the group, in words, with each piece of evidence's weight (scored model groups). */
  evidence: z.string().optional(),
  /** Why the amounts differ, when the matching rule named it (bank_fee, discount, …); absent when they agree. */
  difference_reason: DifferenceReasonSchema.optional(),
});
export type MatchGroup = z.infer<typeof MatchGroupSchema>;

/** An exception's place in the work queue: open, waiting on the customer, or resolved. */
export const EXCEPTION_STATUSES = ['open', 'waiting_on_customer', 'resolved'] as const;
export const ExceptionStatusSchema = z.enum(EXCEPTION_STATUSES);
export type ExceptionStatus = z.infer<typeof ExceptionStatusSchema>;
/** A due date: an ISO calendar date (YYYY-MM-DD) that exists. */
export const DueDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a due date is YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { message: 'not a calendar date' });
/**
 * A change to an exception's work-queue fields: a field left out stays as it is, null clears it.
 * `reason` is the reviewer's reason code (the annotation reason), `note` the comment.
 */
export const ExceptionUpdateSchema = z
  .object({
    owner: z.string().trim().min(1).max(200).nullable().optional(),
    status: ExceptionStatusSchema.optional(),
    due_date: DueDateSchema.nullable().optional(),
    reason: z.string().trim().min(1).max(200).nullable().optional(),
    note: z.string().max(2000).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type ExceptionUpdate = z.infer<typeof ExceptionUpdateSchema>;
/** Narrows an exceptions page to one status and/or one owner (`''` = nobody assigned). */
export const ExceptionQueueFilterSchema = z.object({ status: ExceptionStatusSchema.optional(), owner: z.string().max(200).optional() }).strict();
export type ExceptionQueueFilter = z.infer<typeof ExceptionQueueFilterSchema>;

export const ExceptionRecordSchema = z.object({
  side: SideSchema,
  row_id: z.number(),
  rule_id: z.string(),
  reason: z.enum(EXCEPTION_REASONS),
  counterpart_row_id: z.number().nullable(),
  amount_delta: z.number().nullable(),
  date_delta_days: z.number().nullable(),
  annotation_reason: z.string().nullable(),
  annotation_note: z.string().nullable(),
  /** Work queue: who handles it, where it stands, and by when (YYYY-MM-DD). */
  owner: z.string().nullable(),
  status: ExceptionStatusSchema,
  due_date: z.string().nullable(),
});
export type ExceptionRecord = z.infer<typeof ExceptionRecordSchema>;

export const SideTotalsSchema = z.object({ count: z.number(), amount: z.number() });
export type SideTotals = z.infer<typeof SideTotalsSchema>;

const BothSides = z.object({ left: SideTotalsSchema, right: SideTotalsSchema });

export const RunSummarySchema = z.object({
  run_id: z.number(),
  status: RunStatusSchema,
  recipe_name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  left_rows: z.number(),
  right_rows: z.number(),
  matched_groups: z.number(),
  suggested_groups: z.number(),
  matched: BothSides,
  suggested: BothSides,
  exceptions: BothSides,
  unmatched: BothSides,
  /** Share of in-scope records (both sides) that are matched (auto/manual/accepted). */
  match_rate: z.number(),
  per_rule: z.array(z.object({ rule_id: z.string(), groups: z.number(), left: z.number(), right: z.number() })),
  /** What the run could not check (an amount column read as text, values that did not read), in sentences with the fix. */
  warnings: z.array(z.string()).optional(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

export type PageCategory =
  | 'matched'
  | 'suggested'
  | 'exceptions_left'
  | 'exceptions_right'
  | 'unmatched_left'
  | 'unmatched_right';

export const PAGE_CATEGORIES: PageCategory[] = [
  'matched',
  'suggested',
  'exceptions_left',
  'exceptions_right',
  'unmatched_left',
  'unmatched_right',
];

export interface PageRequest {
  offset: number;
  limit: number;
  /** Only rows (or groups with a member row, rule or note) containing this text, case-insensitive. */
  search?: string;
  /** Order of the rows; default: group id / row id. */
  sort?: PageSort;
  /** Exceptions pages only: the work-queue status and/or owner. */
  queue?: ExceptionQueueFilter;
}

/** Group fields a matched/suggested page can be sorted by (amount_delta sorts by its size). */
export const GROUP_SORT_FIELDS = ['group_id', 'amount_left', 'amount_right', 'amount_delta', 'date_delta_days', 'rule_id', 'score'] as const;

/**
 * `by`: for groups a GROUP_SORT_FIELDS entry or `left:<column>` / `right:<column>` (the first
 * member's value); for rows a column of the row's source, or `row_id`. Ties keep id order.
 */
export const PageSortSchema = z.object({ by: z.string().min(1).max(300), desc: z.boolean().optional() }).strict();
export type PageSort = z.infer<typeof PageSortSchema>;

/** Matched/suggested pages carry the groups with their source rows side by side. */
export const GroupPageItemSchema = MatchGroupSchema.extend({ left_rows: z.array(RowSchema), right_rows: z.array(RowSchema) });
export type GroupPageItem = z.infer<typeof GroupPageItemSchema>;

export const RecordPageItemSchema = z.object({
  side: SideSchema,
  row_id: z.number(),
  /** The line (CSV) or sheet row (Excel) the row starts on in the user's file, as the exports' `line`; null when it cannot be worked out. */
  line: z.number().nullable().optional(),
  /** The same for an exception's closest counterpart (on the other side). */
  counterpart_line: z.number().nullable().optional(),
  row: RowSchema,
  exception: ExceptionRecordSchema.optional(),
});
export type RecordPageItem = z.infer<typeof RecordPageItemSchema>;

export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

/** The schema of a page of `item`s. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), offset: z.number(), limit: z.number(), items: z.array(item) });
}

export interface RunProgress {
  phase: string;
  /** 0..1 over the whole run. */
  fraction: number;
}

export interface RunOptions {
  onProgress?: (progress: RunProgress) => void;
  signal?: AbortSignal;
}

export interface RunResult {
  run_id: number;
  summary: RunSummary;
  elapsed_ms: number;
  phases: { phase: string; ms: number }[];
}

/** `parquet` writes one Parquet file per category (DuckDB's own writer), for data tools. */
export type ExportFormat = 'csv' | 'xlsx' | 'parquet' | 'evidence';

export interface ExportOptions {
  dir: string;
  formats?: ExportFormat[];
  overwrite?: boolean;
  /**
   * CSV cells (and header names) that a spreadsheet would run as a formula are prefixed with `'`
   * and text fields quoted (`neutralise`, the default); `raw` writes the values unchanged, for
   * programs that read the CSV as data. XLSX cells are always written as text/numbers, never formulas.
   */
  csv_formulas?: 'neutralise' | 'raw';
  /**
   * Source columns matched/suggested rows carry for each side, named `<alias>.<column>`; members
   * of a group are joined with " | ". Default: the recipe's mapped columns (else the rules' columns).
   */
  business_columns?: { left?: string[]; right?: string[] };
  /**
   * Sides whose file arrived as bytes (browser mode, the Assistant) and lives as the workspace's
   * own upload copy, with the name the user gave it: evidence.json names that file, with
   * `path: null` and `uploaded: true`, never the internal copy's name or path.
   */
  uploaded?: Partial<Record<Side, string>>;
}

export const ExportResultSchema = z.object({ files: z.array(z.string()), notices: z.array(z.string()) });
export type ExportResult = z.infer<typeof ExportResultSchema>;

export interface AuditEntry {
  seq: number;
  at: string;
  os_user: string;
  action: string;
  run_id: number | null;
  before: unknown;
  after: unknown;
}

export type ReconErrorCode =
  | 'empty_file'
  | 'binary_file'
  | 'invalid_encoding'
  | 'no_header'
  | 'ragged_rows'
  /** A bank statement file (camt, MT940/942, BAI2, OFX) that does not follow its format. */
  | 'invalid_statement'
  /** A table wider than the engine reads (MAX_COLUMNS in engine/sources.ts). */
  | 'too_many_columns'
  | 'source_changed'
  | 'source_missing'
  | 'invalid_recipe'
  | 'unknown_column'
  | 'column_not_typed'
  | 'invalid_path'
  | 'file_exists'
  | 'cancelled'
  | 'not_found'
  | 'invalid_review'
  | 'busy'
  /** A recipe part the database push-down cannot express (a learned model, references in text). */
  | 'not_pushable';

export const RECON_ENGINE_VERSION = '1.0.0';

// ── Run history (issue 28) ─────────────────────────────────────────────────

/** Aging buckets of open items: days from the open item's date to the run's as-of date. */
export const AGING_BUCKETS = ['0–30', '31–60', '61–90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * One run's figures as the workspace's history keeps them: computed when the run ends and again
 * after each review of the workspace's latest run. Entries carried from the workspace it was
 * duplicated from (last month) keep their workspace's name.
 */
export const RunHistoryEntrySchema = z.object({
  run_id: z.number().int(),
  /** The workspace the run belongs to (last month's name for carried entries). */
  workspace: z.string(),
  carried: z.boolean(),
  finished_at: z.string(),
  /** The latest date in the run's rows (both sides' mapped date columns); aging counts to it. Null without a date column. */
  as_of: z.string().nullable(),
  left_rows: z.number().int(),
  right_rows: z.number().int(),
  /** Share of in-scope rows (both sides) confirmed: automatically, by hand or accepted. */
  match_rate: z.number(),
  /** Share of in-scope rows (both sides) confirmed automatically. */
  auto_rate: z.number(),
  /** Rows not confirmed (suggested, exception or unmatched), per side. */
  open_items: z.object({ left: z.number().int(), right: z.number().int() }),
  exceptions_by_reason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Open items of the left side (the open-items list) by age; `unknown` when their date is missing. */
  aging: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), count: z.number().int(), amount: z.number() })),
  aging_unknown: z.number().int(),
  /** Left-side counterparties with the most open items (by count), up to 10. */
  top_unmatched: z.array(z.object({ name: z.string(), count: z.number().int(), amount: z.number() })),
  /** The left column the counterparties were read from; null when none is known. */
  counterparty_column: z.string().nullable(),
});
export type RunHistoryEntry = z.infer<typeof RunHistoryEntrySchema>;
export const RunHistorySchema = z.object({ entries: z.array(RunHistoryEntrySchema) });
export type RunHistory = z.infer<typeof RunHistorySchema>;
