/**
 * Realistic, messy bank and accounting export layouts (German, Dutch, UK, US banks; QuickBooks,
 * Xero and DATEV-style invoice lists), generated deterministically at any size. Each layout says
 * what reading it must find: delimiter, lines above the header, trailing summary lines, and how
 * the amount and date columns are typed. `heldOut` layouts are never used to tune detection; their
 * accuracy is reported separately (tests/reconcile/engine/bank-exports.test.ts).
 *
 * Small copies are committed under tests/fixtures/bank-exports/ (tests/fixtures/bank-exports/generate.ts).
 */
export interface Expected {
  delimiter: string;
  /** Physical lines above the header row. */
  skipTop: number;
  /** Trailing lines that are not data (balances, totals, blank separators). */
  skipBottom: number;
  rows: number;
  /** Column → type and format the loader must pick. */
  columns: Record<string, { type: 'number' | 'date' | 'text'; format?: string }>;
  /** A value of the first data row (column → number), to check the locale really was read right. */
  firstAmount?: { column: string; value: number };
}

export interface Layout {
  id: string;
  file: string;
  heldOut: boolean;
  encoding?: 'utf-8' | 'windows-1252';
  text(rows: number): string;
  expected(rows: number): Expected;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Deterministic amounts with cents, some above 1,000, some negative. */
const amountOf = (i: number) => (((i * 7919) % 250_000) + 1) / 100 + (i % 5 === 0 ? 1000 : 0);
const day = (i: number) => 1 + (i % 28);
const month = (i: number) => 1 + (Math.floor(i / 28) % 12);
const de = (x: number) => {
  const [int, dec] = Math.abs(x).toFixed(2).split('.');
  return `${x < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec}`;
};
const us = (x: number) => {
  const [int, dec] = Math.abs(x).toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
};
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
const PARTIES = ['ACME Handels GmbH', 'Müller & Söhne KG', 'Stadtwerke Köln', 'Bäckerei Schmidt', 'Globex B.V.', 'Initech Ltd', "O'Brien Supplies"];
const party = (i: number) => PARTIES[i % PARTIES.length];
const sign = (i: number) => (i % 3 === 0 ? 1 : -1);

export const LAYOUTS: Layout[] = [
  {
    id: 'de-sparkasse',
    file: 'de-sparkasse.csv',
    heldOut: false,
    text(n) {
      const lines = ['"Kontoinhaber:";"Muster GmbH"', '"Konto:";"DE12 3704 0044 0532 0130 00"', '"Zeitraum:";"01.01.2026 - 31.12.2026"', ''];
      lines.push('"Buchungstag";"Valuta";"Auftraggeber/Empfänger";"Verwendungszweck";"Betrag (EUR)"');
      let balance = 5000;
      for (let i = 0; i < n; i++) {
        const a = sign(i) * amountOf(i);
        balance += a;
        const d = `${pad(day(i))}.${pad(month(i))}.2026`;
        const purpose = i % 4 === 0 ? `RE-2026-${pad(i, 5)}\nKundennr. ${1000 + i}` : `RE-2026-${pad(i, 5)} Zahlung; danke`;
        lines.push([d, d, party(i), purpose, de(a)].map(q).join(';'));
      }
      lines.push(`"Kontostand am 31.12.2026";"";"";"";${q(de(balance))}`);
      return `\ufeff${lines.join('\r\n')}\r\n`;
    },
    expected: (n) => ({
      delimiter: ';',
      skipTop: 4,
      skipBottom: 1,
      rows: n,
      columns: { Buchungstag: { type: 'date', format: '%d.%m.%Y' }, 'Betrag (EUR)': { type: 'number', format: 'eu' } },
      firstAmount: { column: 'Betrag (EUR)', value: amountOf(0) },
    }),
  },
  {
    id: 'nl-ing',
    file: 'nl-ing.csv',
    heldOut: false,
    text(n) {
      const lines = ['"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"'];
      for (let i = 0; i < n; i++) {
        const d = `2026${pad(month(i))}${pad(day(i))}`;
        lines.push([d, party(i), 'NL20INGB0001234567', `NL${pad(i % 90, 2)}RABO0${pad(i, 9)}`, 'OV', sign(i) > 0 ? 'Bij' : 'Af', amountOf(i).toFixed(2).replace('.', ','), 'Overschrijving', `Factuur F${pad(i, 6)}`].map(q).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 0,
      skipBottom: 0,
      rows: n,
      columns: { Datum: { type: 'date', format: '%Y%m%d' }, 'Bedrag (EUR)': { type: 'number', format: 'eu' } },
      firstAmount: { column: 'Bedrag (EUR)', value: amountOf(0) },
    }),
  },
  {
    id: 'uk-barclays',
    file: 'uk-barclays.csv',
    heldOut: false,
    text(n) {
      const lines = ['Date,Description,Paid out,Paid in,Balance'];
      let balance = 2500;
      for (let i = 0; i < n; i++) {
        const a = amountOf(i);
        balance += sign(i) * a;
        const out = sign(i) < 0 ? `£${us(a)}` : '';
        const inn = sign(i) > 0 ? `£${us(a)}` : '';
        lines.push([`${pad(day(i))}/${pad(month(i))}/2026`, `${party(i)} INV${pad(i, 5)}`, out, inn, `£${us(balance)}`].map((v) => (v.includes(',') ? q(v) : v)).join(','));
      }
      return `${lines.join('\n')}\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 0,
      skipBottom: 0,
      rows: n,
      columns: { Date: { type: 'date', format: '%d/%m/%Y' }, 'Paid out': { type: 'number', format: 'us' }, 'Paid in': { type: 'number', format: 'us' } },
    }),
  },
  {
    id: 'us-chase',
    file: 'us-chase.csv',
    heldOut: false,
    text(n) {
      const lines = ['Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #'];
      for (let i = 0; i < n; i++) {
        const a = amountOf(i);
        const amount = sign(i) < 0 ? `($${us(a)})` : `$${us(a)}`;
        lines.push([sign(i) < 0 ? 'DEBIT' : 'CREDIT', `${pad(month(i))}/${pad(day(i))}/2026`, `${party(i)} PMT ${pad(i, 6)}`, q(amount), 'ACH_DEBIT', q(`$${us(10_000 + a)}`), ''].join(','));
      }
      return `${lines.join('\n')}\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 0,
      skipBottom: 0,
      rows: n,
      columns: { 'Posting Date': { type: 'date', format: '%m/%d/%Y' }, Amount: { type: 'number', format: 'us' } },
      firstAmount: { column: 'Amount', value: amountOf(0) },
    }),
  },
  {
    id: 'quickbooks-invoices',
    file: 'quickbooks-invoices.csv',
    heldOut: false,
    text(n) {
      const lines = ['Muster GmbH', 'Invoice List', 'All Dates', '', 'Date,Transaction type,Num,Customer,Due date,Amount,Open balance'];
      let total = 0;
      for (let i = 0; i < n; i++) {
        const a = amountOf(i);
        total += a;
        lines.push([`${pad(month(i))}/${pad(day(i))}/2026`, 'Invoice', `INV-${pad(i, 5)}`, q(party(i)), `${pad(month(i))}/${pad(day(i))}/2026`, q(us(a)), q(us(i % 2 ? a : 0))].join(','));
      }
      lines.push('', `TOTAL,,,,,${q(`$${us(total)}`)},`);
      return `${lines.join('\n')}\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 4,
      skipBottom: 2,
      rows: n,
      columns: { Date: { type: 'date', format: '%m/%d/%Y' }, Amount: { type: 'number', format: 'us' } },
      firstAmount: { column: 'Amount', value: amountOf(0) },
    }),
  },
  {
    id: 'datev-buchungsstapel',
    file: 'datev-buchungsstapel.csv',
    heldOut: false,
    encoding: 'windows-1252',
    text(n) {
      const lines = ['"EXTF";700;21;"Buchungsstapel";13;20260131120000000;;"RE";"";"";12345;67890;20260101;4;20260101;20261231;"Rechnungen";"";1;0;0;"EUR"'];
      lines.push('Umsatz (ohne Soll/Haben-Kz);Soll/Haben-Kennzeichen;WKZ Umsatz;Konto;Gegenkonto (ohne BU-Schlüssel);Belegdatum;Belegfeld 1;Buchungstext');
      for (let i = 0; i < n; i++) {
        lines.push([de(amountOf(i)), i % 2 ? 'S' : 'H', 'EUR', 10000 + (i % 50), 8400, `${pad(day(i))}.${pad(month(i))}.2026`, `RE${pad(i, 6)}`, q(`Rechnung ${party(i)}`)].join(';'));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
    expected: (n) => ({
      delimiter: ';',
      skipTop: 1,
      skipBottom: 0,
      rows: n,
      columns: { 'Umsatz (ohne Soll/Haben-Kz)': { type: 'number', format: 'eu' }, Belegdatum: { type: 'date', format: '%d.%m.%Y' } },
      firstAmount: { column: 'Umsatz (ohne Soll/Haben-Kz)', value: amountOf(0) },
    }),
  },
  // ── Held out: never used to tune detection ──
  {
    id: 'de-dkb-heldout',
    file: 'de-dkb-heldout.csv',
    heldOut: true,
    text(n) {
      const lines = [
        '"Girokonto";"DE02120300000000202051"',
        '""',
        '"Kontostand vom 31.01.2026:";"4.711,00 €"',
        '""',
        '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"IBAN";"Betrag (€)";"Gläubiger-ID";"Mandatsreferenz";"Kundenreferenz"',
      ];
      for (let i = 0; i < n; i++) {
        const d = `${pad(day(i))}.${pad(month(i))}.26`;
        lines.push([d, d, 'Gebucht', 'Muster GmbH', party(i), `Rechnung ${pad(i, 6)}`, sign(i) > 0 ? 'Eingang' : 'Ausgang', 'DE89370400440532013000', `${sign(i) < 0 ? '-' : ''}${de(amountOf(i))}`, '', '', ''].map(q).join(';'));
      }
      return `\ufeff${lines.join('\n')}\n`;
    },
    expected: (n) => ({
      delimiter: ';',
      skipTop: 4,
      skipBottom: 0,
      rows: n,
      columns: { Buchungsdatum: { type: 'date', format: '%d.%m.%y' }, 'Betrag (€)': { type: 'number', format: 'eu' } },
      firstAmount: { column: 'Betrag (€)', value: amountOf(0) },
    }),
  },
  {
    id: 'nl-rabobank-heldout',
    file: 'nl-rabobank-heldout.csv',
    heldOut: true,
    text(n) {
      const lines = ['"IBAN/BBAN","Munt","BIC","Volgnr","Datum","Rentedatum","Bedrag","Saldo na trn","Naam tegenpartij","Omschrijving-1"'];
      for (let i = 0; i < n; i++) {
        const d = `2026-${pad(month(i))}-${pad(day(i))}`;
        const a = `${sign(i) > 0 ? '+' : '-'}${amountOf(i).toFixed(2).replace('.', ',')}`;
        lines.push(['NL11RABO0104955555', 'EUR', 'RABONL2U', pad(i + 1, 18), d, d, a, '+1000,00', party(i), `Factuur ${pad(i, 6)}`].map(q).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 0,
      skipBottom: 0,
      rows: n,
      columns: { Datum: { type: 'date', format: 'iso' }, Bedrag: { type: 'number', format: 'eu' } },
      firstAmount: { column: 'Bedrag', value: amountOf(0) },
    }),
  },
  {
    id: 'us-bofa-heldout',
    file: 'us-bofa-heldout.csv',
    heldOut: true,
    text(n) {
      const lines = ['Description,,Summary Amt.', 'Beginning balance as of 01/01/2026,,"1,000.00"', 'Total credits,,"5,000.00"', 'Total debits,,"-4,000.00"', 'Ending balance as of 12/31/2026,,"2,000.00"', ''];
      lines.push('Date,Description,Amount,Running Bal.');
      for (let i = 0; i < n; i++) lines.push([`${pad(month(i))}/${pad(day(i))}/2026`, q(`${party(i)} DES:PAYMENT ID:${pad(i, 6)}`), q(`${sign(i) < 0 ? '-' : ''}${us(amountOf(i))}`), q(us(1000 + i))].join(','));
      return `${lines.join('\n')}\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 6,
      skipBottom: 0,
      rows: n,
      columns: { Date: { type: 'date', format: '%m/%d/%Y' }, Amount: { type: 'number', format: 'us' } },
      firstAmount: { column: 'Amount', value: amountOf(0) },
    }),
  },
  {
    id: 'xero-invoices-heldout',
    file: 'xero-invoices-heldout.csv',
    heldOut: true,
    text(n) {
      const lines = ['Aged Receivables Detail', 'Demo Company (UK)', 'As at 31 December 2026', '', 'Invoice Date,Invoice Number,Contact,Reference,Due Date,Total,Paid,Due'];
      let total = 0;
      for (let i = 0; i < n; i++) {
        total += amountOf(i);
        lines.push([`${pad(day(i))} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month(i) - 1]} 2026`, `INV-${pad(i, 4)}`, q(party(i)), `PO ${i}`, `${pad(day(i))}/${pad(month(i))}/2026`, amountOf(i).toFixed(2), '0.00', amountOf(i).toFixed(2)].join(','));
      }
      lines.push(`Total,,,,,${total.toFixed(2)},0.00,${total.toFixed(2)}`);
      return `${lines.join('\r\n')}\r\n`;
    },
    expected: (n) => ({
      delimiter: ',',
      skipTop: 4,
      skipBottom: 1,
      rows: n,
      columns: { 'Due Date': { type: 'date', format: '%d/%m/%Y' }, Total: { type: 'number', format: 'us' } },
      firstAmount: { column: 'Total', value: amountOf(0) },
    }),
  },
];

/** Bytes of a layout's file (Windows-1252 layouts are encoded so). */
export function layoutBytes(layout: Layout, rows: number): Buffer {
  const text = layout.text(rows);
  if (layout.encoding !== 'windows-1252') return Buffer.from(text, 'utf8');
  return Buffer.from(text, 'latin1'); // the layouts' characters are all in Latin-1 ∩ Windows-1252
}
