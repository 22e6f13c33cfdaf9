/**
 * Wide schemas for the mapping step (issue 27): a generator of column blocks like a wide ERP export,
 * and the mapping computed the way it was before the wide-file work (the reference the fast path
 * must equal). Used by `npm run bench:wide-mapping` and tests/recon-server/wide-mapping.test.ts.
 */
import { calibratedConfidence, MAPPING_THRESHOLD, roleOf, scoreAllPairs } from '../../src/engines/recon-local/field-mappings';
import type { DetectedMapping, DetectFieldMappingsInput } from '../../src/shared/reconcile/mcp-tools';

/**
 * Blocks of columns like issue 27's 5,000 × 50 file: a shared reference, amount and date, then
 * amounts, codes, dates and notes whose names share a class word, so every pair within a block is
 * a candidate and most amount, date and note pairs really score above the threshold (millions at
 * 5,000 columns). Deterministic.
 */
export function blockInput(width: number): DetectFieldMappingsInput {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const kinds = ['amt', 'code', 'day', 'note'];
  const typeOf = (name: string) => (name.includes('amt') || name === 'amount' ? 'decimal' : name.includes('day') || name === 'date' ? 'date' : 'varchar');
  const cols = (side: string) => ['ref', 'amount', 'date', ...Array.from({ length: width - 3 }, (_, i) => `${side}_${kinds[(i + 3) % 4]}_${i + 3}`)].map((name) => ({ name, data_type: typeOf(name) }));
  const rows = (side: string) =>
    Array.from({ length: 20 }, (_, r) => {
      const row: Record<string, unknown> = { ref: `INV-${1000 + r}`, amount: (100 + r * 13.37).toFixed(2), date: `2026-03-${String(1 + r).padStart(2, '0')}` };
      for (let i = 3; i < width; i++) {
        const k = i % 4;
        const day = () => `2025-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
        row[`${side}_${kinds[k]}_${i}`] = k === 0 ? (rnd() * 10000).toFixed(2) : k === 1 ? `${side.toUpperCase()}${Math.floor(rnd() * 1e6)}` : k === 2 ? day() : `word${Math.floor(rnd() * 50)} thing`;
      }
      return row;
    });
  return { schema_a: { alias: 'a', columns: cols('l') }, schema_b: { alias: 'b', columns: cols('r') }, sample_a: rows('l'), sample_b: rows('r') };
}

/**
 * The mapping as it was computed before the wide-file work: every pair's evidence with its notes,
 * one stable sort by score, name evidence and column position, then the greedy one-to-one choice.
 */
export function referenceMappings(input: DetectFieldMappingsInput): DetectedMapping[] {
  const { left, right, candidates } = scoreAllPairs(input);
  const sorted = [...candidates].sort((x, y) => y.score - x.score || y.evidence.name - x.evidence.name || x.i + x.j - (y.i + y.j));
  const [usedA, usedB] = [new Set<number>(), new Set<number>()];
  const out: DetectedMapping[] = [];
  for (const c of sorted) {
    if (c.score < MAPPING_THRESHOLD) break;
    if (usedA.has(c.i) || usedB.has(c.j)) continue;
    usedA.add(c.i);
    usedB.add(c.j);
    const [a, b] = [left[c.i], right[c.j]];
    out.push({ field_a: a.name, field_b: b.name, confidence: calibratedConfidence(c.score), reason: c.evidence.notes.join('; ') || 'compatible types and names', role: roleOf(a, b, c.evidence) });
  }
  return out;
}
