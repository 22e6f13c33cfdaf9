/**
 * Cash-application rules from learned facts (cash-learning.ts), merged into the cascade
 * suggest_match_rules proposed (issue 25: a scored model at the centre, group rules around it):
 *
 *   exact reference column (from the base cascade, auto)
 *   scored 1:1, amounts that agree (matching/scored.ts): every validated reference column of the
 *     open items found in any statement text, exactly or with one typo, the counterparty, the
 *     amount (equal or by a learned fee / discount / rounding) and the dates, weighed by weights
 *     estimated from the data; auto from 99.5 % estimated probability when no other pair is as likely
 *   one invoice paid in instalments: lines with its reference add up (1:N, auto)
 *   one payment naming several open items that add up, credit notes included (N:1, auto)
 *   several invoices of one counterparty adding up to a payment with no reference
 *     (N:1 bounded subset-sum; auto only when exactly one set fits)
 *   collections: every open item due on one day (of one payment method) adding up to one line (N:1, auto)
 *   scored 1:1 again for what is left, allowing short, over and part payments (suggested only)
 *
 * Rules that match without the counterparty (amount + date only) are dropped once a counterparty
 * is known: they suggested other customers' payments of the same amount.
 */
import type { FieldMapping, KeyNormaliser, MatchKey, MatchRule } from '../../../shared/reconcile/recipe';
import { fixedDifferenceWords } from '../../../shared/group-explanation';
import { COLLECTION_DAYS, type CashFacts } from './cash-learning';

export interface CashRules {
  rules: MatchRule[];
  notes: string[];
}

const money = (n: number) => n.toFixed(2);
/** Learned fixed differences in words, as the rule card says them ("less 15.00 / plus 395.00"). */
const feeWords = (fixed: number[]) => fixed.map(fixedDifferenceWords).join(' / ');

/** The scored rule confirms a pair automatically from this estimated probability on (issue 25: ≥ 99.5 % precision). */
export const AUTO_AT = 0.995;

