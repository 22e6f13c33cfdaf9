/**
 * What a text column writes beyond its values' type, read from the column itself at load: a text
 * wrapped at a fixed width (read joined), and a name written after a label (read into a derived
 * column). Asked only of the columns the detection statistics say can hold them (values on several
 * lines; enough values), so a file of short one-line texts costs no statement here.
 */
import type { ColumnTyping, Notice } from '../../../shared/reconcile/sources-and-runs';
import type { Db } from './db';
import { ident, lit } from './sql';

/** A column's non-empty values and those on several lines, in the detection sample (typing.ts readStats). */
export type ValueCounts = (column: string) => { values: number; multiline: number };

/** Texts of more columns are not looked at for wraps or labels (a statement or two per column). */
const TEXT_COLUMNS_LOOKED_AT = 64;
const textColumns = (typings: ColumnTyping[]) => typings.filter((t) => t.type === 'text' && !t.derived && !t.overridden).slice(0, TEXT_COLUMNS_LOOKED_AT);

/** The format tag of a derived column holding the name a text writes after its label. */
const LABEL_TAG = 'label';
/** Two to this many different first words are a column's labels… */
const MAX_LABELS = 3;
/** …which start at least this share of its values… */
const LABELLED_SHARE = 0.95;
/** …and the rest repeats: at most this many different rests per value (a customer has many invoices). */
const NAME_REPEATS = 0.5;
/** Values a column needs before its labels are looked for. */
const MIN_LABELLED_VALUES = 20;

/**
 * A ledger text that writes a document word before the customer's name, on every row (a DATEV
 * Buchungstext: "Rechnung Straßer Zimmerei GmbH", "Gutschrift Straßer Zimmerei GmbH"): no column
 * holds the name the bank writes, and the two spellings of one customer are two names. When two to
 * MAX_LABELS words (letters only) start LABELLED_SHARE of a text column's values and what follows
 * them repeats like names and starts with a letter, a derived column `<column> (name)` holds the
 * rest (the label cut off; a value without one as it is). Found from the column's own values, not a
 * word list; the original column is unchanged.
 */
export async function findLabelledNames(db: Db, table: string, typings: ColumnTyping[], notices: Notice[], limit: number | null, counts: ValueCounts): Promise<void> {
  const texts = textColumns(typings).filter((t) => counts(t.name).values >= MIN_LABELLED_VALUES);
  const taken = new Set(typings.map((t) => t.name));
  for (const t of texts) {
    const from = `(SELECT trim(CAST(${ident(t.name)} AS VARCHAR)) AS v FROM ${ident(table)}${limit ? ` LIMIT ${limit}` : ''})`;
    const words = await db.all<{ w: string; n: number }>(
      `SELECT regexp_extract(v, '^(\\p{L}{3,})\\s+\\S', 1) AS w, count(*) AS n FROM ${from} WHERE v IS NOT NULL AND v <> '' GROUP BY w ORDER BY n DESC, w LIMIT ${MAX_LABELS + 1}`,
    );
    const total = counts(t.name).values;
    const labels = words.filter((w) => w.w !== '' && Number(w.n) >= 0.01 * total).slice(0, MAX_LABELS);
    const covered = labels.reduce((sum, w) => sum + Number(w.n), 0);
    // One word before every value may be the name's own ("Condominio Via Verdi 12/4"), and the token
    // model weighs a word every name holds at nothing anyway; two labels split one customer's spellings.
    if (labels.length < 2 || covered < LABELLED_SHARE * total) continue;
    const name = `${t.name} (name)`;
    if (taken.has(name)) continue;
    const typing: ColumnTyping = { name, type: 'text', derived: true, format: [LABEL_TAG, t.name, labels.map((w) => w.w).join('|')].join('\u0000') };
    const rest = await db.one<{ d: number; n: number; letters: number }>(
      `SELECT count(DISTINCT r) AS d, count(r) AS n, count(*) FILTER (WHERE regexp_matches(r, '^\\p{L}')) AS letters FROM (SELECT ${labelledName(typing, 'v')} AS r FROM ${from})`,
    );
    const [d, n, letters] = [Number(rest?.d ?? 0), Number(rest?.n ?? 0), Number(rest?.letters ?? 0)];
    if (d < 3 || d > NAME_REPEATS * n || letters < 0.8 * n) continue;
    typings.push(typing);
    taken.add(name);
    notices.push({
      code: 'name_after_label',
      column: t.name,
      message: `column "${t.name}" writes ${labels.map((w) => `"${w.w}"`).join(' or ')} before a name on ${Math.round((100 * covered) / total)} % of its rows: the name after it is read into "${name}" (${d} different names), to be compared with the names the other file writes`,
    });
  }
}

