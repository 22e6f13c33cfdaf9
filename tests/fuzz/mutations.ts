/**
 * The mutation catalogue of the fuzz-and-fault suite: each turns a world's two tables into two
 * files the way a real export might write them, and names the pairs whose compared amount was made
 * unreadable on purpose (those must never be auto-confirmed).
 */
import { baseTables, group, isoDate, plainAmount, writeCsv, writeXlsx, type Table, type World, type WriteOptions } from './world';

export type Family = 'amounts' | 'dates' | 'keys' | 'encodings' | 'layouts' | 'sheets';

export interface Built {
  left: { name: string; bytes: Buffer };
  right: { name: string; bytes: Buffer };
  /** Pair ids whose payment amount was made unreadable. */
  corrupt: Set<number>;
  /** Data rows written per side (lines above and below the table excluded). */
  rows: { left: number; right: number };
}

export interface Mutation {
  name: string;
  family: Family;
  /** Amounts negative (credit notes) in this world. */
  negative?: boolean;
  /** Whole amounts only (cents a multiple of 100). */
  whole?: boolean;
  build(w: World): Promise<Built>;
}

const AMT = 2; // right table: booking_date, reference, amount
const DATE = 0;
const REF = 1;

function cents(v: string): number {
  const neg = v.startsWith('-');
  const [i, f] = v.replace('-', '').split('.');
  return (neg ? -1 : 1) * (Number(i) * 100 + Number(f));
}

function fmt(v: string, f: (int: string, frac: string, neg: boolean) => string): string {
  const neg = v.startsWith('-');
  const [i, frac] = v.replace('-', '').split('.');
  return f(i, frac, neg);
}

function mapCol(t: Table, col: number, f: (v: string, row: number) => string): Table {
  return { header: t.header, rows: t.rows.map((r, i) => r.map((v, c) => (c === col ? f(v, i) : v))) };
}

function simple(name: string, family: Family, mutate: (t: { left: Table; right: Table }, w: World) => { left: Table; right: Table; corrupt?: Set<number>; lo?: WriteOptions; ro?: WriteOptions }, extra: Partial<Mutation> = {}): Mutation {
  return {
    name,
    family,
    ...extra,
    async build(w) {
      const base = baseTables(w);
      const m = mutate(base, w);
      return {
        left: { name: 'open-items.csv', bytes: writeCsv(m.left, m.lo) },
        right: { name: 'statement.csv', bytes: writeCsv(m.right, m.ro) },
        corrupt: m.corrupt ?? new Set(),
        rows: { left: m.left.rows.length, right: m.right.rows.length },
      };
    },
  };
}

const amount = (name: string, f: (v: string, row: number) => string, ro: WriteOptions = {}, extra: Partial<Mutation> = {}) =>
  simple(name, 'amounts', (t) => ({ left: t.left, right: mapCol(t.right, AMT, f), ro }), extra);

/** The first pair's payment amount replaced by `bad`. */
const oneBad = (name: string, bad: string) =>
  simple(name, 'amounts', (t, w) => ({ left: t.left, right: mapCol(t.right, AMT, (v, i) => (i === 0 ? bad : v)), corrupt: new Set([w.pairs[0].id]) }));

const date = (name: string, f: (iso: string, row: number) => string) => simple(name, 'dates', (t) => ({ left: t.left, right: mapCol(t.right, DATE, f) }));
const key = (name: string, f: (ref: string, row: number) => string) => simple(name, 'keys', (t) => ({ left: t.left, right: mapCol(t.right, REF, f) }));
const dmy = (iso: string, sep: string) => `${iso.slice(8, 10)}${sep}${iso.slice(5, 7)}${sep}${iso.slice(0, 4)}`;

