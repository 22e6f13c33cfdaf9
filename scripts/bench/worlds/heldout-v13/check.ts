/**
 * Self-check of the heldout-v13 worlds:
 *   npx tsx scripts/bench/worlds/heldout-v13/check.ts [--seed 1] [--open-items 2000] [--world NAME] [--kinds]
 * Reads each generated file back as a user's tool would (its encoding, separator, number format,
 * preamble and trailer lines), checks the files' own totals and running balances, that the truth
 * names every transaction row once, and the arithmetic of every group: what the bank lines bring
 * equals what the open items ask, net of the withholdings, fees, roundings and part payments the
 * world models.
 */
import { colOf, csvTable, splitCsvLine } from '../csv';
import { mod97 } from '../mulberry32';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import type { World } from '../world';
import { HELDOUT_V13_WORLDS } from './index';

const utf8 = (c: string | Buffer) => (typeof c === 'string' ? c : c.toString('utf8'));
const decode = (c: string | Buffer, enc: string) => {
  assert(Buffer.isBuffer(c), `${enc} file is bytes`);
  const t = new TextDecoder(enc, { fatal: true }).decode(c as Buffer);
  assert(!t.includes('\ufffd'), `${enc} decodes cleanly`);
  return t;
};
/** Whole units or cents from text with the given thousands and decimal marks and an optional sign. */
function amount(s: string, thou: string, dec: string | null): number {
  const t = s.trim();
  const re = dec ? new RegExp(`^[+-]?\\d{1,3}(\\${thou}\\d{3})*\\${dec}\\d{2}$`) : new RegExp(`^[+-]?\\d{1,3}(\\${thou}\\d{3})*$`);
  if (!re.test(t)) throw new Error(`bad amount "${s}"`);
  const neg = t.startsWith('-');
  const digits = t.replace(/^[+-]/, '').split(thou).join('').replace(dec ?? '#', '');
  return (neg ? -1 : 1) * Number(digits);
}

type Rule = 'exact' | ((items: number, paid: number) => boolean);
/** Every group has both sides and satisfies its kinds' rule; a kind without a rule is an error. */
function arithmetic(w: World, oi: number[], st: number[], rules: Record<string, Rule>): void {
  const { groups } = truthGroups(w, { oi, st });
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    const I = g.oi.reduce((s, k) => s + oi[k], 0), S = g.st.reduce((s, k) => s + st[k], 0);
    for (const kind of g.kinds) {
      const rule = rules[kind];
      assert(rule !== undefined, `${w.name}: group ${id} kind ${kind} has a rule`);
      if (rule === 'exact') assert(I === S, `${w.name}: group ${id} (${kind}) pays ${S}, items ${I}`);
      else if (rule) assert(rule(I, S), `${w.name}: group ${id} (${kind}) pays ${S} for items ${I}`);
    }
  }
}

function checkVn(w: World): void {
  const oiT = csvTable(utf8(w.openItems.content), ',', 'Ngày hạch toán', assert);
  const c = colOf(oiT.head);
  const rows = oiT.rows.filter((r) => r[0] !== 'Cộng');
  const total = oiT.rows.find((r) => r[0] === 'Cộng');
  const open = rows.map((r) => amount(r[c('Còn phải thu')], '.', null));
  for (const r of rows) assert(amount(r[c('Số tiền')], '.', null) - amount(r[c('Đã thu')], '.', null) === amount(r[c('Còn phải thu')], '.', null), `vn: row ${r[c('Số chứng từ')]} open = amount - received`);
  assert(!!total && amount(total[c('Còn phải thu')], '.', null) === open.reduce((a, b) => a + b, 0), 'vn: ledger total');
  const stT = csvTable(utf8(w.statement.content), ',', 'STT', assert);
  const s = colOf(stT.head);
  const st = stT.rows.map((r) => (r[s('Ghi có/Credit')] ? amount(r[s('Ghi có/Credit')], ',', null) : 0) - (r[s('Ghi nợ/Debit')] ? amount(r[s('Ghi nợ/Debit')], ',', null) : 0));
  const opening = amount(/Opening balance: "([\d,]+)"/.exec(utf8(w.statement.content))![1], ',', null);
  let bal = opening;
  stT.rows.forEach((r, k) => { bal += st[k]; assert(amount(r[s('Số dư/Balance')], ',', null) === bal, `vn: balance at statement row ${k + 1}`); assert(/^[\x20-\x7e]*$/.test(r[s('Nội dung chi tiết/Transactions in detail')]), `vn: bank text is plain ASCII at row ${k + 1}`); });
  const vnDays = stT.rows.map((r) => r[s('Ngày GD/TNX Date')].split('/').reverse().join(''));
  assert(vnDays.every((d, k) => k === 0 || d >= vnDays[k - 1]), 'vn: statement in date order');
  assert(stT.after.some((l) => l.includes(`Closing balance: "${bal.toLocaleString('en-US')}"`)), 'vn: closing balance');
  // A payer citing an invoice number writes it with or without the leading zeros.
  const { groups } = truthGroups(w, { oi: open, st });
  let cited = 0, citing = 0;
  for (const g of groups.values()) {
    if (!g.kinds.has('single_by_invoice_number') && !g.kinds.has('number_in_two_series')) continue;
    citing++;
    const no = String(Number(rows[g.oi[0]][c('Số hóa đơn')]));
    if (g.st.some((k) => new RegExp(`(^|\\D)0*${no}(\\D|$)`).test(stT.rows[k][s('Nội dung chi tiết/Transactions in detail')]))) cited++;
  }
  assert(cited >= citing * 0.9, `vn: ${cited}/${citing} number payments cite the number`);
  arithmetic(w, open, st, {
    single_by_invoice_number: 'exact', number_in_two_series: 'exact', multi_invoice: 'exact', payer_name_only: 'exact', tax_code_only: 'exact', contract_reference: 'exact', adjustment_netted: 'exact', instalments: 'exact', personal_account_payer: 'exact', ambiguous_equal_amounts: 'exact', remaining_balance: 'exact',
    part_payment: (i, p) => p > 0 && p < i, rounded_down: (i, p) => i - p > 0 && i - p < 10000,
  });
}

