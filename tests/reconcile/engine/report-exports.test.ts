/**
 * Issue 25 (25r): report-style exports and headerless bank files load as a user drops them, through
 * real DuckDB. A report's headings (one filled cell) and subtotals (a total word, a `*` marker, the
 * heading repeated, or no key but amounts) inside the table are left out, told from the data's own
 * column types; each is listed, subtotals are checked against their rows, and the rows after them
 * keep the line numbers of the user's file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { previewRead } from '../../../src/main/reconcile/engine/read-preview';
import { sourceLineBreaks } from '../../../src/main/reconcile/engine/source-lines';
import type { SourceInfo } from '../../../src/shared/reconcile/sources-and-runs';
import { csv, recipe, rule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const text = (lines: string[], nl = '\n') => `${lines.join(nl)}${nl}`;

/** The file line of every loaded row (source-lines.ts, as exports use it), by row id. */
async function linesOf(info: SourceInfo): Promise<number[]> {
  const breaks = await sourceLineBreaks(info);
  expect(breaks).not.toBeNull();
  return Array.from({ length: info.row_count }, (_, i) => {
    const id = i + 1;
    let k = 0;
    while (k + 1 < breaks!.fromRow.length && breaks!.fromRow[k + 1] <= id) k++;
    return id + breaks!.offset[k];
  });
}

/** Every loaded row's `column` value is on the file line its row is said to be on. */
async function expectRowsOnTheirLines(ws: Awaited<ReturnType<Sandbox['workspace']>>, info: SourceInfo, content: string, column: string): Promise<void> {
  const physical = content.split(/\r?\n/);
  const lines = await linesOf(info);
  const rows = (await ws.preview('left', { offset: 0, limit: 10_000 })).items;
  expect(rows.length).toBe(info.row_count);
  for (const row of rows) {
    const line = lines[Number(row.__row_id) - 1];
    expect(physical[line - 1], `row ${row.__row_id} at line ${line}`).toContain(String(row[column]).replace(/\.0+$/, ''));
  }
}

const notice = (info: SourceInfo, code: string) => info.notices.find((n) => n.code === code)?.message ?? '';
const inside = (info: SourceInfo) => (info.skipped_lines ?? []).filter((l) => l.where === 'inside');

