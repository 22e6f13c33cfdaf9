/**
 * Types of the DuckDB reconciliation engine shared with the app (IPC) and the
 * CLI: source profiles, run summaries, match groups, exception reasons.
 * Recipe/rule/filter shapes live in ./recon (shared with the MCP server).
 */
import type { Cardinality, ColumnType } from './recon';

export type Side = 'left' | 'right';

/** How a raw VARCHAR column is read into a typed value. */
export interface ColumnTyping {
  name: string;
  type: ColumnType;
  /** Dates: strptime format(s) tried in order. Numbers: 'us' ("1,234.56") or 'eu' ("1.234,56"). */
  format?: string;
  /** Derived columns (signed amount from debit/credit) have no raw column. */
  derived?: boolean;
  /** Set when the type came from ReadOptions.column_overrides. */
  overridden?: boolean;
}

export type NoticeCode =
  | 'renamed_column'
  | 'transcoded'
  | 'skipped_bad_lines'
  | 'ambiguous_date_order'
  | 'derived_signed_amount'
  | 'decompressed'
  | 'skipped_top'
  | 'skipped_bottom'
  | 'mixed_line_endings'
  | 'decimal_comma'
  | 'unparsed_values'
  | 'mixed_date_formats'
  | 'xlsx_sheet';

export interface Notice {
  code: NoticeCode;
  message: string;
  column?: string;
}

export interface SourceInfo {
  side: Side;
  /** File name shown to the user. */
  name: string;
  /** Absolute path of the original file. */
  path: string;
  sha256: string;
  size_bytes: number;
  /** File mtime at load; a cheap first check before re-hashing. */
  mtime_ms: number;
  encoding: string;
  delimiter: string;
  has_header: boolean;
  compressed: boolean;
  row_count: number;
  bad_lines: number;
  columns: ColumnTyping[];
  notices: Notice[];
  loaded_at: string;
  /** Time spent per load step (sniff, hash, read, type), for diagnostics and the bench. */
  timings?: { phase: string; ms: number }[];
  /**
   * The workspace's own copy DuckDB read (UTF-8, or the gzip as given): original text for exports
   * and re-typing is read from it again. Absent in workspaces from before the copies.
   */
  read_path?: string;
  /** Per typed column: non-blank values that did not parse (held as NULL). */
  unparsed?: Record<string, number>;
  /** How the workspace copy is compressed when that differs from the original (a trimmed copy is plain text). */
  read_compression?: 'gzip' | 'none';
  /** Lines above the header and below the data that were not read, with the reason (shown to the user). */
  skipped_lines?: SkippedLine[];
  skip_top?: number;
  skip_bottom?: number;
  /** Decimal separator the amounts were read with, and why ("detected from …" or "chosen"). */
  decimal?: { separator: ',' | '.'; reason: string };
  /** Excel sources: the sheet read and the sheets the workbook has. */
  sheet?: { name: string; sheets: string[] };
}

export interface SkippedLine {
  where: 'top' | 'bottom';
  /** Top: 1-based line of the file. Bottom: counted from the end (1 = last line). */
  line: number;
  text: string;
  reason: string;
}

export interface TopValue {
  value: string | null;
  count: number;
}

export interface ColumnProfile {
  name: string;
  type: ColumnType;
  format?: string;
  nulls: number;
  /** Approximate (HyperLogLog) distinct count. */
  distinct: number;
  min: string | null;
  max: string | null;
  top_values: TopValue[];
  /** Raw values that did not parse as the column's type (null in the typed view). */
  unparsed: number;
}

export interface SourceProfile {
  side: Side;
  name: string;
  row_count: number;
  columns: ColumnProfile[];
  sample_rows: Record<string, unknown>[];
  notices: Notice[];
}

export type RunStatus = 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

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
] as const;
export type ExceptionReason = (typeof EXCEPTION_REASONS)[number];

export interface MatchGroup {
  group_id: number;
  rule_id: string;
  cardinality: Cardinality;
  status: MatchStatus;
  left_ids: number[];
  right_ids: number[];
  amount_left: number | null;
  amount_right: number | null;
  /** left − right (right already sign-flipped when the rule says so). */
  amount_delta: number | null;
  /** Largest |left date − right date| in days within the group. */
  date_delta_days: number | null;
  /** 0..1, 1 = exact. */
  score: number;
  note: string | null;
}

export interface ExceptionRecord {
  side: Side;
  row_id: number;
  rule_id: string;
  reason: ExceptionReason;
  counterpart_row_id: number | null;
  amount_delta: number | null;
  date_delta_days: number | null;
  annotation_reason: string | null;
  annotation_note: string | null;
}

export interface SideTotals {
  count: number;
  amount: number;
}

export interface RunSummary {
  run_id: number;
  status: RunStatus;
  recipe_name: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  left_rows: number;
  right_rows: number;
  matched_groups: number;
  suggested_groups: number;
  matched: { left: SideTotals; right: SideTotals };
  suggested: { left: SideTotals; right: SideTotals };
  exceptions: { left: SideTotals; right: SideTotals };
  unmatched: { left: SideTotals; right: SideTotals };
  /** Share of in-scope records (both sides) that are matched (auto/manual/accepted). */
  match_rate: number;
  per_rule: { rule_id: string; groups: number; left: number; right: number }[];
}

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
}

/** Matched/suggested pages carry the groups with their source rows side by side. */
export interface GroupPageItem extends MatchGroup {
  left_rows: Record<string, unknown>[];
  right_rows: Record<string, unknown>[];
}

export interface RecordPageItem {
  side: Side;
  row_id: number;
  row: Record<string, unknown>;
  exception?: ExceptionRecord;
}

export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
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

export type ExportFormat = 'csv' | 'xlsx' | 'evidence';

export interface ExportOptions {
  dir: string;
  formats?: ExportFormat[];
  overwrite?: boolean;
}

export interface ExportResult {
  files: string[];
  notices: string[];
}

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
  | 'source_changed'
  | 'source_missing'
  | 'invalid_recipe'
  | 'unknown_column'
  | 'invalid_path'
  | 'file_exists'
  | 'cancelled'
  | 'not_found'
  | 'invalid_review'
  | 'busy';

export const RECON_ENGINE_VERSION = '1.0.0';
