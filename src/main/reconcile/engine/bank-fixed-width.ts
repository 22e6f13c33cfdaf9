/**
 * National fixed-width bank files, read from their published record layouts (positions below are
 * 1-based, as the specifications write them):
 * - **Bankgirot BgMax** (Sweden, 80-character records): incoming bankgiro payments per deposit; a
 *   payment (20, or 21 a deduction) is followed by its extra references (22/23), texts (25), name
 *   (26), address (27/28) and organisation number (29); the deposit record (15) after them gives
 *   the payment date of every payment before it in the section.
 * - **CFONB 120** (France, 120-character records, "relevé de compte"): 01 old balance, 04
 *   movement, 05 complement of the movement before it (qualifier + 70 characters), 07 new balance.
 *   Amounts are 14 characters whose last one carries the sign and the last digit ({ A–I: +0…+9,
 *   } J–R: −0…−9), with the number of decimals in position 20.
 * - **AEB Norma 43** (Spain, 80-character records, "cuaderno 43"): 11 account header, 22 movement
 *   (1 debit, 2 credit), 23 its complementary concepts, 24 currency equivalence, 33 account end,
 *   88 file end.
 */
import { bad, empty, join, money, rfReferences, type BankRow } from './bank-row';

/** A field by its 1-based start and end position (both inclusive), trimmed. */
const field = (rec: string, from: number, to: number) => rec.slice(from - 1, to).trim();

/** The file's records: its lines, or fixed-length chunks of a file written without line breaks. */
function records(src: string, width: number): string[] {
  const lines = src.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 1 && lines[0].length > width) return lines[0].match(new RegExp(`.{1,${width}}`, 'g')) ?? [];
  return lines;
}

/**
 * A movement once the records after it are read: their texts appended to its own, and each RF
 * creditor reference the text names added once to the reference its record gave.
 */
function completed(row: BankRow, texts: string[]): BankRow {
  row.remittance_text = join([row.remittance_text, ...texts]);
  row.creditor_reference = join([row.creditor_reference, ...rfReferences(row.remittance_text)].filter((x, i, a) => a.indexOf(x) === i));
  return row;
}

const isoFromYyyymmdd = (s: string) => (/^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : '');
const isoFromDdmmyy = (s: string) => (/^\d{6}$/.test(s) ? `20${s.slice(4, 6)}-${s.slice(2, 4)}-${s.slice(0, 2)}` : '');
const isoFromYymmdd = (s: string) => (/^\d{6}$/.test(s) ? `20${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4, 6)}` : '');

// ---------------------------------------------------------------- BgMax

export function detectBgmax(text: string): boolean {
  return /^01BGMAX\s/.test(text);
}

/** Bankgirot's payment channel codes (position 57 of a 20/21 record). */
const BGMAX_CHANNELS: Record<string, string> = { '1': 'electronic payment from bank', '2': 'electronic payment via LB', '3': 'payment at bank office', '4': 'e-invoice' };

