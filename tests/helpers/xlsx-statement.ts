/**
 * An Excel bank statement with two sheets, written with exceljs: "Übersicht" (account summary, no
 * table) and "Umsätze" (three preamble rows, a header, the bookings as real dates and numbers plus
 * a few as text the way banks export them, and a closing-balance row).
 */
import ExcelJS from 'exceljs';

export const STATEMENT_SHEETS = ['Übersicht', 'Umsätze'] as const;

export async function writeStatementXlsx(path: string, rows: number, opts: { streaming?: boolean } = {}): Promise<void> {
  const fill = (wb: { addWorksheet(name: string): ExcelJS.Worksheet }) => {
    const summary = wb.addWorksheet(STATEMENT_SHEETS[0]);
    summary.addRow(['Kontoauszug']);
    summary.addRow(['Kontoinhaber', 'Muster GmbH']);
    summary.addRow(['IBAN', 'DE12 3704 0044 0532 0130 00']);
    const sheet = wb.addWorksheet(STATEMENT_SHEETS[1]);
    sheet.addRow(['Umsätze Girokonto']);
    sheet.addRow(['Zeitraum', '01.01.2026 - 31.12.2026']);
    sheet.addRow([]);
    sheet.addRow(['Buchungstag', 'Empfänger', 'Verwendungszweck', 'Betrag', 'Währung']);
    let balance = 0;
    for (let i = 0; i < rows; i++) {
      const amount = ((i % 2 ? -1 : 1) * ((i * 7919) % 250_000)) / 100;
      balance += amount;
      sheet.addRow([new Date(Date.UTC(2026, i % 12, 1 + (i % 28))), `Partner ${i % 7}`, `RE-2026-${String(i).padStart(5, '0')}`, amount, 'EUR']);
    }
    sheet.addRow(['Kontostand am 31.12.2026', null, null, Math.round(balance * 100) / 100, 'EUR']);
  };
  if (opts.streaming) {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
    fill({ addWorksheet: (name) => wb.addWorksheet(name) as unknown as ExcelJS.Worksheet });
    for (const ws of wb.worksheets ?? []) (ws as unknown as { commit(): void }).commit();
    await wb.commit();
    return;
  }
  const wb = new ExcelJS.Workbook();
  fill(wb);
  await wb.xlsx.writeFile(path);
}