describe('report exports: headings and subtotals inside the table', () => {
  it('QuickBooks A/R Ageing Detail: ageing headings and full-width "Total for" rows are left out, the rows keep their lines', async () => {
    const content = text([
      'Tuskys-Road Wholesale Distributors Ltd',
      'A/R Ageing Detail Report',
      'As of 2 November 2026',
      '',
      ',Date,Transaction Type,No.,Customer,Due Date,Past Due,Amount,Open Balance',
      'Current',
      ',03/10/2026,Invoice,12570,Kasarani Distributors,02/11/2026,0,"5,993.00","5,993.00"',
      ',03/10/2026,Invoice,12571,Paul Wambui Ventures,02/11/2026,0,"83,724.00","83,724.00"',
      ',04/10/2026,Credit Note,12599,Embakasi Agrovet,03/11/2026,-1,"-4,107.00","-4,107.00"',
      'Total for Current,,,,,,,"85,610.00","85,610.00"',
      '1 - 30 days past due',
      ',03/09/2026,Invoice,11281,Kitengela Supermarket,03/10/2026,30,"1,876.00","1,876.00"',
      ',04/09/2026,Invoice,11283,Jane Otieno Mini Mart,04/10/2026,29,"47,219.00","47,219.00"',
      'Total for 1 - 30 days past due,,,,,,,"49,095.00","49,095.00"',
      '31 - 60 days past due',
      ',01/08/2026,Invoice,10990,Juja Agrovet,31/08/2026,63,"99,108.00","99,108.00"',
      ',02/08/2026,Invoice,10991,Kariuki Mini Mart,01/09/2026,62,"2,149.00","2,149.00"',
      'Total for 31 - 60 days past due,,,,,,,"101,257.00","101,257.00"',
      'TOTAL,,,,,,,"235,962.00","235,962.00"',
      '',
      '',
      'Monday, 2 November 2026 08:14 AM GMT+03:00',
    ]);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('ageing.csv', content));
    expect(info.row_count).toBe(7);
    expect(inside(info).map((l) => l.line)).toEqual([6, 10, 11, 14, 15]);
    expect(notice(info, 'report_lines')).toMatch(/left out 5 line\(s\).* 3 heading\(s\) and 2 subtotal\(s\).*2 of 2 equal the sum/);
    // The last subtotal and TOTAL are below the data (summary lines), as before.
    expect(info.skipped_lines?.filter((l) => l.where === 'bottom').map((l) => l.text.split(' |')[0])).toContain('TOTAL');
    const amounts = (await ws.preview('left', { offset: 0, limit: 20 })).items.map((r) => Number(r.Amount));
    expect(amounts).toEqual([5993, 83724, -4107, 1876, 47219, 99108, 2149]);
    await expectRowsOnTheirLines(ws, info, content, 'Customer');
    expect(await linesOf(info)).toEqual([7, 8, 9, 12, 13, 16, 17]);
    // The Read options preview shows the same: headings and subtotals listed, not shown as rows.
    const preview = await previewRead(sb.file('ageing-again.csv', content), { skip_bad_lines: false, column_overrides: {} });
    expect(preview.rows.map((r) => r[4])).toEqual(['Kasarani Distributors', 'Paul Wambui Ventures', 'Embakasi Agrovet', 'Kitengela Supermarket', 'Jane Otieno Mini Mart', 'Juja Agrovet', 'Kariuki Mini Mart']);
    expect(preview.skipped.filter((l) => l.where === 'inside').map((l) => l.line)).toEqual([6, 10, 11, 14, 15]);
  });

  it('Xero Aged Receivables Detail: contact blocks with "Total <contact>" rows and a grand Total; only documents are rows', async () => {
    const block = (name: string, docs: [string, string, string, string][]) => {
      const sum = (k: number) => docs.reduce((s, d) => s + (d[3] && Number(d[0]) === k ? Number(d[3]) : 0), 0).toFixed(2);
      return [
        name,
        ...docs.map(([bucket, date, no, amount]) => {
          const cols = ['', '', '', ''];
          cols[Number(bucket)] = amount;
          return `,${date},${no},,${date},${cols.join(',')},${amount}`;
        }),
        `Total ${name},,,,,${[0, 1, 2, 3].map(sum).join(',')},${docs.reduce((s, d) => s + Number(d[3]), 0).toFixed(2)}`,
      ];
    };
    const content = text([
      'Aged Receivables Detail',
      'Southern Cross Trade Supplies Pty Ltd',
      'As at 2 November 2026',
      '',
      'Contact,Invoice Date,Invoice Number,Reference,Due Date,Current,< 1 Month,1 Month,2 Months,Total',
      ...block('Ballarat Building Supplies Pty Ltd', [
        ['3', '4/7/2026', 'INV-24125', '9551.46'],
        ['1', '22/9/2026', 'CN-1299', '-243.67'],
        ['1', '27/9/2026', 'INV-26983', '88.41'],
      ]),
      ...block('Yarra Tiling Services', [
        ['2', '30/8/2026', 'INV-25963', '8420.76'],
        ['0', '17/10/2026', 'INV-27740', '1266.35'],
      ]),
      ...block('Total Energies Pty Ltd', [['0', '18/10/2026', 'INV-27801', '310.00']]),
      'Total,,,,,1576.35,-155.26,8420.76,9551.46,19393.31',
    ]);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('aged.csv', content));
    expect(info.row_count).toBe(6);
    const rows = (await ws.preview('left', { offset: 0, limit: 20 })).items;
    expect(rows.map((r) => r['Invoice Number'])).toEqual(['INV-24125', 'CN-1299', 'INV-26983', 'INV-25963', 'INV-27740', 'INV-27801']);
    expect(rows.reduce((s, r) => s + Number(r.Total), 0)).toBeCloseTo(19393.31, 2);
    // A contact named "Total Energies …" is a heading like any other, and its documents are rows.
    expect(inside(info).filter((l) => l.reason.startsWith('heading')).map((l) => l.text)).toEqual(['Ballarat Building Supplies Pty Ltd', 'Yarra Tiling Services', 'Total Energies Pty Ltd']);
    expect(notice(info, 'report_total_mismatch')).toBe('');
    // The contact lives only in the heading above its documents: it is read as their Contact.
    expect(rows.map((r) => r.Contact)).toEqual([
      'Ballarat Building Supplies Pty Ltd',
      'Ballarat Building Supplies Pty Ltd',
      'Ballarat Building Supplies Pty Ltd',
      'Yarra Tiling Services',
      'Yarra Tiling Services',
      'Total Energies Pty Ltd',
    ]);
    expect(notice(info, 'report_headings_filled')).toMatch(/Contact is empty on every row.*\(6 rows\)/);
    await expectRowsOnTheirLines(ws, info, content, 'Invoice Number');
    // Read options shows the rows as they will load: the contact filled in.
    const preview = await previewRead(sb.file('aged-again.csv', content), { skip_bad_lines: false, column_overrides: {} });
    expect(preview.rows.map((r) => r[0])).toEqual(rows.map((r) => r.Contact));
  });

  it('a SAP-style list (`;`, decimal comma): `*` subtotal and `**` total lines are left out and checked over their blocks', async () => {
    const content = text([
      'Belegnr;Buchungsdatum;Kunde;Betrag;Währung',
      '1800012345;01.10.2026;Müller GmbH;1.234,50;EUR',
      '1800012346;02.10.2026;Müller GmbH;100,00;EUR',
      '*;;Müller GmbH;1.334,50;EUR',
      '1800012350;03.10.2026;Schmidt KG;-50,25;EUR',
      '1800012351;04.10.2026;Schmidt KG;2.000,00;EUR',
      '1800012352;05.10.2026;Schmidt KG;10,00;EUR',
      '*;;Schmidt KG;1.959,75;EUR',
      '**;;;3.294,25;EUR',
      '1800012360;06.10.2026;Weber AG;99,99;EUR',
      '1800012361;07.10.2026;Weber AG;0,01;EUR',
    ]);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('sap.csv', content));
    expect(info.delimiter).toBe(';');
    expect(info.row_count).toBe(7);
    expect(inside(info).map((l) => l.line)).toEqual([4, 8, 9]);
    expect(notice(info, 'report_lines')).toMatch(/0 heading\(s\) and 3 subtotal\(s\).*3 of 3 equal the sum/);
    const amounts = (await ws.preview('left', { offset: 0, limit: 20 })).items.map((r) => Number(r.Betrag));
    expect(amounts).toEqual([1234.5, 100, -50.25, 2000, 10, 99.99, 0.01]);
    await expectRowsOnTheirLines(ws, info, content, 'Belegnr');
  });

  it('a German `Summe` row and a Sage report whose subtotal repeats the customer heading; one that does not add up is named', async () => {
    const content = text([
      'Kontonr;Kunde;Rechnung;Datum;Betrag',
      'K-100 Alpha Handel',
      'K-100;Alpha Handel;RE-501;01.09.2026;1.000,00',
      'K-100;Alpha Handel;RE-502;02.09.2026;250,00',
      'K-100 Alpha Handel;;;;1.250,00',
      'K-200 Beta Bau',
      'K-200;Beta Bau;RE-601;03.09.2026;400,00',
      'K-200;Beta Bau;RE-602;04.09.2026;600,00',
      'Summe Beta Bau;;;;999,00',
      'K-300 Gamma',
      'K-300;Gamma;RE-701;05.09.2026;70,00',
      'K-300;Gamma;RE-702;06.09.2026;30,00',
    ]);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('sage.csv', content));
    expect(info.row_count).toBe(6);
    expect(inside(info).map((l) => l.line)).toEqual([2, 5, 6, 9, 10]);
    expect(inside(info).find((l) => l.line === 5)?.reason).toMatch(/repeats the heading.*equals the sum/);
    // Not silently dropped: the line, what it states and what its rows sum to.
    expect(notice(info, 'report_total_mismatch')).toMatch(/1 subtotal line\(s\).*line 9 .*999\.00 stated, 1000\.00 summed/);
    expect(inside(info).find((l) => l.line === 9)?.reason).toMatch(/does NOT equal the sum of the 2 row\(s\)/);
    await expectRowsOnTheirLines(ws, info, content, 'Rechnung');
  });

  it('keeps rows that only look like totals, and still refuses one stray one-cell line in a plain file', async () => {
    const ws = await sb.workspace();
    // A payee "Total Energies" on a dated row is a transaction.
    const payee = await ws.addSourceFromPath('left', sb.file('payee.csv', csv('Date,Payee,Amount', ['01/10/2026,Acme,10.00', '02/10/2026,Total Energies,20.00', '03/10/2026,Beta,30.00', '04/10/2026,Gamma,40.00'])));
    expect(payee.row_count).toBe(4);
    expect(inside(payee)).toEqual([]);
    // One line of one field among data rows, no subtotal anywhere: a malformed row to hear about, named by its line.
    const stray = sb.file('stray.csv', csv('Date,Payee,Amount', ['01/10/2026,Acme,10.00', 'continued memo text', '03/10/2026,Beta,30.00', '04/10/2026,Gamma,40.00']));
    const error = await ws.addSourceFromPath('left', stray).then(
      () => null,
      (e: unknown) => e as ReconError,
    );
    expect(error?.code).toBe('ragged_rows');
    expect(error?.details.lines).toEqual([3]);
  });

  it('a trailing total in Korean, Chinese or Turkish below the data is not an open item', async () => {
    const ws = await sb.workspace();
    for (const [i, word] of ['합계', '合计', 'Genel Toplam'].entries()) {
      const body = ['D-1,2026-10-01,Acme,"1,000.00"', 'D-2,2026-10-02,Beta,"2,000.00"', 'D-3,2026-10-03,Gamma,"3,000.00"'];
      const info = await ws.addSourceFromPath('left', sb.file(`trailing-total-${i}.csv`, text(['Doc,Date,Customer,Amount', ...body, '', `${word},,,"6,000.00"`])));
      expect([word, info.row_count]).toEqual([word, 3]);
      expect(info.skipped_lines?.some((l) => l.where === 'bottom' && l.text.startsWith(word))).toBe(true);
    }
  });

  it('a total in Persian, Arabic, Hebrew or Greek right below the data is not an open item', async () => {
    // An Iranian ledger's last line "جمع کل" was read as an open item of the whole total (issue 25, session 15).
    const ws = await sb.workspace();
    for (const [i, word] of ['جمع کل', 'الإجمالي', '"סה""כ"', 'Σύνολο'].entries()) {
      const body = ['D-1,2026-10-01,Acme,"1,000.00"', 'D-2,2026-10-02,Beta,"2,000.00"', 'D-3,2026-10-03,Gamma,"3,000.00"'];
      const info = await ws.addSourceFromPath('left', sb.file(`rtl-total-${i}.csv`, text(['Doc,Date,Customer,Amount', ...body, `${word},,,"6,000.00"`])));
      expect([word, info.row_count]).toEqual([word, 3]);
      expect(info.skipped_lines?.some((l) => l.where === 'bottom')).toBe(true);
    }
  });

  it('numbers a malformed row after left-out report lines by its own line in the file', async () => {
    const content = text([
      'Customer report',
      '',
      'Doc,Date,Customer,Amount',
      'North',
      'D-1,01/10/2026,Acme,10.00',
      'Total North,,,10.00',
      'South',
      'D-2,02/10/2026,Beta,20.00',
      'D-3,03/10/2026,Gamma',
      'D-4,04/10/2026,Delta,40.00',
      'Total South,,,60.00',
      'West',
      'D-5,05/10/2026,Eps,50.00',
    ]);
    const ws = await sb.workspace();
    const path = sb.file('report-ragged.csv', content);
    const error = await ws.addSourceFromPath('left', path).then(
      () => null,
      (e: unknown) => e as ReconError,
    );
    expect(error?.code).toBe('ragged_rows');
    expect(error?.details.lines).toEqual([9]);
    const info = await ws.addSourceFromPath('left', path, { skip_bad_lines: true });
    expect(info.row_count).toBe(4);
    expect(await linesOf(info)).toEqual([5, 8, 10, 13]);
  });

  it('a report larger than the detection sample is read whole: headings past the first 256 KiB are found and rows keep their lines', async () => {
    const lines = ['Doc,Date,Customer,Memo,Amount'];
    for (let block = 0; block < 120; block++) {
      lines.push(`Region ${block}`);
      let sum = 0;
      for (let i = 0; i < 40; i++) {
        const amount = (block * 40 + i + 1) * 1.25;
        sum += amount;
        lines.push(`D-${block}-${i},${String((i % 28) + 1).padStart(2, '0')}/10/2026,Customer ${i},${'remittance text '.repeat(3)},${amount.toFixed(2)}`);
      }
      lines.push(`Total Region ${block},,,,${sum.toFixed(2)}`);
    }
    const content = text(lines, '\r\n');
    expect(content.length).toBeGreaterThan(300 * 1024);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('big-report.csv', content));
    expect(info.row_count).toBe(120 * 40);
    expect(notice(info, 'report_lines')).toMatch(/left out 239 line\(s\).* 120 heading\(s\) and 119 subtotal\(s\).*119 of 119 equal/);
    await expectRowsOnTheirLines(ws, info, content, 'Doc');
  });

  it('exports name the file line of rows that come after left-out headings and subtotals (recon_line)', async () => {
    const content = text([
      'Doc,Date,Customer,Amount',
      'North',
      'D-1,01/10/2026,"Acme, two-line',
      'remittance",10.00',
      'D-2,02/10/2026,Beta,20.00',
      'Total North,,,30.00',
      'South',
      'D-3,03/10/2026,Gamma,30.00',
      'Total South,,,30.00',
      'East',
      'D-4,04/10/2026,Delta,40.00',
    ]);
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('export-lines.csv', content));
    await ws.addSourceFromPath('right', sb.file('right.csv', csv('Doc,Amount', ['NOPE1,1', 'NOPE2,2'])));
    const { run_id } = await ws.run(recipe([rule({ id: 'by-doc', keys: [{ left: 'Doc', right: 'Doc', normalisers: [] }] })]));
    const dir = sb.mkdir('out');
    const result = await ws.export(run_id, { dir, formats: ['csv'] });
    expect(result.notices.filter((n) => n.includes('line numbers'))).toEqual([]);
    const exported = readFileSync(join(dir, 'unmatched_left.csv'), 'utf8').split('\n');
    expect(exported[0].split(',').slice(0, 3)).toEqual(['recon_row_id', 'recon_line', 'Doc']);
    const lineOf = (doc: string) => Number(exported.find((l) => l.split(',')[2] === doc)?.split(',')[1]);
    expect(['D-1', 'D-2', 'D-3', 'D-4'].map(lineOf)).toEqual([3, 5, 8, 11]);
  });
});

