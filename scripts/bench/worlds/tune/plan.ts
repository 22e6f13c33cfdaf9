/**
 * The world-agnostic case plan shared by the tune worlds: which invoices exist, how (and whether)
 * each is paid, and which bank lines are noise. Each world then renders the plan in its own file
 * layouts and writing conventions. Amounts are integer cents; days are indexes (see random.ymd).
 */
import type { WorldTruthRow } from '../world';
import { Rng, amountCents, bankDay, mistype } from './random';

export interface Cust {
  idx: number;
  name: string;
  /** Customer number in the ERP / accounting package. */
  no: string;
  /** The name the bank shows for this customer's account (stable per customer). */
  bankName: string;
  iban: string;
  bic: string;
  /** Always pays quoting its purchase-order number instead of our document number. */
  paysByPo: boolean;
  /** Has a direct-debit mandate (de-sepa). */
  mandate: string;
  /** A per-customer writing habit in [0, 1), used by worlds to pick a reference style. */
  habit: number;
  terms: number;
}

export interface Item {
  id: number;
  cust: Cust;
  /** Open amount in cents, negative for credit notes. */
  cents: number;
  /** Document total (differs from `cents` when part of it was paid in an earlier period). */
  total: number;
  issue: number;
  due: number;
  credit: boolean;
  doc: string;
  po: string;
  contract: string;
  group: string | null;
  kind: string;
  ambiguous: boolean;
}

export type RefMode = 'doc' | 'po' | 'none' | 'typo';
export type Via = 'transfer' | 'dd_collect' | 'dd_return';
export type Noise =
  | 'supplier' | 'salary' | 'bank_fee' | 'interest' | 'card_settlement' | 'refund' | 'closed_invoice'
  | 'advance_contract' | 'tax' | 'rent' | 'sweep';

export interface Line {
  id: number;
  day: number;
  /** Signed cents, positive = money in. */
  cents: number;
  cust: Cust | null;
  refs: Item[];
  mode: RefMode;
  via: Via;
  noise?: Noise;
  /** Mistyped doc number (typo mode), closed doc number (closed_invoice), or contract number. */
  ref: string;
  /** Instalment k of n. */
  part?: [number, number];
  group: string | null;
  kind: string;
  ambiguous: boolean;
}

export interface PlanOptions {
  seed: number;
  openItems: number;
  /** Fixed bank fees in cents deducted by some payers. */
  fees: number[];
  /** Early-payment discount, e.g. 0.02. */
  discount: number;
  poPayerShare: number;
  directDebitShare?: number;
  returnedDebitShare?: number;
  priorPartShare?: number;
  medianAmount: number;
  makeCustomer(rng: Rng, idx: number): Omit<Cust, 'idx' | 'paysByPo' | 'mandate' | 'habit' | 'terms'>;
  docNo(kind: 'inv' | 'cn', seq: number): string;
  closedDocNo(k: number): string;
  poNo(rng: Rng, cust: Cust): string;
  /** A contract number for the customer ('' if it has none, unless `force`). */
  contractNo(rng: Rng, cust: Cust, force?: boolean): string;
}

export interface Plan {
  rng: Rng;
  customers: Cust[];
  /** In open-items file order (issue date, then document number). */
  items: Item[];
  /** In date order (worlds may reverse). */
  lines: Line[];
  docs: Set<string>;
  lastDay: number;
}

const ISSUE_SPAN = 80;
export const LAST_DAY = 135;

