/**
 * CSV formula-injection guard (OWASP "CSV Injection"): a spreadsheet runs a cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula (`=HYPERLINK(…)`, `+cmd|…`,
 * `@SUM(…)`, `-2+3`). Such text cells and header names get a leading `'` so they are shown as
 * text, and written quoted.
 *
 * Numbers stay numbers: numeric columns are written by DuckDB as numbers (`-12.5`), and a text
 * cell that is only a sign, digits and separators (`-12.50`, `-1.234,56`, `+100`) is left alone —
 * no spreadsheet can run it, and an auditor's sums over it must still work.
 *
 * The switch for raw output is `ExportOptions.csv_formulas: 'raw'` (CLI `--raw-csv`), for tools
 * that read the CSV as data and must see the bytes unchanged.
 */
import { writeFile } from 'node:fs/promises';
import { WIDE_STATEMENT_COLUMNS, type Db } from './db';

/** What is already known of a materialised table: its columns (DESCRIBE) and its row count. */
export interface KnownTable {
  columns: Array<{ column_name: string; column_type: string }>;
  rows: number;
}
import { ident, lit } from './sql';

/** A header name DuckDB's CSV writer writes as it is (nothing to quote or escape). */
const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.]*$/;

/**
 * An empty table's CSV is its header line, written here as DuckDB's COPY writes it (names joined
 * by commas, `\n`): the COPY of an empty 5,000-column table still planned its query, 0.15–0.27 s
 * CPU each, eight such files in a wide run where everything matched (issue 27). Only when every
 * name is plain; otherwise (and on Windows, whose line ending is not assumed) DuckDB writes it.
 */
async function headerOnly(target: string, known: KnownTable, names: string[]): Promise<boolean> {
  if (known.rows > 0 || names.length === 0 || process.platform === 'win32' || !names.every((n) => PLAIN_NAME.test(n))) return false;
  await writeFile(target, `${names.join(',')}\n`);
  return true;
}

/** Characters that make a spreadsheet evaluate a cell. */
const TRIGGER = /^[=+\-@\t\r]/;
/** A cell that is only a number (sign, digits, decimal and thousands separators). */
const PLAIN_NUMBER = /^[+-]?\d[\d.,]*$/;

export function neutraliseCell(value: string): string {
  return TRIGGER.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The same rule in SQL, for DuckDB's COPY. */
function neutraliseSql(expr: string): string {
  return `CASE WHEN regexp_matches(${expr}, ${lit(TRIGGER.source)}) AND NOT regexp_matches(${expr}, ${lit(PLAIN_NUMBER.source)}) THEN '''' || ${expr} ELSE ${expr} END`;
}

/**
 * Writes `sql` as CSV at `target` with DuckDB's COPY; with `guard`, text cells and header names
 * are neutralised and every field of a text column that needed it is quoted. Only those columns
 * are force-quoted (found by one aggregate pass), so an export without formula triggers keeps
 * the bytes it always had.
 */
export async function copyCsv(db: Db, sql: string, target: string, guard: boolean, known?: KnownTable): Promise<void> {
  if (!guard) {
    if (known && (await headerOnly(target, known, known.columns.map((c) => c.column_name)))) return;
    await db.exec(`COPY (${sql}) TO ${lit(target)} (FORMAT csv, HEADER true, DELIMITER ',')`);
    return;
  }
  const columns = known?.columns ?? (await db.all<{ column_name: string; column_type: string }>(`DESCRIBE SELECT * FROM (${sql})`));
  const text = columns.filter((c) => c.column_type === 'VARCHAR');
  const triggered = new Set<string>();
  // An empty table has nothing to neutralise: its probe (one bool_or per text column) only cost
  // planning, 0.4–0.9 s CPU per 5,000-column table of a wide export (issue 27).
  if (text.length && (known ? known.rows > 0 : await db.one(`SELECT 1 AS x FROM (${sql}) LIMIT 1`))) {
    if (text.length > WIDE_STATEMENT_COLUMNS) {
      // Wide: the text columns unpivoted into (name, value) rows, one copy of the pattern for all
      // of them (one copy per column took 1.2 s CPU to plan at 10,000 columns; one lambda over a
      // list of the row's values still 1.75 s CPU for the 6,241 text columns of a 5,000 × 5,000
      // export, this 0.5 s; issue 27). UNPIVOT leaves NULLs out: they never start with a trigger.
      const index = new Map(text.map((c) => [c.column_name, c]));
      const hits = await db.all<{ k: string }>(
        `SELECT DISTINCT kalla_k AS k FROM (UNPIVOT (SELECT ${text.map((c) => ident(c.column_name)).join(', ')} FROM (${sql})) ON COLUMNS(*) INTO NAME kalla_k VALUE kalla_v)
          WHERE regexp_matches(kalla_v, ${lit(TRIGGER.source)})`,
      );
      for (const h of hits) {
        const c = index.get(h.k);
        if (!c) throw new Error(`csv guard: unpivoted column ${h.k} is not among the table's text columns`);
        triggered.add(c.column_name);
      }
    } else {
      const probes = text.map((c, i) => `bool_or(regexp_matches(${ident(c.column_name)}, ${lit(TRIGGER.source)})) AS c${i}`);
      const row = await db.one<Record<string, boolean | null>>(`SELECT ${probes.join(', ')} FROM (${sql})`);
      text.forEach((c, i) => {
        if (row?.[`c${i}`]) triggered.add(c.column_name);
      });
    }
  }
  const used = new Set<string>();
  const select: string[] = [];
  const quoted: string[] = [];
  for (const c of columns) {
    let name = neutraliseCell(c.column_name);
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    const guarded = triggered.has(c.column_name);
    select.push(`${guarded ? neutraliseSql(ident(c.column_name)) : ident(c.column_name)} AS ${ident(name)}`);
    if (guarded) quoted.push(ident(name));
  }
  if (known && (await headerOnly(target, known, [...used]))) return;
  const force = quoted.length ? `, FORCE_QUOTE (${quoted.join(', ')})` : '';
  await db.exec(`COPY (SELECT ${select.join(', ')} FROM (${sql})) TO ${lit(target)} (FORMAT csv, HEADER true, DELIMITER ','${force})`);
}
