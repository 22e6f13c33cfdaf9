/**
 * Write one generated world to a folder:
 *   npx tsx scripts/bench/worlds/write-world.ts --world NAME [--seed 1] [--open-items 2000] --out DIR
 * Looks the name up in tune/ (TUNE_WORLDS) and, when present, heldout/ (HELDOUT_WORLDS),
 * heldout-v2/ (HELDOUT_V2_WORLDS), heldout-v3/ (HELDOUT_V3_WORLDS), heldout-v4/ (HELDOUT_V4_WORLDS) heldout-v5/ (HELDOUT_V5_WORLDS), heldout-v6/ (HELDOUT_V6_WORLDS) heldout-v7/ (HELDOUT_V7_WORLDS), heldout-v8/ (HELDOUT_V8_WORLDS) heldout-v9/ (HELDOUT_V9_WORLDS), heldout-v10/ (HELDOUT_V10_WORLDS) heldout-v11/ (HELDOUT_V11_WORLDS), heldout-v12/ (HELDOUT_V12_WORLDS), heldout-v13/ (HELDOUT_V13_WORLDS), heldout-v14/ (HELDOUT_V14_WORLDS), heldout-v15/ (HELDOUT_V15_WORLDS), heldout-v16/ (HELDOUT_V16_WORLDS), heldout-v17/ (HELDOUT_V17_WORLDS) heldout-v18/ (HELDOUT_V18_WORLDS) heldout-v19/ (HELDOUT_V19_WORLDS), heldout-v20/ (HELDOUT_V20_WORLDS) and heldout-v21/ (HELDOUT_V21_WORLDS). Writes the
 * two files under their own names, truth.csv (side,row,group,kind,ambiguous) and description.txt.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { WorldGenerator, World } from './world';
import { TUNE_WORLDS } from './tune/index';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function allWorlds(): Promise<Record<string, WorldGenerator>> {
  const worlds: Record<string, WorldGenerator> = { ...TUNE_WORLDS };
  for (const [dir, key] of [['heldout', 'HELDOUT_WORLDS'], ['heldout-v2', 'HELDOUT_V2_WORLDS'], ['heldout-v3', 'HELDOUT_V3_WORLDS'], ['heldout-v4', 'HELDOUT_V4_WORLDS'], ['heldout-v5', 'HELDOUT_V5_WORLDS'], ['heldout-v6', 'HELDOUT_V6_WORLDS'], ['heldout-v7', 'HELDOUT_V7_WORLDS'], ['heldout-v8', 'HELDOUT_V8_WORLDS'], ['heldout-v9', 'HELDOUT_V9_WORLDS'], ['heldout-v10', 'HELDOUT_V10_WORLDS'], ['heldout-v11', 'HELDOUT_V11_WORLDS'], ['heldout-v12', 'HELDOUT_V12_WORLDS'], ['heldout-v13', 'HELDOUT_V13_WORLDS'], ['heldout-v14', 'HELDOUT_V14_WORLDS'], ['heldout-v15', 'HELDOUT_V15_WORLDS'], ['heldout-v16', 'HELDOUT_V16_WORLDS'], ['heldout-v17', 'HELDOUT_V17_WORLDS'], ['heldout-v18', 'HELDOUT_V18_WORLDS'], ['heldout-v19', 'HELDOUT_V19_WORLDS'], ['heldout-v20', 'HELDOUT_V20_WORLDS'], ['heldout-v21', 'HELDOUT_V21_WORLDS']] as const) {
    const index = path.join(here, dir, 'index.ts');
    if (!fs.existsSync(index)) continue;
    try {
      const mod = (await import(pathToFileURL(index).href)) as Record<string, Record<string, WorldGenerator> | undefined>;
      Object.assign(worlds, mod[key] ?? {});
    } catch (e) {
      console.error(`warning: could not load ${dir} worlds: ${(e as Error).message}`);
    }
  }
  return worlds;
}

const csv = (s: string) => (/[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);

export function writeWorld(world: World, out: string): void {
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, world.openItems.fileName), world.openItems.content);
  fs.writeFileSync(path.join(out, world.statement.fileName), world.statement.content);
  const lines = ['side,row,group,kind,ambiguous'];
  for (const t of world.truth) lines.push([t.side, String(t.row), csv(t.group ?? ''), csv(t.kind), t.ambiguous ? 'true' : 'false'].join(','));
  fs.writeFileSync(path.join(out, 'truth.csv'), lines.join('\n') + '\n');
  fs.writeFileSync(path.join(out, 'description.txt'), world.description.trim() + '\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string, dflt?: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
  };
  const name = opt('world');
  const out = opt('out');
  const seed = Number(opt('seed', '1'));
  const openItems = Number(opt('open-items', '2000'));
  const worlds = await allWorlds();
  if (!name || !out || !Number.isFinite(seed) || !(openItems > 0)) {
    console.error('usage: write-world.ts --world NAME [--seed 1] [--open-items 2000] --out DIR');
    console.error(`worlds: ${Object.keys(worlds).join(', ')}`);
    process.exit(2);
  }
  const gen = worlds[name];
  if (!gen) {
    console.error(`unknown world "${name}"; known: ${Object.keys(worlds).join(', ')}`);
    process.exit(2);
  }
  const t0 = performance.now();
  const world = gen({ seed, openItems });
  const t1 = performance.now();
  writeWorld(world, out);
  const oi = world.truth.filter((t) => t.side === 'open_items').length;
  console.log(`${name}: ${oi} open items, ${world.truth.length - oi} statement rows, generated in ${Math.round(t1 - t0)} ms, written in ${Math.round(performance.now() - t1)} ms -> ${out}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
