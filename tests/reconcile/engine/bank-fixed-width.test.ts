/**
 * National fixed-width bank files (bank-fixed-width.ts): Bankgirot BgMax, CFONB 120 and AEB Norma 43.
 * Each record is built here from the field positions their specifications give, so a parser reading
 * a field one position off fails.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBankFormat, parseBankStatement } from '../../../src/main/reconcile/engine/bank-formats';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** A record of `width` characters with each [1-based start, value] written at its position. */
function record(width: number, fields: [number, string][]): string {
  const chars = Array.from({ length: width }, () => ' ');
  for (const [start, value] of fields) for (let i = 0; i < value.length; i++) chars[start - 1 + i] = value[i];
  return chars.join('');
}
const bg = (fields: [number, string][]) => record(80, fields);
const cf = (fields: [number, string][]) => record(120, fields);

const BGMAX = [
  bg([[1, '01'], [3, 'BGMAX'], [23, '01'], [25, '20261015061500123456'], [45, 'P']]),
  bg([[1, '05'], [3, '0050501055'], [23, 'SEK']]),
  // An OCR reference, paid by bank transfer, with the payer's name and organisation number.
  bg([[1, '20'], [3, '0009912346'], [13, '2460937'], [38, '000000000000123450'], [56, '2'], [57, '1'], [58, '000000000017']]),
  bg([[1, '26'], [3, 'Hägglunds Bygg AB'], [38, 'Avd Ekonomi']]),
  bg([[1, '29'], [3, '556677889900']]),
  // No usable reference: invoice numbers in information records, and an extra reference.
  bg([[1, '20'], [3, '0005551234'], [38, '000000000000250000'], [56, '1'], [57, '3'], [58, '000000000018']]),
  bg([[1, '22'], [3, '0005551234'], [13, '24611'], [38, '000000000000000000'], [56, '4']]),
  bg([[1, '25'], [3, 'Fakt 24609 25366']]),
  bg([[1, '25'], [3, 'betalning okt']]),
  bg([[1, '26'], [3, 'Lunds Måleri HB']]),
  bg([[1, '15'], [3, '00000000000000000000000000000000555'], [38, '20261014'], [46, '00042'], [51, '000000000000373450'], [69, 'SEK'], [72, '00000002'], [80, 'K']]),
  bg([[1, '05'], [3, '0050501055'], [23, 'SEK']]),
  // A deduction: a credit note the payer takes back.
  bg([[1, '21'], [3, '0009912346'], [13, '2461107'], [38, '000000000000010000'], [56, '2'], [57, '1'], [58, '000000000019'], [71, '1']]),
  bg([[1, '15'], [3, '00000000000000000000000000000000555'], [38, '20261015'], [46, '00043'], [51, '000000000000010000'], [69, 'SEK'], [72, '00000001'], [80, 'K']]),
  bg([[1, '70'], [3, '00000003'], [11, '00000001'], [19, '00000001'], [27, '00000002']]),
].join('\r\n');

describe('Bankgirot BgMax', () => {
  it('is recognised by its start record, not by its name', () => {
    expect(detectBankFormat(BGMAX)).toBe('bgmax');
    expect(detectBankFormat('Datum;Text;Belopp\n2026-10-14;Fakt 24609;1234,50\n')).toBeNull();
  });

  it('gives each payment its deposit date, reference, name, texts and extra references', () => {
    const rows = parseBankStatement(BGMAX, 'bgmax', 'BGMAX.txt');
    expect(rows.map((r) => [r.booking_date, r.amount, r.direction, r.creditor_reference, r.counterparty_name, r.statement_id])).toEqual([
      ['2026-10-14', '1234.50', 'CRDT', '2460937', 'Hägglunds Bygg AB Avd Ekonomi', '00042'],
      ['2026-10-14', '2500.00', 'CRDT', '', 'Lunds Måleri HB', '00042'],
      ['2026-10-15', '-100.00', 'DBIT', '2461107', '', '00043'],
    ]);
    expect(rows[0].details).toBe('bankgiro 9912346; electronic payment from bank; organisation number 556677889900');
    expect(rows[1]).toMatchObject({ remittance_text: 'Fakt 24609 25366 betalning okt', referred_documents: '24611', bank_reference: '000000000018', account: '50501055', currency: 'SEK' });
  });

  it('loads as a typed table, and a payment without an amount is refused by name', async () => {
    const ws = await sb.workspace('bgmax');
    const info = await ws.addSourceFromPath('right', sb.file('BGMAX_5050-1055_202610.txt', `${BGMAX}\r\n`));
    expect(info.encoding).toBe('bgmax');
    expect(info.row_count).toBe(3);
    expect(Object.fromEntries(info.columns.map((c) => [c.name, c.type]))).toMatchObject({ booking_date: 'date', amount: 'number', creditor_reference: 'text' });
    const broken = BGMAX.replace('000000000000123450', '0000000000001234,5');
    expect(() => parseBankStatement(broken, 'bgmax', 'bad.txt')).toThrow(/Bankgirot BgMax file but cannot be read: payment record .* has no amount in positions 38–55/);
  });
});

