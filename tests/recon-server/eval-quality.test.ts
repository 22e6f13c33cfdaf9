/**
 * Quality gate: the local engines must stay above the goals on the labelled
 * evaluation sets (the same figures `npm run bench:ai` prints). Time is not
 * asserted here — the machine is shared; the bench reports latency.
 */
import { describe, expect, it } from 'vitest';
import { detectFieldMappingsLocal, parseNlFilterLocal } from '../../src/engines/recon-local';
import { evaluateFilters, evaluateMappings, exactNameBaseline } from '../fixtures/recon-eval/evaluate';
import { filterCases } from '../fixtures/recon-eval/filter-sentences';
import { heldOutFilterCases } from '../fixtures/recon-eval/filter-sentences-held-out';
import { mappingPairs } from '../fixtures/recon-eval/mapping-pairs';
import { heldOutMappingPairs } from '../fixtures/recon-eval/mapping-pairs-held-out';

describe('evaluation sets', () => {
  it('are large enough to mean something', () => {
    expect(mappingPairs.length).toBeGreaterThanOrEqual(40);
    expect(filterCases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(mappingPairs.map((p) => p.id)).size).toBe(mappingPairs.length);
  });

  it('only label columns that exist', () => {
    for (const p of [...mappingPairs, ...heldOutMappingPairs]) {
      for (const e of p.expected) {
        expect(p.schema_a.columns.map((c) => c.name), p.id).toContain(e.field_a);
        expect(p.schema_b.columns.map((c) => c.name), p.id).toContain(e.field_b);
      }
    }
  });
});

describe('local engine quality', () => {
  it('maps fields with F1 ≥ 0.90 and beats the exact-name baseline', () => {
    const local = evaluateMappings(detectFieldMappingsLocal);
    const baseline = evaluateMappings(exactNameBaseline);
    expect(local.f1).toBeGreaterThanOrEqual(0.9);
    expect(local.precision).toBeGreaterThanOrEqual(0.9);
    expect(local.recall).toBeGreaterThanOrEqual(0.9);
    expect(local.f1).toBeGreaterThan(baseline.f1 * 3);
  });

  it('maps held-out exports with F1 ≥ 0.75 (reported separately, see docs)', () => {
    expect(evaluateMappings(detectFieldMappingsLocal, heldOutMappingPairs).f1).toBeGreaterThanOrEqual(0.75);
  });

  it('has calibrated confidence (expected calibration error ≤ 0.10)', () => {
    expect(evaluateMappings(detectFieldMappingsLocal).ece).toBeLessThanOrEqual(0.1);
  });

  it('parses filter sentences with exact-match accuracy ≥ 0.90', () => {
    expect(evaluateFilters(parseNlFilterLocal).accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('generalises to held-out sentences (≥ 0.80, reported, never tuned on)', () => {
    expect(evaluateFilters(parseNlFilterLocal, heldOutFilterCases).accuracy).toBeGreaterThanOrEqual(0.8);
  });
});