/** The name a labelled text writes (findLabelledNames): `x` (the raw text) without its label. */
export function labelledName(typing: ColumnTyping, x: string): string {
  const labels = (typing.format ?? '').split('\u0000')[2] ?? '';
  return `nullif(regexp_replace(trim(CAST(${x} AS VARCHAR)), ${lit(`^(${labels})\\s+`)}, ''), '')`;
}

/** A width is a wrap when at least this many inner lines (lines followed by another) have it… */
const WRAP_MIN_LINES = 10;
/** …and at least this share of the inner lines… */
const WRAP_MIN_SHARE = 0.1;
/** …and twice as many as the five widths just below it together (natural text tails off; a wrap stands out). */
const WRAP_BELOW = 5;

/**
 * Text columns a bank wrapped at a fixed width: its inner lines (each line but a value's last)
 * are no longer than some width W, and many are exactly W — a hard wrap cuts "RE10443" into
 * "RE104" and "43" wherever the line is full. Such a column is typed `wrap_at` W: a full line is
 * read joined to the next (typedExpression), so references, names and amounts in the text read
 * whole. Lines of natural text end at any width and none stands out.
 */
export async function findWrappedText(db: Db, table: string, typings: ColumnTyping[], notices: Notice[], limit: number | null, counts: ValueCounts): Promise<void> {
  const texts = textColumns(typings).filter((t) => counts(t.name).multiline > 0);
  for (const t of texts) {
    const from = `(SELECT ${ident(t.name)} AS v FROM ${ident(table)}${limit ? ` LIMIT ${limit}` : ''})`;
    const inner = `SELECT unnest(ls[1:-2]) AS l FROM (SELECT string_split(replace(v, chr(13) || chr(10), chr(10)), chr(10)) AS ls FROM ${from} WHERE contains(v, chr(10)))`;
    const row = await db.one<{ w: number | null; at: number; below: number; inner: number }>(
      `WITH l AS (${inner}), w AS (SELECT max(length(l)) AS w FROM l)
       SELECT w.w, count(*) FILTER (WHERE length(l) = w.w) AS at, count(*) FILTER (WHERE length(l) >= w.w - ${WRAP_BELOW} AND length(l) < w.w) AS below, count(*) AS inner
       FROM l, w GROUP BY w.w`,
    );
    if (!row || row.w === null) continue;
    const [w, at, below, lines] = [Number(row.w), Number(row.at), Number(row.below), Number(row.inner)];
    if (w < 2 * WRAP_BELOW || at < WRAP_MIN_LINES || at < WRAP_MIN_SHARE * lines || at < 2 * below) continue;
    t.wrap_at = w;
    notices.push({
      code: 'wrapped_text',
      column: t.name,
      message: `column "${t.name}" is wrapped at ${w} characters (${at} of ${lines} inner lines in ${counts(t.name).multiline} multi-line values are exactly ${w} long): a full line is read joined to the next, so a reference or name cut at the line end reads whole`,
    });
  }
}

/** A text wrapped at `width` characters with each full line joined to the next (findWrappedText); other line breaks as they were. */
export function unwrappedText(raw: string, width: number): string {
  const lines = `string_split(replace(${raw}, chr(13) || chr(10), chr(10)), chr(10))`;
  return `CASE WHEN contains(${raw}, chr(10)) THEN list_transform([${lines}], ls -> array_to_string(list_transform(ls, (l, i) -> CASE WHEN i < len(ls) AND length(l) <> ${width} THEN l || chr(10) ELSE l END), ''))[1] ELSE ${raw} END`;
}
