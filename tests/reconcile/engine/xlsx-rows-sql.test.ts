/**
 * Issue 30: the XLSX export's rows are written as SpreadsheetML by DuckDB (xlsx-rows-sql.ts), not
 * cell by cell in JavaScript. The same table written both ways reads back identically in exceljs
 * (a second, independent reader), for every cell type and the awkward text: XML-special
 * characters, line breaks (CR LF, CR, LF), characters XML cannot hold, astral characters, NULLs,
 * integral and fractional doubles, non-finite numbers, huge integers and booleans. And a workspace
 * export sends its sheets through that COPY: no table's rows are streamed into JavaScript.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Db } from '../../../src/main/reconcile/engine/db';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { ROWS_COPY_OPTIONS, sheetRowsSql } from '../../../src/main/reconcile/engine/xlsx-rows-sql';
import { writeXlsx, XLSX_MAX_ROWS, type Cell } from '../../../src/main/reconcile/engine/xlsx';
import { readZipEntries } from '../../../src/main/reconcile/engine/zip';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

async function sheetValues(path: string, name: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const out: unknown[][] = [];
  book.getWorksheet(name)!.eachRow({ includeEmpty: true }, (row, n) => {
    out.push([n, ...(row.values as unknown[]).slice(1)]);
  });
  return out;
}

const TEXTS = [
  'plain',
  'Müller & Söhne <GmbH> "quoted" \'single\'',
  'two\r\nlines',
  'cr\ronly',
  'lf\nonly',
  'bell\x07tab\there\x1fend',
  'astral 𝄞 and \uFFFD',
  '',
  '   spaced   ',
  '=SUM(A1) for invoice #12',
  "a,b;c|d\u0001\u0002",
];

/** A table of every cell type with `texts` in its text column; the same sheet written by JS values and by DuckDB's rows. */
async function bothWays(texts: string[]): Promise<{ viaJs: string; viaSql: string }> {
  const db = await Db.open(':memory:');
  try {
    await db.exec(`CREATE TYPE kind AS ENUM ('a', 'b')`);
    await db.exec(`CREATE TEMP TABLE t (id BIGINT, txt VARCHAR, k kind, d DOUBLE, d2 DOUBLE, f FLOAT, amount_left DECIMAL(18, 6), i INTEGER, h HUGEINT, u UBIGINT, b BOOLEAN)`);
    const doubles = ['100.0', '0.1::DOUBLE + 0.2::DOUBLE', '-0.0', '1e-7', '123456789012.5', "'inf'::DOUBLE", "'nan'::DOUBLE", 'NULL', '1e20', '-2.5'];
    const doubles2 = ['0.00001', '-0.0000123', '1.5e-7', '-1.25e-9', '0.0001', '0.00009', '1234567890123456.7', '12345678901234567.0', '1.5e22', '5e-324', '-1e-6'];
    for (let r = 0; r <= texts.length; r++) {
      const txt = r < texts.length ? `'${texts[r]!.replace(/'/g, "''")}'` : 'NULL';
      await db.exec(
        `INSERT INTO t VALUES (${r === texts.length ? 'NULL' : 9007199254740993n + BigInt(r)}, ${txt}, ${r % 3 === 2 ? 'NULL' : r % 2 ? "'a'" : "'b'"}, ${doubles[r % doubles.length]}, ${doubles2[r % doubles2.length]}::DOUBLE,
          ${r === 4 ? 'NULL' : `${r}.1`}, ${r === 5 ? 'NULL' : `${r * 1000}.50`}, ${r === 6 ? 'NULL' : -r}, ${r === 7 ? 'NULL' : '170141183460469231731687303715884105727'}, 18446744073709551615, ${r === 8 ? 'NULL' : r % 2 === 0})`,
      );
    }
    const columns = (await db.all<{ column_name: string; column_type: string }>(`DESCRIBE SELECT * FROM temp.t`)).map((c) => ({ name: c.column_name, type: c.column_type }));
    const sql = sheetRowsSql('temp.t', columns, XLSX_MAX_ROWS);
    expect(sql).not.toBeNull();
    // The JavaScript writer, fed the values as the export reads them (decimals as DOUBLE).
    const jsRows = async function* (): AsyncIterable<Cell[]> {
      const rows = await db.conn.runAndReadAll(`SELECT * REPLACE (CAST(amount_left AS DOUBLE) AS amount_left) FROM temp.t`);
      for (const r of rows.getRows()) yield r.map((v) => (v === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof v) ? (v as Cell) : String(v)));
    };
    const names = columns.map((c) => c.name);
    const tag = sb.mkdir(`w${Math.random().toString(36).slice(2)}`);
    const viaJs = join(tag, 'js.xlsx');
    const viaSql = join(tag, 'sql.xlsx');
    await writeXlsx(viaJs, [{ name: 'data', columns: names, rows: jsRows() }]);
    const { truncated } = await writeXlsx(viaSql, [
      {
        name: 'data',
        columns: names,
        renderRows: async (path) => {
          await db.exec(`COPY (${sql}) TO '${path}' ${ROWS_COPY_OPTIONS}`);
          return false;
        },
      },
    ]);
    expect(truncated).toEqual([]);
    return { viaJs, viaSql };
  } finally {
    db.close();
  }
}