export function parseBgmax(src: string, name: string): BankRow[] {
  const recs = records(src, 80);
  if (!recs.length || !detectBgmax(recs[0])) throw bad(name, 'bgmax', 'no 01 BGMAX start record');
  const rows: BankRow[] = [];
  let section: BankRow[] = [];
  let account = '';
  let currency = 'SEK';
  let current: BankRow | null = null;
  const texts: string[] = [];
  const extra: string[] = [];
  const close = () => {
    if (!current) return;
    current.referred_documents = join(extra);
    section.push(completed(current, texts));
    current = null;
    texts.length = 0;
    extra.length = 0;
  };
  for (const rec of recs) {
    const code = rec.slice(0, 2);
    if (code === '05') {
      close();
      account = field(rec, 3, 12).replace(/^0+/, '');
      currency = field(rec, 23, 25) || 'SEK';
    } else if (code === '20' || code === '21') {
      close();
      const ore = field(rec, 38, 55);
      if (!/^\d+$/.test(ore)) throw bad(name, 'bgmax', `payment record “${rec.slice(0, 40)}” has no amount in positions 38–55`);
      const amount = Number(ore) / 100;
      // A deduction (21) is money the payer takes back: a credit note settled against the payment.
      const debit = code === '21';
      const sender = field(rec, 3, 12).replace(/^0+/, '');
      current = {
        ...empty(),
        amount: money(debit ? -amount : amount),
        currency,
        direction: debit ? 'DBIT' : 'CRDT',
        creditor_reference: field(rec, 13, 37),
        bank_reference: field(rec, 58, 69),
        transaction_code: code === '21' ? 'deduction' : 'payment',
        account,
        details: join([sender ? `bankgiro ${sender}` : '', BGMAX_CHANNELS[rec.charAt(56)] ?? ''], '; '),
      };
    } else if (code === '22' || code === '23') {
      // Extra references: the further invoices one payment pays (23: a negative one, a credit note).
      const ref = field(rec, 13, 37);
      const ore = field(rec, 38, 55);
      if (ref) extra.push(code === '23' && /^\d+$/.test(ore) && Number(ore) > 0 ? `${ref} (-${money(Number(ore) / 100)})` : ref);
    } else if (code === '25') {
      texts.push(field(rec, 3, 52));
    } else if (code === '26') {
      if (current) current.counterparty_name = join([field(rec, 3, 37), field(rec, 38, 72)]);
    } else if (code === '29') {
      if (current) current.details = join([current.details, `organisation number ${field(rec, 3, 14)}`], '; ');
    } else if (code === '15') {
      close();
      const date = isoFromYyyymmdd(field(rec, 38, 45));
      const deposit = field(rec, 46, 50);
      for (const row of section) {
        row.booking_date = date;
        row.value_date = date;
        row.statement_id = deposit;
        rows.push(row);
      }
      section = [];
    }
  }
  close();
  // Payments after the last deposit record have no date: kept, so nothing is lost, and the load says so by their empty date.
  rows.push(...section);
  return rows;
}

// ---------------------------------------------------------------- CFONB 120

export function detectCfonb120(text: string): boolean {
  const recs = records(text.slice(0, 1200), 120);
  return recs.length >= 2 && /^01\d{5}/.test(recs[0]) && recs[0].trimEnd().length >= 100 && recs.slice(1).every((r) => /^0[14578]/.test(r));
}

/** The last character of a CFONB amount: sign and last digit. */
const CFONB_LAST: Record<string, [number, string]> = {
  '{': [1, '0'], A: [1, '1'], B: [1, '2'], C: [1, '3'], D: [1, '4'], E: [1, '5'], F: [1, '6'], G: [1, '7'], H: [1, '8'], I: [1, '9'],
  '}': [-1, '0'], J: [-1, '1'], K: [-1, '2'], L: [-1, '3'], M: [-1, '4'], N: [-1, '5'], O: [-1, '6'], P: [-1, '7'], Q: [-1, '8'], R: [-1, '9'],
};

function cfonbAmount(raw: string, decimals: number): number | null {
  const last = CFONB_LAST[raw.slice(-1)];
  const digits = raw.slice(0, -1) + (last ? last[1] : raw.slice(-1));
  if (!/^\d+$/.test(digits)) return null;
  return ((last ? last[0] : 1) * Number(digits)) / 10 ** decimals;
}

/** 05 qualifiers (CFONB "relevé 120 caractères", complement records) and where they go. */
const CFONB_NAME = new Set(['NPY', 'NPO', 'NBE', 'NBU']);
const CFONB_TEXT = new Set(['LIB', 'LCC', 'LC2', 'LCS', 'LCZ', 'LEM']);