export function makePlan(o: PlanOptions): Plan {
  const rng = new Rng(o.seed);
  const nCust = Math.max(40, Math.round(o.openItems / 11));
  const customers: Cust[] = [];
  for (let i = 0; i < nCust; i++) {
    const base = o.makeCustomer(rng, i);
    customers.push({
      ...base,
      idx: i,
      paysByPo: rng.chance(o.poPayerShare),
      mandate: rng.chance(0.25) ? `M${base.no}-${rng.int(1, 3)}` : '',
      habit: rng.next(),
      terms: rng.pick([14, 14, 30, 30, 30, 45, 60]),
    });
  }
  const bankNames = new Set<string>();
  for (const c of customers) { // one bank name per customer, so a payer is always identifiable
    if (bankNames.has(c.bankName)) c.bankName = c.name.toUpperCase();
    if (bankNames.has(c.bankName)) c.bankName = `${c.name.toUpperCase()} ${c.no}`;
    bankNames.add(c.bankName);
  }
  const items: Item[] = [];
  const lines: Line[] = [];
  let gid = 0;
  const custPick = () => customers[Math.floor(rng.next() ** 1.6 * nCust)];

  const issueFor = (c: Cust) => rng.int(0, Math.min(ISSUE_SPAN, LAST_DAY - c.terms - 15));
  const newItem = (cust: Cust, cents: number, kind: string, group: string | null, issue = issueFor(cust)): Item => {
    const it: Item = {
      id: items.length, cust, cents, total: cents, issue, due: issue + cust.terms, credit: cents < 0,
      doc: '', po: '', contract: '', group, kind, ambiguous: false,
    };
    it.po = o.poNo(rng, cust);
    it.contract = o.contractNo(rng, cust);
    items.push(it);
    return it;
  };
  const payDay = (it: Item, spread = 12) => bankDay(Math.min(LAST_DAY - 2, Math.max(it.issue + 2, it.due + rng.int(-10, spread))));
  /** Issue day near an earlier invoice of the same customer (batches are of recent invoices). */
  const near = (c: Cust, first: number) => Math.min(first + rng.int(0, 25), Math.max(first, LAST_DAY - c.terms - 15));
  const newLine = (day: number, cents: number, cust: Cust | null, refs: Item[], mode: RefMode, kind: string, group: string | null, extra: Partial<Line> = {}): Line => {
    const ln: Line = {
      id: lines.length, day: bankDay(Math.min(day, LAST_DAY)), cents, cust, refs, mode, via: extra.via ?? 'transfer', noise: extra.noise,
      ref: extra.ref ?? '', part: extra.part, group, kind, ambiguous: extra.ambiguous ?? false,
    };
    lines.push(ln);
    return ln;
  };
  const noRoundAmount = () => {
    let c: number;
    do c = amountCents(rng, o.medianAmount, 0.9, 0);
    while (c % 100 === 0);
    return c;
  };
  const refMode = (c: Cust): RefMode => (c.paysByPo ? 'po' : 'doc');
  const singleKind = (c: Cust) => (c.paysByPo ? 'single_by_po_number' : 'single_by_doc_number');

  type Scn = () => void;
  const scenarios: [Scn, number][] = [
    [() => { // single payment naming the invoice (or its remaining balance)
      const c = custPick(); const g = `g${++gid}`;
      const it = newItem(c, amountCents(rng, o.medianAmount), singleKind(c), g);
      if (o.priorPartShare && rng.chance(o.priorPartShare)) {
        it.total = it.cents + Math.round(it.cents * rng.int(20, 60) / 100);
        it.kind = 'remaining_balance';
      }
      newLine(payDay(it), it.cents, c, [it], refMode(c), it.kind, g);
    }, 0.55],
    [() => { // instalments
      const c = custPick(); const g = `g${++gid}`;
      const it = newItem(c, amountCents(rng, o.medianAmount * 2), 'instalments', g);
      const n = rng.chance(0.6) ? 2 : 3;
      let left = it.cents;
      const gaps = Array.from({ length: n }, () => rng.int(10, 24));
      let day = Math.max(it.issue + 2, Math.min(it.due - 20, LAST_DAY - 3 - gaps.slice(0, n - 1).reduce((x, y) => x + y, 0)));
      for (let k = 1; k <= n; k++) {
        const part = k === n ? left : rng.chance(0.5) ? Math.round(it.cents / n) : Math.round(it.cents * rng.int(25, 100 / n + 10) / 100);
        left -= part;
        newLine(day, part, c, [it], refMode(c), 'instalments', g, { part: [k, n] });
        day += gaps[k - 1];
      }
    }, 0.08],
    [() => { // several invoices, one transfer naming all
      const c = custPick(); const g = `g${++gid}`;
      const n = rng.int(2, 4);
      const first = issueFor(c);
      const its = Array.from({ length: n }, (_, k) => newItem(c, amountCents(rng, o.medianAmount), 'multi_invoice', g, k ? near(c, first) : first));
      const last = its.reduce((m, i) => Math.max(m, i.due), 0);
      newLine(bankDay(Math.min(LAST_DAY - 2, last + rng.int(-5, 10))), its.reduce((s, i) => s + i.cents, 0), c, its, refMode(c), 'multi_invoice', g);
    }, 0.08 / 3],
    [() => { // several invoices, no usable reference
      const c = custPick(); const g = `g${++gid}`;
      const n = rng.int(2, 3);
      const first = issueFor(c);
      const its = Array.from({ length: n }, (_, k) => newItem(c, noRoundAmount(), 'batch_no_reference', g, k ? near(c, first) : first));
      const last = its.reduce((m, i) => Math.max(m, i.due), 0);
      newLine(bankDay(Math.min(LAST_DAY - 2, last + rng.int(-3, 8))), its.reduce((s, i) => s + i.cents, 0), c, its, 'none', 'batch_no_reference', g);
    }, 0.05 / 2.5],
    [() => { // short by a bank fee or an early-payment discount
      const c = custPick(); const g = `g${++gid}`;
      const disc = rng.chance(0.5);
      const kind = disc ? 'early_payment_discount' : 'short_paid_fee';
      const it = newItem(c, amountCents(rng, o.medianAmount * (disc ? 2 : 1)), kind, g);
      const paid = disc ? it.cents - Math.round(it.cents * o.discount) : it.cents - rng.pick(o.fees);
      const day = disc ? bankDay(it.issue + rng.int(3, 9)) : payDay(it);
      newLine(day, paid, c, [it], refMode(c), kind, g);
    }, 0.04],
    [() => { // mistyped reference
      const c = custPick(); const g = `g${++gid}`;
      const it = newItem(c, amountCents(rng, o.medianAmount), 'typo_reference', g);
      newLine(payDay(it), it.cents, c, [it], 'typo', 'typo_reference', g);
    }, 0.03],
    [() => { // credit note netted against an invoice
      const c = custPick(); const g = `g${++gid}`;
      const inv = newItem(c, amountCents(rng, o.medianAmount * 1.5), 'credit_note_netted', g);
      const cn = newItem(c, -Math.round(inv.cents * rng.int(8, 40) / 100), 'credit_note_netted', g, Math.min(inv.issue + rng.int(1, 15), LAST_DAY - 20));
      const refs = rng.chance(0.6) ? [inv, cn] : [inv];
      newLine(payDay(cn), inv.cents + cn.cents, c, refs, refMode(c), 'credit_note_netted', g);
    }, 0.03],
    [() => { // part payment
      const c = custPick(); const g = `g${++gid}`;
      const it = newItem(c, amountCents(rng, o.medianAmount * 2), 'part_payment', g);
      let paid = Math.round(it.cents * rng.int(40, 70) / 100);
      if (rng.chance(0.5)) paid = Math.max(100, Math.round(paid / 10000) * 10000);
      if (paid < it.cents * 0.4 || paid > it.cents * 0.7) paid = Math.round(it.cents / 2);
      newLine(payDay(it), paid, c, [it], refMode(c), 'part_payment', g);
    }, 0.03],
    [() => { newItem(custPick(), amountCents(rng, o.medianAmount), 'unpaid_invoice', null, rng.int(0, LAST_DAY - 5)); }, 0.10],
    [() => { newItem(custPick(), -amountCents(rng, o.medianAmount / 3), 'open_credit_note', null); }, 0.01],
    [() => { // same customer, two equal open invoices, one payment naming neither
      const c = custPick(); const g = `g${++gid}`;
      const cents = noRoundAmount();
      const a = newItem(c, cents, 'ambiguous_equal_amounts', g);
      const b = newItem(c, cents, 'ambiguous_equal_amounts', null, near(c, a.issue));
      a.ambiguous = b.ambiguous = true;
      newLine(payDay(b), cents, c, [a], 'none', 'ambiguous_equal_amounts', g, { ambiguous: true });
    }, 0.01],
    [() => { // two customers paying the same amount on nearby dates
      const c1 = custPick();
      let c2 = custPick();
      while (c2 === c1) c2 = customers[rng.int(0, nCust - 1)];
      const cents = amountCents(rng, o.medianAmount);
      const g1 = `g${++gid}`; const g2 = `g${++gid}`;
      const a = newItem(c1, cents, 'same_amount_pair', g1);
      const b = newItem(c2, cents, 'same_amount_pair', g2, Math.max(0, Math.min(a.issue + rng.int(0, 3), LAST_DAY - c2.terms - 15)));
      const d = payDay(a);
      newLine(d, cents, c1, [a], refMode(c1), 'same_amount_pair', g1);
      newLine(d + rng.int(0, 2), cents, c2, [b], refMode(c2), 'same_amount_pair', g2);
    }, 0.01],
  ];
  if (o.directDebitShare) scenarios.push([() => { // collected by direct debit
    const c = mandateCust(); const g = `g${++gid}`;
    const it = newItem(c, amountCents(rng, o.medianAmount / 2), 'direct_debit', g);
    newLine(bankDay(it.due), it.cents, c, [it], 'doc', 'direct_debit', g, { via: 'dd_collect' });
  }, o.directDebitShare]);
  if (o.returnedDebitShare) scenarios.push([() => { // collected, then returned: invoice stays open
    const c = mandateCust();
    const it = newItem(c, amountCents(rng, o.medianAmount / 2), 'returned_debit', null);
    const d = bankDay(it.due);
    newLine(d, it.cents, c, [it], 'doc', 'returned_debit', null, { via: 'dd_collect' });
    newLine(d + rng.int(2, 6), -it.cents, c, [it], 'doc', 'returned_debit', null, { via: 'dd_return' });
  }, o.returnedDebitShare]);
  function mandateCust(): Cust {
    for (let t = 0; t < 50; t++) { const c = custPick(); if (c.mandate) return c; }
    const c = custPick();
    c.mandate = `M${c.no}-1`;
    return c;
  }

  while (items.length < o.openItems) rng.weighted(scenarios)();

  // ---- noise lines (group null), scaled with the number of items
  const n = o.openItems;
  const count = (rate: number) => Math.max(1, Math.round(n * rate));
  const anyDay = () => bankDay(rng.int(5, LAST_DAY - 1));
  for (let i = 0; i < count(0.07); i++) newLine(anyDay(), -amountCents(rng, o.medianAmount * 0.8), null, [], 'none', 'supplier_payment', null, { noise: 'supplier', ref: rng.digits(rng.pick([6, 8, 10])) });
  const staff = Math.max(3, Math.round(n / 120));
  for (let month = 0; month < 4; month++) for (let s = 0; s < staff; s++) newLine(bankDay(24 + month * 30), -amountCents(rng, 2900, 0.35, 0), null, [], 'none', 'salary', null, { noise: 'salary', ref: String(s) });
  for (let month = 0; month < 4; month++) {
    newLine(bankDay(29 + month * 30), -rng.int(900, 6500), null, [], 'none', 'bank_charge', null, { noise: 'bank_fee' });
    newLine(bankDay(29 + month * 30), rng.int(40, 9000), null, [], 'none', 'interest', null, { noise: 'interest' });
    newLine(bankDay(10 + month * 30), -amountCents(rng, 9000, 0.2, 0), null, [], 'none', 'tax_payment', null, { noise: 'tax' });
    newLine(bankDay(1 + month * 30), -amountCents(rng, 3500, 0.01, 1), null, [], 'none', 'rent', null, { noise: 'rent' });
  }
  for (let i = 0; i < count(0.02); i++) newLine(anyDay(), amountCents(rng, 1400, 0.7, 0), null, [], 'none', 'card_settlement', null, { noise: 'card_settlement' });
  for (let i = 0; i < count(0.006); i++) { // refund to a customer, same amount as one of its invoices
    const it = items[rng.int(0, items.length - 1)];
    if (it.credit) continue;
    newLine(bankDay(Math.min(LAST_DAY, it.issue + rng.int(5, 40))), -it.cents, it.cust, [], 'none', 'refund_to_customer', null, { noise: 'refund', ref: o.closedDocNo(rng.int(1, 400)) });
  }
  for (let i = 0; i < count(0.01); i++) { // payment naming an invoice that is already closed
    const c = custPick();
    const other = items[rng.int(0, items.length - 1)];
    const cents = rng.chance(0.5) && !other.credit && other.cust !== c ? other.cents : amountCents(rng, o.medianAmount);
    newLine(anyDay(), cents, c, [], 'none', 'closed_invoice_reference', null, { noise: 'closed_invoice', ref: o.closedDocNo(rng.int(1, 400)) });
  }
  for (let i = 0; i < count(0.005); i++) { // advance / contract payment from a customer, nothing open for it
    const c = custPick();
    newLine(anyDay(), amountCents(rng, o.medianAmount), c, [], 'none', 'advance_payment', null, { noise: 'advance_contract', ref: o.contractNo(rng, c, true) });
  }

  // ---- weekly transfer of surplus cash to the company's own savings account
  const net = new Map<number, number>();
  for (const ln of lines) net.set(Math.floor(ln.day / 7), (net.get(Math.floor(ln.day / 7)) ?? 0) + ln.cents);
  for (const [week, v] of [...net].sort((a, b) => a[0] - b[0])) {
    const amount = Math.floor((v * 0.8) / 500000) * 500000;
    if (amount > 0) newLine(bankDay(week * 7 + 5), -amount, null, [], 'none', 'transfer_to_savings', null, { noise: 'sweep' });
  }

  // ---- file order and document numbers
  sortBy(items, (it) => it.issue, (it) => it.id, (m) => m);
  let inv = 0;
  let cn = 0;
  const docs = new Set<string>();
  for (const it of items) {
    it.doc = it.credit ? o.docNo('cn', ++cn) : o.docNo('inv', ++inv);
    docs.add(it.doc);
  }
  const perm = new Int32Array(lines.length).map((_, i) => i); // random order within a day
  for (let i = perm.length - 1; i > 0; i--) { const j = rng.int(0, i); const t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
  const invPerm = new Int32Array(perm.length);
  for (let i = 0; i < perm.length; i++) invPerm[perm[i]] = i;
  sortBy(lines, (ln) => ln.day, (ln) => perm[ln.id], (m) => invPerm[m]);
  for (const ln of lines) {
    if (ln.mode !== 'typo') continue;
    const t = mistype(rng, ln.refs[0].doc, docs);
    if (t) ln.ref = t;
    else { ln.mode = 'doc'; ln.kind = ln.refs[0].kind = 'single_by_doc_number'; } // could not mistype
  }
  return { rng, customers, items, lines, docs, lastDay: LAST_DAY };
}

/** Sort in place by (major, minor) using packed numeric keys (fast for a million objects). */
function sortBy<T>(arr: T[], major: (x: T) => number, minor: (x: T) => number, indexOfMinor: (m: number) => number): void {
  const M = 8388608; // minors are unique in [0, M)
  const keys = new Float64Array(arr.length);
  for (let i = 0; i < arr.length; i++) keys[i] = (major(arr[i]) + 16) * M + minor(arr[i]);
  keys.sort();
  const src = arr.slice();
  for (let i = 0; i < arr.length; i++) arr[i] = src[indexOfMinor(keys[i] % M)];
}

/** The truth rows for items (in file order) and statement lines (in file order). */
export function buildTruth(items: Item[], lines: Line[]): WorldTruthRow[] {
  const out: WorldTruthRow[] = [];
  items.forEach((it, i) => out.push({ side: 'open_items', row: i + 1, group: it.group, kind: it.kind, ...(it.ambiguous ? { ambiguous: true } : {}) }));
  lines.forEach((ln, i) => out.push({ side: 'statement', row: i + 1, group: ln.group, kind: ln.kind, ...(ln.ambiguous ? { ambiguous: true } : {}) }));
  return out;
}