describe('XLSX rows written by DuckDB', () => {
  it('read back exactly as the JavaScript writer’s rows, for every type and awkward text', async () => {
    const { viaJs, viaSql } = await bothWays(TEXTS);
    const expected = await sheetValues(viaJs, 'data');
    expect(expected).toHaveLength(TEXTS.length + 2);
    expect(await sheetValues(viaSql, 'data')).toEqual(expected);
  });

  it('are the same bytes as the JavaScript writer’s when no text holds a line break', async () => {
    const { viaJs, viaSql } = await bothWays(TEXTS.filter((t) => !/[\r\n]/.test(t)));
    const sheet = (p: string) => readZipEntries(readFileSync(p)).get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet(viaSql)).toBe(sheet(viaJs));
    expect(readFileSync(viaSql).equals(readFileSync(viaJs))).toBe(true);
  });

  it('a workspace export writes every table sheet by DuckDB’s COPY, none streamed into JavaScript', async () => {
    const ws: ReconEngine = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,date,memo', ['A,100.00,2024-01-01,"a & <b>"', 'B,50.00,2024-01-02,b', 'C,75.00,2024-01-03,c'])));
    await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date,memo', ['A,100.00,2024-01-01,x', 'B,50.00,2024-01-02,y', 'Z,9.50,2024-01-05,z'])));
    const result = await ws.run(recipe([refRule('exact')]));
    const db = (ws as unknown as { db: Db }).db;
    const copies: string[] = [];
    const probes: string[] = [];
    const streamed: string[] = [];
    const exec = db.exec.bind(db);
    const all = db.all.bind(db);
    const stream = db.conn.stream.bind(db.conn);
    db.exec = (s, p) => (s.startsWith(`COPY (SELECT concat('<row r="'`) && copies.push(s), exec(s, p));
    db.all = ((s: string, p?: never) => (s.startsWith('SELECT bool_or(regexp_matches(') && probes.push(s), all(s, p))) as typeof db.all;
    db.conn.stream = ((s: string, ...rest: never[]) => (streamed.push(s), stream(s, ...rest))) as typeof db.conn.stream;
    const dir = sb.mkdir('out');
    try {
      await ws.export(result.run_id, { dir, formats: ['xlsx', 'csv'] });
    } finally {
      db.exec = exec;
      db.all = all;
      db.conn.stream = stream;
    }
    // The tables with rows: matched, unmatched ×2. The six empty ones (suggested, exceptions ×2,
    // filtered out ×2, review log) are written without a COPY or a CSV formula probe (issue 27: at
    // 5,000 columns each cost 2–3.4 s and 0.4–0.9 s CPU of planning), and are still in the workbook.
    expect(copies).toHaveLength(3);
    expect(probes).toHaveLength(3);
    expect(streamed).toEqual([]);
    expect(await sheetValues(join(dir, 'reconciliation.xlsx'), 'suggested')).toEqual([[1, 'group_id', 'rule_id', 'cardinality', 'status', 'left_row_ids', 'right_row_ids', 'amount_left', 'amount_right', 'amount_delta', 'difference_reason', 'date_delta_days', 'score', 'note', 'evidence', 'ledger.line', 'ledger.ref', 'ledger.amount', 'ledger.date', 'bank.line', 'bank.ref', 'bank.amount', 'bank.date']]);
    expect(readFileSync(join(dir, 'suggested.csv'), 'utf8').trim().split('\n')).toHaveLength(1);
    const matched = await sheetValues(join(dir, 'reconciliation.xlsx'), 'matched');
    expect(matched).toHaveLength(3);
    const unmatched = await sheetValues(join(dir, 'reconciliation.xlsx'), 'unmatched_left');
    expect(unmatched[1]).toEqual(expect.arrayContaining([2, 'C', 'c']));
  });

  it('writes a wide sheet’s runs of text columns with one copy of the cell XML, the same rows', async () => {
    // Issue 27: at 10,000 columns the per-column copies of the text cell's regular expressions took
    // 5.9 s CPU to plan. Runs of text (one column alone, two, five, one named like a number column)
    // between other types; every awkward text in every text column.
    const db = await Db.open(':memory:');
    try {
      const kinds = ['id BIGINT', 'a VARCHAR', 'b VARCHAR', 'd DOUBLE', 'c VARCHAR', 'amount_delta VARCHAR', 'e VARCHAR', 'f VARCHAR', 'g VARCHAR', 'h VARCHAR', 'i VARCHAR', 'flag BOOLEAN', 'j VARCHAR', 'k VARCHAR'];
      await db.exec(`CREATE TEMP TABLE t (${kinds.join(', ')})`);
      const texts = [...TEXTS, null];
      for (const [r, text] of texts.entries()) {
        const v = (k: number) => {
          const x = texts[(r + k) % texts.length];
          return x === null || x === undefined ? 'NULL' : `'${x.replace(/'/g, "''")}'`;
        };
        await db.exec(`INSERT INTO t VALUES (${r}, ${v(0)}, ${v(1)}, ${r / 4}, ${v(2)}, '${r}.25', ${v(3)}, ${v(4)}, ${text === null ? 'NULL' : v(5)}, ${v(6)}, ${v(7)}, ${r % 2 === 0}, ${v(8)}, ${v(9)})`);
      }
      const columns = (await db.all<{ column_name: string; column_type: string }>(`DESCRIBE SELECT * FROM temp.t`)).map((c) => ({ name: c.column_name, type: c.column_type }));
      const narrow = sheetRowsSql('temp.t', columns, XLSX_MAX_ROWS, false)!;
      const wide = sheetRowsSql('temp.t', columns, XLSX_MAX_ROWS, true)!;
      const rows = async (sql: string) => (await db.all<{ x: string }>(sql)).map((r) => r.x);
      expect(await rows(wide)).toEqual(await rows(narrow));
      expect((await rows(wide)).join('')).toContain('<c r="F2"><v>0.25</v></c>'); // amount_delta stays a number
      // The escape test once per run of two or more text columns (a,b; e..i; j,k), once for c alone.
      const escapes = (sql: string) => sql.split('regexp_matches(').length - 1;
      expect(escapes(narrow)).toBe(10);
      expect(escapes(wide)).toBe(4);
    } finally {
      db.close();
    }
  });

  it('stops at the row limit it is given', async () => {
    const db = await Db.open(':memory:');
    try {
      await db.exec(`CREATE TEMP TABLE t AS SELECT range AS i FROM range(10)`);
      const sql = sheetRowsSql('temp.t', [{ name: 'i', type: 'BIGINT' }], 4)!;
      const rows = (await db.all<{ x: string }>(sql)).map((r) => r.x);
      expect(rows).toEqual(['<row r="2"><c r="A2"><v>0</v></c></row>', '<row r="3"><c r="A3"><v>1</v></c></row>', '<row r="4"><c r="A4"><v>2</v></c></row>', '<row r="5"><c r="A5"><v>3</v></c></row>']);
      expect(sheetRowsSql('temp.t', [{ name: 'i', type: 'DATE' }], 4)).toBeNull();
    } finally {
      db.close();
    }
  });
});