function checkGr(w: World): void {
  const oiT = csvTable(decode(w.openItems.content, 'windows-1253'), ';', 'Ημερομηνία', assert);
  const c = colOf(oiT.head);
  const rows = oiT.rows.filter((r) => r[0] !== 'Σύνολα');
  const eur = (x: string) => amount(x, '.', ',');
  const open = rows.map((r) => eur(r[c('Ανεξόφλητο')]));
  assert(eur(oiT.rows[oiT.rows.length - 1][c('Ανεξόφλητο')]) === open.reduce((a, b) => a + b, 0), 'gr: ledger total');
  for (const r of rows) {
    assert(eur(r[c('Καθαρή αξία')]) + eur(r[c('Φ.Π.Α.')]) === eur(r[c('Σύνολο')]), `gr: ${r[c('Αριθμός')]} net + VAT = gross`);
    const rf = r[c('Κωδ. πληρωμής')];
    if (rf) assert(mod97((rf.slice(4) + rf.slice(0, 4)).replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55))) === 1, `gr: RF ${rf} valid`);
  }
  const stT = csvTable(utf8(w.statement.content).replace(/^\ufeff/, ''), ';', 'Α/Α', assert);
  const s = colOf(stT.head);
  const st = stT.rows.map((r) => (r[s('Πρόσημο')] === 'Π' ? 1 : -1) * eur(r[s('Ποσό')]));
  stT.rows.forEach((r, k) => { if (k + 1 < stT.rows.length) assert(eur(r[s('Λογιστικό Υπόλοιπο')]) - st[k] === eur(stT.rows[k + 1][s('Λογιστικό Υπόλοιπο')]), `gr: balance at row ${k + 1}`); });
  const grDays = stT.rows.map((r) => r[s('Ημ/νία Καταχώρησης')].split('/').reverse().join(''));
  assert(grDays.every((d, k) => k === 0 || d <= grDays[k - 1]), 'gr: statement newest first');
  const bal = (label: string) => eur(splitCsvLine(stT.after.find((l) => l.startsWith(label))!, ';')[1]);
  assert(bal('Υπόλοιπο λήξης') === eur(stT.rows[0][s('Λογιστικό Υπόλοιπο')]) && bal('Υπόλοιπο έναρξης') === eur(stT.rows[stT.rows.length - 1][s('Λογιστικό Υπόλοιπο')]) - st[st.length - 1], 'gr: opening and closing balances');
  // A warrant pays the gross less deductions and withholding, recomputed here from the file's own columns.
  const docOf: Record<string, string> = { 'Τιμολόγιο Πώλησης': 'ΤΙΜ', 'Τιμολόγιο Παροχής Υπηρεσιών': 'ΤΠΥ', 'Πιστωτικό Τιμολόγιο': 'ΠΙΣ' };
  // Recomputed independently of the generator: 0.13468% deductions on the net, then 4% (goods) or 8% (services) on the rest above 150 € net.
  const warrantDue = rows.map((r) => {
    const net = eur(r[c('Καθαρή αξία')]), kr = Math.round(net * 0.0013468);
    return eur(r[c('Σύνολο')]) - kr - (net <= 15000 ? 0 : Math.round((net - kr) * (docOf[r[c('Παραστατικό')]] === 'ΤΠΥ' ? 0.08 : 0.04)));
  });
  const { groups } = truthGroups(w, { oi: open, st });
  for (const [id, g] of groups) if (g.kinds.has('public_warrant_withholding') || g.kinds.has('public_warrant_several')) {
    assert(g.st.length === 1 && g.oi.reduce((a, k) => a + warrantDue[k], 0) === st[g.st[0]], `gr: warrant ${id} pays the invoices net of withholding`);
    assert(g.oi.every((k) => rows[k][c('Κωδικός')].startsWith('30.00.')), `gr: warrant ${id} pays a public body's invoices`);
  }
  const bounced = w.truth.filter((t) => t.side === 'statement' && t.kind === 'bounced_cheque').reduce((a, t) => a + st[t.row - 1], 0);
  assert(bounced === 0, `gr: bounced cheques net to zero (${bounced})`);
  arithmetic(w, open, st, {
    rf_reference: 'exact', doc_number_greek: 'exact', doc_number_greeklish: 'exact', doc_number_mixed_script: 'exact', multi_invoice: 'exact', credit_note_netted: 'exact', postdated_cheque: 'exact', payer_name_only: 'exact',
    public_warrant_withholding: (i, p) => p < i && p > i * 0.9, public_warrant_several: (i, p) => p < i && p > i * 0.9,
    intl_fee_deducted: (i, p) => [1000, 1500, 2000, 2500].includes(i - p),
  });
}

