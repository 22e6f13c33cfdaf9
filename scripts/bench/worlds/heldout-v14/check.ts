/**
 * Self-check of heldout-v14: `npx tsx scripts/bench/worlds/heldout-v14/check.ts [--seed 1]
 * [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with its own
 * knowledge of the layouts (Indonesian CSV and BCA's yearless CR/DB download; Tango in
 * Windows-1252 and Galicia newest first; Sepidar and a statement in Persian digits) and asserts that
 * the truth names every transaction row once, that running balances and trailers add up, and that
 * each group's arithmetic holds for its kind: exact, net of the modelled PPh 23 or Argentine
 * withholdings, fees, rounding, FX, card-limit splits or the toman slip.
 */
import { csvTable, colOf } from '../csv';
import { assert, runSelfChecks, truthGroups, type TruthGroup } from '../self-check';
import type { World } from '../world';
import { HELDOUT_V14_WORLDS } from './index';
import { unfa } from './common';

const text = (c: string | Buffer, enc: BufferEncoding = 'utf8') => (typeof c === 'string' ? c : c.toString(enc));
/** "1.234.567,89" / "-1.234,00" / "1234567,89" to cents. */
const commaCents = (s: string) => {
  if (!/^-?[\d.]+,\d\d$/.test(s)) throw new Error(`bad amount ${s}`);
  const neg = s.startsWith('-');
  const [i, f] = s.replace('-', '').split(',');
  return (neg ? -1 : 1) * (Number(i.replace(/\./g, '')) * 100 + Number(f));
};
const dotCents = (s: string) => {
  if (!/^\d+\.\d\d$/.test(s)) throw new Error(`bad amount ${s}`);
  return Math.round(Number(s) * 100);
};

type Rule = (g: TruthGroup, I: number, S: number, id: string) => void;
/** Every group has both sides and one kind, and the rule of its kind holds. */
function checkGroups(w: World, groups: Map<string, TruthGroup>, oi: number[], st: number[], rules: Record<string, Rule>) {
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length) { assert(false, `${w.name}: group ${id} lacks a side`); continue; }
    if (g.kinds.size !== 1) { assert(false, `${w.name}: group ${id} mixes ${[...g.kinds]}`); continue; }
    const kind = [...g.kinds][0];
    const rule = rules[kind];
    if (!rule) { assert(false, `${w.name}: no rule for kind ${kind}`); continue; }
    rule(g, g.oi.reduce((s, r) => s + oi[r], 0), g.st.reduce((s, r) => s + st[r], 0), id);
  }
}
const exact = (name: string): Rule => (_g, I, S, id) => assert(I === S, `${name}: group ${id} pays ${S} for ${I}`);

