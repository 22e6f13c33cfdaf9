/**
 * Self-check of the tune worlds: `npx tsx scripts/bench/worlds/check-world.ts [--seed 1] [--open-items 2000]`.
 * For each world it generates the files and, reading them back with its own knowledge of each
 * layout, asserts that the truth covers every transaction row of both files exactly once, that
 * every group has rows on both sides, and that the arithmetic of each group holds (payment = sum of
 * open amounts; fee / discount / part-payment relations), plus running-balance and trailer totals.
 */
import type { World } from './world';
import { TUNE_WORLDS } from './tune/index';
import { fiRef, kid, rfRef } from './tune/nordic-structured';

/** Minimal CSV line splitter (quotes, doubled quotes; no embedded newlines in these worlds). */
function split(line: string, d: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (q) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (ch === '"') q = false;
      else cur += ch;
    } else if (ch === '"') q = true;
    else if (ch === d) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
const textOf = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));
/** Parse "1.234,56-", "-1234,56", "1,234.56" to cents, given the decimal mark. */
function cents(s: string, dec: ',' | '.'): number {
  let t = s.trim().replace(/\s*EUR$/, '');
  let neg = false;
  if (t.endsWith('-')) { neg = true; t = t.slice(0, -1); }
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = dec === ',' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
}

interface Layout {
  /** Rows of the open-items file with their open amount. */
  openItems(text: string): number[];
  /** Rows of the statement with their signed amount (+ = money in). */
  statement(text: string): number[];
}
const lines = (t: string) => t.split(/\r?\n/);
/** Data rows after the header line (identified by its first field), up to the first blank line after data. */
function table(text: string, d: string, firstHeader: string, stopAtBlank: boolean): { head: string[]; rows: string[][]; rest: string[] } {
  const ls = lines(text);
  const h = ls.findIndex((l) => split(l, d)[0] === firstHeader);
  if (h < 0) throw new Error(`header "${firstHeader}" not found`);
  const head = split(ls[h], d);
  const rows: string[][] = [];
  let i = h + 1;
  for (; i < ls.length; i++) {
    if (ls[i].trim() === '') { if (stopAtBlank && rows.length) break; continue; }
    const f = split(ls[i], d);
    if (f.length !== head.length) throw new Error(`row ${rows.length + 1}: ${f.length} fields, header has ${head.length}`);
    rows.push(f);
  }
  return { head, rows, rest: ls.slice(i) };
}
const col = (head: string[], name: string) => { const i = head.indexOf(name); if (i < 0) throw new Error(`no column ${name}`); return i; };

