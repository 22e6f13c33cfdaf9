/**
 * npm run bench:ai — quality and latency of the local (offline) engines on the
 * labelled evaluation sets in tests/fixtures/recon-eval, with an exact-name
 * baseline from the same run for comparison.
 *
 *   --errors   also list every mapping/filter the engine got wrong
 *   --json     print the figures as JSON (for CI dashboards)
 */
import { performance } from 'node:perf_hooks';
import { detectFieldMappingsLocal, parseNlFilterLocal, suggestMatchRulesLocal } from '../../src/engines/recon-local';
import type { DetectFieldMappingsInput } from '../../src/shared/reconcile/mcp-tools';
import { evaluateFilters, evaluateMappings, exactNameBaseline, filterInput, mappingInput } from '../../tests/fixtures/recon-eval/evaluate';
import { filterCases } from '../../tests/fixtures/recon-eval/filter-sentences';
import { heldOutFilterCases } from '../../tests/fixtures/recon-eval/filter-sentences-held-out';
import { mappingPairs } from '../../tests/fixtures/recon-eval/mapping-pairs';
import { heldOutMappingPairs } from '../../tests/fixtures/recon-eval/mapping-pairs-held-out';

const args = new Set(process.argv.slice(2));

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

function time(fn: () => void, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Two 50-column schemas with 5 sample rows each: the latency budget case (≤ 20 ms). */
function wideInput(): DetectFieldMappingsInput {
  const pool = mappingPairs.flatMap((p) => p.schema_a.columns.map((c) => ({ c, rows: p.sample_a.map((r) => r[c.name]) })));
  const poolB = mappingPairs.flatMap((p) => p.schema_b.columns.map((c) => ({ c, rows: p.sample_b.map((r) => r[c.name]) })));
  const pick = (src: typeof pool, offset: number) => {
    const cols: typeof pool = [];
    const names = new Set<string>();
    // Spread the picks over all domains; every index is visited at most once.
    for (let k = 0; k < src.length && cols.length < 50; k++) {
      const x = src[(offset + k * 13) % src.length];
      if (!names.has(x.c.name)) {
        names.add(x.c.name);
        cols.push(x);
      }
    }
    return cols;
  };
  const a = pick(pool, 0);
  const b = pick(poolB, 3);
  const rows = (cols: typeof pool) => Array.from({ length: 5 }, (_, r) => Object.fromEntries(cols.map((x) => [x.c.name, x.rows[r % Math.max(1, x.rows.length)] ?? null])));
  return {
    schema_a: { alias: 'wide_a', columns: a.map((x) => x.c) },
    schema_b: { alias: 'wide_b', columns: b.map((x) => x.c) },
    sample_a: rows(a),
    sample_b: rows(b),
  };
}

const fmt = (x: number) => x.toFixed(3);
const ms = (x: number) => `${x.toFixed(2)} ms`;

const local = evaluateMappings(detectFieldMappingsLocal);
const baseline = evaluateMappings(exactNameBaseline);
const heldOutMap = evaluateMappings(detectFieldMappingsLocal, heldOutMappingPairs);
const heldOutBaseline = evaluateMappings(exactNameBaseline, heldOutMappingPairs);
const filters = evaluateFilters(parseNlFilterLocal);
const heldOut = evaluateFilters(parseNlFilterLocal, heldOutFilterCases);

// Warm up the JIT, then measure.
for (const p of mappingPairs) detectFieldMappingsLocal(mappingInput(p));
const mapLatency = mappingPairs.flatMap((p) => time(() => detectFieldMappingsLocal(mappingInput(p)), 5));
const wide = wideInput();
const wideLatency = time(() => detectFieldMappingsLocal(wide), 30);
const filterLatency = filterCases.flatMap((c) => time(() => parseNlFilterLocal(filterInput(c)), 3));
const rulesLatency = mappingPairs.flatMap((p) => {
  const mappings = detectFieldMappingsLocal(mappingInput(p)).mappings;
  return time(() => suggestMatchRulesLocal({ schema_a: p.schema_a, schema_b: p.schema_b, mappings, sample_a: p.sample_a, sample_b: p.sample_b }), 3);
});

const figures = {
  mapping: {
    pairs: local.pairs,
    local: { precision: local.precision, recall: local.recall, f1: local.f1, roleAccuracy: local.roleAccuracy },
    baselineExactName: { precision: baseline.precision, recall: baseline.recall, f1: baseline.f1 },
    f1Ratio: baseline.f1 > 0 ? local.f1 / baseline.f1 : null,
    heldOut: {
      pairs: heldOutMap.pairs,
      local: { precision: heldOutMap.precision, recall: heldOutMap.recall, f1: heldOutMap.f1 },
      baselineExactName: { f1: heldOutBaseline.f1 },
    },
    calibration: local.calibration,
    ece: local.ece,
  },
  filters: {
    sentences: filters.sentences,
    exactMatch: filters.accuracy,
    heldOut: { sentences: heldOut.sentences, exactMatch: heldOut.accuracy },
  },
  latencyMs: {
    detectPerPair: { p50: percentile(mapLatency, 50), p95: percentile(mapLatency, 95) },
    detect50x50: { p50: percentile(wideLatency, 50), p95: percentile(wideLatency, 95) },
    parseFilter: { p50: percentile(filterLatency, 50), p95: percentile(filterLatency, 95) },
    suggestRules: { p50: percentile(rulesLatency, 50), p95: percentile(rulesLatency, 95) },
  },
};

if (args.has('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log(`kalla-recon local engine — evaluation (${new Date().toISOString()})\n`);
  console.log(`Field mappings: ${local.pairs} schema pairs, ${local.truePositives + local.falseNegatives} labelled pairs`);
  console.log(`  local     P ${fmt(local.precision)}  R ${fmt(local.recall)}  F1 ${fmt(local.f1)}  (role accuracy ${fmt(local.roleAccuracy)})`);
  console.log(`  baseline  P ${fmt(baseline.precision)}  R ${fmt(baseline.recall)}  F1 ${fmt(baseline.f1)}  (exact-name matcher)`);
  console.log(`  F1 ratio local/baseline: ${figures.mapping.f1Ratio === null ? 'n/a' : `${figures.mapping.f1Ratio.toFixed(2)}×`}`);
  console.log(`  held-out (${heldOutMap.pairs} pairs, unseen exports): local P ${fmt(heldOutMap.precision)}  R ${fmt(heldOutMap.recall)}  F1 ${fmt(heldOutMap.f1)}; baseline F1 ${fmt(heldOutBaseline.f1)}`);
  console.log(`  confidence calibration (expected calibration error ${fmt(local.ece)}; bucket: count, share correct, mean confidence):`);
  for (const b of local.calibration) console.log(`    ${b.bucket}: ${String(b.count).padStart(3)}  ${fmt(b.precision)}  ${fmt(b.meanConfidence)}`);
  console.log(`\nNL filters: exact match ${filters.exact}/${filters.sentences} = ${fmt(filters.accuracy)} (tuning set)`);
  console.log(`            exact match ${heldOut.exact}/${heldOut.sentences} = ${fmt(heldOut.accuracy)} (held-out set, written after tuning, never tuned on)`);
  console.log('\nLatency (local engine):');
  for (const [name, l] of Object.entries(figures.latencyMs)) console.log(`  ${name.padEnd(14)} p50 ${ms(l.p50)}  p95 ${ms(l.p95)}`);
  console.log(`  (detect50x50 = two 50-column schemas with 5 sample rows; budget 20 ms)`);
  if (args.has('--errors')) {
    console.log('\nMapping errors:');
    for (const e of [...local.errors, ...heldOutMap.errors]) console.log(`  ${e.pair}: missing [${e.missing.join(', ')}] extra [${e.extra.join(', ')}]`);
    console.log('\nFilter errors:');
    for (const e of [...filters.errors, ...heldOut.errors]) console.log(`  [${e.context}] ${e.text}\n     expected ${e.expected.join(' | ')}\n     got      ${e.got.join(' | ')}  unparsed ${JSON.stringify(e.unparsed)}`);
  }
}