function checkIdBca(w: World) {
  const o = csvTable(text(w.openItems.content), ';', 'No. Faktur', assert);
  const oc = colOf(o.head);
  const total = o.rows[o.rows.length - 1];
  assert(total[0] === 'Total', 'id-bca: a Total line closes the open items');
  const oiRows = o.rows.slice(0, -1);
  const oi = oiRows.map((r) => commaCents(r[oc('Sisa Piutang')]));
  assert(commaCents(total[oc('Sisa Piutang')]) === oi.reduce((a, b) => a + b, 0), 'id-bca: open-items total');
  for (const r of oiRows) assert(commaCents(r[oc('Total Faktur')]) === commaCents(r[oc('DPP')]) + commaCents(r[oc('PPN')]), `id-bca: ${r[0]} total = DPP + PPN`);
  const s = csvTable(text(w.statement.content), ',', 'Tanggal Transaksi', assert);
  const st = s.rows.map((r) => {
    assert(/^'(\d\d\/\d\d|PEND)$/.test(r[0]), `id-bca: date ${r[0]}`);
    assert(r[4] === 'CR' || r[4] === 'DB', `id-bca: CR/DB ${r[4]}`);
    return (r[4] === 'DB' ? -1 : 1) * dotCents(r[3]);
  });
  const trailer = Object.fromEntries(s.after.filter((l) => l).map((l) => l.split(',')).map((f) => [f[0], dotCents(f[2])]));
  let bal = trailer['Saldo Awal'];
  s.rows.forEach((r, i) => { bal += st[i]; assert(dotCents(r[5]) === bal, `id-bca: running balance at row ${i + 1}`); });
  assert(bal === trailer['Saldo Akhir'], 'id-bca: Saldo Akhir');
  assert(trailer['Mutasi Kredit'] === st.filter((a) => a > 0).reduce((a, b) => a + b, 0) && trailer['Mutasi Debet'] === -st.filter((a) => a < 0).reduce((a, b) => a + b, 0), 'id-bca: Mutasi totals');
  const { groups } = truthGroups(w, { oi, st });
  const desc = (g: TruthGroup) => g.st.map((r) => s.rows[r][1]).join(' ');
  const pph = (g: TruthGroup) => g.oi.reduce((a, r) => a + Math.floor((commaCents(oiRows[r][oc('DPP')]) / 100) * 2 / 100) * 100, 0);
  const pphRule: Rule = (g, I, S, id) => assert(I - S === pph(g), `id-bca: group ${id} withholds ${I - S}, 2% of DPP is ${pph(g)}`);
  checkGroups(w, groups, oi, st, {
    single_invoice_ref: (g, I, S, id) => { exact('id-bca')(g, I, S, id); const no = oiRows[g.oi[0]][0]; const n = no.split('.')[3]; assert(desc(g).includes(n) || desc(g).includes(String(Number(n))), `id-bca: group ${id} names ${no}`); },
    single_tax_invoice_ref: (g, I, S, id) => { exact('id-bca')(g, I, S, id); assert(desc(g).includes(oiRows[g.oi[0]][oc('No. Faktur Pajak')].slice(-8)), `id-bca: group ${id} names the tax invoice`); },
    single_po_ref: (g, I, S, id) => { exact('id-bca')(g, I, S, id); assert(desc(g).includes(oiRows[g.oi[0]][oc('No. PO')]), `id-bca: group ${id} names the PO`); },
    name_only_exact: exact('id-bca'), multi_invoice: exact('id-bca'), credit_note_netted: exact('id-bca'), remaining_balance: exact('id-bca'), cash_deposit: exact('id-bca'),
    ambiguous_equal_amounts: exact('id-bca'), duplicate_refunded: exact('id-bca'),
    instalments: (g, I, S, id) => { exact('id-bca')(g, I, S, id); assert(g.st.length >= 2, `id-bca: group ${id} has instalments`); },
    pph23_withheld: pphRule, ambiguous_equal_amounts_pph23: pphRule,
    partial_payment: (_g, I, S, id) => assert(S > 0 && S < I, `id-bca: group ${id} part ${S}/${I}`),
    rounded_payment: (_g, I, S, id) => assert(I - S > 0 && I - S < 1_000_000, `id-bca: group ${id} rounded ${I - S}`),
    transfer_fee_short: (_g, I, S, id) => assert([250_000, 290_000, 650_000].includes(I - S), `id-bca: group ${id} fee ${I - S}`),
  });
  const dup = w.truth.filter((t) => t.side === 'statement' && t.kind === 'duplicate_payment').reduce((a, t) => a + st[t.row - 1], 0);
  assert(dup === 0, `id-bca: duplicates and refunds net to ${dup}`);
  for (const g of groups.values()) if (g.amb) assert(w.truth.some((t) => t.side === 'open_items' && t.ambiguous && t.group === null && oi[t.row - 1] === g.oi.reduce((a, r) => a + oi[r], 0)), 'id-bca: an ambiguous group has an equal unpaid twin');
}

function checkArGalicia(w: World) {
  const o = csvTable(text(w.openItems.content, 'latin1'), ';', 'Cód. Cliente', assert);
  assert(text(w.openItems.content, 'latin1').includes('Composición') && !text(w.openItems.content, 'latin1').includes('Ã'), 'ar-galicia: Windows-1252, not UTF-8');
  const oc = colOf(o.head);
  const total = o.rows[o.rows.length - 1];
  assert(total[1] === 'Total General', 'ar-galicia: a Total General line');
  const oiRows = o.rows.slice(0, -1);
  const oi = oiRows.map((r) => commaCents(r[oc('Saldo $')]));
  assert(commaCents(total[oc('Saldo $')]) === oi.reduce((a, b) => a + b, 0), 'ar-galicia: open-items total');
  oiRows.forEach((r, i) => {
    assert(/^[AB]-\d{5}-\d{8}$/.test(r[oc('Comprobante')]), `ar-galicia: number ${r[oc('Comprobante')]}`);
    assert((r[oc('Tipo')] === 'NC') === oi[i] < 0, `ar-galicia: only NC are negative`);
    if (r[oc('Mon.')] === 'U$S') assert(Math.abs(Math.round(commaCents(r[oc('Importe Mon. Orig.')]) * Number(r[oc('Cotización')].replace(',', '.'))) - commaCents(r[oc('Saldo $')])) <= 1, `ar-galicia: USD ${r[oc('Comprobante')]} at its rate`);
  });
  const s = csvTable(text(w.statement.content), ';', 'Fecha', assert);
  const sc = colOf(s.head);
  const st = s.rows.map((r) => {
    const d = commaCents(r[sc('Débitos')]), c = commaCents(r[sc('Créditos')]);
    assert((d === 0) !== (c === 0), `ar-galicia: one of Débitos/Créditos`);
    return c - d;
  });
  for (let k = 0; k + 1 < s.rows.length; k++) assert(commaCents(s.rows[k][sc('Saldo')]) === commaCents(s.rows[k + 1][sc('Saldo')]) + st[k], `ar-galicia: balance at row ${k + 1}`);
  const dayNum = (r: string[]) => { const [d, m, y] = r[0].split('/').map(Number); return y * 400 + m * 31 + d; };
  for (let k = 0; k + 1 < s.rows.length; k++) assert(dayNum(s.rows[k]) >= dayNum(s.rows[k + 1]), `ar-galicia: newest first at row ${k + 1}`);
  // Ley 25.413: 0,6% of every movement but fees and taxes.
  const taxed = s.rows.map((r, i) => (['Impuestos', 'Comisiones', 'Inversiones'].includes(r[sc('Grupo de Conceptos')]) ? 0 : Math.round(Math.abs(st[i]) * 0.006))).reduce((a, b) => a + b, 0);
  const ley = s.rows.map((r, i) => (r[sc('Descripción')].startsWith('IMP. LEY 25.413') ? -st[i] : 0)).reduce((a, b) => a + b, 0);
  assert(ley === taxed, `ar-galicia: Ley 25.413 lines ${ley} for ${taxed}`);
  const { groups } = truthGroups(w, { oi, st });
  const cuits = (g: TruthGroup) => new Set(g.oi.map((r) => oiRows[r][oc('C.U.I.T.')].replace(/-/g, '')));
  const byCuit: Rule = (g, I, S, id) => { exact('ar-galicia')(g, I, S, id); for (const r of g.st) assert(cuits(g).has(s.rows[r][sc('Leyendas Adicionales2')]), `ar-galicia: group ${id} paid from the customer's CUIT`); };
  checkGroups(w, groups, oi, st, {
    transfer_invoice_ref: byCuit, transfer_cuit_only: byCuit, echeq_payment: byCuit, credit_note_netted: byCuit, debit_note_with_invoice: byCuit, ambiguous_equal_amounts: byCuit, monotributo_transfer: byCuit,
    paid_by_group_company: (g, I, S, id) => { exact('ar-galicia')(g, I, S, id); for (const r of g.st) assert(!cuits(g).has(s.rows[r][sc('Leyendas Adicionales2')]), `ar-galicia: group ${id} paid by another CUIT`); },
    op_retenciones: (_g, I, S, id) => assert(I - S > 0 && I - S <= 0.16 * I, `ar-galicia: group ${id} withholds ${I - S} of ${I}`),
    op_retenciones_nc: (g, I, S, id) => { assert(I - S > 0 && I - S <= 0.16 * I, `ar-galicia: group ${id} withholds ${I - S} of ${I}`); assert(g.oi.some((r) => oi[r] < 0), `ar-galicia: group ${id} has a credit note`); },
    usd_invoice_ars: (_g, I, S, id) => assert(S / I > 0.9 && S / I < 1.25, `ar-galicia: group ${id} FX ${S}/${I}`),
    payment_on_account: (_g, I, S, id) => assert(S > 0 && S < I, `ar-galicia: group ${id} on account ${S}/${I}`),
  });
  const rej = w.truth.filter((t) => t.side === 'statement' && t.kind === 'echeq_rejected').reduce((a, t) => a + st[t.row - 1], 0);
  assert(rej === 0, `ar-galicia: rejected eCheqs net to ${rej}`);
}

function checkIrJalali(w: World) {
  const ot = text(w.openItems.content);
  assert(ot.startsWith('\ufeff'), 'ir-jalali: BOM');
  const o = csvTable(ot, ',', 'شماره سند', assert);
  const oc = colOf(o.head);
  const total = o.rows[o.rows.length - 1];
  assert(total[0] === 'جمع کل', 'ir-jalali: a total line');
  const oiRows = o.rows.slice(0, -1);
  const rial = (v: string) => { if (!/^-?\d{1,3}(,\d{3})*$/.test(v)) throw new Error(`bad rials ${v}`); return Number(v.replace(/,/g, '')); };
  const oi = oiRows.map((r) => rial(r[oc('مانده')]));
  assert(rial(total[oc('مانده')]) === oi.reduce((a, b) => a + b, 0), 'ir-jalali: open-items total');
  for (const r of oiRows) assert(/^14\d\d\/\d\d\/\d\d$/.test(r[oc('تاریخ سند')]), `ir-jalali: Jalali date ${r[oc('تاریخ سند')]}`);
  const stt = text(w.statement.content);
  const s = csvTable(stt, ',', 'ردیف', assert);
  const sc = colOf(s.head);
  for (const r of s.rows) assert(!/[0-9]/.test(r.join('')), `ir-jalali: only Persian digits in row ${unfa(r[0])}`);
  const amt = (v: string) => (v === '' ? 0 : Number(unfa(v).replace(/٬/g, '')));
  const st = s.rows.map((r, i) => {
    assert(Number(unfa(r[0])) === i + 1, `ir-jalali: row number ${i + 1}`);
    const out = amt(r[sc('برداشت')]), inn = amt(r[sc('واریز')]);
    assert((out === 0) !== (inn === 0), 'ir-jalali: one of withdrawal/deposit');
    return inn - out;
  });
  const tr = new Map(s.after.filter((l) => l).map((l) => l.split(',')).map((f) => [f[0], amt(f[1])]));
  let bal = tr.get('مانده ابتدای دوره')!;
  s.rows.forEach((r, i) => { bal += st[i]; assert(amt(r[sc('مانده')]) === bal, `ir-jalali: balance at row ${i + 1}`); });
  assert(bal === tr.get('مانده پایان دوره') && tr.get('جمع واریز') === st.filter((a) => a > 0).reduce((a, b) => a + b, 0), 'ir-jalali: trailer');
  const { groups } = truthGroups(w, { oi, st });
  const depRule: Rule = (g, I, S, id) => { exact('ir-jalali')(g, I, S, id); for (const r of g.st) assert(unfa(s.rows[r][sc('شناسه واریز')]) === oiRows[g.oi[0]][oc('شناسه واریز')], `ir-jalali: group ${id} deposit id`); };
  const e = exact('ir-jalali');
  checkGroups(w, groups, oi, st, {
    paya_invoice_ref: e, remaining_balance: e, satna_multi_invoice: e, card_to_card_exact: e, cheque_sayad: e, mobile_transfer_name: e, credit_note_netted: e, ambiguous_equal_amounts: e,
    deposit_id_exact: depRule, deposit_id_multi: depRule,
    card_to_card_split: (g, I, S, id) => { e(g, I, S, id); assert(g.st.length >= 2 && g.st.every((r) => st[r] <= 100_000_000), `ir-jalali: group ${id} split at the card limit`); },
    toman_rial_slip: (g, I, S, id) => { e(g, I, S, id); assert(g.st.length === 2 && g.st.some((r) => st[r] * 10 === I), `ir-jalali: group ${id} a tenth first`); },
    partial_payment: (_g, I, S, id) => assert(S > 0 && S < I, `ir-jalali: group ${id} part ${S}/${I}`),
  });
  const bounced = w.truth.filter((t) => t.side === 'statement' && t.kind === 'cheque_bounced').reduce((a, t) => a + st[t.row - 1], 0);
  assert(bounced === 0, `ir-jalali: bounced cheques net to ${bounced}`);
}

const CHECKS: Record<string, (w: World) => void> = { 'id-bca': checkIdBca, 'ar-galicia': checkArGalicia, 'ir-jalali': checkIrJalali };
void runSelfChecks(HELDOUT_V14_WORLDS, (w) => CHECKS[w.name](w));
