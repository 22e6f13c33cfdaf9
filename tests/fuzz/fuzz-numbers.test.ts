/**
 * The fuzz-and-fault suite (issue 27): generated worlds with ground truth, mutated the way finance
 * exports are written (amounts, dates, keys, encodings, layouts, sheets), each run through the auto
 * path of `kalla recon` and judged "right, or a clear refusal — never a silently wrong number";
 * metamorphic relations between runs; and faults (full disk, read-only folder, corrupt engine file,
 * a killed run). fast-check draws the worlds from the suite's fixed seed (tests/helpers/property-seed.ts).
 * The counts table is printed at the end and copied into the README.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fitWorld, MUTATIONS, type Family } from './mutations';
import { runWorld, type Outcome, type Verdict } from './run-world';
import { worldArb } from './world';
import { METAMORPHIC } from './metamorphic';
import { FAULTS } from './faults';

const SEED = 20261127;
// One world per mutation keeps `npm test` within its budget (≈ 75 engine runs); raise it to explore,
// e.g. KALLA_FUZZ_WORLDS=3 (the seed stays fixed, so a finding reproduces).
const WORLDS_PER_MUTATION = Number(process.env.KALLA_FUZZ_WORLDS ?? 1);
const METAMORPHIC_WORLDS = Math.max(2, WORLDS_PER_MUTATION);
const VERDICTS: Verdict[] = ['right', 'refused clearly', 'silently wrong', 'crashed', 'lost'];
type Row = Family | 'metamorphic' | 'faults';
const counts = new Map<Row, Record<Verdict, number>>();
const failures: string[] = [];

function count(row: Row, verdict: Verdict, what: string, why: string) {
  const c = counts.get(row) ?? Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  c[verdict] += 1;
  counts.set(row, c as Record<Verdict, number>);
  if (verdict === 'silently wrong' || verdict === 'crashed' || verdict === 'lost') failures.push(`${row} / ${what}: ${verdict} — ${why}`);
}

function table(): string {
  const lines = ['| family | tried | right | refused clearly | silently wrong | crashed | lost |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  const total = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;
  for (const [row, c] of counts) {
    const tried = VERDICTS.reduce((n, v) => n + c[v], 0);
    for (const v of VERDICTS) total[v] += c[v];
    lines.push(`| ${row} | ${tried} | ${VERDICTS.map((v) => c[v]).join(' | ')} |`);
  }
  lines.push(`| **all** | ${VERDICTS.reduce((n, v) => n + total[v], 0)} | ${VERDICTS.map((v) => total[v]).join(' | ')} |`);
  return lines.join('\n');
}

const root = mkdtempSync(join(tmpdir(), 'kalla-fuzz-'));
let n = 0;
const fresh = () => {
  const d = join(root, String(n++));
  return d;
};
afterAll(() => {
  console.log(`\nfuzz-and-fault counts (seed ${SEED}):\n${table()}\n${failures.length ? `\nfindings:\n${failures.join('\n')}` : ''}`);
  rmSync(root, { recursive: true, force: true });
});

const worlds = fc.sample(worldArb, { seed: SEED, numRuns: Math.max(3, WORLDS_PER_MUTATION * 3) });

describe('fuzz: mutated exports with ground truth', () => {
  for (const [m, mutation] of MUTATIONS.entries()) {
    it(`${mutation.family}: ${mutation.name}`, async () => {
      for (let k = 0; k < WORLDS_PER_MUTATION; k++) {
        const world = fitWorld(worlds[(m + k) % worlds.length], mutation);
        const dir = fresh();
        mkdirSync(dir, { recursive: true });
        const built = await mutation.build(world);
        const outcome: Outcome = await runWorld(dir, world, built);
        count(mutation.family, outcome.verdict, mutation.name, outcome.why);
        expect.soft(outcome.verdict, `${mutation.name} (world ${k}): ${outcome.why}`).not.toMatch(/silently wrong|crashed|lost/);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('the judge', () => {
  it('calls a confirmed pair whose amounts truly differ silently wrong (the suite can fail)', async () => {
    const world = worlds[0];
    const lie = { ...world, pairs: world.pairs.map((p, i) => (i === 0 ? { ...p, paid: p.cents + 100 } : p)) };
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    // The files say the first pair agrees; the truth handed to the judge says it does not.
    const honest = await MUTATIONS.find((m) => m.name === 'crlf')!.build(fitWorld(world, MUTATIONS[0]));
    const outcome = await runWorld(dir, lie, honest);
    expect(outcome.verdict).toBe('silently wrong');
  });
});

describe('metamorphic relations', () => {
  for (const relation of METAMORPHIC) {
    it(relation.name, async () => {
      for (let k = 0; k < METAMORPHIC_WORLDS; k++) {
        const verdict = await relation.check(worlds[k], fresh);
        count('metamorphic', verdict.verdict, relation.name, verdict.why);
        expect.soft(verdict.verdict, `${relation.name} (world ${k}): ${verdict.why}`).toBe('right');
      }
    });
  }
});

describe('faults', () => {
  for (const fault of FAULTS) {
    it(fault.name, async () => {
      const verdict = await fault.run(fresh);
      if (verdict === null) return; // not possible on this machine (e.g. no root for a mount)
      count('faults', verdict.verdict, fault.name, verdict.why);
      expect.soft(verdict.verdict, `${fault.name}: ${verdict.why}`).toMatch(/right|refused clearly/);
    }, 60_000);
  }
});
