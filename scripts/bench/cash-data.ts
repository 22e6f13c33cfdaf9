/**
 * Cash-application workload for `npm run bench:recon -- --workload cash`:
 * an open-invoice list (left) against a bank statement (right) with every
 * case of issue 14 and ground truth per row.
 *
 * Two variants: `tune` is the one engine work may be tuned against;
 * `heldout` uses other invoice-number schemes, remittance templates, fee
 * amounts, discount rate and customer naming, and is never tuned on — its
 * figures say whether a gain generalises or was fitted to `tune`.
 */
import { mulberry32 } from './worlds/mulberry32';

export type CashCase =
  | 'ref_column'
  | 'ref_in_text'
  | 'instalments'
  | 'multi_named'
  | 'batch_unreferenced'
  | 'bank_fee'
  | 'discount'
  | 'duplicate_line'
  | 'unknown_payment'
  | 'decoy_amount'
  | 'unpaid_invoice'
  // The `noisy` variant only: what real statements also hold, written after the engine work and
  // run once, never tuned on (its figures say what the engine does not handle yet).
  | 'typo_reference'
  | 'same_amount_twins'
  | 'fee_on_multi'
  | 'paid_by_other_name';

/** Cases whose rows should stay unmatched (label ''). */
export const NEGATIVE_CASES: ReadonlySet<CashCase> = new Set(['unknown_payment', 'decoy_amount', 'unpaid_invoice']);

export interface TruthRow {
  label: string; // ground-truth group ('' = must stay unmatched)
  kase: CashCase;
  dup: boolean;
}

export interface CashData {
  leftHeader: string;
  rightHeader: string;
  left: string[];
  right: string[];
  leftTruth: TruthRow[];
  rightTruth: TruthRow[];
}

export type CashVariant = 'tune' | 'heldout' | 'noisy';

