/**
 * Column lineage as a property: random chains of views over one table — renames, CTEs, subqueries,
 * `*` (over a view, and over the table whose columns the JSON lists), expressions, aggregates,
 * window functions, UNION ALL, UNNEST (paired arrays, WITH ORDINALITY), lambdas, and since issue 26 named
 * windows, LATERAL VALUES rows and CREATE VIEW column lists — built together with the truth (which table columns each output
 * column is made from, and the strongest transformation on the way). The engine's upstream trace
 * of every output column must reach exactly those table columns with exactly that kind, and its
 * downstream trace of each table column must reach exactly the view columns made from it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServeClient } from './serveClient';

type Kind = 'direct' | 'expression' | 'window' | 'aggregate' | 'indirect';
/** 'indirect' (a window's keys, since issue 26) is strongest: a trace that passes one says so. */
const RANK: Record<Kind, number> = { direct: 0, expression: 1, window: 2, aggregate: 3, indirect: 4 };
const stronger = (a: Kind, b: Kind): Kind => (RANK[a] >= RANK[b] ? a : b);
/**
 * An output column: the base-table columns its upstream trace reaches, `vb` those it is made from
 * by value (not through a window's PARTITION BY / ORDER BY, which are INDIRECT since issue 26), and
 * the strongest step so far.
 */
interface Col {
  name: string;
  bases: Set<string>;
  vb: Set<string>;
  kind: Kind;
}

/** Trino reserves none of these words: they are columns, even where the same word is a keyword elsewhere (OVER, INTERVAL). */
const TABLE_COLUMNS = ['c0', 'year', 'value', 'date', 'range'];

/** One step: given the previous relation's columns, the SQL of a new view and its columns. */
type Step =
  | { op: 'rename'; pick: number[] }
  | { op: 'expr'; a: number; b: number }
  | { op: 'agg'; a: number }
  | { op: 'window'; a: number; by: number }
  | { op: 'star' }
  | { op: 'cte'; pick: number[] }
  | { op: 'subquery'; pick: number[] }
  | { op: 'union'; a: number }
  | { op: 'unnest'; a: number; b: number }
  | { op: 'lambda'; a: number; b: number }
  | { op: 'namedWindow'; a: number; by: number }
  | { op: 'values'; a: number; b: number }
  | { op: 'columnList'; pick: number[] };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('rename' as const), pick: fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('expr' as const), a: fc.nat(9), b: fc.nat(9) }),
  fc.record({ op: fc.constant('agg' as const), a: fc.nat(9) }),
  fc.record({ op: fc.constant('window' as const), a: fc.nat(9), by: fc.nat(9) }),
  fc.constant({ op: 'star' as const }),
  fc.record({ op: fc.constant('cte' as const), pick: fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('subquery' as const), pick: fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant('union' as const), a: fc.nat(9) }),
  fc.record({ op: fc.constant('unnest' as const), a: fc.nat(9), b: fc.nat(9) }),
  fc.record({ op: fc.constant('lambda' as const), a: fc.nat(9), b: fc.nat(9) }),
  fc.record({ op: fc.constant('namedWindow' as const), a: fc.nat(9), by: fc.nat(9) }),
  fc.record({ op: fc.constant('values' as const), a: fc.nat(9), b: fc.nat(9) }),
  fc.record({ op: fc.constant('columnList' as const), pick: fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }) }),
);