describe('bank files without a header row', () => {
  it('CommBank NetBank: the first row types like the rows below it, so it is read as data with generated names, and said so', async () => {
    const content = text([
      '30/10/2026,"-3940.38","Transfer To ORIGIN ENERGY NetBank INV 223308","+230376.21"',
      '30/10/2026,"+490.76","Direct Credit 751861 MURRAY ELECTRICA INV 2395","+234316.59"',
      '30/10/2026,"+15798.54","Direct Credit 938391 KELLY HARDWARE P SUPPLIES","+233825.83"',
      '29/10/2026,"-12.50","Merchant Fee","+218027.29"',
      '29/10/2026,"+1000.00","BPAY 1234567 RECEIPT 55","+218039.79"',
      '28/10/2026,"+220.00","Direct Credit 111 SMITH INV-27740","+217039.79"',
    ]);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('CSVData.csv', content));
    expect(info.has_header).toBe(false);
    expect(info.row_count).toBe(6);
    expect(info.columns.map((c) => `${c.name}:${c.type}`)).toEqual(['column_1:date', 'column_2:number', 'column_3:text', 'column_4:number']);
    expect(notice(info, 'no_header_row')).toMatch(/no header row.*date, number, text, number.*column_1 … column_4/);
    const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
    expect(Number(first.column_2)).toBe(-3940.38);
    await expectRowsOnTheirLines(ws, info, content, 'column_3');
  });

  it('a first row of names over such rows is still the header, and a short file still asks', async () => {
    const ws = await sb.workspace();
    const named = await ws.addSourceFromPath('left', sb.file('named.csv', csv('Date,Amount,Text', ['30/10/2026,1.00,a', '29/10/2026,2.00,b', '28/10/2026,3.00,c', '27/10/2026,4.00,d', '26/10/2026,5.00,e'])));
    expect([named.has_header, named.row_count]).toEqual([true, 5]);
    const short = sb.file('short.csv', csv('30/10/2026,1.00,a', ['29/10/2026,2.00,b', '28/10/2026,3.00,c']));
    const error = await ws.addSourceFromPath('left', short).then(
      () => null,
      (e: unknown) => e as ReconError,
    );
    expect(error?.code).toBe('no_header');
  });
});