export function cashRules(facts: CashFacts, mappings: FieldMapping[], base: MatchRule[]): CashRules {
  const amountMap = mappings.find((m) => m.role === 'amount');
  const dateMap = mappings.find((m) => m.role === 'date');
  if (!amountMap) return { rules: base, notes: [] };
  if (facts.reversed) {
    return {
      rules: base,
      notes: [
        `the open items are the right source${facts.roles?.reasons.length ? ` (${facts.roles.reasons.join('; ')})` : ' (their references are unique there)'}, so the cash-application rules (references in text, instalments, multi-invoice and batch payments, learned fees) are not proposed; swap the sources to get them`,
      ],
    };
  }
  const flip = facts.flipSign;
  const amount = (tolerance_abs = 0) => ({ left: amountMap.field_a, right: amountMap.field_b, tolerance_abs, tolerance_pct: 0, flip_sign: flip });
  // The open items' date the payments follow most closely, checked on reference-tied pairs.
  const datePair = facts.date ? { left: facts.date.left, right: facts.date.right } : dateMap ? { left: dateMap.field_a, right: dateMap.field_b } : null;
  const date = (window_days: number) => (datePair ? { date: { ...datePair, window_days } } : {});
  // A payer's batch covers items whose dates lie as far from the payment as 99 % of named payments
  // do, and two weeks more. (90 % cut off the aged invoices a payer clears together: a tenth of
  // au-bpay's named payments came 60+ days after the due date, and its batches of them were lost.)
  const batchWindow = Math.max(60, (facts.date?.p99 ?? facts.date?.p90 ?? 0) + 14);
  const rules: MatchRule[] = [];
  const notes: string[] = [];
  if (facts.date) {
    const instead = dateMap && dateMap.field_a !== facts.date.left ? `, not ${dateMap.field_a}` : '';
    notes.push(`dates: ${facts.date.left} ↔ ${facts.date.right}${instead}: 90 % of ${facts.date.pairs} payments naming one item came within ${facts.date.p90} days of it`);
  }
  const exact = base.find((r) => r.id === 'exact-key');
  if (exact) rules.push(exact);

  const refs = facts.shape && facts.leftKey && facts.referenceColumns.length > 0 ? facts.referenceColumns : null;
  const key = facts.leftKey ? { field_a: facts.leftKey } : null;
  const references = facts.references.slice(0, 4).map((r) => ({ left: r.left, right: r.right.map((c) => c.name), groups: r.shape, ...(r.strict ? { strict: true } : {}) }));
  const learned = facts.fixed.length > 0 || facts.percent.length > 0 || facts.wholePercent.length > 0 || Boolean(facts.withheld);
  const withheld = facts.withheld ? { withheld: facts.withheld } : {};
  const withheldWords = facts.withheld ? `${facts.withheld.percent.map((p) => `${p} %`).join(' / ')} of ${facts.withheld.column}` : '';
  const differences = learned ? { differences: { reason: 'bank_fee' as const, fixed: facts.fixed, percent: facts.percent, ...(facts.wholePercent.length > 0 ? { whole_percent: facts.wholePercent } : {}), ...withheld } } : {};
  const partyId = facts.partyId ? { party_id: { left: facts.partyId.left, right: facts.partyId.right } } : {};
  const modelled = references.length > 0 || facts.party !== null || Boolean(facts.partyId);
  const scored = (amounts: 'settled' | 'open') => ({
    keys: [],
    amount: { ...amount(facts.rounding > 0 ? facts.rounding + 0.001 : 0), ...differences },
    ...date(365),
    cardinality: '1:1' as const,
    model: { references, ...(facts.party ? { party: facts.party } : {}), ...partyId, ...(facts.fx ? { fx: facts.fx } : {}), amounts, auto_at: AUTO_AT, suggest_at: 0.5 },
  });
  if (modelled) {
    rules.push({ id: 'scored', name: 'Scored: reference, amount, date and counterparty weighed together', ...scored('settled'), auto_confirm: true });
    const evidence = [
      ...facts.references.slice(0, 4).map(
        (r) =>
          `${r.left} written in ${r.right.map((c) => `${c.name} (${(c.share * 100).toFixed(1)} % of lines)`).join(', ')}` +
          (r.agreement !== null ? `, paying within 10 % of that item's amount in ${(r.agreement * 100).toFixed(0)} % of ${r.lines} lines (${(r.ratio ?? 0).toFixed(0)}× chance)` : ''),
      ),
      ...(facts.party ? [`the counterparty ${facts.party.left} ↔ ${facts.party.right}`] : []),
      ...(facts.partyId
        ? [
            `the payer's ${facts.partyId.left} written in ${facts.partyId.right} (${(facts.partyId.share * 100).toFixed(1)} % of lines; the customer has an item of about the paid amount in ${(facts.partyId.agreement * 100).toFixed(0)} % of ${facts.partyId.lines}, another customer in ${(facts.partyId.chance * 100).toFixed(0)} %), read as the counterparty and as no other reference`,
          ]
        : []),
    ];
    notes.push(
      `each line is scored against the open items it could pay — ${evidence.join('; ')}; with the amount and the dates — by weights estimated from these files; a pair at least ${(AUTO_AT * 100).toFixed(1)} % likely, with no other as likely, confirms automatically, the rest above 50 % is suggested`,
    );
    for (const r of facts.rejectedReferences) {
      notes.push(`${r.left} is also written in ${r.right.map((c) => c.name).join(', ')}, but those lines pay that item's amount no more often than chance (${((r.agreement ?? 0) * 100).toFixed(0)} %), so it is not used as a reference`);
    }
    if (learned) {
      const kept = [
        facts.fixed.length > 0 ? `the fee ${facts.fixed.map((f) => `${money(Math.abs(f))} (${f > 0 ? 'deducted' : 'added by the payer'})`).join(' / ')}` : '',
        facts.percent.length > 0 ? `the discount ${facts.percent.map((p) => `${p} %`).join(' / ')}` : '',
        facts.wholePercent.length > 0 ? `a deduction of ${facts.wholePercent.map((p) => `${p} %`).join(' / ')} rounded to whole units (a tax withheld)` : '',
        facts.withheld ? `a tax withheld at ${withheldWords}` : '',
      ];
      notes.push(`in ${facts.pairs} reference-tied pairs ${kept.filter(Boolean).join(' and ')} recurs; a payment off by exactly that is named bank_fee, discount or tax_withheld for booking`);
    }
    if (facts.rounding > 0) notes.push(`differences of up to ${money(facts.rounding)} recur between referenced pairs; they match as rounding`);
    if (facts.fx && facts.fx.rates.length > 0) {
      notes.push(
        `open items in ${facts.fx.rates.map((r) => `${r.currency} (paid at about ${r.rate.toFixed(4)} ${facts.fx!.home} each)`).join(', ')} are matched by reference at a rate within 5 % of that, and only suggested, with the implied rate`,
      );
    } else if (facts.fx) {
      notes.push(`open items carry currencies in ${facts.fx.column} besides ${facts.fx.home}, but no rate could be learned (fewer than 3 payments naming one such item); supply rates with --fx-rates or in the recipe's model.fx.rates`);
    }
  }
  let refKey: MatchKey | undefined;
  if (refs && facts.shape && key) {
    const normalisers: KeyNormaliser[] = [{ kind: 'reference', groups: facts.shape, ...(facts.strict ? { strict: true } : {}) }];
    const [first, ...rest] = refs.map((r) => r.name);
    refKey = { left: key.field_a, right: first, ...(rest.length > 0 ? { right_also: rest } : {}), normalisers };
    rules.push({ id: 'reference-instalments', name: `Instalments: several lines with one ${key.field_a} add up`, keys: [refKey], amount: amount(0.005), ...date(180), cardinality: '1:N', auto_confirm: true });
    rules.push({ id: 'reference-multi-invoice', name: `One payment naming several ${key.field_a} that add up`, keys: [refKey], amount: amount(0.005), ...date(180), cardinality: 'N:1', auto_confirm: true });
    // Every other validated reference column gets the same group rules: a payment may name the
    // invoice numbers (and the credit note's) while the first reference is the creditor reference.
    for (const [i, other] of facts.references.slice(1, 3).entries()) {
      const [o1, ...oRest] = other.right.map((c) => c.name);
      const otherKey = { left: other.left, right: o1, ...(oRest.length > 0 ? { right_also: oRest } : {}), normalisers: [{ kind: 'reference', groups: other.shape, ...(other.strict ? { strict: true } : {}) }] as KeyNormaliser[] };
      rules.push({ id: `reference-instalments-${i + 2}`, name: `Instalments: several lines with one ${other.left} add up`, keys: [otherKey], amount: amount(0.005), ...date(180), cardinality: '1:N', auto_confirm: true });
      rules.push({ id: `reference-multi-invoice-${i + 2}`, name: `One payment naming several ${other.left} that add up`, keys: [otherKey], amount: amount(0.005), ...date(180), cardinality: 'N:1', auto_confirm: true });
    }
    const each = facts.references.length > 1 ? ` (for each of ${facts.references.slice(0, 3).map((r) => r.left).join(', ')})` : '';
    notes.push(`lines carrying the same reference whose amounts add up to the invoice are one instalment group (exact sum, confirmed automatically)${each}`);
    notes.push(`a payment naming several open items whose amounts add up to it (credit notes count negative) pays all of them (exact sum, confirmed automatically)${each}`);
    if (facts.fixed.length > 0) {
      rules.push({
        id: 'reference-multi-invoice-less-fee',
        name: `One payment naming several ${key.field_a}, ${feeWords(facts.fixed)} (bank_fee)`,
        keys: [refKey],
        amount: { ...amount(0), differences: { reason: 'bank_fee', fixed: facts.fixed, percent: [] } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
      notes.push('the same, when the payment is off by exactly a learned fee (deducted, or a charge the payer adds)');
    }
    if (facts.percent.length > 0) {
      // An EDI remittance (CTX 820) pays each invoice less its early-payment discount: the
      // payment is the named total less that percentage (each member rounded to the cent).
      rules.push({
        id: 'reference-multi-invoice-less-discount',
        name: `One payment naming several ${key.field_a}, less ${facts.percent.map((p) => `${p} %`).join(' / ')} (discount)`,
        keys: [refKey],
        amount: { ...amount(0), differences: { reason: 'discount', fixed: [], percent: facts.percent } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
      notes.push(`the same, when the payment is its items less ${facts.percent.map((p) => `${p} %`).join(' / ')} (an early-payment discount)`);
    }
    if (facts.withheld) {
      // A withholding agent pays several invoices less the tax withheld on each one's base.
      rules.push({
        id: 'reference-multi-invoice-less-withholding',
        name: `One payment naming several ${key.field_a}, less ${withheldWords} (tax_withheld)`,
        keys: [refKey],
        amount: { ...amount(0), differences: { reason: 'tax_withheld', fixed: [], percent: [], withheld: facts.withheld } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
      notes.push(`the same, when the payment is its items less ${withheldWords} (a tax withheld)`);
    }
  }

  // A value several open items share (a billing note) named by a line: the line pays all of them,
  // or all of them less a learned percentage (a tax withheld on the invoices' net).
  for (const [i, g] of (facts.groupReferences ?? []).slice(0, 2).entries()) {
    const [g1, ...gRest] = g.right.map((c) => c.name);
    const setKey: MatchKey = { left: g.left, right: g1, ...(gRest.length > 0 ? { right_also: gRest } : {}), normalisers: [{ kind: 'reference', groups: g.shape, ...(g.strict ? { strict: true } : {}) }] };
    const id = `reference-set${i === 0 ? '' : `-${i + 1}`}`;
    rules.push({ id, name: `One payment naming a ${g.left} for all its open items`, keys: [setKey], amount: amount(0.005), ...date(180), cardinality: 'N:1', auto_confirm: true });
    if (facts.percent.length > 0) {
      rules.push({
        id: `${id}-less-discount`,
        name: `One payment naming a ${g.left} for all its open items, less ${facts.percent.map((p) => `${p} %`).join(' / ')}`,
        keys: [setKey],
        amount: { ...amount(0), differences: { reason: 'discount', fixed: [], percent: facts.percent } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
    }
    if (facts.withheld) {
      rules.push({
        id: `${id}-less-withholding`,
        name: `One payment naming a ${g.left} for all its open items, less ${withheldWords}`,
        keys: [setKey],
        amount: { ...amount(0), differences: { reason: 'tax_withheld', fixed: [], percent: [], withheld: facts.withheld } },
        ...date(180),
        cardinality: 'N:1',
        auto_confirm: true,
      });
    }
    notes.push(
      `${g.left} is shared by several open items and written in ${g.right.map((c) => c.name).join(', ')}: the lines naming one pay the sum of its items within 10 % in ${((g.agreement ?? 0) * 100).toFixed(0)} % of ${g.lines} lines (${(g.ratio ?? 0).toFixed(0)}× chance), so a line naming it pays all of them (exact sum${facts.percent.length > 0 ? `, or less ${facts.percent.map((p) => `${p} %`).join(' / ')}` : ''}${facts.withheld ? `, or less ${withheldWords}` : ''}, confirmed automatically)`,
    );
  }

  // A payer named at the start of a statement text is read as the longest word-prefix that is a customer's name.
  const partyKey = facts.party ? { left: facts.party.left, right: facts.party.right, normalisers: [{ kind: 'name', ...(facts.party.in_text ? { in_text: true } : {}) }] as KeyNormaliser[] } : null;
  if (facts.party && partyKey) {
    // The open items a payment names are part of its batch (a remittance text cut short names two of five).
    rules.push({
      id: 'counterparty-batch',
      name: `Several open invoices of one ${facts.party.left} add up to a payment`,
      keys: [partyKey],
      ...(refKey ? { named: refKey } : {}),
      amount: amount(0.005),
      ...date(batchWindow),
      cardinality: 'N:1',
      auto_confirm: true,
    });
    notes.push(
      `a payment without a usable reference is matched to 2–6 open invoices of the same counterparty (${facts.party.left} ↔ ${facts.party.right}) ${datePair ? `within ${batchWindow} days` : 'of any date (no date pair was learned)'} that add up to it exactly${refKey ? `; the ones it names (${refKey.left}) must be among them, and credit notes may net` : ''}; when two different sets fit, it is only suggested; when other sets come within a few units of it, an exact one is chance and${refKey ? ', unless the payment names one of them,' : ''} the payment is left for you`,
    );
  }
  if (facts.collection) {
    const c = facts.collection;
    rules.push({
      id: 'collection',
      name: `Collections: every open item due on one day${c.by ? ` with one ${c.by}` : ''}${c.of ? ` with ${c.of.column} ${c.of.first_word ? 'starting ' : ''}${c.of.values.join(' / ')}` : ''} paid by one line`,
      keys: [],
      amount: amount(0),
      date: { left: c.due, right: c.right, window_days: COLLECTION_DAYS },
      cardinality: 'N:1',
      collection: { by: c.by ? [c.by] : [], ...(c.of ? { of: c.of } : {}) },
      ...(refKey ? { named: refKey } : {}),
      auto_confirm: true,
    });
    notes.push(
      `on ${c.days} days a line (${c.right}) is the total of every open item due that day${c.by ? ` with the same ${c.by}` : ''}${c.of ? ` with ${c.of.column} ${c.of.first_word ? 'starting ' : ''}${c.of.values.map((v) => `“${v}”`).join(', ')}` : ''} (${c.due}), credited within ${COLLECTION_DAYS} days: such a line pays all of them (a collection: Ri.Ba., direct debit)${refKey ? `; a later debit naming one of them for its amount is its return, and that item stays open` : ''}`,
    );
  }
  if (modelled) {
    rules.push({ id: 'scored-open', name: 'Scored: short, over and part payments and typos in the reference, for review', ...scored('open'), auto_confirm: false });
    notes.push('what is left is scored again allowing short, over and part payments (named short_payment, overpayment, part_payment) and references with one typo; these are only suggested');
  }

  if (datePair && modelled) {
    // A lockbox deposit or a cheque shows its amount only. With no payer to tell customers apart,
    // an amount that one open item and one line carry is a pair to look at, never to book.
    // Over every open item, with no date to prefer one: an amount two customers' items share is theirs to tell apart.
    // With a counterparty learned, only the lines no customer's name claims (a cheque deposit among
    // named transfers): a known payer's line is its own items' to settle.
    rules.push({ id: 'amount-only', name: `Same amount, the only open item and the only line with it (no reference, ${partyKey ? 'no known payer' : 'no payer'})`, keys: [], amount: amount(0), cardinality: '1:1', ...(partyKey ? { payer_unknown: partyKey } : {}), auto_confirm: false });
    notes.push(`a line naming nothing${partyKey ? ' and no customer' : ''} is suggested for the one open item of its exact amount, when no other open item or line has that amount`);
  }
  // `exact-field` is the cascade's last resort, a 1:1 key on its first mapped pair. On the amounts
  // it is an equal-amount suggestion (kept, as amount-date is, while no counterparty is known); on
  // another pair (a customer code) it pairs one customer's invoices and payments at random.
  const fallback = base.find((r) => r.id === 'exact-field');
  const onAmounts = fallback?.keys.length === 1 && fallback.keys[0].left === amountMap.field_a && fallback.keys[0].right === amountMap.field_b;
  const superseded = new Set(['exact-key', ...(refs ? ['normalised-key', 'split-payment', 'batch-payment'] : []), ...(facts.party ? ['amount-date'] : []), ...(rules.length > 0 && (!onAmounts || facts.party) ? ['exact-field'] : [])]);
  // The cascade's rules compare the same amounts: with the sign the whole data showed.
  const signed = (r: MatchRule): MatchRule => (r.amount && r.amount.left === amountMap.field_a && r.amount.right === amountMap.field_b ? { ...r, amount: { ...r.amount, flip_sign: flip } } : r);
  for (const rule of base) if (!superseded.has(rule.id)) rules.push(signed(rule));
  if (facts.party && base.some((r) => r.id === 'amount-date')) notes.push('amount + date without the counterparty is not proposed: it pairs other customers’ payments of the same amount');
  return { rules, notes };
}
