/**
 * Bank statement formats as sources (issue 28): camt.053/054, MT940/942, BAI2 and OFX, read from
 * held-out sample files written to imitate several banks, into real DuckDB through the loader and
 * through `kalla recon` against an ERP export.
 */
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { bankStatementToCsv, detectBankFormat, parseBankStatement, parse86, sepaKeywords } from '../../../src/main/reconcile/engine/bank-formats';
import { rfReferences, validRf } from '../../../src/main/reconcile/engine/bank-row';
import { runReconCli } from '../../../src/cli/recon';
import { sandbox, type Sandbox } from './helpers';

const DIR = join(__dirname, '..', '..', 'fixtures', 'bank-statements');
const fixture = (name: string) => join(DIR, name);

let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

/** A small RFC 4180 reader for the exports (quoted fields, doubled quotes). */
function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else if (ch !== '\r') field += ch;
  }
  if (field || record.length) records.push([...record, field]);
  const [head, ...body] = records;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}

const row = (rows: Record<string, unknown>[], amount: number) => rows.find((r) => Number(r.amount) === amount);

describe('detecting a bank format', () => {
  it.each([
    ['camt053-de-sparkasse.xml', 'camt.053'],
    ['camt053-nl-ing-v08.xml', 'camt.053'],
    ['camt054-ch-notification.xml', 'camt.054'],
    ['mt940-de-commerzbank.sta', 'mt940'],
    ['mt940-nl-rabobank.swi', 'mt940'],
    ['mt942-de-intraday.sta', 'mt942'],
    ['bai2-us-bank.bai', 'bai2'],
    ['ofx-us-creditunion.ofx', 'ofx'],
    ['erp-open-items.csv', null],
  ])('%s is %s', (file, format) => {
    expect(detectBankFormat(readFileSync(fixture(file), 'latin1').slice(0, 4096))).toBe(format);
  });

  it('does not take a CSV whose first column is a tag-like text for MT940', () => {
    expect(detectBankFormat(':20:;Betrag\n1;2\n')).toBeNull();
    expect(detectBankFormat('<html><body>camt</body></html>')).toBeNull();
  });
});

