/**
 * Generated reconciliation worlds with ground truth, and the mutations the fuzz-and-fault suite
 * applies to them (issue 27). A world is open items (left) and payments (right); every pair shares
 * an invoice number INV-1dddd, and the truth says whether its amounts agree. Each row carries its
 * identity in the reference text (the five digits), so a result is checked against the truth by
 * reading the rows of each confirmed group, whatever the file order, side order or row ids.
 */
import fc from 'fast-check';
import ExcelJS from 'exceljs';

export interface Pair {
  id: number;
  cents: number;
  /** Payment amount in cents: equal to `cents` unless the pair is a true mismatch. */
  paid: number;
  day: number;
  lag: number;
}

export interface World {
  pairs: Pair[];
  /** Open items with no payment, and payments with no open item (ids 2dddd and 3dddd). */
  extraLeft: number[];
  extraRight: number[];
}

export const worldArb: fc.Arbitrary<World> = fc
  .record({
    n: fc.integer({ min: 6, max: 12 }),
    amounts: fc.array(fc.integer({ min: 100, max: 99_999_999 }), { minLength: 12, maxLength: 12 }),
    differs: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    by: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 12, maxLength: 12 }),
    days: fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 12, maxLength: 12 }),
    lags: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
    extraLeft: fc.integer({ min: 0, max: 2 }),
    extraRight: fc.integer({ min: 0, max: 2 }),
  })
  .map((r) => ({
    pairs: Array.from({ length: r.n }, (_, i) => ({
      id: 10001 + i,
      cents: r.amounts[i],
      // About a quarter of the pairs are paid with another amount (100.00 off, or a few cents).
      paid: r.differs[i] && i % 2 === 0 ? r.amounts[i] + r.by[i] * (i % 4 === 0 ? 100 : 1) : r.amounts[i],
      day: r.days[i],
      lag: r.lags[i],
    })),
    extraLeft: Array.from({ length: r.extraLeft }, (_, i) => 20001 + i),
    extraRight: Array.from({ length: r.extraRight }, (_, i) => 30001 + i),
  }));

/** A table before it is written: header and cells as text. */
export interface Table {
  header: string[];
  rows: string[][];
}

/** Row identity: the five digits of the INV reference somewhere in the row (`null` when absent). */
export function rowIdentity(row: Record<string, unknown>): number | null {
  const m = /inv[\s-]?0*(\d{5})/i.exec(Object.values(row).map((v) => String(v ?? '')).join(' '));
  return m ? Number(m[1]) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
export function isoDate(day: number): string {
  const d = new Date(Date.UTC(2026, 0, 1) + (day - 1) * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${pad(a % 100)}`;
}
export function group(int: string, sep: string, indian = false): string {
  if (!indian) return int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  if (int.length <= 3) return int;
  const last = int.slice(-3);
  return `${int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, sep)}${sep}${last}`;
}

export function baseTables(w: World): { left: Table; right: Table } {
  const left: Table = { header: ['invoice', 'customer', 'due_date', 'amount'], rows: [] };
  const right: Table = { header: ['booking_date', 'reference', 'amount'], rows: [] };
  for (const p of w.pairs) {
    left.rows.push([`INV-${p.id}`, `Customer ${p.id % 7}`, isoDate(p.day), plainAmount(p.cents)]);
    right.rows.push([isoDate(p.day + p.lag), `INV-${p.id}`, plainAmount(p.paid)]);
  }
  for (const id of w.extraLeft) left.rows.push([`INV-${id}`, 'Customer X', isoDate(40), plainAmount(12_345 + id)]);
  for (const id of w.extraRight) right.rows.push([isoDate(41), `INV-${id}`, plainAmount(54_321 + id)]);
  return { left, right };
}

export interface WriteOptions {
  delimiter?: string;
  crlf?: boolean;
  bom?: boolean;
  encoding?: 'utf8' | 'latin1' | 'utf16le';
  preamble?: string[];
  footer?: string[];
  /** Quote every cell. */
  quoteAll?: boolean;
}

function cell(v: string, delimiter: string, quoteAll: boolean): string {
  return quoteAll || v.includes(delimiter) || v.includes('"') || v.includes('\n') ? `"${v.replace(/"/g, '""')}"` : v;
}

export function writeCsv(t: Table, o: WriteOptions = {}): Buffer {
  const d = o.delimiter ?? ',';
  const nl = o.crlf ? '\r\n' : '\n';
  const lines = [...(o.preamble ?? []), t.header.map((h) => cell(h, d, !!o.quoteAll)).join(d), ...t.rows.map((r) => r.map((v) => cell(v, d, !!o.quoteAll)).join(d)), ...(o.footer ?? [])];
  const text = lines.join(nl) + nl;
  if (o.encoding === 'utf16le') return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  if (o.encoding === 'latin1') return Buffer.from(text, 'latin1');
  return o.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) : Buffer.from(text, 'utf8');
}

export async function writeXlsx(t: Table, extra: { name: string; state?: 'hidden' | 'visible'; rows: string[][]; first?: boolean }[] = [], numbers = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const addExtra = (first: boolean) => {
    for (const e of extra.filter((x) => !!x.first === first)) {
      const s = wb.addWorksheet(e.name, { state: e.state ?? 'visible' });
      for (const r of e.rows) s.addRow(r);
    }
  };
  addExtra(true);
  const s = wb.addWorksheet('Data');
  s.addRow(t.header);
  for (const r of t.rows) s.addRow(numbers ? r.map((v) => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v)) : r);
  addExtra(false);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
