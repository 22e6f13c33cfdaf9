/**
 * Cash-application rules from learned facts (cash-learning.ts), merged into the cascade
 * suggest_match_rules proposed. Strict to loose:
 *
 *   exact reference column (from the base cascade, auto)
 *   reference found in any reference column or the remittance text, exact amount (auto)
 *   the same with a learned fee or discount as the named difference (auto; the group says why)
 *   one invoice paid in instalments: lines with its reference add up (1:N, auto)
 *   one payment naming several invoices that add up (N:1, auto)
 *   several invoices of one counterparty adding up to a payment with no reference
 *     (N:1 bounded subset-sum; auto only when exactly one set fits)
 *   same counterparty and amount within a window (1:1, suggested: the amount alone decides)
 *
 * A payment that an amount alone would tie to an invoice is never auto-confirmed. Rules that
 * match without the counterparty (amount + date only) are dropped once a counterparty is known:
 * they suggested other customers' payments of the same amount.
 */
import type { FieldMapping, KeyNormaliser, MatchRule } from '../../../shared/recon';
import type { CashFacts } from './cash-learning';

export interface CashRules {
  rules: MatchRule[];
  notes: string[];
}

const money = (n: number) => n.toFixed(2);

export function cashRules(facts: CashFacts, mappings: FieldMapping[], base: MatchRule[]): CashRules {
  const amountMap = mappings.find((m) => m.role === 'amount');
  const dateMap = mappings.find((m) => m.role === 'date');
  if (!amountMap) return { rules: base, notes: [] };
  if (facts.reversed) {
    return {
      rules: base,
      notes: [
        'the open items (unique references) are the right source, so the cash-application rules (references in text, instalments, multi-invoice and batch payments, learned fees) are not proposed; swap the sources to get them',
      ],
    };
  }
  const flip = base.find((r) => r.amount)?.amount?.flip_sign ?? false;
  const amount = (tolerance_abs = 0) => ({ left: amountMap.field_a, right: amountMap.field_b, tolerance_abs, tolerance_pct: 0, flip_sign: flip });
  const date = (window_days: number) => (dateMap ? { date: { left: dateMap.field_a, right: dateMap.field_b, window_days } } : {});
  const rules: MatchRule[] = [];
  const notes: string[] = [];
  const exact = base.find((r) => r.id === 'exact-key');
  if (exact) rules.push(exact);

  const refs = facts.shape && facts.leftKey && facts.referenceColumns.length > 0 ? facts.referenceColumns : null;
  const key = facts.leftKey ? { field_a: facts.leftKey } : null;
  if (refs && facts.shape && key) {
    const normalisers: KeyNormaliser[] = [{ kind: 'reference', groups: facts.shape }];
    const [first, ...rest] = refs.map((r) => r.name);
    const refKey = { left: key.field_a, right: first, ...(rest.length > 0 ? { right_also: rest } : {}), normalisers };
    const where = refs.map((r) => `${r.name} (${(r.share * 100).toFixed(1)} % of lines)`).join(', ');
    rules.push({ id: 'reference-in-text', name: `${key.field_a} found in ${refs.map((r) => r.name).join(' or ')}, equal amount`, keys: [refKey], amount: amount(0.005), ...date(120), cardinality: '1:1', auto_confirm: true });
    notes.push(`references shaped like ${key.field_a} are read from ${where}, whatever their prefix, separators, case or zero padding; with the exact amount they confirm automatically`);
    const differences = [
      { id: 'reference-less-fee', reason: 'bank_fee' as const, fixed: facts.fixed, percent: [], what: facts.fixed.map(money).join(' / '), kind: 'fee' },
      { id: 'reference-less-discount', reason: 'discount' as const, fixed: [], percent: facts.percent, what: facts.percent.map((p) => `${p} %`).join(' / '), kind: 'discount' },
    ];
    for (const d of differences) {
      if (d.fixed.length === 0 && d.percent.length === 0) continue;
      rules.push({
        id: d.id,
        name: `${key.field_a} referenced, paid less ${d.what} (${d.reason})`,
        keys: [refKey],
        amount: { ...amount(0), differences: { reason: d.reason, fixed: d.fixed, percent: d.percent } },
        ...date(120),
        cardinality: '1:1',
        auto_confirm: true,
      });
      notes.push(`in ${facts.pairs} reference-tied pairs the ${d.kind} ${d.what} recurs; a payment short by exactly that matches, with the difference named ${d.reason} for booking`);
    }
    if (facts.rounding > 0) {
      rules.push({
        id: 'reference-rounding',
        name: `${key.field_a} referenced, amounts within ${money(facts.rounding)} (rounding)`,
        keys: [refKey],
        amount: { ...amount(facts.rounding + 0.001), differences: { reason: 'rounding', fixed: [], percent: [] } },
        ...date(120),
        cardinality: '1:1',
        auto_confirm: true,
      });
      notes.push(`differences of up to ${money(facts.rounding)} recur between referenced pairs; they match as rounding`);
    }
    rules.push({ id: 'reference-instalments', name: `Instalments: several lines with one ${key.field_a} add up`, keys: [refKey], amount: amount(0.005), ...date(180), cardinality: '1:N', auto_confirm: true });
    notes.push('lines carrying the same reference whose amounts add up to the invoice are one instalment group (exact sum, confirmed automatically)');
    rules.push({ id: 'reference-multi-invoice', name: `One payment naming several ${key.field_a} that add up`, keys: [refKey], amount: amount(0.005), ...date(180), cardinality: 'N:1', auto_confirm: true });
    notes.push('a payment naming several open invoices whose amounts add up to it pays all of them (exact sum, confirmed automatically)');
    if (facts.fixed.length > 0) {
      rules.push({
        id: 'reference-multi-invoice-less-fee',
        name: `One payment naming several ${key.field_a}, less ${facts.fixed.map(money).join(' / ')} (bank_fee)`,
        keys: [refKey],
        amount: { ...amount(0), differences: { reason: 'bank_fee', fixed: facts.fixed, percent: [] } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
      notes.push('the same, when the payment is short by exactly a learned fee');
    }
  }

  if (refs && key) {
    const refKey = rules.find((r) => r.id === 'reference-in-text')!.keys[0];
    rules.push({
      id: 'reference-short-or-over',
      name: `${key.field_a} referenced, paid up to 20 % less or more`,
      keys: [refKey],
      amount: { ...amount(0), tolerance_pct: 20, differences: { reason: 'short_payment', fixed: [], percent: [] } },
      ...date(180),
      cardinality: '1:1',
      auto_confirm: false,
    });
    notes.push('a payment that references an invoice but pays up to 20 % less or more is suggested as a short payment or overpayment, with the difference, for a person to book');
  }

  if (facts.party) {
    const partyKey = { left: facts.party.left, right: facts.party.right, normalisers: [{ kind: 'name' }] as KeyNormaliser[] };
    rules.push({ id: 'counterparty-batch', name: `Several open invoices of one ${facts.party.left} add up to a payment`, keys: [partyKey], amount: amount(0.005), ...date(60), cardinality: 'N:1', auto_confirm: true });
    notes.push(
      `a payment without a usable reference is matched to 2–6 open invoices of the same counterparty (${facts.party.left} ↔ ${facts.party.right}) within 60 days that add up to it exactly; when two different sets fit, it is only suggested`,
    );
    rules.push({ id: 'counterparty-amount', name: `Same ${facts.party.left} and amount within 60 days`, keys: [partyKey], amount: amount(0), ...date(60), cardinality: '1:1', auto_confirm: false });
    notes.push('a payment of exactly one open invoice of the same counterparty is suggested (the amount alone decides, so a person confirms)');
  }

  const superseded = new Set(['exact-key', ...(refs ? ['normalised-key', 'split-payment', 'batch-payment'] : []), ...(facts.party ? ['amount-date'] : [])]);
  for (const rule of base) if (!superseded.has(rule.id)) rules.push(rule);
  if (facts.party && base.some((r) => r.id === 'amount-date')) notes.push('amount + date without the counterparty is not proposed: it pairs other customers’ payments of the same amount');
  return { rules, notes };
}