const LAYOUTS: Record<string, Layout> = {
  'erp-numeric': {
    openItems: (t) => { const { head, rows } = table(t, ';', 'Buchungskreis', false); const a = col(head, 'Betrag in HW'); return rows.map((r) => cents(r[a], ',')); },
    statement: (t) => { const { head, rows } = table(t, ';', 'Buchungsdatum', false); const a = col(head, 'Betrag'); return rows.map((r) => cents(r[a], ',')); },
  },
  'uk-bank': {
    openItems: (t) => { const { head, rows } = table(t, ',', 'Invoice Number', false); const a = col(head, 'Amount Due'); return rows.map((r) => cents(r[a], '.')); },
    statement: (t) => {
      const { head, rows } = table(t, ',', 'Date', false);
      const o = col(head, 'Paid out'); const i = col(head, 'Paid in'); const b = col(head, 'Balance');
      const amts = rows.map((r) => {
        if ((r[o] === '') === (r[i] === '')) throw new Error('exactly one of Paid out / Paid in must be filled');
        return r[i] ? cents(r[i], '.') : -cents(r[o], '.');
      });
      // newest first: balance[k] = balance[k+1] + amount[k]
      for (let k = 0; k + 1 < rows.length; k++) if (cents(rows[k][b], '.') !== cents(rows[k + 1][b], '.') + amts[k]) throw new Error(`running balance breaks at row ${k + 1}`);
      return amts;
    },
  },
  'nl-bank': {
    openItems: (t) => { const { head, rows } = table(t, ';', 'Factuurnummer', false); const a = col(head, 'Openstaand'); return rows.map((r) => cents(r[a], ',')); },
    statement: (t) => {
      const { head, rows } = table(t, ';', 'Datum', false);
      const a = col(head, 'Bedrag (EUR)'); const s = col(head, 'Af Bij');
      return rows.map((r) => {
        const v = cents(r[a], ',');
        if (v < 0 || (r[s] !== 'Af' && r[s] !== 'Bij')) throw new Error('ING amounts are unsigned with Af/Bij');
        return r[s] === 'Af' ? -v : v;
      });
    },
  },
  'de-sepa': {
    openItems: (t) => { const { head, rows } = table(t, ',', 'Rechnungsnr', false); const a = col(head, 'Brutto'); return rows.map((r) => cents(r[a], '.')); },
    statement: (t) => {
      const { head, rows, rest } = table(t, ';', 'Auftragskonto', true);
      const a = col(head, 'Betrag');
      const amts = rows.map((r) => cents(r[a], ','));
      const trailer = rest.filter((l) => l.trim()).map((l) => split(l, ';'));
      const oldB = trailer.find((f) => f[0] === 'Alter Kontostand');
      const newB = trailer.find((f) => f[0] === 'Neuer Kontostand');
      if (!oldB || !newB || trailer.length !== 2) throw new Error('expected exactly two trailer lines');
      if (cents(oldB[1], ',') + amts.reduce((x, y) => x + y, 0) !== cents(newB[1], ',')) throw new Error('trailer balances do not add up');
      return amts;
    },
  },
  'nordic-structured': {
    openItems: (t) => {
      const { head, rows } = table(t, ';', 'Laskunumero', false);
      const a = col(head, 'Avoinna'); const r = col(head, 'Maksuviite'); const ty = col(head, 'Tyyppi');
      return rows.map((f) => {
        const ref = f[r];
        if (f[ty] === 'Lasku' && ref !== fiRef(ref.slice(0, -1)) && ref !== kid(ref.slice(0, -1)) && !(ref.startsWith('RF') && ref === rfRef(ref.slice(4)) && ref.slice(4) === fiRef(ref.slice(4, -1)))) throw new Error(`invalid reference ${ref}`);
        return cents(f[a].replace(/\s/g, ''), ',');
      });
    },
    statement: (t) => { const { head, rows } = table(t, ';', 'Kirjauspäivä', false); const a = col(head, 'Määrä EUROA'); return rows.map((r) => cents(r[a].replace(/^\+/, ''), ',')); },
  },
};

const EXACT = new Set(['structured_ref_exact', 'structured_ref_grouped', 'invoice_number_text', 'payer_name_only', 'single_by_doc_number', 'single_by_po_number', 'remaining_balance', 'instalments', 'multi_invoice', 'batch_no_reference', 'typo_reference', 'credit_note_netted', 'same_amount_pair', 'ambiguous_equal_amounts', 'direct_debit']);

