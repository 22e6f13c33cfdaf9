/**
 * `npx tsx scripts/bench/learn-fingerprint.ts [--open-items 400] [--seed 1] [--world NAME]`
 *
 * A check that a speed change to the learning or the run keeps the answers: for every world of
 * every set (scripts/bench/worlds, both file orders) and the cash workload, loads both files, builds
 * the recipe without a hand-written one (buildAutoRecipe), runs it, and prints one line per case
 * with fingerprints of the learned facts, of the recipe (without its file paths) and of every group of the run. Run it
 * before and after a change (e.g. in a `git worktree` of the base) and `diff` the outputs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { buildAutoRecipe } from '../../src/main/reconcile/engine/auto-recipe';
import { ReconEngine } from '../../src/main/reconcile/engine/engine';
import { generateCash } from './cash-data';
import type { WorldGenerator } from './worlds/world';

const SETS = ['tune', 'heldout', ...Array.from({ length: 20 }, (_, i) => `heldout-v${i + 2}`)];

async function allWorlds(): Promise<Record<string, WorldGenerator>> {
  const out: Record<string, WorldGenerator> = {};
  for (const set of SETS) {
    // Each set's index exports one record of generators (TUNE_WORLDS, HELDOUT_V2_WORLDS, …).
    const mod = (await import(`./worlds/${set}/index`).catch(() => ({}))) as Record<string, Record<string, WorldGenerator>>;
    for (const gens of Object.values(mod)) if (gens && typeof gens === 'object') for (const [name, gen] of Object.entries(gens)) if (typeof gen === 'function') out[`${set}/${name}`] = gen;
  }
  return out;
}

const hash = (v: unknown) => createHash('sha256').update(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x))).digest('hex').slice(0, 12);

async function fingerprint(dir: string, files: [string, string | Uint8Array, string, string | Uint8Array]): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  const [ln, lc, rn, rc] = files;
  const ws0 = await ReconEngine.open(join(dir, 'workspace'));
  writeFileSync(join(dir, ln), lc);
  writeFileSync(join(dir, rn), rc);
  await ws0.addSourceFromPath('left', join(dir, ln));
  await ws0.addSourceFromPath('right', join(dir, rn));
  const auto = await buildAutoRecipe(ws0, 'fingerprint');
  const result = await ws0.run(auto.recipe);
  ws0.close();
  const instance = await DuckDBInstance.create(join(dir, 'workspace', 'recon.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const facts = (await conn.runAndReadAll(`SELECT facts::VARCHAR FROM learned_facts ORDER BY 1`)).getRows().map((r) => String(r[0]));
  const groups = (
    await conn.runAndReadAll(`SELECT rule_id, cardinality::VARCHAR, status::VARCHAR, left_ids::VARCHAR, right_ids::VARCHAR, score, evidence, model_reason
      FROM match_groups WHERE run_id = ${result.run_id} ORDER BY left_ids, right_ids, rule_id`)
  ).getRows();
  conn.closeSync();
  instance.closeSync();
  return `facts ${hash(facts)} recipe ${hash({ ...auto.recipe, left: null, right: null })} groups ${groups.length} ${hash(groups)}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'open-items': { type: 'string', default: '400' }, seed: { type: 'string', default: '1' }, world: { type: 'string' } } });
  const base = mkdtempSync(join(tmpdir(), 'kalla-learn-fp-'));
  const worlds = await allWorlds();
  try {
    for (const [name, gen] of Object.entries(worlds)) {
      if (values.world && !name.endsWith(values.world)) continue;
      const w = gen({ seed: Number(values.seed), openItems: Number(values['open-items']) });
      for (const order of ['open-first', 'statement-first'] as const) {
        const files: [string, string | Uint8Array, string, string | Uint8Array] =
          order === 'open-first'
            ? [w.openItems.fileName, w.openItems.content, w.statement.fileName, w.statement.content]
            : [w.statement.fileName, w.statement.content, w.openItems.fileName, w.openItems.content];
        const line = await fingerprint(join(base, 'case'), files).catch((e: Error) => `FAILED ${e.message.split('\n')[0].slice(0, 120)}`);
        process.stdout.write(`${name.padEnd(28)} ${order.padEnd(15)} ${line}\n`);
      }
    }
    if (!values.world) {
      const cash = generateCash(Number(values['open-items']) * 5, Number(values.seed), 'tune');
      const line = await fingerprint(join(base, 'case'), ['invoices.csv', [cash.leftHeader, ...cash.left].join('\n'), 'bank.csv', [cash.rightHeader, ...cash.right].join('\n')]);
      process.stdout.write(`${'cash/tune'.padEnd(28)} ${'open-first'.padEnd(15)} ${line}\n`);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

await main();