describe('structured remittance helpers', () => {
  it('checks ISO 11649 RF references and finds them in text, grouped or not', () => {
    expect(validRf('RF18539007547034')).toBe(true);
    expect(validRf('RF19539007547034')).toBe(false);
    expect(rfReferences('RF26 2026 0479')).toEqual(['RF2620260479']);
    expect(rfReferences('Zahlung RF2620260479 Schmidt')).toEqual(['RF2620260479']);
    expect(rfReferences('RF99 1234')).toEqual([]);
  });

  it('reads :86: subfields and the SEPA keywords of ?20–?29', () => {
    const sub = parse86('166?00SEPA-GUTSCHRIFT?20EREF+A-1?21SVWZ+RE-2026-0477 Zahlung F\n?22ebruar?32Müller');
    expect(sub).toMatchObject({ gvc: '166', '00': 'SEPA-GUTSCHRIFT', '32': 'Müller' });
    expect(sepaKeywords(`${sub?.['20']}${sub?.['21']}${sub?.['22']}`)).toEqual({ EREF: 'A-1', SVWZ: 'RE-2026-0477 Zahlung Februar' });
    expect(parse86('free text only')).toBeNull();
  });

  it('reads a Polish :86: (<20–<25 title cut mid-number, <27/<28 or <32/<33 name) in Windows-1250', async () => {
    const mt940 = [
      ':20:26100100180',
      ':25:/PL521140200440000350226938717',
      ':28C:00180/1',
      ':60F:C261001PLN1000,00',
      ':61:2610011001C12482,71NTRFNONREF//2610017688647',
      ':86:020<00PRZELEW ZEWNĘTRZNY PRZYCHODZĄCY<1007688647<20FS 55/09/2',
      '026, fs 1181/09/2<21026 minus KOR 28/09/2026<27F.H.U. Łukasz Król<29ul. Składowa 96, Konin<3024907509<31928473811361663',
      '4<38PL62249075099284738113616634<63REF2610017688647',
      ':62F:C261001PLN13482,71',
      '',
    ].join('\r\n');
    const bytes = Buffer.from([...mt940].map((ch) => ({ Ę: 0xca, Ą: 0xa5, Ł: 0xa3, ó: 0xf3, ł: 0xb3 })[ch] ?? ch.charCodeAt(0)));
    const dir = mkdtempSync(join(tmpdir(), 'pl-mt940-'));
    try {
      writeFileSync(join(dir, 'wyciag.sta'), bytes);
      await bankStatementToCsv(join(dir, 'wyciag.sta'), join(dir, 'out.csv'), 'mt940', 'wyciag.sta');
      const csvText = readFileSync(join(dir, 'out.csv'), 'utf8');
      expect(csvText).toContain('FS 55/09/2026, fs 1181/09/2026 minus KOR 28/09/2026');
      expect(csvText).toContain('F.H.U. Łukasz Król');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parsing the held-out statements', () => {
  const parse = (file: string) => {
    const buf = readFileSync(fixture(file));
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      text = new TextDecoder('windows-1252').decode(buf);
    }
    const format = detectBankFormat(text.slice(0, 4096));
    if (!format) throw new Error(`${file}: no format`);
    return parseBankStatement(text, format, file);
  };

  it('camt.053.001.02: batch entries split per TxDtls, a fee without details, pending entries left out', () => {
    const rows = parse('camt053-de-sparkasse.xml');
    expect(rows.map((r) => r.amount)).toEqual(['1190.00', '1428.00', '952.00', '-45.90', '595.00']);
    expect(rows[0]).toMatchObject({ booking_date: '2026-03-02', value_date: '2026-03-02', currency: 'EUR', counterparty_name: 'Fischer Maschinenbau GmbH', counterparty_iban: 'DE44500105175407324931', remittance_text: 'RE-2026-0471 Kd-Nr 10023', end_to_end_id: 'E2E-FMB-0471', account: 'DE12500105170648489890' });
    expect(rows[1]).toMatchObject({ counterparty_name: 'Weber & Söhne KG', remittance_text: 'Rechnung RE-2026-0472', end_to_end_id: 'WS-77812' });
    expect(rows[3]).toMatchObject({ direction: 'DBIT', details: 'Kontoführungsgebühr 02/2026', transaction_code: 'ACMT-MDOP-CHRG' });
    // NOTPROVIDED is no reference; two Ustrd lines are one text.
    expect(rows[4]).toMatchObject({ end_to_end_id: '', remittance_text: 'Rechnung Nr. 474 vielen Dank', booking_date: '2026-03-05', value_date: '2026-03-04' });
  });

  it('camt.053.001.08 with prefixes: <Pty> parties, Strd creditor reference, referred documents, debits signed', () => {
    const rows = parse('camt053-nl-ing-v08.xml');
    expect(rows[0]).toMatchObject({ counterparty_name: 'De Vries Handel B.V.', counterparty_bic: 'ABNANL2A', creditor_reference: 'RF3720260475', remittance_text: '' });
    expect(rows[1]).toMatchObject({ referred_documents: 'RE-2026-0476', remittance_text: 'factuur februari' });
    expect(rows[2]).toMatchObject({ amount: '-1250.00', direction: 'DBIT', counterparty_name: 'Kantoorpand Beheer BV', counterparty_iban: 'NL44RABO0307123456' });
  });

  it('camt.054 notification: a QR reference in Strd', () => {
    expect(parse('camt054-ch-notification.xml')).toEqual([
      expect.objectContaining({ amount: '6188.00', currency: 'CHF', creditor_reference: '210000000003139471430009017', remittance_text: 'RE-2026-0480', end_to_end_id: 'KB-480' }),
    ]);
  });

  it('MT940 (German ?-subfields, Latin-1): EREF+/SVWZ+/MREF+, party, booking date over New Year', () => {
    const rows = parse('mt940-de-commerzbank.sta');
    expect(rows.map((r) => r.amount)).toEqual(['100.00', '3570.00', '416.50', '-89.99']);
    expect(rows[0]).toMatchObject({ value_date: '2025-12-31', booking_date: '2026-01-02' });
    expect(rows[1]).toMatchObject({ counterparty_name: 'Müller Logistik GmbH', counterparty_iban: 'DE89370400440532013000', counterparty_bic: 'COBADEFFXXX', end_to_end_id: 'MLG-2026-0477', remittance_text: 'RE-2026-0477 Zahlung Februar', transaction_code: 'NTRF 166' });
    expect(rows[2]).toMatchObject({ creditor_reference: 'RF2620260479', end_to_end_id: '' });
    expect(rows[3]).toMatchObject({ mandate_id: 'M-4471', direction: 'DBIT', remittance_text: 'Mobilfunk 02/2026' });
  });

  it('MT940 (SWIFT blocks, /TAG/ structure): CNTP party and REMI text', () => {
    const rows = parse('mt940-nl-rabobank.swi');
    expect(rows[0]).toMatchObject({ amount: '750.00', counterparty_name: 'Bakker Transport BV', counterparty_iban: 'NL39RABO0300065264', counterparty_bic: 'RABONL2U', end_to_end_id: 'BT-2026-0478', remittance_text: 'Factuur RE-2026-0478 dank u', account: 'NL20RABO0300999888' });
    expect(rows[1]).toMatchObject({ amount: '-35.00', remittance_text: 'Kosten betalingsverkeer' });
  });

  it('MT942 without balances', () => {
    expect(parse('mt942-de-intraday.sta')).toEqual([expect.objectContaining({ amount: '595.00', currency: 'EUR', counterparty_name: 'Baeckerei Hoffmann', remittance_text: 'Rechnung Nr. 474' })]);
  });

  it('BAI2: cents to amounts, funds type V value date, 88 continuation, debit type codes', () => {
    const rows = parse('bai2-us-bank.bai');
    expect(rows.map((r) => [r.amount, r.value_date, r.transaction_code])).toEqual([
      ['1250.00', '2026-03-03', '165'],
      ['416.50', '2026-03-02', '175'],
      ['-99.50', '2026-03-02', '475'],
    ]);
    expect(rows[0]).toMatchObject({ counterparty_name: 'ACME SUPPLY CO', end_to_end_id: 'INV-10031', bank_reference: '90331234' });
    expect(rows[0].remittance_text).toContain('RMR*IV*INV-10031*1250.00');
    expect(rows[1].creditor_reference).toBe('RF2620260479');
  });

  it('BAI2: a text cut at the record length inside a word goes on in the 88 record as written', () => {
    const bai = [
      '01,BANKUS33,RIDGELINE,261102,0600,1,80,,2/',
      '02,RIDGELINE,021000021,1,261101,2400,USD,2/',
      '03,4455667788,USD,010,100000,,/',
      '16,165,821350,Z,73256892078694,,ACH CREDIT RECEIVED ORIG CO NAME:LF PAYABLES ORI',
      '88,G ID:9225224203 SEC:CCD ADDENDA:RMR*IV*3182',
      '88,34*PI*8213.50\\',
      '49,821350,6/',
      '98,821350,1,8/',
      '99,821350,1,10/',
    ].join('\n');
    const [row] = parseBankStatement(bai, 'bai2', 'cut.bai');
    expect(row.remittance_text).toContain('ORIG CO NAME:LF PAYABLES ORIG ID:9225224203');
    expect(row.remittance_text).toContain('RMR*IV*318234*PI*8213.50');
    expect(row.amount).toBe('8213.50');
  });

  it('OFX 1.02 SGML: posted and available dates, payee, memo, check number', () => {
    const rows = parse('ofx-us-creditunion.ofx');
    expect(rows.map((r) => [r.booking_date, r.value_date, r.amount, r.counterparty_name])).toEqual([
      ['2026-03-03', '2026-03-04', '1250.00', 'ACME SUPPLY CO'],
      ['2026-03-05', '2026-03-05', '-99.50', 'CHECK 1021'],
      ['2026-03-09', '2026-03-09', '416.50', 'SCHMIDT IT'],
    ]);
    expect(rows[2].creditor_reference).toBe('RF2620260479');
  });

  it('a broken statement is named as such, not as a CSV problem', () => {
    expect(() => parseBankStatement(':20:X\n:25:DE1\n:28C:1\n:60F:C260101EUR10,00\n:61:260102C5,00NTRFNONREF\n:62F:C260102EUR99,00\n', 'mt940', 'bad.sta')).toThrow(/MT940 statement but cannot be read: Sum of lines/);
  });
});

describe('bank statements loaded into DuckDB', () => {
  it('a camt.053 becomes a typed table with the remittance columns', async () => {
    const ws = await sb.workspace('camt');
    const info = await ws.addSourceFromPath('left', fixture('camt053-de-sparkasse.xml'));
    expect(info.encoding).toBe('camt.053');
    expect(info.row_count).toBe(5);
    const types = Object.fromEntries(info.columns.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({ booking_date: 'date', value_date: 'date', amount: 'number', currency: 'text', remittance_text: 'text', end_to_end_id: 'text', bank_reference: 'text', counterparty_iban: 'text' });
    expect(info.notices.find((n) => n.code === 'bank_statement')?.message).toMatch(/camt\.053 bank statement: 5 transaction\(s\)/);
    const rows = (await ws.preview('left', { offset: 0, limit: 10 })).items as Record<string, unknown>[];
    expect(row(rows, -45.9)).toMatchObject({ booking_date: '2026-03-04', direction: 'DBIT' });
    expect(row(rows, 952)).toMatchObject({ remittance_text: 'Rechnung RE-2026-0473', counterparty_name: 'Weber & Söhne KG' });
  });

  it('an MT940 in Latin-1 keeps its umlauts', async () => {
    const ws = await sb.workspace('mt940');
    const info = await ws.addSourceFromPath('left', fixture('mt940-de-commerzbank.sta'));
    expect(info.row_count).toBe(4);
    const rows = (await ws.preview('left', { offset: 0, limit: 10 })).items as Record<string, unknown>[];
    expect(row(rows, 3570)).toMatchObject({ counterparty_name: 'Müller Logistik GmbH', end_to_end_id: 'MLG-2026-0477' });
  });

  it('a statement that does not balance is refused with invalid_statement', async () => {
    const ws = await sb.workspace('bad');
    const path = sb.file('bad.sta', ':20:X\n:25:DE1\n:28C:1\n:60F:C260101EUR10,00\n:61:260102C5,00NTRFNONREF\n:62F:C260102EUR99,00\n');
    const error = (await ws.addSourceFromPath('left', path).catch((e: unknown) => e)) as ReconError;
    expect(error).toBeInstanceOf(ReconError);
    expect(error.code).toBe('invalid_statement');
  });
});

describe('kalla recon with bank statements', () => {
  for (const statement of ['camt053-de-sparkasse.xml', 'mt940-de-commerzbank.sta', 'mt940-nl-rabobank.swi', 'camt053-nl-ing-v08.xml']) {
    it(`matches ${statement} against the ERP export`, async () => {
      const out = join(sb.dir, `out-${statement}`);
      const lines: string[] = [];
      const err: string[] = [];
      const code = await runReconCli(['--left', fixture('erp-open-items.csv'), '--right', fixture(statement), '--out', out, '--json'], { stdout: (t) => lines.push(t), stderr: (t) => err.push(t) });
      expect(err.join('')).toBe('');
      expect(code).toBe(0);
      const result = JSON.parse(lines.join('').trim()) as Record<string, number>;
      // With a handful of rows the model's weights stay below the auto-confirm bar, so pairs are
      // suggested: every incoming payment that names an invoice is paired with that invoice, and
      // fees, rent and interest are not paired at all.
      // Which invoice each payment pays (from the fixtures: named in the text, as EREF, as an RF
      // reference or as a referred document). Fees, rent and interest pay none.
      const truth: Record<string, [string, number][]> = {
        'camt053-de-sparkasse.xml': [['RE-2026-0471', 1190], ['RE-2026-0472', 1428], ['RE-2026-0473', 952], ['RE-2026-0474', 595]],
        'mt940-de-commerzbank.sta': [['RE-2026-0477', 3570], ['RE-2026-0479', 416.5]],
        'mt940-nl-rabobank.swi': [['RE-2026-0478', 750]],
        'camt053-nl-ing-v08.xml': [['RE-2026-0475', 2142], ['RE-2026-0476', 833]],
      };
      const pairs = [...parseCsv(readFileSync(join(out, 'matched.csv'), 'utf8')), ...parseCsv(readFileSync(join(out, 'suggested.csv'), 'utf8'))];
      expect(result.matched + result.suggested).toBe(truth[statement].length);
      expect(pairs.map((p) => [p['left.Document No'], Number(p['right.amount'])]).sort()).toEqual([...truth[statement]].sort());
    });
  }
});