function checkAt(w: World): void {
  const eur = (x: string) => amount(x, '.', ',');
  const oiT = csvTable(decode(w.openItems.content, 'windows-1252'), ';', 'Objekt', assert);
  const c = colOf(oiT.head);
  const rows: string[][] = [];
  let sub = 0;
  for (const r of oiT.rows) {
    if (r[0].startsWith('Summe Objekt')) { assert(eur(r[c('Offen')]) === sub, `at: subtotal ${r[0]}`); sub = 0; continue; }
    if (r[0] === 'Gesamtsumme') { assert(eur(r[c('Offen')]) === rows.reduce((a, x) => a + eur(x[c('Offen')]), 0), 'at: grand total'); continue; }
    assert(r[0] === r[c('BN-Nr')].slice(0, 4), `at: row ${r[c('Belegnr')]} building matches tenant number`);
    rows.push(r);
    sub += eur(r[c('Offen')]);
  }
  const open = rows.map((r) => eur(r[c('Offen')]));
  const lines = decode(w.statement.content, 'windows-1252').split('\r\n').filter((l) => l !== '');
  const st = lines.map((l, k) => {
    const f = splitCsvLine(l, ';');
    assert(f.length === 6 && /^\d\d\.\d\d\.2026$/.test(f[0]) && f[4] === 'EUR' && /^[+-]/.test(f[3]), `at: ELBA line ${k + 1} has six fields`);
    return eur(f[3]);
  });
  const days = lines.map((l) => l.slice(6, 10) + l.slice(3, 5) + l.slice(0, 2));
  assert(days.every((d, k) => k === 0 || d <= days[k - 1]), 'at: newest first');
  // A returned debit is netted in its run's group; its demands stay open.
  const { groups } = truthGroups(w, { oi: open, st });
  for (const [id, g] of groups) if (g.kinds.has('direct_debit_batch')) {
    const n = Number(/ (\d+) Posten/.exec(lines[g.st.find((k) => w.truth.find((t) => t.side === 'statement' && t.row === k + 1)!.kind === 'direct_debit_batch')!])![1]);
    assert(n === new Set(g.oi.map((k) => rows[k][c('BN-Nr')])).size + g.st.length - 1, `at: run ${id} counts its debits`);
  }
  arithmetic(w, open, st, {
    direct_debit_batch: 'exact', direct_debit_return: 'exact', paid_after_return: 'exact', welfare_split: 'exact', standing_order_rent: 'exact', third_party_payer: 'exact', multi_month: 'exact', month_unclear: 'exact', credit_netted: 'exact', bk_back_payment: 'exact', instalments: 'exact', arrears_with_dunning_fee: 'exact',
    welfare_part_only: (i, p) => p > 0 && p < i, stale_standing_order: (i, p) => i - p > 0 && p / i > 0.94,
  });
}

const CHECKS: Record<string, (w: World) => void> = { 'vn-vcb': checkVn, 'gr-public': checkGr, 'at-hausverwaltung': checkAt };
void runSelfChecks(HELDOUT_V13_WORLDS, (w) => CHECKS[w.name](w));
