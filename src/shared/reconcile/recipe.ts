/**
 * Reconciliation domain types: the one place where the shapes shared by the
 * kalla-recon MCP server (field mappings, NL filters, match rule suggestions),
 * the DuckDB reconciliation engine (recipes, runs) and the renderer are defined.
 *
 * Field names follow seed 000 (snake_case, `field_a`/`field_b`, `schema_a`/`schema_b`)
 * so that MCP clients written against upstream kalla-mcp keep working.
 */
import { z } from 'zod';

// ── Sources and schemas ────────────────────────────────────────────────────

export const ColumnInfoSchema = z.object({
  name: z.string().min(1, 'column name must not be empty'),
  data_type: z.string().min(1, 'data_type must not be empty (e.g. "varchar", "decimal", "date")'),
  nullable: z.boolean().optional(),
});
export type ColumnInfo = z.infer<typeof ColumnInfoSchema>;

export const SourceSchemaSchema = z.object({
  alias: z.string().min(1, 'alias must not be empty'),
  columns: z.array(ColumnInfoSchema).min(1, 'a source needs at least one column'),
});
export type SourceSchema = z.infer<typeof SourceSchemaSchema>;

/** Sample rows as sent by clients: column name → raw value. */
export const SampleRowsSchema = z.array(z.record(z.string(), z.unknown()));
export type SampleRows = z.infer<typeof SampleRowsSchema>;

// ── Field mappings ─────────────────────────────────────────────────────────

/** What a mapped pair means for matching. */
export const FieldRoleSchema = z.enum(['key', 'amount', 'date', 'text', 'other']);
export type FieldRole = z.infer<typeof FieldRoleSchema>;

export const FieldMappingSchema = z.object({
  field_a: z.string().min(1),
  field_b: z.string().min(1),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
  /** Absent in upstream (seed 000) payloads; always present in our outputs. */
  role: FieldRoleSchema.optional(),
});
export type FieldMapping = z.infer<typeof FieldMappingSchema>;

export const SuggestedFilterSchema = z.object({
  type: z.enum(['date_range', 'amount_range', 'select']),
  field_a: z.string(),
  field_b: z.string(),
});
export type SuggestedFilter = z.infer<typeof SuggestedFilterSchema>;

// ── Filters (parse_nl_filter output, recipe filters) ──────────────────────

export const FilterOpSchema = z.enum([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'not_between',
  'in',
  'not_in',
  'like',
  'not_like',
  'is_null',
  'is_not_null',
]);
export type FilterOp = z.infer<typeof FilterOpSchema>;

const Scalar = z.union([z.string(), z.number()]);
/**
 * `between`/`not_between`: [low, high] inclusive; `in`/`not_in`: a list;
 * `like`/`not_like`: a SQL LIKE pattern (`%` wildcards, case-insensitive);
 * `is_null`/`is_not_null`: null. Dates are ISO strings (YYYY-MM-DD).
 */
export const FilterValueSchema = z.union([Scalar, z.array(Scalar), z.null()]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const SourceFilterSchema = z.object({
  /** The source alias the condition applies to. */
  source: z.string().min(1),
  column: z.string().min(1),
  op: FilterOpSchema,
  value: FilterValueSchema,
});
export type SourceFilter = z.infer<typeof SourceFilterSchema>;

// ── Match rules and recipes ───────────────────────────────────────────────

/**
 * The digit-group shape of a reference (see the `reference` normaliser). `fixed` marks a leading
 * group as the series most items share (its value without leading zeros: "25" and "26" of
 * `GST/25-26/01991`): payers may leave it out, so a reference is read without it — `01991`, `1991`
 * and `GST/25-26/01991` are one reference — while a value of another series keeps all its groups.
 */
export const ReferenceGroupsSchema = z
  .array(
    z.object({
      width: z.number().int().min(0).max(30),
      min: z.number().int().min(1).max(30),
      max: z.number().int().min(1).max(30),
      fixed: z.string().regex(/^[0-9]{0,30}$/).optional(),
    }),
  )
  .min(1)
  .max(6)
  .refine((groups) => groups.some((g) => g.fixed === undefined) && groups.every((g, i) => g.fixed === undefined || groups.slice(0, i).every((p) => p.fixed !== undefined)), {
    message: 'only leading groups can be a fixed series, and one group must vary',
  });

/**
 * A left value is a key of this shape only when it has exactly its digit groups. Learned when the
 * open items' column holds references of several shapes (two entities' series, `GST/25-26/01991`
 * next to `INV-AU-00187`): each shape is its own reference, and a value of the other shape is not
 * read as some number inside it.
 */
const ReferenceStrictSchema = z.boolean().optional();

export const KeyNormaliserSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trim') }),
  z.object({ kind: z.literal('casefold') }),
  /** Keep letters and digits only ("INV-00042 " → "INV00042"). */
  z.object({ kind: z.literal('alnum') }),
  /** Keep digits only, leading zeros stripped ("INV-00042" → "42"). */
  z.object({ kind: z.literal('digits') }),
  /** First capture group of a regular expression (whole match when there is no group). */
  z.object({ kind: z.literal('regex'), pattern: z.string().min(1) }),
  /** For date columns used as grouping keys (e.g. N:M by month). */
  z.object({ kind: z.literal('date_trunc'), unit: z.enum(['day', 'week', 'month', 'quarter', 'year']) }),
  /**
   * References by their digit groups, found anywhere in the text (recipe v2): "INV-2026-000123",
   * "RE 2026/123", "inv2026000123" and "Invoice 2026-000123 thanks" all read as "2026|123". `groups`
   * is the shape learned from the left key: per digit group, its width as issued (0 when it varies)
   * and the shortest and longest length without leading zeros. A text may name several references;
   * on the left only the first counts. See docs/cash-application.md.
   */
  /**
   * Counterparty names as banks write them (recipe v2): case, accents and umlaut spellings
   * ("MUELLER" = "Müller"), legal forms ("GmbH", "Ltd", "Gesellschaft mit beschränkter Haftung"),
   * a legal form cut off at the end ("… Gesellscha") and punctuation do not count.
   */
  z.object({
    kind: z.literal('name'),
    /** On the right: the name is the start of a text ("WESSEX GROUP LTD INV-0452"), read as its longest word-prefix that is a left name. */
    in_text: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('reference'),
    groups: ReferenceGroupsSchema,
    strict: ReferenceStrictSchema,
  }),
]);
export type KeyNormaliser = z.infer<typeof KeyNormaliserSchema>;

