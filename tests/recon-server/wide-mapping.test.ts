/**
 * Issue 27: a 5,000-column × 50-row file through `kalla recon` ran V8 out of heap after minutes.
 * The local mapping detector kept every column pair with its evidence (25M objects at 5,000 ×
 * 5,000), and compared every pair's sample values with fresh Sets. Now only pairs that can be
 * mapped are kept, and pairs that share no value are scored without the pairwise value work.
 * The detector runs here in a child process with a small heap: 1,200 × 1,200 columns (1.44M pairs)
 * needed more than 128 MB before.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFieldMappingsLocal, MAPPING_THRESHOLD, scoreAllPairs, type MappingWork } from '../../src/engines/recon-local/field-mappings';
import { WIDE_RANKING } from '../../src/engines/recon-local/column-similarity';
import { blockInput, referenceMappings } from '../../scripts/bench/wide-mapping-data';

const WIDTH = 1200;

describe('mapping detection on a very wide file', () => {
  it('1,200 × 1,200 columns fit in a 128 MB heap and still map the key, amount and date', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-wide-'));
    try {
      const script = join(dir, 'wide.mts');
      const engine = resolve('src/engines/recon-local/index.ts');
      writeFileSync(
        script,
        `import { detectFieldMappingsLocal } from ${JSON.stringify(engine)};
const cols = (side: string) => ['ref', 'amount', 'date', ...Array.from({ length: ${WIDTH - 3} }, (_, i) => 'c' + i)].map((name) => ({ name, data_type: name === 'amount' ? 'decimal' : name === 'date' ? 'date' : 'varchar' }));
const rows = (side: string) => Array.from({ length: 20 }, (_, r) => {
  const row: Record<string, unknown> = { ref: 'INV-' + (1000 + r), amount: 100 + r + 0.5, date: '2026-01-' + String(r + 1).padStart(2, '0') };
  for (let i = 0; i < ${WIDTH - 3}; i++) row['c' + i] = i % 3 ? side + r + '_' + i : (r * 7919 + i) % 1000;
  return row;
});
const started = Date.now();
const out = detectFieldMappingsLocal({ schema_a: { alias: 'a', columns: cols('a') }, schema_b: { alias: 'b', columns: cols('b') }, sample_a: rows('a'), sample_b: rows('b') } as never);
process.stdout.write(JSON.stringify({ ms: Date.now() - started, mapped: out.mappings.filter((m) => ['ref', 'amount', 'date'].includes(m.field_a)).map((m) => [m.field_a, m.field_b, m.role]) }));
`,
      );
      const r = spawnSync(process.execPath, ['--max-old-space-size=128', '--import', 'tsx', script], { encoding: 'utf8', timeout: 240_000 });
      // Before: "FATAL ERROR: … JavaScript heap out of memory", signal SIGABRT.
      expect(r.stderr).not.toMatch(/heap out of memory/);
      expect(r.status).toBe(0);
      const result = JSON.parse(r.stdout) as { ms: number; mapped: string[][] };
      expect(result.mapped).toEqual([
        ['ref', 'ref', 'key'],
        ['amount', 'amount', 'amount'],
        ['date', 'date', 'date'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('mapping detection on a wide file whose pairs really score', () => {
  it('1,200 × 1,200 columns in blocks fit in a 96 MB heap (the kept pairs hold no evidence objects)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kalla-wide-'));
    try {
      const script = join(dir, 'blocks.mts');
      writeFileSync(
        script,
        `import { detectFieldMappingsLocal } from ${JSON.stringify(resolve('src/engines/recon-local/index.ts'))};
import { blockInput } from ${JSON.stringify(resolve('scripts/bench/wide-mapping-data.ts'))};
const out = detectFieldMappingsLocal(blockInput(1200));
process.stdout.write(JSON.stringify(out.mappings.slice(0, 3).map((m) => [m.field_a, m.field_b, m.role])));
`,
      );
      // Before: each of the ~290k kept pairs held its evidence and a sentence: out of heap (signal 6).
      const r = spawnSync(process.execPath, ['--max-old-space-size=96', '--import', 'tsx', script], { encoding: 'utf8', timeout: 240_000 });
      expect(r.stderr).not.toMatch(/heap out of memory/);
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual([
        ['ref', 'ref', 'key'],
        ['amount', 'amount', 'amount'],
        ['date', 'date', 'date'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

/** Deterministic generator so a failure reproduces. */
function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('the wide-schema shortcut is exact', () => {
  it('600 × 600 columns: the pairs kept by candidatePairs are exactly those scoring ≥ the threshold', () => {
    const next = rng(27);
    const pick = <T,>(xs: T[]) => xs[Math.floor(next() * xs.length)];
    const stems = ['amount', 'betrag', 'date', 'datum', 'ref', 'reference', 'invoice_no', 'customer', 'name', 'memo', 'iban', 'account', 'status', 'currency', 'qty', 'cost_center', 'cost_centre', 'c', 'x', 'field'];
    const kinds = ['varchar', 'decimal', 'date', 'boolean'] as const;
    const schema = (side: string) =>
      Array.from({ length: 600 }, (_, i) => ({ name: `${pick(stems)}${next() < 0.5 ? `_${i}` : i}`, data_type: pick([...kinds]) }));
    const value = (type: string, r: number) => {
      if (type === 'decimal') return next() < 0.5 ? Math.round(next() * 500) / 100 : Math.floor(next() * 40);
      if (type === 'date') return `2026-0${1 + Math.floor(next() * 3)}-1${Math.floor(next() * 9)}`;
      if (type === 'boolean') return next() < 0.5;
      return pick([`INV-${1000 + Math.floor(next() * 30)}`, `payment INV-${1000 + Math.floor(next() * 30)} thanks`, pick(['acme', 'globex', 'initech']) + r, `${Math.floor(next() * 99)}`]);
    };
    const rows = (cols: { name: string; data_type: string }[]) => Array.from({ length: 20 }, (_, r) => Object.fromEntries(cols.map((c) => [c.name, value(c.data_type, r)])));
    const a = schema('a');
    const b = schema('b');
    const input = { schema_a: { alias: 'a', columns: a }, schema_b: { alias: 'b', columns: b }, sample_a: rows(a), sample_b: rows(b) } as never;
    const key = (c: { i: number; j: number; score: number }) => `${c.i}:${c.j}:${c.score}`;
    const full = scoreAllPairs(input).candidates.filter((c) => c.score >= MAPPING_THRESHOLD).map(key).sort();
    const fast = scoreAllPairs(input, MAPPING_THRESHOLD).candidates.map(key).sort();
    expect(full.length).toBeGreaterThan(100);
    expect(fast).toEqual(full);
    // And the mapping itself (pairs, confidences, reasons, roles) is the one every pair's evidence gives.
    const mapped = detectFieldMappingsLocal(input).mappings.map((m) => ({ ...m }));
    expect(mapped.length).toBeGreaterThan(50);
    expect([...mapped].sort((x, y) => x.field_a.localeCompare(y.field_a))).toEqual([...referenceMappings(input)].sort((x, y) => x.field_a.localeCompare(y.field_a)));
  }, 240_000);

  it('520 × 520 columns in blocks: the same mapping as every pair scored with its evidence', () => {
    const input = blockInput(520);
    const mapped = detectFieldMappingsLocal(input).mappings;
    expect(mapped.length).toBeGreaterThan(300);
    expect([...mapped].sort((x, y) => x.field_a.localeCompare(y.field_a))).toEqual([...referenceMappings(input)].sort((x, y) => x.field_a.localeCompare(y.field_a)));
  }, 240_000);
});


describe('the mapping work of a very wide file grows with its width, not with its pairs', () => {
  it('above 1,000 × 1,000 columns each left column scores at most its 24 best-ranked pairs', () => {
    // Issue 27: 5,000 × 5,000 block columns met ~10M pairs through shared keys and scored each (30 s CPU).
    const scored = (width: number) => {
      const work: MappingWork = { scored: 0 };
      const out = detectFieldMappingsLocal(blockInput(width), work);
      expect(out.mappings.slice(0, 3).map((m) => [m.field_a, m.field_b, m.role])).toEqual([
        ['ref', 'ref', 'key'],
        ['amount', 'amount', 'amount'],
        ['date', 'date', 'date'],
      ]);
      return work.scored;
    };
    const [narrow, wide] = [scored(1100), scored(2200)];
    expect(narrow).toBeLessThanOrEqual(WIDE_RANKING.perLeft * 1100);
    expect(wide).toBeLessThanOrEqual(WIDE_RANKING.perLeft * 2200);
    // Twice the columns, four times the pairs: at most twice the work.
    expect(wide).toBeLessThanOrEqual(2 * narrow + WIDE_RANKING.perLeft);
  }, 240_000);
});
