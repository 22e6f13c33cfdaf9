import { describe, expect, it } from 'vitest';
import { confidencePercent, differenceWords, explainGroup } from '../../../src/shared/group-explanation';

const money = (n: number) => n.toFixed(2);

describe('why a group matched', () => {
  it('names the rule, the booked difference and the confidence', () => {
    const g = { rule_id: 'reference-less-fee', score: 0.984, amount_delta: 7.5, difference_reason: 'bank_fee' as const, left_ids: [1], right_ids: [9] };
    expect(explainGroup(g, money)).toBe('matched by rule “reference-less-fee”; bank fee of 7.50; confidence 98 %');
  });
  it('says a group of several rows adds up, and an unnamed difference is just a difference', () => {
    const g = { rule_id: 'reference-multi-invoice', score: 1, amount_delta: 0, left_ids: [1, 2, 3], right_ids: [9] };
    expect(explainGroup(g, money)).toBe('matched by rule “reference-multi-invoice”; 3 ↔ 1 rows whose sums agree; confidence 100 %');
    expect(explainGroup({ ...g, left_ids: [1], amount_delta: -0.03, score: 0.7 }, money)).toBe('matched by rule “reference-multi-invoice”; amounts differ by 0.03; confidence 70 %');
  });
  it('keeps the confidence within 0–100 %', () => {
    expect(confidencePercent({ score: 1.2 })).toBe(100);
    expect(confidencePercent({ score: -1 })).toBe(0);
  });
});

describe('a rule\'s accepted differences in words', () => {
  it('says a fee the payer deducts as less and a charge it adds (a negative fixed difference) as plus', () => {
    expect(differenceWords({ reason: 'bank_fee', fixed: [7.5, -395], percent: [2] })).toBe('less 7.50 or plus 395.00 or less 2 %');
    expect(differenceWords({ reason: 'tax_withheld', fixed: [], percent: [], withheld: { column: 'Net', percent: [2] } })).toBe('less 2 % of Net withheld');
  });
});