interface VariantStyle {
  /** Invoice number as issued (left key, and the reference column when the bank carries it as issued). */
  issued: (year: number, n: number) => string;
  /** The same number written by a payer in free text, in one of several ways. */
  written: (year: number, n: number, pick: number) => string;
  textTemplates: ((refs: string) => string)[];
  noRefTexts: string[];
  fees: number[]; // cents
  discountPct: number;
  customer: (id: number) => { id: string; name: string };
  /** How the bank writes the payer's name: not as the invoice list does (case, legal form, umlauts, truncation). */
  bankName: (name: string, pick: number) => string;
  /** The bank file's header and one line of it (date as day number, amount in cents). */
  rightHeader: string;
  bankLine: (day: number, cents: number, name: string, reference: string, text: string) => string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

const STYLES: Record<CashVariant, VariantStyle> = {
  // Filled in below: the tune style with other names.
  noisy: undefined as unknown as VariantStyle,
  tune: {
    issued: (y, n) => `INV-${y}-${pad(n, 6)}`,
    written: (y, n, p) => [`RE ${y}/${pad(n, 6)}`, `Invoice ${y}-${pad(n, 6)}`, `INV${y}${pad(n, 6)}`, `inv-${y}-${pad(n, 6)}`, `INV ${y} ${pad(n, 6)}`][p % 5],
    textTemplates: [(r) => `Payment ${r}`, (r) => `${r} thank you`, (r) => `SEPA CT /REMI/ ${r} /EREF/ NOTPROVIDED`, (r) => `settlement of ${r} ref ord 55`],
    noRefTexts: ['Payment', 'SEPA CREDIT TRANSFER', 'Monthly settlement', 'Transfer'],
    fees: [750, 1500, 2500],
    discountPct: 2,
    customer: (id) => ({ id: `C${pad(id, 6)}`, name: `Customer ${id} Ltd` }),
    bankName: (name, p) => (p % 2 === 0 ? name.toUpperCase() : name.replace(/ Ltd$/, '')),
    rightHeader: 'booking_date;amount;counterparty;reference;remittance_text',
    bankLine: (day, cents, name, reference, text) => [iso(day), money(cents), csv(name), csv(reference), csv(text)].join(';'),
  },
  heldout: {
    issued: (y, n) => `RG${String(y).slice(2)}.${pad(n, 7)}`,
    written: (y, n, p) => [`Rechnung RG${String(y).slice(2)}-${n}`, `rg ${String(y).slice(2)} ${pad(n, 7)}`, `Bill no. RG${String(y).slice(2)}/${pad(n, 7)}`, `RG${String(y).slice(2)}${pad(n, 7)}`][p % 4],
    textTemplates: [(r) => `Zahlung ${r}`, (r) => `AWV ${r} Danke`, (r) => `Verwendungszweck: ${r} KD-NR 0176 5551234`, (r) => `${r} / Gutschrift`],
    noRefTexts: ['Zahlung', 'Sammelueberweisung', 'Ausgleich offene Posten', 'Gutschrift'],
    fees: [500, 1250, 2000],
    discountPct: 3,
    customer: (id) => ({ id: `K-${id}`, name: `${['Müller', 'Schmidt', 'Weber', 'Fischer', 'Becker'][id % 5]} & Söhne ${id} GmbH` }),
    // A German bank export: no reference column (the end-to-end reference sits in the text), umlauts
    // transliterated, legal form written out or dropped, names cut at 27 characters.
    bankName: (name, p) =>
      [
        name.toUpperCase().replace(/Ü/g, 'UE').replace(/Ö/g, 'OE').replace(/Ä/g, 'AE'),
        name.replace(/ GmbH$/, ''),
        name.replace(/GmbH$/, 'Gesellschaft mit beschraenkter Haftung').slice(0, 27),
      ][p % 3],
    rightHeader: 'Buchungstag;Betrag;Auftraggeber;Verwendungszweck',
    bankLine: (day, cents, name, reference, text) => [deDate(day), deMoney(cents), csv(name), csv(reference ? `EREF+${reference} SVWZ+${text}` : `SVWZ+${text}`)].join(';'),
  },
};

STYLES.noisy = {
  ...STYLES.tune,
  issued: (y, n) => `SO${y % 100}${pad(n, 7)}`,
  written: (y, n, p) => [`SO ${y % 100}${pad(n, 7)}`, `so${y % 100}-${pad(n, 7)}`, `Order SO${y % 100}${pad(n, 7)}`][p % 3],
  customer: (id) => ({ id: `D${id}`, name: `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'][id % 5]} Trading ${id} Inc.` }),
  bankName: (name, p) => (p % 2 === 0 ? name.toUpperCase().replace(/\.$/, '') : name.replace(/ Inc\.$/, ', Incorporated')),
};

/** Extra cases of the noisy variant, as shares of invoice-group draws (the rest as in SHARES). */
const NOISY_SHARES: [CashCase, number][] = [
  ['typo_reference', 0.03],
  ['same_amount_twins', 0.03],
  ['fee_on_multi', 0.02],
  ['paid_by_other_name', 0.02],
];


const BASE = Date.UTC(2026, 0, 1);
const iso = (day: number) => new Date(BASE + day * 86_400_000).toISOString().slice(0, 10);
const money = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100, 2)}`;
const deDate = (day: number) => iso(day).split('-').reverse().join('.');
const deMoney = (cents: number) => `${Math.floor(cents / 100).toLocaleString('de-DE')},${pad(cents % 100, 2)}`;
const csv = (s: string) => (/[",;\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Case shares per invoice-group draw, cumulative; the table plus the negatives. */
const SHARES: [CashCase, number][] = [
  ['ref_column', 0.46],
  ['ref_in_text', 0.1],
  ['instalments', 0.06],
  ['multi_named', 0.06],
  ['batch_unreferenced', 0.05],
  ['bank_fee', 0.04],
  ['discount', 0.03],
  ['duplicate_line', 0.02],
  ['unknown_payment', 0.04],
  ['decoy_amount', 0.04],
  ['unpaid_invoice', 0.1],
];

/** Generates about `n` invoices; the bank statement has roughly as many lines. */
export function generateCash(n: number, seed: number, variant: CashVariant): CashData {
  const style = STYLES[variant];
  const rnd = mulberry32(seed ^ (variant === 'heldout' ? 0x5eed : variant === 'noisy' ? 0x0015e : 0));
  const shares = variant === 'noisy' ? [...NOISY_SHARES, ...SHARES.map(([k, v]): [CashCase, number] => [k, v * 0.9])] : SHARES;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const customers = Math.max(10, Math.floor(n / 8));
  const left: string[] = [];
  const right: string[] = [];
  const leftTruth: TruthRow[] = [];
  const rightTruth: TruthRow[] = [];
  let invoiceNo = 0;
  let g = 0;
  const year = 2026;

  const invoice = (cust: number, label: string, kase: CashCase, cents = int(2_000, 2_500_000), day = int(0, 300)) => {
    const no = ++invoiceNo;
    const c = style.customer(cust);
    left.push([style.issued(year, no), c.id, csv(c.name), iso(day), money(cents)].join(','));
    leftTruth.push({ label, kase, dup: false });
    return { no, cents, day, c };
  };
  const bank = (day: number, cents: number, cust: number, reference: string, text: string, label: string, kase: CashCase, dup = false) => {
    right.push(style.bankLine(day, cents, style.bankName(style.customer(cust).name, cust), reference, text));
    rightTruth.push({ label, kase, dup });
  };
  const tmpl = (refs: string) => style.textTemplates[int(0, style.textTemplates.length - 1)](refs);
  const noRef = () => style.noRefTexts[int(0, style.noRefTexts.length - 1)];

  while (left.length < n) {
    const r = rnd();
    let acc = 0;
    let kase: CashCase = 'unpaid_invoice';
    for (const [k, share] of shares) {
      acc += share;
      if (r < acc) {
        kase = k;
        break;
      }
    }
    const label = NEGATIVE_CASES.has(kase) ? '' : `g${++g}`;
    const cust = int(1, customers);
    const lag = () => int(0, 10);
    switch (kase) {
      case 'ref_column': {
        const i = invoice(cust, label, kase);
        bank(i.day + lag(), i.cents, cust, style.issued(year, i.no), noRef(), label, kase);
        break;
      }
      case 'duplicate_line': {
        const i = invoice(cust, label, kase);
        // The same line twice (an export glitch): identical in every field.
        const d = i.day + lag();
        const text = noRef();
        bank(d, i.cents, cust, style.issued(year, i.no), text, label, kase);
        bank(d, i.cents, cust, style.issued(year, i.no), text, label, kase, true);
        break;
      }
      case 'ref_in_text': {
        const i = invoice(cust, label, kase);
        bank(i.day + lag(), i.cents, cust, '', tmpl(style.written(year, i.no, int(0, 9))), label, kase);
        break;
      }
      case 'instalments': {
        const i = invoice(cust, label, kase);
        const parts = int(2, 3);
        let rest = i.cents;
        for (let p = 0; p < parts; p++) {
          const part = p === parts - 1 ? rest : Math.floor(rest / (parts - p)) + int(-500, 500);
          rest -= part;
          bank(i.day + lag() + p * 14, part, cust, style.issued(year, i.no), noRef(), label, kase);
        }
        break;
      }
      case 'multi_named':
      case 'batch_unreferenced': {
        const count = int(2, 4);
        const day = int(0, 300);
        const invs = Array.from({ length: count }, () => invoice(cust, label, kase, int(2_000, 800_000), day - int(0, 20)));
        const total = invs.reduce((s, i) => s + i.cents, 0);
        const text = kase === 'multi_named' ? tmpl(invs.map((i) => style.written(year, i.no, int(0, 9))).join(', ')) : noRef();
        bank(day + lag(), total, cust, '', text, label, kase);
        break;
      }
      case 'bank_fee': {
        const i = invoice(cust, label, kase, int(10_000, 2_500_000));
        bank(i.day + lag(), i.cents - style.fees[int(0, style.fees.length - 1)], cust, style.issued(year, i.no), noRef(), label, kase);
        break;
      }
      case 'discount': {
        const i = invoice(cust, label, kase);
        bank(i.day + lag(), Math.round((i.cents * (100 - style.discountPct)) / 100), cust, style.issued(year, i.no), noRef(), label, kase);
        break;
      }
      case 'unknown_payment':
        bank(int(0, 310), int(2_000, 2_500_000), int(1, customers), '', noRef(), '', kase);
        break;
      case 'decoy_amount': {
        // An unpaid invoice of one customer and a payment of exactly its amount from another, without a reference.
        const i = invoice(cust, '', kase);
        const other = (cust % customers) + 1;
        bank(i.day + lag(), i.cents, other, '', noRef(), '', kase);
        break;
      }
      case 'unpaid_invoice':
        invoice(cust, '', kase);
        break;
      case 'typo_reference': {
        // Two digits of the number swapped by the payer: the reference names another (or no) invoice.
        const i = invoice(cust, label, kase);
        const ref = style.issued(year, i.no);
        const swapped = ref.slice(0, -2) + ref.slice(-1) + ref.slice(-2, -1);
        bank(i.day + lag(), i.cents, cust, '', tmpl(swapped === ref ? `${ref}9` : swapped), label, kase);
        break;
      }
      case 'same_amount_twins': {
        // Two open invoices of one customer with the same amount; one payment without a reference.
        const i = invoice(cust, label, kase);
        invoice(cust, '', 'unpaid_invoice', i.cents, i.day + int(0, 5));
        bank(i.day + lag(), i.cents, cust, '', noRef(), label, kase);
        break;
      }
      case 'fee_on_multi': {
        const count = int(2, 3);
        const day = int(0, 300);
        const invs = Array.from({ length: count }, () => invoice(cust, label, kase, int(20_000, 800_000), day - int(0, 20)));
        const total = invs.reduce((sum, i) => sum + i.cents, 0) - style.fees[int(0, style.fees.length - 1)];
        bank(day + lag(), total, cust, '', tmpl(invs.map((i) => style.written(year, i.no, int(0, 9))).join(', ')), label, kase);
        break;
      }
      case 'paid_by_other_name': {
        // A parent company pays with the invoice number in the text.
        const i = invoice(cust, label, kase);
        bank(i.day + lag(), i.cents, (cust % customers) + 1, '', tmpl(style.written(year, i.no, int(0, 9))), label, kase);
        break;
      }
    }
  }
  // Bank files come in their own order (truth moves with its line).
  for (let i = right.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [right[i], right[j]] = [right[j], right[i]];
    [rightTruth[i], rightTruth[j]] = [rightTruth[j], rightTruth[i]];
  }
  return {
    leftHeader: 'invoice_no,customer_id,customer_name,invoice_date,amount',
    rightHeader: style.rightHeader,
    left,
    right,
    leftTruth,
    rightTruth,
  };
}