function build(steps: Step[]): { views: Array<{ name: string; sql: string }>; truth: Map<string, Col[]> } {
  let prev = 'raw.t';
  let cols: Col[] = TABLE_COLUMNS.map((c) => ({ name: c, bases: new Set([c]), vb: new Set([c]), kind: 'direct' }));
  const views: Array<{ name: string; sql: string }> = [];
  const truth = new Map<string, Col[]>();
  steps.forEach((s, k) => {
    const name = `v${k}`;
    const at = (i: number) => cols[i % cols.length];
    const fresh = (i: number) => `${name}_x${i}`;
    let sql: string;
    let out: Col[];
    const pickCols = (pick: number[]) => [...new Set(pick.map((i) => i % cols.length))].map((i) => cols[i]);
    switch (s.op) {
      case 'rename': {
        const picked = pickCols(s.pick);
        sql = `SELECT ${picked.map((c, i) => `p.${c.name} AS ${fresh(i)}`).join(', ')} FROM ${prev} p`;
        out = picked.map((c, i) => ({ name: fresh(i), bases: c.bases, vb: c.vb, kind: c.kind }));
        break;
      }
      case 'expr': {
        const a = at(s.a);
        const b = at(s.b);
        sql = `SELECT ${a.name} * 2 + ${b.name} AS ${fresh(0)}, ${a.name} FROM ${prev}`;
        out = [
          { name: fresh(0), bases: new Set([...a.bases, ...b.bases]), vb: new Set([...a.vb, ...b.vb]), kind: stronger(stronger(a.kind, b.kind), 'expression') },
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
        ];
        break;
      }
      case 'agg': {
        const a = at(s.a);
        sql = `SELECT sum(${a.name}) AS ${fresh(0)}, count(*) AS ${fresh(1)} FROM ${prev}`;
        out = [
          { name: fresh(0), bases: a.bases, vb: a.vb, kind: stronger(a.kind, 'aggregate') },
          { name: fresh(1), bases: new Set(), vb: new Set(), kind: 'aggregate' },
        ];
        break;
      }
      case 'window': {
        const a = at(s.a);
        const by = at(s.by);
        sql = `SELECT ${a.name}, sum(${a.name}) OVER (PARTITION BY ${by.name} ORDER BY ${a.name} DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS ${fresh(0)} FROM ${prev}`;
        out = [
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
          { name: fresh(0), bases: new Set([...a.bases, ...by.bases]), vb: a.vb, kind: by.name === a.name ? stronger(a.kind, 'window') : 'indirect' },
        ];
        break;
      }
      case 'star':
        sql = `SELECT * FROM ${prev} WHERE ${cols[0].name} IS NOT NULL`;
        out = cols;
        break;
      case 'cte': {
        const picked = pickCols(s.pick);
        sql = `WITH w AS (SELECT ${picked.map((c, i) => `${c.name} AS ${fresh(i)}`).join(', ')} FROM ${prev}) SELECT * FROM w`;
        out = picked.map((c, i) => ({ name: fresh(i), bases: c.bases, vb: c.vb, kind: c.kind }));
        break;
      }
      case 'subquery': {
        const picked = pickCols(s.pick);
        sql = `SELECT q.* FROM (SELECT ${picked.map((c, i) => `${c.name} ${fresh(i)}`).join(', ')} FROM ${prev}) AS q`;
        out = picked.map((c, i) => ({ name: fresh(i), bases: c.bases, vb: c.vb, kind: c.kind }));
        break;
      }
      case 'union': {
        const a = at(s.a);
        const b = at(s.a + 1);
        sql = `SELECT ${a.name} AS ${fresh(0)} FROM ${prev} UNION ALL SELECT ${b.name} FROM ${prev}`;
        out = [{ name: fresh(0), bases: new Set([...a.bases, ...b.bases]), vb: new Set([...a.vb, ...b.vb]), kind: stronger(a.kind, b.kind) }];
        break;
      }
      case 'unnest': {
        const a = at(s.a);
        const b = at(s.b);
        const element = (c: Col): Col['kind'] => stronger(c.kind, 'expression');
        sql =
          `SELECT p.${a.name}, u.${fresh(0)}, u.${fresh(1)}, u.${fresh(2)} FROM ${prev} p ` +
          `CROSS JOIN UNNEST(ARRAY[p.${a.name}], ARRAY[p.${b.name}]) WITH ORDINALITY AS u (${fresh(0)}, ${fresh(1)}, ${fresh(2)})`;
        out = [
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
          { name: fresh(0), bases: a.bases, vb: a.vb, kind: element(a) },
          { name: fresh(1), bases: b.bases, vb: b.vb, kind: element(b) },
          { name: fresh(2), bases: new Set(), vb: new Set(), kind: 'direct' }, // the position: read from no column
        ];
        break;
      }
      case 'lambda': {
        const a = at(s.a);
        const b = at(s.b);
        sql = `SELECT reduce(ARRAY[${a.name}], 0, (acc, e) -> acc + e * ${b.name}, acc -> acc) AS ${fresh(0)}, ${a.name} FROM ${prev}`;
        out = [
          { name: fresh(0), bases: new Set([...a.bases, ...b.bases]), vb: new Set([...a.vb, ...b.vb]), kind: stronger(stronger(a.kind, b.kind), 'expression') },
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
        ];
        break;
      }
      case 'namedWindow': {
        const a = at(s.a);
        const by = at(s.by);
        sql = `SELECT ${a.name}, rank() OVER w AS ${fresh(0)} FROM ${prev} WINDOW w AS (PARTITION BY ${by.name} ORDER BY ${a.name})`;
        out = [
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
          // rank() takes no column's value: both of the window's keys are INDIRECT (issue 26)
          { name: fresh(0), bases: new Set([...a.bases, ...by.bases]), vb: new Set(), kind: 'indirect' },
        ];
        break;
      }
      case 'values': {
        const a = at(s.a);
        const b = at(s.b);
        sql = `SELECT p.${a.name}, u.${fresh(0)} FROM ${prev} p CROSS JOIN LATERAL (VALUES (p.${a.name}), (p.${b.name} * 2)) AS u (${fresh(0)})`;
        out = [
          { name: a.name, bases: a.bases, vb: a.vb, kind: a.kind },
          { name: fresh(0), bases: new Set([...a.bases, ...b.bases]), vb: new Set([...a.vb, ...b.vb]), kind: stronger(a.kind, stronger(b.kind, 'expression')) },
        ];
        break;
      }
      case 'columnList': {
        const picked = pickCols(s.pick);
        sql = `CREATE VIEW ${name} (${picked.map((_, i) => fresh(i)).join(', ')}) AS SELECT ${picked.map((c) => c.name).join(', ')} FROM ${prev}`;
        out = picked.map((c, i) => ({ name: fresh(i), bases: c.bases, vb: c.vb, kind: c.kind }));
        break;
      }
    }
    views.push({ name, sql });
    truth.set(name, out);
    prev = name;
    cols = out;
  });
  return { views, truth };
}

