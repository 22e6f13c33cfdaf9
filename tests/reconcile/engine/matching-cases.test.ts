/**
 * Matching cases as data, one behaviour per file (tests/reconcile/engine/cases/*.case, in the
 * spirit of DuckDB's sqllogictest files): both sides' rows, the recipe's rules, and every group
 * and left-over row the run must produce. The runner loads both sides into a real engine
 * (DuckDB), runs the rules, and compares the whole outcome, so a case also says what must NOT
 * happen. Format: docs/recon-engine.md ("Matching cases as data").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MatchRuleSchema, type MatchRule } from '../../../src/shared/reconcile/recipe';
import type { GroupPageItem, PageCategory, RecordPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { recipe, sandbox, type Sandbox } from './helpers';

const DIR = join(import.meta.dirname, 'cases');

export interface MatchingCase {
  name: string;
  left: string;
  right: string;
  rules: MatchRule[];
  expect: string[];
}

/** Blocks start with a word alone on a line (left, right, rule, expect); `#` lines are comments. */
export function parseCase(name: string, text: string): MatchingCase {
  const blocks: { kind: string; lines: string[] }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line.startsWith('#')) continue;
    if (/^(left|right|rule|expect)$/.test(line)) blocks.push({ kind: line, lines: [] });
    else if (line.trim() !== '') {
      if (!blocks.length) throw new Error(`${name}: "${line}" before the first block`);
      blocks.at(-1)!.lines.push(line);
    }
  }
  const one = (kind: string) => {
    const found = blocks.filter((b) => b.kind === kind);
    if (found.length !== 1) throw new Error(`${name}: needs exactly one "${kind}" block, has ${found.length}`);
    return found[0]!.lines;
  };
  const rules = blocks
    .filter((b) => b.kind === 'rule')
    .map((b) => {
      const r = JSON.parse(b.lines.join('\n')) as Record<string, unknown>;
      return MatchRuleSchema.parse({ name: r.id, keys: [], ...r });
    });
  if (!rules.length) throw new Error(`${name}: needs at least one "rule" block`);
  return { name, left: `${one('left').join('\n')}\n`, right: `${one('right').join('\n')}\n`, rules, expect: one('expect').map((l) => l.trim().replace(/\s+/g, ' ')) };
}

const memos = (rows: Record<string, unknown>[]) => rows.map((r) => String(r.memo)).sort().join('+');

/** Every group and every row not in a group, one line each, sorted. */
async function outcome(sb: Sandbox, c: MatchingCase): Promise<string[]> {
  const ws = await sb.workspace('ws');
  await ws.addSourceFromPath('left', sb.file('left.csv', c.left));
  await ws.addSourceFromPath('right', sb.file('right.csv', c.right));
  const { run_id } = await ws.run(recipe(c.rules));
  const page = async (category: PageCategory) => (await ws.page(run_id, category, { offset: 0, limit: 1000 })).items;
  const lines: string[] = [];
  for (const category of ['matched', 'suggested'] as const) {
    for (const g of (await page(category)) as GroupPageItem[]) lines.push(`${category} ${g.rule_id} ${memos(g.left_rows)} = ${memos(g.right_rows)}`);
  }
  for (const side of ['left', 'right'] as const) {
    for (const r of (await page(`exceptions_${side}`)) as RecordPageItem[]) lines.push(`exception ${side} ${String(r.row.memo)} ${r.exception?.reason}`);
    for (const r of (await page(`unmatched_${side}`)) as RecordPageItem[]) lines.push(`unmatched ${side} ${String(r.row.memo)}`);
  }
  return lines.sort();
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.case')).sort();

// 1:1 assignment has two paths that must give the same pairs: one in-memory greedy pass (the
// default) and the SQL mutual-best rounds (KALLA_GREEDY_IN_MEMORY=0, used past a million contested
// pairs). Every case runs both ways, so a case guards the rounds too.
describe.each([
  ['in-memory greedy pass', undefined],
  ['SQL rounds', '0'],
])('matching cases (tests/reconcile/engine/cases), 1:1 by %s', (_path, greedyLimit) => {
  let sb: Sandbox;
  const before = process.env.KALLA_GREEDY_IN_MEMORY;
  beforeEach(() => {
    sb = sandbox();
    if (greedyLimit === undefined) delete process.env.KALLA_GREEDY_IN_MEMORY;
    else process.env.KALLA_GREEDY_IN_MEMORY = greedyLimit;
  });
  afterEach(() => {
    sb.cleanup();
    if (before === undefined) delete process.env.KALLA_GREEDY_IN_MEMORY;
    else process.env.KALLA_GREEDY_IN_MEMORY = before;
  });

  it('has cases', () => expect(files.length).toBeGreaterThanOrEqual(10));

  it.each(files)('%s', async (file) => {
    const c = parseCase(file, readFileSync(join(DIR, file), 'utf8'));
    expect(await outcome(sb, c)).toEqual([...c.expect].sort());
  });
});