export const MUTATIONS: Mutation[] = [
  // ── amounts ──
  amount('us grouping 1,234.56', (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, ',')}.${f}`)),
  amount('eu 1.234,56 with ;', (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, '.')},${f}`), { delimiter: ';' }),
  amount('eu 1.234,56 quoted in a , file', (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, '.')},${f}`)),
  amount('indian 12,34,567.89', (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, ',', true)}.${f}`)),
  amount("swiss 1'234.56", (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, "'")}.${f}`)),
  amount('french 1 234,56 with ;', (v) => fmt(v, (i, f, n) => `${n ? '-' : ''}${group(i, ' ')},${f}`), { delimiter: ';' }),
  amount('scientific 1.23456E+3', (v) => (cents(v) / 100).toExponential().toUpperCase().replace('E+0', 'E+0')),
  amount('four decimals', (v) => `${v}00`),
  amount('unicode minus', (v) => v.replace('-', '\u2212'), {}, { negative: true }),
  amount('trailing minus', (v) => (v.startsWith('-') ? `${v.slice(1)}-` : v), {}, { negative: true }),
  amount('accounting brackets', (v) => (v.startsWith('-') ? `(${v.slice(1)})` : v), {}, { negative: true }),
  amount('thousands-only 1.500 (whole amounts)', (v) => fmt(v, (i, _f, n) => `${n ? '-' : ''}${group(i, '.')}`), {}, { whole: true }),
  amount('currency symbol €', (v) => `€${v}`),
  oneBad('one N/A', 'N/A'),
  oneBad('one #N/A', '#N/A'),
  oneBad('one 1e308', '1e308'),
  oneBad('one word', 'pending'),
  simple('mixed us and eu in one column', 'amounts', (t, w) => {
    const corrupt = new Set<number>();
    const right = mapCol(t.right, AMT, (v, i) => {
      if (i % 2 === 0) return fmt(v, (n, f, neg) => `${neg ? '-' : ''}${group(n, ',')}.${f}`);
      if (i < w.pairs.length && Math.abs(cents(v)) >= 100_000) corrupt.add(w.pairs[i].id);
      return fmt(v, (n, f, neg) => `${neg ? '-' : ''}${group(n, '.')},${f}`);
    });
    return { left: t.left, right, corrupt: new Set() };
  }),
  // ── dates ──
  date('dd.mm.yyyy', (d) => dmy(d, '.')),
  date('dd/mm/yyyy', (d) => dmy(d, '/')),
  date('mm/dd/yyyy', (d) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`),
  date('yyyymmdd', (d) => d.replace(/-/g, '')),
  date('timestamps', (d) => `${d} 13:45:00`),
  date('one impossible date', (d, i) => (i === 0 ? '2026-02-30' : d)),
  date('mixed date formats', (d, i) => (i % 2 ? dmy(d, '.') : d)),
  // ── keys ──
  key('lower case', (r) => r.toLowerCase()),
  key('space for dash', (r) => r.replace('-', ' ')),
  key('padded with spaces', (r) => `  ${r}  `),
  key('reference in free text', (r) => `Payment ${r} thank you`),
  key('leading zero', (r) => r.replace('-', '-0')),
  // ── encodings ──
  simple('utf-8 bom', 'encodings', (t) => ({ left: t.left, right: t.right, ro: { bom: true } })),
  simple('latin1 names', 'encodings', (t) => ({ left: mapCol(t.left, 1, (v) => `${v} Müller & Söhne`), right: t.right, lo: { encoding: 'latin1' } })),
  simple('utf-16le', 'encodings', (t) => ({ left: t.left, right: t.right, ro: { encoding: 'utf16le' } })),
  simple('crlf', 'encodings', (t) => ({ left: t.left, right: t.right, lo: { crlf: true }, ro: { crlf: true } })),
  // ── layouts ──
  simple('semicolon', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { delimiter: ';' } })),
  simple('tab', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { delimiter: '\t' }, lo: { delimiter: '\t' } })),
  simple('pipe', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { delimiter: '|' } })),
  simple('preamble above the header', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { preamble: ['Account statement', 'IBAN DE00 1234 5678 9012 3456 78', 'Period,January 2026', ''] } })),
  simple('closing balance footer', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { footer: ['', 'Closing balance,,123456.78'] } })),
  simple('every cell quoted', 'layouts', (t) => ({ left: t.left, right: t.right, ro: { quoteAll: true }, lo: { quoteAll: true } })),
  simple('columns reordered', 'layouts', (t) => ({ left: { header: [...t.left.header].reverse(), rows: t.left.rows.map((r) => [...r].reverse()) }, right: t.right })),
  simple('an empty column', 'layouts', (t) => ({ left: t.left, right: { header: [...t.right.header, 'memo'], rows: t.right.rows.map((r) => [...r, '']) } })),
  simple('delimiter inside quotes', 'layouts', (t) => ({ left: mapCol(t.left, 1, (v) => `${v}, Ltd.`), right: t.right })),
  // ── sheets ──
  {
    name: 'xlsx, text cells',
    family: 'sheets',
    async build(w) {
      const t = baseTables(w);
      return { left: { name: 'open-items.csv', bytes: writeCsv(t.left) }, right: { name: 'statement.xlsx', bytes: await writeXlsx(t.right) }, corrupt: new Set(), rows: { left: t.left.rows.length, right: t.right.rows.length } };
    },
  },
  {
    name: 'xlsx, number cells',
    family: 'sheets',
    async build(w) {
      const t = baseTables(w);
      return { left: { name: 'open-items.csv', bytes: writeCsv(t.left) }, right: { name: 'statement.xlsx', bytes: await writeXlsx(t.right, [], true) }, corrupt: new Set(), rows: { left: t.left.rows.length, right: t.right.rows.length } };
    },
  },
  {
    name: 'xlsx, hidden sheet with more rows',
    family: 'sheets',
    async build(w) {
      const t = baseTables(w);
      const old = [t.right.header, ...t.right.rows.map((r) => [r[0], r[1], plainAmount(cents(r[2]) + 700)]), ...t.right.rows];
      return { left: { name: 'open-items.csv', bytes: writeCsv(t.left) }, right: { name: 'statement.xlsx', bytes: await writeXlsx(t.right, [{ name: 'Old', state: 'hidden', rows: old, first: true }], true) }, corrupt: new Set(), rows: { left: t.left.rows.length, right: t.right.rows.length } };
    },
  },
  {
    name: 'xlsx, notes sheet first',
    family: 'sheets',
    async build(w) {
      const t = baseTables(w);
      const notes = Array.from({ length: t.right.rows.length * 3 }, (_, i) => [`Note ${i + 1}: checked by ${i % 2 ? 'AB' : 'CD'} on ${isoDate(i + 1)}`]);
      return { left: { name: 'open-items.csv', bytes: writeCsv(t.left) }, right: { name: 'statement.xlsx', bytes: await writeXlsx(t.right, [{ name: 'Notes', rows: notes, first: true }]) }, corrupt: new Set(), rows: { left: t.left.rows.length, right: t.right.rows.length } };
    },
  },
];

/** A world made to fit a mutation (negative amounts, whole amounts). */
export function fitWorld(w: World, m: Mutation): World {
  const pairs = w.pairs.map((p, i) => {
    let { cents: c, paid } = p;
    if (m.whole) {
      c = Math.max(1, Math.round(c / 100)) * 100 * (c > 100_000 ? 1 : 10);
      paid = p.paid === p.cents ? c : c + 100 * (1 + (i % 5));
    }
    if (m.negative && i % 2 === 1) {
      c = -c;
      paid = -paid;
    }
    return { ...p, cents: c, paid };
  });
  return { ...w, pairs };
}