/** What each normaliser does, in words (kalla-recon's guide resource lists these). */
export const NORMALISER_MEANINGS: Record<KeyNormaliser['kind'], string> = {
  trim: 'Leading and trailing spaces do not count.',
  casefold: 'Upper and lower case do not count.',
  alnum: 'Letters and digits only: "INV-00042 " → "INV00042".',
  digits: 'Digits only, leading zeros stripped: "INV-00042" → "42".',
  regex: 'The first capture group of a pattern (the whole match without a group).',
  date_trunc: 'Dates cut to day, week, month, quarter or year (grouping keys, e.g. N:M by month).',
  reference: 'References by their digit groups, anywhere in the text: "INV-2026-000123", "RE 2026/123" and "Invoice 2026-000123 thanks" all read as 2026 and 123; a remittance text may name several invoices.',
  name: 'Counterparty names as banks write them: case, accents and umlaut spellings ("MUELLER" = "Müller"), legal forms ("GmbH", "Ltd") and punctuation do not count.',
};

/** Statement columns one key is read from (a key's column and its `right_also`; a model reference's `right`). */
export const MAX_REFERENCE_TEXT_COLUMNS = 8;

export const MatchKeySchema = z.object({
  left: z.string().min(1),
  right: z.string().min(1),
  /** Further right columns the key may come from (a reference column *or* the remittance text; recipe v2). */
  right_also: z.array(z.string().min(1)).max(MAX_REFERENCE_TEXT_COLUMNS - 1).optional(),
  normalisers: z.array(KeyNormaliserSchema).default([]),
});
export type MatchKey = z.infer<typeof MatchKeySchema>;

/** Why a matched group's amounts differ, for the accountant to book (recipe v2). */
export const DifferenceReasonSchema = z.enum(['bank_fee', 'discount', 'short_payment', 'overpayment', 'rounding', 'part_payment', 'exchange_rate', 'tax_withheld']);
export type DifferenceReason = z.infer<typeof DifferenceReasonSchema>;

export const CardinalitySchema = z.enum(['1:1', '1:N', 'N:1', 'N:M']);
export type Cardinality = z.infer<typeof CardinalitySchema>;

