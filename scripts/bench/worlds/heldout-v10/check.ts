/**
 * Self-check of the tenth held-out set:
 *   npx tsx scripts/bench/worlds/heldout-v10/check.ts [--seed 1] [--open-items 2000] [--world NAME] [--kinds]
 * For each world it generates the two files, reads them back with its own knowledge of each layout
 * (encodings, preambles, trailers, amount formats) and asserts: every transaction row of both files
 * has exactly one truth row; every group has rows on both sides; each group's amounts add up by its
 * kind (exact, net of a fee / discount / deduction / FX band, a part); running balances, opening and
 * closing balances and report totals hold; FIK ids carry a valid Luhn digit; the same seed gives
 * the same bytes. Reading is its own (not ../csv's table reader) so that a layout slip shows here.
 */
import type { World, WorldTruthRow } from '../world';
import { splitCsvLine } from '../csv';
import { assert, runSelfChecks } from '../self-check';
import { HELDOUT_V10_WORLDS } from './index';
import { decode1250, luhnDigit, parseAmount } from './common';
import { EUR_RATE, EURF, HUF, HU_OI_HEAD, HU_ST_HEAD } from './hu-otp';
import { CHASE, QB, US_OI_HEAD, US_ST_HEAD, US_WIRE_FEES } from './us-qb-deposits';
import { DKK, DK_FOREIGN_FEES, DK_FX, DK_OI_HEAD, DK_REMINDER_FEE, DK_ST_HEAD, fik71 } from './dk-fik';

const buf = (c: string | Buffer) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);

/** What a layout reader gives back: per row its amount (in the row's currency) and that currency. */
interface Parsed { oi: { amount: number; cur: string }[]; st: number[] }

/** Rows between the header line (exactly `head`) and the first blank line; the lines after. */
function table(lines: string[], head: string[], sep: string): { rows: string[][]; after: string[]; before: string[] } {
  const h = lines.findIndex((l) => l === head.map((x) => (sep === ';' && x.includes(';') ? `"${x}"` : x)).join(sep) || l === head.map((x) => `"${x}"`).join(sep));
  if (h < 0) throw new Error(`header not found: ${head.join(sep)}`);
  const rows: string[][] = [];
  let i = h + 1;
  for (; i < lines.length && lines[i] !== ''; i++) {
    const f = splitCsvLine(lines[i], sep);
    rows.push(f);
  }
  return { rows, after: lines.slice(i), before: lines.slice(0, h) };
}

function huOtp(w: World): Parsed {
  const oiText = decode1250(buf(w.openItems.content)), stText = decode1250(buf(w.statement.content));
  assert(!oiText.includes('\ufffd') && !/[ÃÅ]/.test(oiText), 'hu: open items decode as Windows-1250');
  assert(oiText.includes('\r\n') && stText.includes('\r\n'), 'hu: CRLF');
  const A = table(oiText.split('\r\n'), HU_OI_HEAD, ';');
  assert(A.before.length === 4, `hu: open items preamble of 4 lines (${A.before.length})`);
  const oi = A.rows.map((f, i) => {
    assert(f.length === HU_OI_HEAD.length, `hu: open item ${i + 1} has ${f.length} fields`);
    assert(/^\d{4}\.\d{2}\.\d{2}\.$/.test(f[5]), `hu: date ${f[5]}`);
    const cur = f[9];
    const amount = parseAmount(f[11], cur === 'EUR' ? EURF : HUF);
    if (cur === 'HUF') assert(f[11] === f[12], `hu: HUF row ${i + 1} open = open (HUF)`);
    assert((f[3] === 'Helyesbítő számla') === amount < 0, `hu: row ${i + 1} sign follows type`);
    return { amount, cur };
  });
  const total = A.after.find((l) => l.startsWith('Összesen:'));
  assert(!!total && parseAmount(splitCsvLine(total, ';')[12], HUF) === A.rows.reduce((s, f) => s + parseAmount(f[12], HUF), 0), 'hu: Összesen equals the HUF column');
  const ls = stText.split('\r\n');
  const B = table(ls, HU_ST_HEAD, ';');
  const st = B.rows.map((f, i) => { assert(f.length === HU_ST_HEAD.length && f[4] === 'HUF', `hu: statement row ${i + 1} shape`); return parseAmount(f[3], HUF); });
  const open = /^Nyitó egyenleg: ([\d ]+) HUF$/.exec(B.before.find((l) => l.startsWith('Nyitó')) ?? '');
  const close = /^Záró egyenleg: (-?[\d ]+) HUF$/.exec(B.after.find((l) => l.startsWith('Záró')) ?? '');
  assert(!!open && !!close && parseAmount(open[1], HUF) + st.reduce((s, x) => s + x, 0) === parseAmount(close![1], HUF), 'hu: opening + movements = closing');
  return { oi, st };
}

