import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MatchRule, Recipe } from '../../../src/shared/reconcile/recipe';
import { Db, type Params } from '../../../src/main/reconcile/engine/db';
import { ReconEngine } from '../../../src/main/reconcile/engine/engine';

export interface Sandbox {
  dir: string;
  file(name: string, content: string | Buffer): string;
  workspace(name?: string): Promise<ReconEngine>;
  mkdir(name: string): string;
  cleanup(): void;
}

export function sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'recon-test-'));
  const opened: ReconEngine[] = [];
  return {
    dir,
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    async workspace(name = 'ws') {
      const ws = await ReconEngine.open(join(dir, name));
      opened.push(ws);
      return ws;
    },
    mkdir(name) {
      const path = join(dir, name);
      mkdirSync(path, { recursive: true });
      return path;
    },
    cleanup() {
      for (const ws of opened) {
        try {
          ws.close();
        } catch {
          // already closed by the test
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file that listens to the engine's Db (`vi.spyOn(Db.prototype, …)`, the statement-plan
 * tests): a fresh sandbox for each test, and after it the spies restored before the sandbox's
 * workspaces are closed. Call at the top of the file; the function returns the current test's sandbox.
 */
export function spiedSandbox(): () => Sandbox {
  let current: Sandbox | undefined;
  beforeEach(() => {
    current = sandbox();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    current?.cleanup();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('spiedSandbox: used outside a test');
    return current;
  };
}

/**
 * DuckDB's plan of `query` as its JSON tree: EXPLAIN (FORMAT JSON), or with `analyze` the profile of
 * running it (EXPLAIN ANALYZE: each operator with its `operator_cardinality`). `all` is
 * `Db.prototype.all` as it was before the test's spies, so the EXPLAIN itself is not listened to.
 */
export async function explainJson<T>(db: Db, all: Db['all'], query: string, params?: Params, analyze = false): Promise<T> {
  const [row] = (await all.call(db, `EXPLAIN (${analyze ? 'ANALYZE, ' : ''}FORMAT JSON) ${query}`, params)) as { explain_value: string }[];
  return JSON.parse(String(row.explain_value)) as T;
}

/** A node of DuckDB's JSON plan (EXPLAIN [ANALYZE] FORMAT JSON). */
export interface PlanNode {
  operator_name?: string;
  operator_cardinality?: number;
  extra_info?: unknown;
  children?: PlanNode[];
}

/** An operator's expressions and details as one text. */
export const planInfo = (n: PlanNode) => JSON.stringify(n.extra_info ?? {});

/** Over every operator `pick` chooses: the most rows it was given (its children's output). */
export function mostRowsInto(node: PlanNode, pick: (n: PlanNode) => boolean): number {
  const own = pick(node) ? (node.children ?? []).reduce((s, c) => s + Number(c.operator_cardinality ?? 0), 0) : 0;
  return Math.max(own, ...(node.children ?? []).map((c) => mostRowsInto(c, pick)));
}

/**
 * Every statement the engine's Db runs while `body` runs (`exec`, `all`, `one`, `scalarNumber`; a
 * `one` is also seen as the `all` it makes). Those `explain` picks are also profiled right after
 * they ran, while the run's temporary tables exist: `plan` is DuckDB's EXPLAIN ANALYZE of their
 * query (a CREATE … AS's SELECT), run through the unspied `Db.all`. The spies are restored after.
 */
export async function statements(body: () => Promise<unknown>, explain: (sql: string) => boolean = () => false): Promise<{ sql: string; plan?: PlanNode }[]> {
  const seen: { sql: string; plan?: PlanNode }[] = [];
  const all = Db.prototype.all;
  for (const method of ['exec', 'all', 'one', 'scalarNumber'] as const) {
    const original = Db.prototype[method] as (this: Db, sql: string, ...rest: unknown[]) => Promise<unknown>;
    vi.spyOn(Db.prototype, method).mockImplementation(async function (this: Db, sql: string, ...rest: unknown[]) {
      const out = await original.call(this, sql, ...rest);
      const entry: { sql: string; plan?: PlanNode } = { sql };
      seen.push(entry);
      if (explain(sql)) {
        const query = sql.replace(/^\s*CREATE (OR REPLACE )?TEMP TABLE (IF NOT EXISTS )?\S+ AS /, '');
        entry.plan = await explainJson<PlanNode>(this, all, query, undefined, true);
      }
      return out;
    } as never);
  }
  await body();
  vi.restoreAllMocks();
  return seen;
}

export function rule(partial: Partial<MatchRule> & { id: string }): MatchRule {
  return {
    name: partial.id,
    keys: [],
    cardinality: '1:1',
    auto_confirm: true,
    ...partial,
  } as MatchRule;
}

export function recipe(rules: MatchRule[], extra: Partial<Recipe> = {}): Recipe {
  return {
    version: 2,
    name: 'test',
    left: { alias: 'ledger', read: { skip_bad_lines: false, column_overrides: {} } },
    right: { alias: 'bank', read: { skip_bad_lines: false, column_overrides: {} } },
    mappings: [],
    filters: [],
    rules,
    ...extra,
  };
}

/** A standard ref/amount/date rule between ledger (ref, amount, date) and bank (ref, amount, date). */
export function refRule(id: string, extra: Partial<MatchRule> = {}): MatchRule {
  return rule({
    id,
    keys: [{ left: 'ref', right: 'ref', normalisers: [{ kind: 'alnum' }, { kind: 'casefold' }] }],
    amount: { left: 'amount', right: 'amount', tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false },
    date: { left: 'date', right: 'date', window_days: 3 },
    ...extra,
  });
}

export function csv(header: string, rows: string[]): string {
  return `${[header, ...rows].join('\n')}\n`;
}

/** A CliIo that keeps what `kalla recon` prints: `out` (stdout) and `err` (stderr) pieces. */
export function io(stderrIsTTY = false) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), stderrIsTTY } };
}