export function parseCfonb120(src: string, name: string): BankRow[] {
  const recs = records(src, 120);
  if (!recs.length || !/^01/.test(recs[0])) throw bad(name, 'cfonb120', 'no 01 old-balance record');
  const rows: BankRow[] = [];
  let current: BankRow | null = null;
  let texts: string[] = [];
  const close = () => {
    if (current) rows.push(completed(current, texts));
    current = null;
    texts = [];
  };
  for (const rec of recs) {
    const code = rec.slice(0, 2);
    if (code === '04') {
      close();
      const decimals = Number(rec.charAt(19)) || 0;
      const amount = cfonbAmount(field(rec, 91, 104), decimals);
      if (amount === null) throw bad(name, 'cfonb120', `movement “${rec.slice(0, 48)}” has no amount in positions 91–104`);
      current = {
        ...empty(),
        booking_date: isoFromDdmmyy(field(rec, 35, 40)),
        value_date: isoFromDdmmyy(field(rec, 43, 48)) || isoFromDdmmyy(field(rec, 35, 40)),
        amount: money(amount),
        currency: field(rec, 17, 19),
        direction: amount < 0 ? 'DBIT' : 'CRDT',
        remittance_text: field(rec, 49, 79),
        bank_reference: join([field(rec, 82, 88), field(rec, 105, 120)]),
        transaction_code: field(rec, 8, 11),
        account: field(rec, 22, 32),
      };
    } else if (code === '05' && current) {
      const qualifier = field(rec, 46, 48);
      const value = field(rec, 49, 118);
      if (CFONB_NAME.has(qualifier)) current.counterparty_name ||= value;
      else if (CFONB_TEXT.has(qualifier)) texts.push(value);
      else if (qualifier === 'RCN') current.end_to_end_id = value;
      else if (qualifier === 'RUM') current.mandate_id = value;
      else current.details = join([current.details, `${qualifier} ${value}`], '; ');
    } else if (code === '01' || code === '07') {
      close();
    }
  }
  close();
  return rows;
}

// ---------------------------------------------------------------- AEB Norma 43

export function detectNorma43(text: string): boolean {
  return /^11\d{18}\d{6}\d{6}[12]\d{14}\d{3}/.test(text);
}

/** ISO 4217 numeric codes a Spanish statement uses. */
const NUMERIC_CURRENCIES: Record<string, string> = { '978': 'EUR', '840': 'USD', '826': 'GBP', '756': 'CHF', '392': 'JPY' };

export function parseNorma43(src: string, name: string): BankRow[] {
  const recs = records(src, 80);
  if (!recs.length || !detectNorma43(recs[0])) throw bad(name, 'norma43', 'no 11 account header record');
  const rows: BankRow[] = [];
  let account = '';
  let currency = 'EUR';
  let current: BankRow | null = null;
  let concepts: string[] = [];
  const close = () => {
    if (current) rows.push(completed(current, concepts));
    current = null;
    concepts = [];
  };
  for (const rec of recs) {
    const code = rec.slice(0, 2);
    if (code === '11') {
      close();
      account = `${field(rec, 3, 6)} ${field(rec, 7, 10)} ${field(rec, 11, 20)}`;
      currency = NUMERIC_CURRENCIES[field(rec, 48, 50)] ?? field(rec, 48, 50);
    } else if (code === '22') {
      close();
      const cents = field(rec, 29, 42);
      if (!/^\d+$/.test(cents)) throw bad(name, 'norma43', `movement “${rec.slice(0, 40)}” has no amount in positions 29–42`);
      const debit = rec.charAt(27) === '1';
      const n = Number(cents) / 100;
      current = {
        ...empty(),
        booking_date: isoFromYymmdd(field(rec, 11, 16)),
        value_date: isoFromYymmdd(field(rec, 17, 22)),
        amount: money(debit ? -n : n),
        currency,
        direction: debit ? 'DBIT' : 'CRDT',
        transaction_code: `${field(rec, 23, 24)}/${field(rec, 25, 27)}`,
        bank_reference: field(rec, 43, 52).replace(/^0+$/, ''),
        end_to_end_id: field(rec, 53, 64).replace(/^0+$/, ''),
        remittance_text: field(rec, 65, 80),
        account,
      };
    } else if (code === '23' && current) {
      concepts.push(field(rec, 5, 42), field(rec, 43, 80));
    } else if (code === '33' || code === '88') {
      close();
    }
  }
  close();
  return rows;
}