function usQb(w: World): Parsed {
  const oiText = buf(w.openItems.content).toString('utf8'), stText = buf(w.statement.content).toString('utf8');
  const A = table(oiText.split('\n'), US_OI_HEAD, ',');
  assert(A.before.length === 4 && A.before[1] === 'A/R Aging Detail', 'us: QuickBooks preamble');
  const dataRows = A.rows.filter((f) => f[0] === '');
  const totalRow = A.rows.find((f) => f[0] === 'TOTAL');
  assert(dataRows.length === A.rows.length - 1 && A.rows[A.rows.length - 1][0] === 'TOTAL', 'us: data rows end with TOTAL');
  const oi = dataRows.map((f, i) => {
    assert(f.length === US_OI_HEAD.length && /^\d{2}\/\d{2}\/\d{4}$/.test(f[1]), `us: open item ${i + 1} shape`);
    const amount = parseAmount(f[8], QB);
    assert(amount === parseAmount(f[7], QB) && (amount < 0) === (f[2] !== 'Invoice'), `us: open item ${i + 1} amount/type`);
    return { amount, cur: 'USD' };
  });
  assert(!!totalRow && parseAmount(totalRow[8].replace('$', ''), QB) === oi.reduce((s, x) => s + x.amount, 0), 'us: TOTAL equals the open balances');
  const B = table(stText.split('\n'), US_ST_HEAD, ',');
  assert(B.before.length === 0, 'us: Chase CSV starts with its header');
  const st = B.rows.map((f, i) => { assert(f.length === US_ST_HEAD.length + 1 && f[7] === '', `us: Chase row ${i + 1} has the trailing empty column`); return parseAmount(f[3], CHASE); });
  for (let i = 0; i + 1 < B.rows.length; i++) assert(parseAmount(B.rows[i][5], CHASE) === parseAmount(B.rows[i + 1][5], CHASE) + st[i], `us: running balance at row ${i + 1}`);
  for (let i = 0; i + 1 < B.rows.length; i++) assert(Date.parse(B.rows[i][1]) >= Date.parse(B.rows[i + 1][1]), `us: newest first at row ${i + 1}`);
  return { oi, st };
}

function dkFik(w: World): Parsed {
  const oiText = buf(w.openItems.content).toString('utf8'), stText = buf(w.statement.content).toString('latin1');
  assert(oiText.startsWith('\ufeff'), 'dk: e-conomic export has a BOM');
  const A = table(oiText.replace(/^\ufeff/, '').split('\r\n'), DK_OI_HEAD, ';');
  const oi = A.rows.map((f, i) => {
    assert(f.length === DK_OI_HEAD.length && /^\d{2}-\d{2}-\d{4}$/.test(f[2]), `dk: open item ${i + 1} shape`);
    if (f[11]) assert(f[11].length === 15 && luhnDigit(f[11].slice(0, 14)) === f[11][14] && f[11] === fik71(Number(f[0]), Number(f[4])), `dk: FIK id ${f[11]} on row ${i + 1}`);
    assert(f[10] !== 'FIK +71' || !!f[11] || f[5].startsWith('Kreditnota') || f[5].startsWith('Rykkergebyr'), `dk: FIK invoice ${i + 1} has its id`);
    return { amount: parseAmount(f[8], DKK), cur: f[9] };
  });
  const B = table(stText.split('\r\n'), DK_ST_HEAD, ';');
  const st = B.rows.map((f, i) => { assert(f.length === DK_ST_HEAD.length && /^\d{2}\.\d{2}\.\d{4}$/.test(f[0]), `dk: statement row ${i + 1} shape`); return parseAmount(f[2], DKK); });
  for (let i = 0; i + 1 < B.rows.length; i++) assert(parseAmount(B.rows[i][3], DKK) === parseAmount(B.rows[i + 1][3], DKK) + st[i], `dk: Saldo at row ${i + 1}`);
  return { oi, st };
}

/**
 * How each kind's statement side S relates to its open items I (rows of the group, own currency):
 * 'exact' S = ΣI; 'part' 0 < S < ΣI; a function for the rest.
 */