function check(world: World, layout: Layout): string[] {
  const errors: string[] = [];
  const oi = layout.openItems(textOf(world.openItems.content));
  const st = layout.statement(textOf(world.statement.content));
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const groups = new Map<string, { oi: number[]; st: number[]; kinds: Set<string> }>();
  for (const t of world.truth) {
    const n = t.side === 'open_items' ? oi.length : st.length;
    if (!Number.isInteger(t.row) || t.row < 1 || t.row > n) errors.push(`${t.side} row ${t.row} does not exist (1..${n})`);
    if (seen[t.side].has(t.row)) errors.push(`${t.side} row ${t.row} listed twice`);
    seen[t.side].add(t.row);
    if (t.group === null) continue;
    let g = groups.get(t.group);
    if (!g) groups.set(t.group, (g = { oi: [], st: [], kinds: new Set() }));
    (t.side === 'open_items' ? g.oi : g.st).push(t.row);
    g.kinds.add(t.kind);
  }
  if (seen.open_items.size !== oi.length) errors.push(`truth covers ${seen.open_items.size} of ${oi.length} open items`);
  if (seen.statement.size !== st.length) errors.push(`truth covers ${seen.statement.size} of ${st.length} statement rows`);
  const fees = new Set<number>();
  const discounts: number[] = [];
  const ambAmounts = new Set(world.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null).map((t) => oi[t.row - 1]));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length) { errors.push(`group ${id} lacks a side`); continue; }
    if (g.kinds.size !== 1) { errors.push(`group ${id} mixes kinds ${[...g.kinds]}`); continue; }
    const kind = [...g.kinds][0];
    const I = g.oi.reduce((s, r) => s + oi[r - 1], 0);
    const S = g.st.reduce((s, r) => s + st[r - 1], 0);
    if (EXACT.has(kind) && I !== S) errors.push(`group ${id} (${kind}): payments ${S} != items ${I}`);
    if (kind === 'ambiguous_equal_amounts' && !ambAmounts.has(I)) errors.push(`group ${id}: no equal twin invoice`);
    if (kind === 'short_paid_fee') { if (I - S <= 0 || I - S > 5000) errors.push(`group ${id}: fee ${I - S}`); fees.add(I - S); }
    if (kind === 'early_payment_discount') discounts.push(1 - S / I);
    if (kind === 'part_payment' && (S / I < 0.399 || S / I > 0.701)) errors.push(`group ${id}: part ${S}/${I}`);
  }
  if (fees.size > 2) errors.push(`more than two distinct fee values: ${[...fees]}`);
  if (discounts.length && Math.max(...discounts) - Math.min(...discounts) > 0.001) errors.push(`discount rate varies ${Math.min(...discounts)}..${Math.max(...discounts)}`);
  const ret = world.truth.filter((t) => t.side === 'statement' && (t.kind === 'returned_debit' || t.kind === 'returned_payment')).reduce((s, t) => s + st[t.row - 1], 0);
  if (ret !== 0) errors.push(`returned debits do not net to zero (${ret})`);
  return errors;
}

const args = process.argv.slice(2);
const arg = (n: string, d: string) => { const i = args.indexOf(`--${n}`); return i >= 0 ? args[i + 1] : d; };
const seed = Number(arg('seed', '1'));
const openItems = Number(arg('open-items', '2000'));
let failed = false;
for (const [name, gen] of Object.entries(TUNE_WORLDS)) {
  const t0 = performance.now();
  const w1 = gen({ seed, openItems });
  const ms = performance.now() - t0;
  const errors: string[] = [];
  try {
    errors.push(...check(w1, LAYOUTS[name]));
  } catch (e) {
    errors.push(`layout: ${(e as Error).message}`);
  }
  const w2 = gen({ seed, openItems });
  if (textOf(w2.statement.content) !== textOf(w1.statement.content) || JSON.stringify(w2.truth) !== JSON.stringify(w1.truth)) errors.push('not deterministic for a seed');
  if (w1.name !== name) errors.push(`world.name ${w1.name} != ${name}`);
  const kinds = new Map<string, number>();
  for (const t of w1.truth) kinds.set(`${t.side === 'open_items' ? 'oi' : 'st'}:${t.kind}`, (kinds.get(`${t.side === 'open_items' ? 'oi' : 'st'}:${t.kind}`) ?? 0) + 1);
  const oiN = w1.truth.filter((t) => t.side === 'open_items').length;
  console.log(`${errors.length ? 'FAIL' : 'ok  '} ${name}: ${oiN} open items, ${w1.truth.length - oiN} statement rows, ${Math.round(ms)} ms`);
  for (const e of errors.slice(0, 15)) console.log(`     - ${e}`);
  if (errors.length > 15) console.log(`     … ${errors.length - 15} more`);
  if (errors.length) failed = true;
}
process.exit(failed ? 1 : 0);