interface Trace {
  nodes: Array<{ relation: string; column: string; kind: string }>;
  edges: Array<{ from: string; to: string; kind: Kind; assumed?: string }>;
  notes: string[];
}

/** The table columns a trace reaches, and the strongest kind along any path to the start. */
function summarise(t: Trace): { bases: string[]; kind: Kind | null } {
  const bases = t.nodes.filter((n) => n.kind === 'table').map((n) => n.column).sort();
  let kind: Kind | null = null;
  for (const e of t.edges) kind = kind ? stronger(kind, e.kind) : e.kind;
  return { bases, kind };
}

describe('column lineage over random view chains', () => {
  let engine: ServeClient;
  let dir: string;
  beforeAll(() => {
    engine = ServeClient.start();
    dir = mkdtempSync(join(tmpdir(), 'kalla-colprop-'));
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('traces every column to exactly its table columns with its strongest transformation, both ways', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const { views, truth } = build(steps);
        const file = join(dir, `views-${run++}.json`);
        writeFileSync(file, JSON.stringify({ views, tables: [{ name: 'raw.t', columns: TABLE_COLUMNS }] }));
        const connection = `file://${file}`;
        const last = views[views.length - 1].name;
        for (const col of truth.get(last)!) {
          const t = await engine.request<Trace>('trace_column', { connection, name: last, column: col.name });
          const s = summarise(t);
          expect(s.bases, `${last}.${col.name}\n${views.map((v) => `${v.name}: ${v.sql}`).join('\n')}`).toEqual([...col.bases].sort());
          if (col.bases.size > 0) expect(s.kind, `${last}.${col.name}`).toBe(col.kind);
          expect(t.edges.filter((e) => e.assumed)).toEqual([]);
          expect(t.notes).toEqual([]);
        }
        // Downstream: each table column reaches exactly the columns of the last view made from it.
        for (const base of TABLE_COLUMNS) {
          const t = await engine.request<Trace>('trace_column', { connection, name: 'raw.t', column: base, direction: 'downstream' });
          // Through value edges only: since issue 26 a downstream trace also follows INDIRECT edges
          // (a view filtering on a column: every column of it depends on that column; a window's keys),
          // so it is compared with the columns made from the base by value (`vb`).
          const reachedIds = new Set([`raw.t.${base}`]);
          for (let grew = true; grew; ) {
            grew = false;
            for (const e of t.edges) {
              if ((e.kind as string) === 'indirect' || !reachedIds.has(e.from) || reachedIds.has(e.to)) continue;
              reachedIds.add(e.to);
              grew = true;
            }
          }
          const reached = t.nodes.filter((n) => n.relation === last && reachedIds.has(`${n.relation}.${n.column}`)).map((n) => n.column).sort();
          const expected = truth.get(last)!.filter((c) => c.vb.has(base)).map((c) => c.name).sort();
          expect(reached, `raw.t.${base} → ${last}`).toEqual(expected);
        }
      }),
      { numRuns: 120, seed: 17 },
    );
  }, 120_000);
});