describe('statement balance lines written like transactions (issue 25, v19)', () => {
  /** A Baltic-style statement: unsigned amounts with K/D, an opening balance first and turnovers and a closing balance last. */
  function statement(rows: number, closingOff = 0): { content: string; lines: string[] } {
    const body: string[] = [];
    let credit = 0;
    let debit = 0;
    for (let i = 0; i < rows; i++) {
      const cents = 10_000 + ((i * 7_919) % 90_000);
      const k = i % 4 !== 3;
      if (k) credit += cents;
      else debit += cents;
      body.push(`"EE31";"20";"${String(1 + (i % 28)).padStart(2, '0')}.09.2026";"Payer ${i}";"arve ${26_000 + i}";"${(cents / 100).toFixed(2).replace('.', ',')}";"EUR";"${k ? 'K' : 'D'}"`);
    }
    const opening = 5_712_026;
    const eur = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    const lines = [
      '"Kliendi konto";"Reatüüp";"Kuupäev";"Saaja/Maksja";"Selgitus";"Summa";"Valuuta";"Deebet/Kreedit"',
      `"EE31";"10";"01.09.2026";;"Algsaldo";"${eur(opening)}";"EUR";"K"`,
      ...body,
      `"EE31";"82";"30.09.2026";;"Käive";"${eur(debit)}";"EUR";"D"`,
      `"EE31";"82";"30.09.2026";;"Käive";"${eur(credit)}";"EUR";"K"`,
      `"EE31";"86";"30.09.2026";;"lõppsaldo";"${eur(opening + credit - debit + closingOff)}";"EUR";"K"`,
    ];
    return { content: text(lines), lines };
  }

  it('leaves out an opening balance, two turnovers and a closing balance that the rows add up to, and signs K/D amounts', async () => {
    const { content } = statement(40);
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('statement.csv', content));
    expect(info.row_count).toBe(40);
    expect(inside(info).map((l) => l.line)).toEqual([2, 43, 44, 45]);
    expect(inside(info).map((l) => l.reason)).toEqual([
      expect.stringMatching(/opening balance/),
      expect.stringMatching(/“d” amounts: a turnover/),
      expect.stringMatching(/“k” amounts: a turnover/),
      expect.stringMatching(/opening balance on line 2 plus the 40 rows between: the closing balance/),
    ]);
    expect(notice(info, 'balance_lines')).toMatch(/left out 4 balance line\(s\) inside the table at line\(s\) 2, 43, 44, 45/);
    expect(notice(info, 'derived_signed_amount')).toMatch(/“k” money in, “d” money out/);
    await expectRowsOnTheirLines(ws, info, content, 'Selgitus');
  });

  it('keeps every row when the closing balance is a cent off: nothing is proved, nothing is dropped', async () => {
    const { content } = statement(40, 1);
    const info = await (await sb.workspace()).addSourceFromPath('left', sb.file('statement.csv', content));
    // Only a block of last rows that adds up in full is left out: the turnovers above an unproved closing row stay too.
    expect(inside(info)).toEqual([]);
    expect(info.row_count).toBe(44);
  });

  it('keeps an open-items list whole whose "received" column is all zeros (zeros add up to every zero)', async () => {
    const lines = ['Customer,Document,Date,Amount,Received,Open', ...Array.from({ length: 30 }, (_, i) => `C${i % 5},SI-${100 + i},115/09/${String(1 + (i % 28)).padStart(2, '0')},${1_000 + i * 37},0,${1_000 + i * 37}`)];
    const info = await (await sb.workspace()).addSourceFromPath('left', sb.file('open.csv', text(lines)));
    expect(inside(info)).toEqual([]);
    expect(info.row_count).toBe(30);
  });

  it('leaves out the opening and closing balance written below the table after a blank line, and keeps the first transaction', async () => {
    // A Volksbank export (v20's de-datev): "Anfangssaldo" and "Endsaldo" below the transactions.
    // The first transaction as an "opening" row also adds up (the real opening is among the rows
    // summed): it must stay a transaction.
    const tx = Array.from({ length: 30 }, (_, i) => ({ cents: 10_000 + ((i * 7_919) % 90_000), h: i % 4 !== 3 }));
    const eur = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    const opening = 4_797_375;
    const net = tx.reduce((sum, t) => sum + (t.h ? t.cents : -t.cents), 0);
    const lines = [
      '"Buchungstag";"Empfänger/Zahlungspflichtiger";"Vorgang/Verwendungszweck";"Währung";"Umsatz";" "',
      ...tx.map((t, i) => `"${String(1 + (i % 28)).padStart(2, '0')}.09.2026";"Payer ${i}";"SVWZ+RE${10_000 + i}";"EUR";"${eur(t.cents)}";"${t.h ? 'H' : 'S'}"`),
      '',
      `"01.09.2026";"";"Anfangssaldo";"EUR";"${eur(opening)}";"H"`,
      `"30.09.2026";"";"Endsaldo";"EUR";"${eur(opening + net)}";"H"`,
    ];
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('umsaetze.csv', text(lines)));
    expect(info.row_count).toBe(30);
    expect(inside(info).map((l) => l.line)).toEqual([33, 34]);
    expect(inside(info).map((l) => l.reason)).toEqual([expect.stringMatching(/below the table \(the opening balance/), expect.stringMatching(/plus the 30 rows above: the closing balance/)]);
    const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
    expect(first['Vorgang/Verwendungszweck']).toBe('SVWZ+RE10000');
  });

  it('keeps a short file whole: ten rows or fewer between prove nothing', async () => {
    const { content } = statement(8);
    const info = await (await sb.workspace()).addSourceFromPath('left', sb.file('statement.csv', content));
    expect(inside(info)).toEqual([]);
    expect(info.row_count).toBe(12);
  });
});