export const MatchRuleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** All keys must be equal (after normalising) for records to be candidates. May be empty when amount+date decide. */
  keys: z.array(MatchKeySchema),
  amount: z
    .object({
      left: z.string().min(1),
      right: z.string().min(1),
      /** Absolute tolerance in the amount's unit. */
      tolerance_abs: z.number().min(0).default(0),
      /** Relative tolerance in percent of the larger absolute amount. */
      tolerance_pct: z.number().min(0).max(100).default(0),
      /** Compare right amounts with their sign flipped (ledger credits vs bank debits). */
      flip_sign: z.boolean().default(false),
      /**
       * Recurring differences that are accepted and named (recipe v2): left − right equal to one of
       * `fixed` (a bank fee of 7.50 the payer deducts; negative, a charge the payer adds, such as an
       * Icelandic claim's notice fee of 395) or to `percent` of the left amount (a 2 % discount), within a
       * cent, or to `whole_percent` of it rounded to a whole unit (a tax withheld at 2 % of the net,
       * 1.6949 % of the gross, to the rupee). A group matched through one carries `reason` (exports
       * show it, to be booked).
       */
      differences: z
        .object({
          reason: DifferenceReasonSchema,
          fixed: z.array(z.number().refine((n) => n !== 0, 'a fixed difference is not 0')).max(20).default([]),
          percent: z.array(z.number().positive().max(50)).max(10).default([]),
          whole_percent: z.array(z.number().positive().max(50)).max(10).optional(),
          /**
           * A tax withheld on another amount of the open item (Indonesia's PPh 23: 2 % of the DPP,
           * the value before VAT; Thai WHT 3 % / 1 % of the pre-VAT value): left − right equal to
           * `percent` of the left `column`, summed over a group's items, within a cent. Named
           * `tax_withheld`. Rates of the total cannot express it when VAT rates vary.
           */
          withheld: z
            .object({
              column: z.string().min(1),
              percent: z.array(z.number().positive().max(50)).min(1).max(10),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  date: z
    .object({
      left: z.string().min(1),
      right: z.string().min(1),
      window_days: z.number().int().min(0).max(3660),
    })
    .optional(),
  description: z
    .object({
      left: z.string().min(1),
      right: z.string().min(1),
      /** 0..1 similarity (token Jaccard) required between the two texts. */
      min_similarity: z.number().min(0).max(1),
    })
    .optional(),
  cardinality: CardinalitySchema.default('1:1'),
  /**
   * N:1 batches found by a subset search (a counterparty key): a reference key (`reference`
   * normaliser) whose open items the payment names must all be in its group, and the group may net
   * credit notes of the same keys. For remittance texts cut short by the bank's field length: a
   * payment naming two of the five invoices it pays.
   */
  named: MatchKeySchema.optional(),
  /**
   * N:1 collections (a Ri.Ba. distinta, a SEPA direct-debit or BACS collection, an LCR remise): one
   * statement line is the total of every open item due on one day (the rule's left date), of one
   * value of each `by` column (the payment method) and, with `of`, of those values of one column,
   * credited on that day or up to `window_days` after. With `named`, a later debit naming one of those items for its amount is its return: the
   * item leaves the group (it is open again) and the debit joins it.
   */
  collection: z
    .object({
      by: z.array(z.string().min(1)).max(3).default([]),
      /**
       * Only the items whose `column` holds one of `values` (or, with `first_word`, starts with one:
       * an Italian ledger's Ri.Ba. terms "RB RIBA 30/60 GG DFFM", not its "BB BONIFICO …"), taken together.
       */
      of: z.object({ column: z.string().min(1), values: z.array(z.string().max(500)).min(1).max(12), first_word: z.boolean().optional() }).strict().optional(),
    })
    .optional(),
  /**
   * Only statement lines that name no customer: this name key's right column is empty (a cheque
   * deposit) or, for a payer written at the start of a text (`in_text`), that start is no open
   * item's counterparty. A line naming a payer is that payer's items' to settle (the scored model),
   * so an amount-only rule is kept to the lines nobody claims (issue 25, us-qb-deposits).
   */
  payer_unknown: MatchKeySchema.optional(),
  /** Matches of this rule are confirmed automatically; otherwise they are only suggested. */
  auto_confirm: z.boolean().default(true),
  /**
   * A scored 1:1 rule (issue 25): candidates from every kind of evidence — a reference found in the
   * text (any identifier column of the open items, exactly or with one typo), the counterparty with
   * the amount — each scored by comparison levels whose weights are estimated from the run's own data
   * (Fellegi–Sunter, EM), assigned globally one to one. See docs/cash-application.md.
   */
  model: z
    .object({
      /** Identifier columns of the open items and the statement columns their values are written in. */
      references: z
        .array(
          z.object({
            left: z.string().min(1),
            right: z.array(z.string().min(1)).min(1).max(MAX_REFERENCE_TEXT_COLUMNS),
            groups: ReferenceGroupsSchema,
            strict: ReferenceStrictSchema,
          }),
        )
        .max(4)
        .default([]),
      /** Columns naming the counterparty on each side (folded as banks write names). */
      party: z
        .object({
          left: z.string().min(1),
          right: z.string().min(1),
          /** The right column is a text that starts with the payer's name ("WESSEX GROUP LTD INV-0452"). */
          in_text: z.boolean().optional(),
        })
        .optional(),
      /**
       * The payer's identifier (a tax id such as a Chilean RUT, a customer code): a column of the open
       * items whose values the right column's text writes, with or without its separators. A line
       * naming one is that customer's: its counterparty, and its digits are no other reference.
       */
      party_id: z.object({ left: z.string().min(1), right: z.string().min(1) }).optional(),
      /**
       * Open items in other currencies (a currency column of the open items, the statement's own
       * currency, and per foreign currency the rate learned from reference-tied pairs): an amount
       * within 5 % of the learned rate is a level of its own, only ever suggested.
       */
      fx: z
        .object({
          column: z.string().min(1),
          home: z.string().min(1),
          /** Statement-currency units per unit of `currency`; `supplied` when the user gave it (a rates file), else learned. */
          rates: z.array(z.object({ currency: z.string().min(1), rate: z.number().positive(), source: z.enum(['learned', 'supplied']).optional() })).max(20),
        })
        .optional(),
      /** `settled`: only pairs whose amounts agree (to the cent or by a learned difference); `open`: short, over and part payments too, never confirmed automatically. */
      amounts: z.enum(['settled', 'open']).default('settled'),
      /** A pair is confirmed automatically only when its estimated probability is at least this (and no other candidate is as likely). */
      auto_at: z.number().min(0.5).max(1).default(0.995),
      /** Pairs less likely than this are not suggested. */
      suggest_at: z.number().min(0).max(1).default(0.5),
    })
    .optional(),
});
export type MatchRule = z.infer<typeof MatchRuleSchema>;
export type MatchModel = NonNullable<MatchRule['model']>;

export const EncodingSchema = z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'windows-1250', 'windows-1254', 'windows-1251', 'windows-1253', 'windows-1255', 'windows-1256', 'windows-874', 'latin1', 'gb18030', 'big5', 'shift_jis', 'euc-kr']);

export const ColumnTypeSchema = z.enum(['text', 'number', 'date', 'timestamp', 'boolean']);
export type ColumnType = z.infer<typeof ColumnTypeSchema>;

export const ColumnOverrideSchema = z.object({
  type: ColumnTypeSchema,
  /** Date format such as "%d/%m/%Y", or number format "1.234,56" / "1,234.56". */
  format: z.string().optional(),
});

export const ReadOptionsSchema = z.object({
  delimiter: z.string().min(1).max(1).optional(),
  encoding: EncodingSchema.optional(),
  header: z.boolean().optional(),
  skip_bad_lines: z.boolean().default(false),
  /** Physical lines above the header row (account details of a bank export); detected when absent. */
  skip_top: z.number().int().min(0).max(10_000).optional(),
  /** Trailing lines that are not data (balances, totals); detected when absent. */
  skip_bottom: z.number().int().min(0).max(10_000).optional(),
  /** Decimal separator of the file's amounts: decides "1,500" (1.5 with ","); detected when absent. */
  decimal: z.enum([',', '.']).optional(),
  /** `none`: double quotes are ordinary text (exports that never quote but have `5" screen` in a memo). */
  quote: z.enum(['"', 'none']).optional(),
  /** Worksheet of an Excel (.xlsx) source; the first one with data when absent. */
  sheet: z.string().min(1).max(200).optional(),
  column_overrides: z.record(z.string(), ColumnOverrideSchema).default({}),
});
export type ReadOptions = z.infer<typeof ReadOptionsSchema>;

export const RecipeSourceSchema = z.object({
  alias: z.string().min(1),
  /** Informational: the file this recipe was last used with. A recipe is re-run on other files. */
  path: z.string().optional(),
  read: ReadOptionsSchema.default({ skip_bad_lines: false, column_overrides: {} }),
});

/**
 * 2: keys from several right columns (`right_also`), the `reference` normaliser and named amount
 * differences. A version-1 recipe means the same under version 2 (every v1 field kept its meaning),
 * so it is read as version 2; it is written back as 2.
 */
export const RECIPE_VERSION = 2;

const RecipeVersionSchema = z.union([z.literal(1), z.literal(2)]).transform((): typeof RECIPE_VERSION => RECIPE_VERSION);

export const RecipeSchema = z.object({
  version: RecipeVersionSchema,
  name: z.string().min(1),
  left: RecipeSourceSchema,
  right: RecipeSourceSchema,
  /** Confirmed mappings only. */
  mappings: z.array(FieldMappingSchema),
  filters: z.array(SourceFilterSchema).default([]),
  rules: z.array(MatchRuleSchema).min(1, 'a recipe needs at least one match rule'),
});
export type Recipe = z.infer<typeof RecipeSchema>;
/** A recipe before validation (defaults not applied yet): what producers build and the engine checks. */
export type RecipeInput = z.input<typeof RecipeSchema>;

// ── AI tools (kalla-recon MCP server) ─────────────────────────────────────

export const EngineModeSchema = z.enum(['auto', 'llm', 'local']);
export type EngineMode = z.infer<typeof EngineModeSchema>;
export const EngineSchema = z.enum(['llm', 'local']);
export type Engine = z.infer<typeof EngineSchema>;
