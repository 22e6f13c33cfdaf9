/**
 * One shape for every bank statement format (bank-formats.ts: camt, MT940/942, BAI2, OFX;
 * bank-fixed-width.ts: CFONB 120, AEB Norma 43, Bankgirot BgMax; bank-1c.ts: 1CClientBankExchange): the formats, the row each
 * transaction becomes, and the small helpers every parser shares.
 */
import { ReconError } from '../../errors';

export type BankFormat = 'camt.053' | 'camt.054' | 'mt940' | 'mt942' | 'bai2' | 'ofx' | 'bgmax' | 'cfonb120' | 'norma43' | '1c';

/** One booked transaction, the same columns for every format. */
export interface BankRow {
  booking_date: string;
  value_date: string;
  /** Signed: credits (money in) positive, debits negative. */
  amount: string;
  currency: string;
  /** CRDT or DBIT. */
  direction: 'CRDT' | 'DBIT';
  counterparty_name: string;
  counterparty_iban: string;
  counterparty_bic: string;
  /** Unstructured remittance (camt Ustrd, MT940 SVWZ+ or ?20–?29, OFX MEMO, BAI2 text). */
  remittance_text: string;
  /** Structured creditor reference (camt Strd/CdtrRefInf/Ref, RF references found in the text). */
  creditor_reference: string;
  /** Referred documents (camt Strd/RfrdDocInf/Nb): invoice numbers named by the payer. */
  referred_documents: string;
  end_to_end_id: string;
  mandate_id: string;
  bank_reference: string;
  transaction_code: string;
  account: string;
  statement_id: string;
  /** The :86: field (MT940/942) or the entry's additional info, unparsed. */
  details: string;
}

export const BANK_COLUMNS: (keyof BankRow)[] = [
  'booking_date',
  'value_date',
  'amount',
  'currency',
  'direction',
  'counterparty_name',
  'counterparty_iban',
  'counterparty_bic',
  'remittance_text',
  'creditor_reference',
  'referred_documents',
  'end_to_end_id',
  'mandate_id',
  'bank_reference',
  'transaction_code',
  'account',
  'statement_id',
  'details',
];

export const BANK_FORMAT_NAMES: Record<BankFormat, string> = {
  'camt.053': 'ISO 20022 camt.053 bank statement',
  'camt.054': 'ISO 20022 camt.054 debit/credit notification',
  mt940: 'SWIFT MT940 statement',
  mt942: 'SWIFT MT942 interim report',
  bai2: 'BAI2 cash management file',
  ofx: 'OFX statement',
  bgmax: 'Bankgirot BgMax file',
  cfonb120: 'CFONB 120 statement (relevé de compte)',
  norma43: 'AEB Norma 43 statement (cuaderno 43)',
  '1c': '1CClientBankExchange statement',
};

export const BANK_EXTENSIONS = ['xml', 'camt', 'sta', 'mt940', 'mt942', '940', '942', 'swi', 'bai', 'bai2', 'ofx', 'qfx', 'bgmax', 'cfonb', 'aeb', 'n43', 'q43'];

export const empty = (): BankRow => ({
  booking_date: '',
  value_date: '',
  amount: '',
  currency: '',
  direction: 'CRDT',
  counterparty_name: '',
  counterparty_iban: '',
  counterparty_bic: '',
  remittance_text: '',
  creditor_reference: '',
  referred_documents: '',
  end_to_end_id: '',
  mandate_id: '',
  bank_reference: '',
  transaction_code: '',
  account: '',
  statement_id: '',
  details: '',
});

export const bad = (name: string, format: BankFormat, why: string) =>
  new ReconError('invalid_statement', `${name} looks like a ${BANK_FORMAT_NAMES[format]} but cannot be read: ${why}`, { format, reason: why });

/** ISO 11649 creditor references (RF + 2 check digits + up to 21 characters) named in a text. */
export function rfReferences(s: string): string[] {
  const out: string[] = [];
  // Written in groups of four or not ("RF26 2026 0479", "RF2620260479 Schmidt"): the longest run of
  // following words that passes the check digits is the reference.
  for (const m of s.toUpperCase().matchAll(/\bRF\s?(\d{2})((?:\s?[0-9A-Z]+){1,6})/g)) {
    const words = m[2].trim().split(/\s+/);
    for (let n = words.length; n >= 1; n--) {
      const ref = `RF${m[1]}${words.slice(0, n).join('')}`;
      if (ref.length <= 25 && validRf(ref)) {
        out.push(ref);
        break;
      }
    }
  }
  return [...new Set(out)];
}

/** ISO 11649 check: move "RFkk" to the end, letters to numbers, mod 97 = 1. */
export function validRf(ref: string): boolean {
  const r = ref.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(r)) return false;
  const moved = r.slice(4) + r.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem === 1;
}

export const join = (xs: string[], sep = ' ') => xs.map((x) => x.trim()).filter(Boolean).join(sep);
/** 2 decimals unless the number has more (BAI2 yen, camt with 3-decimal currencies). */
export const money = (n: number) => (Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 ? n.toFixed(2) : String(n));
