/**
 * Self-check of the eleventh held-out set: `npx tsx scripts/bench/worlds/heldout-v11/check.ts
 * [--world NAME] [--seed 1] [--open-items 2000] [--kinds]`. Reads each world's two files back with
 * its own knowledge of the layouts (BgMax records and deposit totals, the settlement summary,
 * Leumi's running balance, Windows-1255), asserts the truth names every transaction row once, and
 * checks each group's arithmetic for its kind (exact, withholding, rounding, fee, part payment).
 */
import type { World } from '../world';
import { csvTable, colOf, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { HELDOUT_V11_WORLDS } from './index';
import { decode1255, luhnOk } from './common';

/** "1 234,56", "-1234,56", "12,345.60" to cents. */
function cents(s: string, dec: ',' | '.'): number {
  let t = s.trim();
  const neg = t.startsWith('-');
  if (neg) t = t.slice(1);
  t = dec === ',' ? t.replace(/[ .]/g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d+(\.\d\d)?$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Math.round(Number(t) * 100);
  return neg ? -v : v;
}
const text = (c: string | Buffer, enc: 'latin1' | 'utf8' = 'utf8') => (typeof c === 'string' ? c : c.toString(enc));
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

interface Parsed { oi: number[]; st: number[] }
const EXACT: Record<string, Set<string>> = {
  'se-bgmax': new Set(['ocr_exact', 'ocr_typo', 'invoice_number_text', 'multi_invoice_text', 'multi_invoice_one_ocr', 'credit_deduction_tk21', 'credit_netted_in_amount', 'instalments', 'name_only', 'equal_amounts_no_reference', 'parent_pays_ocr', 'parent_pays_several', 'duplicate_payment']),
  'il-leumi': new Set(['transfer_invoice_text', 'masav_name_only', 'cheque_deposit_mixed', 'cheque_deposit_single', 'duplicate_masav', 'retainer_equal_amounts']),
};

function seBgmax(w: World): Parsed {
  const { head, rows, after } = csvTable(text(w.openItems.content, 'latin1'), ';', 'Fakturanummer', assert);
  const c = colOf(head);
  assert(text(w.openItems.content, 'latin1').includes('Förfallodatum'), 'Latin-1 header');
  const oi = rows.map((r) => cents(r[c('Belopp')], ','));
  rows.forEach((r, i) => {
    if (r[c('Typ')] === 'Faktura' && r[c('Valuta')] === 'SEK') assert(luhnOk(r[c('OCR')]) && r[c('OCR')].startsWith(r[c('Fakturanummer')]) && Number(r[c('OCR')].slice(-2, -1)) === r[c('OCR')].length % 10, `oi ${i + 1}: OCR ${r[c('OCR')]}`);
    assert((oi[i] < 0) === (r[c('Typ')] === 'Kreditfaktura'), `oi ${i + 1}: sign and type`);
  });
  const summa = after.find((l) => l.startsWith('Summa SEK'));
  assert(!!summa && cents(splitCsvLine(summa, ';')[6], ',') === sum(rows.map((r, i) => (r[c('Valuta')] === 'SEK' ? oi[i] : 0))), 'Summa SEK trailer');
  const recs = text(w.statement.content, 'latin1').split('\r\n').filter((l) => l !== '');
  const st: number[] = [];
  let sec = 0, secN = 0, n20 = 0, n21 = 0, n15 = 0;
  assert(recs[0].startsWith('01BGMAX') && recs[recs.length - 1].startsWith('70'), 'BgMax starts with TK01 and ends with TK70');
  for (const [i, r] of recs.entries()) {
    assert(r.length === 80, `record ${i + 1} is ${r.length} characters`);
    const tk = r.slice(0, 2);
    if (tk === '05') { sec = 0; secN = 0; }
    if (tk === '20' || tk === '21') {
      const a = Number(r.slice(37, 55));
      const ref = r.slice(12, 37).trim(), code = r[55];
      if (code === '2') assert(luhnOk(ref), `record ${i + 1}: code 2 with a bad OCR ${ref}`);
      if (code === '5') assert(!luhnOk(ref) || Number(ref.slice(-2, -1)) !== ref.length % 10, `record ${i + 1}: code 5 with a good OCR`);
      st.push(tk === '20' ? a : -a);
      sec += tk === '20' ? a : -a; secN++;
      if (tk === '20') n20++; else n21++;
    }
    if (tk === '15') { n15++; assert(Number(r.slice(50, 68)) === sec && Number(r.slice(71, 79)) === secN, `TK15 ${n15}: deposit total/count`); }
    if (tk === '70') assert(Number(r.slice(2, 10)) === n20 && Number(r.slice(10, 18)) === n21 && Number(r.slice(26, 34)) === n15, 'TK70 counts');
    assert(['01', '05', '20', '21', '25', '26', '27', '28', '29', '15', '70'].includes(tk), `record ${i + 1}: type ${tk}`);
  }
  return { oi, st };
}

function amazon(w: World): Parsed & { feeRow: boolean[] } {
  const { head, rows } = csvTable(text(w.openItems.content), ',', 'Internal ID', assert);
  const c = colOf(head);
  const oi = rows.map((r) => cents(r[c('Amount')], '.'));
  rows.forEach((r, i) => assert(r[c('Amount Remaining')] === r[c('Amount')] && (oi[i] < 0) === (r[c('Type')] === 'Credit Memo'), `oi ${i + 1}: remaining/sign`));
  const ls = text(w.statement.content).split('\n').filter((l) => l !== '');
  const h = ls[0].split('\t'), k = colOf(h);
  const data = ls.slice(1).map((l) => l.split('\t'));
  data.forEach((r, i) => assert(r.length === h.length, `settlement line ${i + 2}: ${r.length} fields`));
  const [summary, ...tx] = data;
  assert(summary[k('total-amount')] !== '' && summary[k('transaction-type')] === '', 'summary row first');
  const st = tx.map((r) => cents(r[k('amount')], '.'));
  assert(cents(summary[k('total-amount')], '.') === sum(st), 'total-amount = sum of rows');
  tx.forEach((r, i) => assert(r[k('total-amount')] === '' && r[k('transaction-type')] !== '', `settlement row ${i + 1}: a transaction`));
  return { oi, st, feeRow: tx.map((r) => r[k('amount-type')] === 'ItemFees') };
}

function ilLeumi(w: World): Parsed {
  const oText = decode1255(w.openItems.content as Buffer);
  assert(!oText.includes('?'), 'open items: every character encodable in Windows-1255');
  const { head, rows } = csvTable(oText, ',', 'מפתח חשבון', assert);
  const c = colOf(head);
  const oi = rows.map((r) => cents(r[c('יתרה פתוחה')], '.'));
  rows.forEach((r, i) => {
    const dr = r[c('חובה')], cr = r[c('זכות')];
    assert((dr ? cents(dr, '.') : 0) - (cr ? cents(cr, '.') : 0) === oi[i], `oi ${i + 1}: debit - credit = open`);
    const hp = r[c('ח.פ.')];
    let s = 0;
    for (let j = 0; j < 9; j++) { let d = Number(hp[j]) * (j % 2 === 0 ? 1 : 2); if (d > 9) d -= 9; s += d; }
    assert(/^\d{9}$/.test(hp) && s % 10 === 0, `oi ${i + 1}: company number ${hp}`);
  });
  const sText = decode1255(w.statement.content as Buffer);
  assert(!sText.includes('?'), 'statement: every character encodable in Windows-1255');
  const t = csvTable(sText, ',', 'תאריך', assert);
  const s = colOf(t.head);
  const open = cents(sText.split('\r\n').find((l) => l.startsWith('יתרת פתיחה:'))!.split(': ')[1], '.');
  let bal = open;
  const st = t.rows.map((r, i) => {
    const dr = r[s('בחובה')], cr = r[s('בזכות')];
    assert((dr === '') !== (cr === ''), `st ${i + 1}: one of debit/credit`);
    const a = cr ? cents(cr, '.') : -cents(dr, '.');
    bal += a;
    assert(cents(r[s('היתרה בש"ח')], '.') === bal, `st ${i + 1}: running balance`);
    assert(/^\d\d\/\d\d\/\d\d$/.test(r[s('תאריך')]), `st ${i + 1}: dd/mm/yy date`);
    return a;
  });
  const close = t.after.find((l) => l.startsWith('יתרת סגירה'));
  assert(!!close && cents(splitCsvLine(close, ',')[6], '.') === bal, 'closing balance line');
  return { oi, st };
}

function check(w: World): void {
  const p = w.name === 'se-bgmax' ? seBgmax(w) : w.name === 'amazon-settlement' ? amazon(w) : ilLeumi(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name} ${id}: rows on both sides`);
    assert(g.kinds.size === 1, `${w.name} ${id}: one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0];
    const I = sum(g.oi.map((r) => p.oi[r])), S = sum(g.st.map((r) => p.st[r]));
    const tag = `${w.name} ${id} (${kind}): items ${I}, statement ${S}`;
    if (EXACT[w.name]?.has(kind)) assert(S === I, tag);
    if (w.name === 'se-bgmax') {
      if (kind === 'part_payment') assert(S > 0 && S < I, tag);
      if (kind === 'rounded_to_krona') assert(S % 100 === 0 && S !== I && Math.abs(S - I) < 100, tag);
      if (kind === 'reminder_fee_added') assert(S - I === 6000, tag);
    }
    if (w.name === 'amazon-settlement') {
      const fee = (p as ReturnType<typeof amazon>).feeRow;
      const sales = sum(g.st.filter((r) => !fee[r]).map((r) => p.st[r]));
      assert(sales === I, `${tag}: sales rows ${sales}`);
      if (I > 0) assert(S < I, `${tag}: fees kept`);
    }
    if (w.name === 'il-leumi') {
      const less = (rate: number) => I - Math.round((I / 1.18) * rate);
      if (['transfer_withholding', 'masav_withholding', 'masav_multi_withholding', 'parent_pays'].includes(kind)) assert(S === less(0.03), tag);
      if (kind === 'credit_note_netted') assert(S === I || S === less(0.03), tag);
      if (kind === 'withholding_no_certificate') assert(S === less(0.3), tag);
      if (kind === 'part_payment' || kind === 'postdated_cheques') assert(S > 0 && S < I, tag);
      if (kind === 'fx_swift_usd') assert(S / I > 0.85 && S / I < 1.1, tag);
    }
  }
  // Rows with no counterpart that come in pairs net to zero.
  if (w.name === 'il-leumi') assert(sum(w.truth.filter((t) => t.side === 'statement' && t.kind === 'returned_cheque').map((t) => p.st[t.row - 1])) === 0, 'returned cheques net to zero');
  if (w.name === 'amazon-settlement') {
    const reserve = w.truth.filter((t) => t.side === 'statement' && t.kind === 'reserve');
    assert(reserve.length === 2, 'reserve released and held');
  }
}

runSelfChecks(HELDOUT_V11_WORLDS, check);