const CFONB = [
  cf([[1, '01'], [3, '30004'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '011026'], [91, '0000001234567{']]),
  // A credit of 1,234.52 (last character B: +2), its payer and a long label in complements.
  cf([[1, '04'], [3, '30004'], [8, '0532'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [33, '05'], [35, '031026'], [43, '041026'], [49, 'VIR SEPA RECU'], [82, '0000017'], [91, '0000000012345B'], [105, 'REF1234567890123']]),
  cf([[1, '05'], [3, '30004'], [8, '0532'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '031026'], [46, 'NPY'], [49, 'SARL DUPONT ET FILS']]),
  cf([[1, '05'], [3, '30004'], [8, '0532'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '031026'], [46, 'LCC'], [49, 'FACTURE FA-2026-0412 RF18539007547034']]),
  cf([[1, '05'], [3, '30004'], [8, '0532'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '031026'], [46, 'RCN'], [49, 'E2E-77120']]),
  // A debit of 45.60 (last character } : −0).
  cf([[1, '04'], [3, '30004'], [8, '0117'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '051026'], [43, '051026'], [49, 'PRLV SEPA FRAIS'], [91, '0000000000456}']]),
  cf([[1, '07'], [3, '30004'], [12, '00123'], [17, 'EUR'], [20, '2'], [22, '00012345678'], [35, '311026'], [91, '0000001246452F']]),
];

describe('CFONB 120', () => {
  it('reads signed amounts from the last character, and complements into their columns', () => {
    const text = CFONB.join('\n');
    expect(detectBankFormat(text)).toBe('cfonb120');
    const rows = parseBankStatement(text, 'cfonb120', 'releve.cfonb');
    expect(rows.map((r) => [r.booking_date, r.value_date, r.amount, r.direction, r.transaction_code])).toEqual([
      ['2026-10-03', '2026-10-04', '1234.52', 'CRDT', '0532'],
      ['2026-10-05', '2026-10-05', '-45.60', 'DBIT', '0117'],
    ]);
    expect(rows[0]).toMatchObject({
      counterparty_name: 'SARL DUPONT ET FILS',
      remittance_text: 'VIR SEPA RECU FACTURE FA-2026-0412 RF18539007547034',
      creditor_reference: 'RF18539007547034',
      end_to_end_id: 'E2E-77120',
      bank_reference: '0000017 REF1234567890123',
      currency: 'EUR',
    });
  });

  it('reads a file written without line breaks, 120 characters a record', () => {
    const rows = parseBankStatement(CFONB.join(''), 'cfonb120', 'releve.txt');
    expect(rows.map((r) => r.amount)).toEqual(['1234.52', '-45.60']);
    expect(detectBankFormat(CFONB.join(''))).toBe('cfonb120');
  });
});

const NORMA43 = [
  bg([[1, '11'], [3, '2100'], [7, '0418'], [11, '0200051332'], [21, '261001'], [27, '261031'], [33, '2'], [34, '00000001500000'], [48, '978'], [51, '3'], [52, 'INDUSTRIAS KALLA SL']]),
  bg([[1, '22'], [7, '0418'], [11, '261005'], [17, '261005'], [23, '02'], [25, '004'], [28, '2'], [29, '00000000242000'], [43, '0000000000'], [53, '000000000000'], [65, 'TRANSFERENCIA']]),
  bg([[1, '23'], [3, '01'], [5, 'ORD: TALLERES GARCIA SA'], [43, 'CONCEPTO: FRA 2026/0417']]),
  bg([[1, '22'], [7, '0418'], [11, '261007'], [17, '261008'], [23, '17'], [25, '001'], [28, '1'], [29, '00000000001250'], [43, '0000004711'], [65, 'COMISION']]),
  bg([[1, '33'], [3, '2100'], [7, '0418'], [11, '0200051332']]),
  bg([[1, '88'], [3, '999999999999999999'], [21, '000004']]),
].join('\n');

describe('AEB Norma 43', () => {
  it('reads credits and debits, value dates and complementary concepts', () => {
    expect(detectBankFormat(NORMA43)).toBe('norma43');
    const rows = parseBankStatement(NORMA43, 'norma43', 'extracto.n43');
    expect(rows.map((r) => [r.booking_date, r.value_date, r.amount, r.direction, r.currency, r.transaction_code, r.bank_reference])).toEqual([
      ['2026-10-05', '2026-10-05', '2420.00', 'CRDT', 'EUR', '02/004', ''],
      ['2026-10-07', '2026-10-08', '-12.50', 'DBIT', 'EUR', '17/001', '0000004711'],
    ]);
    expect(rows[0].remittance_text).toBe('TRANSFERENCIA ORD: TALLERES GARCIA SA CONCEPTO: FRA 2026/0417');
    expect(rows[0].account).toBe('2100 0418 0200051332');
  });
});
