import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MatchRule, Recipe } from '../../../src/shared/reconcile/recipe';
import type { Db, Params } from '../../../src/main/reconcile/engine/db';
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