type Rel = 'exact' | 'part' | ((oi: { amount: number; cur: string }[], s: number) => boolean);
const within = (x: number, lo: number, hi: number) => x >= lo - 1e-9 && x <= hi + 1e-9;
const RELS: Record<string, Record<string, Rel>> = {
  'hu-otp': {
    single_invoice_number: 'exact', invoice_number_mangled: 'exact', multi_invoice: 'exact', credit_note_netted: 'exact', instalments: 'exact', postal_cheque: 'exact', parent_company_pays: 'exact',
    name_and_amount_only: 'exact', tax_number_only: 'exact', ambiguous_equal_amounts: 'exact', duplicate_payment: 'exact', part_payment: 'part',
    fx_eur_invoice: (oi, s) => oi.length === 1 && oi[0].cur === 'EUR' && within(s / (oi[0].amount / 100), EUR_RATE.lo - 0.01, EUR_RATE.hi + 0.01),
  },
  'us-qb-deposits': {
    ach_invoice_in_ind_id: 'exact', ach_no_reference: 'exact', ach_multi_invoice: 'exact', ach_via_payables_service: 'exact', check_deposit_single: 'exact', check_deposit_batch: 'exact',
    zelle_payment: 'exact', credit_memo_netted: 'exact', duplicate_payment: 'exact',
    wire_short_fee: (oi, s) => US_WIRE_FEES.includes(oi.reduce((a, x) => a + x.amount, 0) - s),
    early_pay_discount: (oi, s) => oi.length === 1 && oi[0].amount - s === Math.round(oi[0].amount * 0.02),
    short_paid_deduction: (oi, s) => oi.length === 1 && within(oi[0].amount - s, 0.005 * oi[0].amount, 0.12 * oi[0].amount + 1),
    card_payout_net: (oi, s) => oi.reduce((a, x) => a + x.amount - Math.round(x.amount * 0.0299) - 25, 0) === s,
  },
  'dk-fik': {
    fik71_exact: 'exact', fik71_typo: 'exact', fik71_wrong_id: 'exact', transfer_invoice_text: 'exact', multi_invoice: 'exact', credit_note_netted: 'exact', invoice_plus_reminder_fee: 'exact',
    reminder_fee_left_open: 'exact', ambiguous_equal_amounts: 'exact', betalingsservice: 'exact', part_payment: 'part',
    mobilepay_payout: (oi, s) => oi.reduce((a, x) => a + x.amount - Math.round(x.amount * 0.01), 0) === s,
    foreign_payment_fx: (oi, s) => {
      if (oi.length !== 1 || (oi[0].cur !== 'EUR' && oi[0].cur !== 'SEK')) return false;
      const [lo, hi] = DK_FX[oi[0].cur as 'EUR' | 'SEK'];
      return DK_FOREIGN_FEES.some((fee) => within((s + fee) / oi[0].amount, lo / 100 - 0.0001, hi / 100 + 0.0001));
    },
  },
};
const READERS: Record<string, (w: World) => Parsed> = { 'hu-otp': huOtp, 'us-qb-deposits': usQb, 'dk-fik': dkFik };

function check(w: World): void {
  const p = READERS[w.name](w);
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const groups = new Map<string, { oi: number[]; st: number[]; rows: WorldTruthRow[] }>();
  for (const t of w.truth) {
    const n = t.side === 'open_items' ? p.oi.length : p.st.length;
    assert(t.row >= 1 && t.row <= n && !seen[t.side].has(t.row), `${t.side} row ${t.row} exists once`);
    seen[t.side].add(t.row);
    if (t.group === null) continue;
    const g = groups.get(t.group) ?? { oi: [], st: [], rows: [] };
    groups.set(t.group, g);
    (t.side === 'open_items' ? g.oi : g.st).push(t.row - 1);
    g.rows.push(t);
  }
  assert(seen.open_items.size === p.oi.length && seen.statement.size === p.st.length, `truth covers ${seen.open_items.size}/${p.oi.length} open items, ${seen.statement.size}/${p.st.length} statement rows`);
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length) { assert(false, `group ${id} lacks a side`); continue; }
    const kinds = new Set(g.rows.filter((t) => t.side === 'open_items').map((t) => t.kind));
    assert(kinds.size === 1, `group ${id} open items mix kinds ${[...kinds]}`);
    const kind = [...kinds][0];
    const rel = RELS[w.name][kind];
    const oi = g.oi.map((i) => p.oi[i]);
    const s = g.st.reduce((a, i) => a + p.st[i], 0);
    const sum = oi.reduce((a, x) => a + x.amount, 0);
    if (!rel) assert(false, `group ${id}: kind ${kind} has no relation`);
    else if (rel === 'exact') assert(s === sum, `group ${id} (${kind}): statement ${s} != items ${sum}`);
    else if (rel === 'part') assert(s > 0 && s < sum, `group ${id} (${kind}): part ${s} of ${sum}`);
    else assert(rel(oi, s), `group ${id} (${kind}): statement ${s} vs items ${oi.map((x) => `${x.amount} ${x.cur}`).join(' + ')}`);
    const amb = g.rows.map((t) => !!t.ambiguous);
    assert(amb.every((x) => x === amb[0]), `group ${id}: ambiguity flag on every row or none`);
  }
  // An ambiguous twin left unpaid has the same amount as the paid one.
  const twins = w.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null && t.kind === 'ambiguous_equal_amounts');
  const paidTwin = new Set(w.truth.filter((t) => t.side === 'open_items' && t.group !== null && t.kind === 'ambiguous_equal_amounts').map((t) => p.oi[t.row - 1].amount));
  for (const t of twins) assert(paidTwin.has(p.oi[t.row - 1].amount), `open item ${t.row}: an ambiguous twin without its pair`);
}

void runSelfChecks(HELDOUT_V10_WORLDS, check);
