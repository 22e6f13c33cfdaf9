/**
 * Self-check of the heldout-v12 worlds: `npx tsx scripts/bench/worlds/heldout-v12/check.ts [--kinds]
 * [--seed 1] [--open-items 2000] [--world NAME]`. Each world's two files are read back from their bytes
 * with a reader of their own layout (code page, separators, number and date conventions, the
 * 1CClientBankExchange sections), and it asserts: the truth names every transaction row exactly once;
 * every group has rows on both sides; each group's amounts add up for its kind (exact, or net of the
 * withholding tax, penalty, factoring deductions, transfer fee, UF difference it modelled); the files'
 * own totals and running balances hold; and the references a line claims to carry are there.
 */
import { colOf, csvTable, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups, type TruthGroup } from '../self-check';
import type { World } from '../world';
import { HELDOUT_V12_WORLDS } from './index';

const bytes = (c: string | Buffer) => (typeof c === 'string' ? Buffer.from(c, 'utf8') : c);
const decode = (c: string | Buffer, enc: string) => new TextDecoder(enc).decode(bytes(c)).replace(/^\ufeff/, '');
/** "1 234,56" / "1,234.56" / "1.234.567" (whole pesos) / "-130.000" to cents (pesos stay whole units). */
function num(s: string, dec: ',' | '.' | '', thou: string): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = t.split(thou).join('');
  if (dec === ',') t = t.replace(',', '.');
  const re = dec ? /^\d+\.\d{2}$/ : /^\d+$/;
  if (!re.test(t)) throw new Error(`bad amount "${s}"`);
  const v = dec ? Math.round(Number(t) * 100) : Number(t);
  return neg ? -v : v;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
interface Parsed { oi: number[]; st: number[] }
/** Each group checked by its (single) kind: the open-item amounts, the statement amounts, both rows. */
function eachGroup(w: World, p: Parsed, fn: (kind: string, I: number, S: number, g: TruthGroup, id: string) => void) {
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    const kinds = [...g.kinds];
    assert(kinds.length === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    fn(kinds[0], sum(g.oi.map((i) => p.oi[i])), sum(g.st.map((i) => p.st[i])), g, id);
  }
}

function checkRu(w: World) {
  const oiText = decode(w.openItems.content, 'windows-1251');
  const { head, rows, after } = csvTable(oiText, ';', 'Контрагент', assert);
  const c = colOf(head);
  const amt = (s: string) => num(s.replace(/\u00a0/g, ' '), ',', ' ');
  const oi = rows.map((r) => amt(r[c('Задолженность')]));
  const tot = after.find((l) => l.startsWith('Итого'));
  assert(!!tot && amt(splitCsvLine(tot, ';')[7]) === sum(oi), 'ru-1c: Итого equals the open amounts');
  const stText = decode(w.statement.content, 'windows-1251');
  const ls = stText.split('\r\n');
  assert(ls[0] === '1CClientBankExchange' && ls.includes('КонецФайла'), 'ru-1c: exchange file framing');
  const headKv = new Map(ls.slice(0, ls.indexOf('СекцияРасчСчет')).map((l) => l.split('=') as [string, string]));
  const acc = headKv.get('РасчСчет')!;
  const docs: Map<string, string>[] = [];
  let cur: Map<string, string> | null = null;
  const balance = new Map<string, string>();
  let inAcc = false;
  for (const l of ls) {
    if (l === 'СекцияРасчСчет') { inAcc = true; continue; }
    if (l === 'КонецРасчСчет') { inAcc = false; continue; }
    const eq = l.indexOf('=');
    if (inAcc) { balance.set(l.slice(0, eq), l.slice(eq + 1)); continue; }
    if (l.startsWith('СекцияДокумент=')) { cur = new Map([['Вид', l.slice(eq + 1)]]); continue; }
    if (l === 'КонецДокумента') { assert(!!cur, 'ru-1c: КонецДокумента closes a section'); if (cur) docs.push(cur); cur = null; continue; }
    if (cur && eq > 0) cur.set(l.slice(0, eq), l.slice(eq + 1));
  }
  const st = docs.map((d, i) => {
    const v = num(d.get('Сумма') ?? '', '.', '');
    const inb = d.get('ПолучательСчет') === acc, outb = d.get('ПлательщикСчет') === acc;
    assert(inb !== outb, `ru-1c: document ${i + 1} is either a receipt or a payment`);
    assert(inb ? !!d.get('ДатаПоступило') : !!d.get('ДатаСписано'), `ru-1c: document ${i + 1} has its posting date`);
    return inb ? v : -v;
  });
  const b = (k: string) => num(balance.get(k) ?? '', '.', '');
  assert(b('НачальныйОстаток') + b('ВсегоПоступило') - b('ВсегоСписано') === b('КонечныйОстаток'), 'ru-1c: opening + in - out = closing');
  assert(b('ВсегоПоступило') === sum(st.filter((x) => x > 0)) && b('ВсегоСписано') === -sum(st.filter((x) => x < 0)), 'ru-1c: totals equal the documents');
  const purpose = (i: number) => docs[i].get('НазначениеПлатежа') ?? '';
  const schetNo = (i: number) => (rows[i][c('Счет на оплату')].match(/00БП-0*(\d+)/) ?? [])[1] ?? '';
  const realNo = (i: number) => (rows[i][c('Документ расчетов')].match(/00БП-0*(\d+)/) ?? [])[1] ?? '';
  const EXACT = ['single_by_schet_number', 'single_by_upd_number', 'multi_invoice', 'inn_and_amount_only', 'contract_only', 'instalments', 'remaining_balance', 'third_party_payer', 'credit_note_netted', 'typo_reference', 'duplicate_payment', 'monthly_fee_by_period', 'ambiguous_equal_amounts'];
  const groupAmounts = new Set<number>();
  eachGroup(w, { oi, st }, (kind, I, S, g, id) => {
    assert(g.st.every((i) => st[i] > 0), `ru-1c: group ${id} paid by receipts`);
    groupAmounts.add(S);
    if (EXACT.includes(kind)) assert(I === S, `ru-1c: group ${id} (${kind}) ${S} = ${I}`);
    if (kind === 'part_payment') assert(S >= 0.2 * I && S <= 0.8 * I, `ru-1c: group ${id} part ${S}/${I}`);
    if (kind === 'penalty_withheld') {
      const pen = I - S, t = purpose(g.st[0]);
      assert(pen > 0 && pen <= 0.1 * I && t.includes(`${String(Math.floor(pen / 100)).replace(/\B(?=(\d{3})+$)/g, ' ')},${String(pen % 100).padStart(2, '0')}`), `ru-1c: group ${id} penalty ${pen} named in "${t}"`);
    }
    if (kind === 'single_by_schet_number') assert(purpose(g.st[0]).includes(schetNo(g.oi[0])), `ru-1c: group ${id} names pro-forma ${schetNo(g.oi[0])}`);
    if (kind === 'single_by_upd_number') assert(purpose(g.st[0]).includes(realNo(g.oi[0])), `ru-1c: group ${id} names realization ${realNo(g.oi[0])}`);
    if (kind === 'typo_reference') assert(!purpose(g.st[0]).includes(`№ ${schetNo(g.oi[0])} `) && !purpose(g.st[0]).includes(`№${schetNo(g.oi[0])} `), `ru-1c: group ${id} mistypes ${schetNo(g.oi[0])}`);
    if (kind === 'third_party_payer') assert(docs[g.st[0]].get('ПлательщикИНН') !== rows[g.oi[0]][c('ИНН')] && purpose(g.st[0]).includes('за '), `ru-1c: group ${id} paid by another INN, "за …"`);
  });
  w.truth.filter((t) => t.side === 'statement' && t.kind === 'duplicate_payment' && t.group === null).forEach((t) => assert(groupAmounts.has(st[t.row - 1]), `ru-1c: duplicate row ${t.row} repeats a payment`));
}

function checkCl(w: World) {
  const { head, rows, after } = csvTable(decode(w.openItems.content, 'latin1'), ';', 'RUT Cliente', assert);
  const c = colOf(head);
  const peso = (s: string) => num(s, '', '.');
  const oi = rows.map((r) => peso(r[c('Saldo')]));
  const tot = after.find((l) => l.startsWith('Total General'));
  assert(!!tot && peso(splitCsvLine(tot, ';')[8]) === sum(oi), 'cl-factoring: Total General equals the balances');
  for (const r of rows) {
    const m = r[c('RUT Cliente')].match(/^(\d{1,3}(?:\.\d{3})*)-([\dK])$/);
    let ok = !!m;
    if (m) {
      let s = 0, wt = 2;
      for (const ch of m[1].replace(/\./g, '').split('').reverse()) { s += Number(ch) * wt; wt = wt === 7 ? 2 : wt + 1; }
      const r11 = 11 - (s % 11);
      ok = (r11 === 11 ? '0' : r11 === 10 ? 'K' : String(r11)) === m[2];
    }
    assert(ok, `cl-factoring: RUT ${r[c('RUT Cliente')]} has its check digit`);
    assert(/^\d{2}-\d{2}-\d{4}$/.test(r[c('Fecha Emisión')]), 'cl-factoring: dd-mm-yyyy');
    assert((r[c('Tipo Documento')].startsWith('Nota de Crédito')) === oi[rows.indexOf(r)] < 0, 'cl-factoring: credit notes and only they are negative');
  }
  const stText = decode(w.statement.content, 'utf-8');
  const t = csvTable(stText, ';', 'Fecha', assert);
  const sc = colOf(t.head);
  const st = t.rows.map((r, i) => {
    const cg = r[sc('Cargos ($)')], ab = r[sc('Abonos ($)')];
    assert((cg === '') !== (ab === ''), `cl-factoring: row ${i + 1} has one of Cargos / Abonos`);
    return ab ? peso(ab) : -peso(cg);
  });
  const trailer = new Map(t.after.filter((l) => l).map((l) => l.split(';') as [string, string]));
  let bal = peso(trailer.get('Saldo Inicial') ?? 'x');
  t.rows.forEach((r, i) => { bal += st[i]; assert(peso(r[sc('Saldo ($)')]) === bal, `cl-factoring: running balance at row ${i + 1}`); });
  assert(bal === peso(trailer.get('Saldo Final') ?? 'x'), 'cl-factoring: Saldo Final');
  const desc = (i: number) => t.rows[i][sc('Descripción')];
  const EXACT = ['single_by_folio', 'rut_and_amount_only', 'single_by_oc_number', 'cheque_amount_only', 'vale_vista', 'repaid_after_bounce', 'multi_invoice', 'invoice_plus_debit_note', 'retail_batch_with_credit_notes'];
  const cededRows = new Set(rows.map((r, i) => (r[c('Cesionario')] ? i : -1)).filter((i) => i >= 0));
  eachGroup(w, { oi, st }, (kind, I, S, g, id) => {
    if (EXACT.includes(kind)) assert(I === S, `cl-factoring: group ${id} (${kind}) ${S} = ${I}`);
    if (kind === 'part_payment') assert(S >= 0.2 * I && S <= 0.8 * I, `cl-factoring: group ${id} part ${S}/${I}`);
    if (kind === 'uf_rounding_difference') assert(Math.abs(I - S) <= 0.006 * I, `cl-factoring: group ${id} UF difference ${I - S}`);
    if (kind === 'factoring_advance') assert(I - S > 0 && I - S <= 0.17 * I, `cl-factoring: group ${id} factoring deductions ${I - S} of ${I}`);
    if (kind === 'factoring_excedente_only') assert(S > 0 && S <= 0.11 * I, `cl-factoring: group ${id} excess ${S} of ${I}`);
    const factoring = kind.startsWith('factoring');
    assert(g.oi.every((i) => cededRows.has(i) === factoring), `cl-factoring: group ${id} (${kind}) ceded rows only in factoring groups`);
    if (factoring) assert(new Set(g.oi.map((i) => rows[i][c('N° Operación')])).size === 1 && g.st.every((i) => desc(i).includes(rows[g.oi[0]][c('N° Operación')]) || /ANTICIPO OP|LIQ OP|GIRO OP|EXCEDENTE|FACTORING|INTERFACTOR/.test(desc(i)) || !desc(i).includes('/')), `cl-factoring: group ${id} one operation`);
    if (kind === 'single_by_folio' || kind === 'repaid_after_bounce') assert(desc(g.st[0]).includes(rows[g.oi[0]][c('Folio')]), `cl-factoring: group ${id} names folio ${rows[g.oi[0]][c('Folio')]}`);
    if (kind === 'single_by_oc_number') assert(desc(g.st[0]).includes(rows[g.oi[0]][c('Referencia')]), `cl-factoring: group ${id} names the purchase order`);
  });
  for (const k of ['misdirected_ceded_payment', 'bounced_cheque']) assert(sum(w.truth.filter((x) => x.side === 'statement' && x.kind === k).map((x) => st[x.row - 1])) === 0, `cl-factoring: ${k} lines net to zero`);
}

function checkTh(w: World) {
  const { head, rows, after } = csvTable(decode(w.openItems.content, 'windows-874'), ',', 'รหัสลูกค้า', assert);
  const c = colOf(head);
  const baht = (s: string) => num(s, '.', ',');
  const oi = rows.map((r) => baht(r[c('ยอดคงค้าง')]));
  const net = rows.map((r) => baht(r[c('มูลค่าสินค้า/บริการ')])), total = rows.map((r) => baht(r[c('ยอดรวม')]));
  rows.forEach((r, i) => {
    const vat = baht(r[c('ภาษีมูลค่าเพิ่ม')]);
    assert(net[i] + vat === total[i] && Math.abs(vat - net[i] * 0.07) <= 1, `th-kbank: row ${i + 1} net + 7 % VAT = total`);
    assert(/^\d{2}\/\d{2}\/25(69|70)$/.test(r[c('วันที่เอกสาร')]) && /^\d{2}\/\d{2}\/25(69|70)$/.test(r[c('วันครบกำหนด')]), `th-kbank: row ${i + 1} Buddhist-era dates`);
    assert(/^(IV|CN)\d{4}-\d{4,5}$/.test(r[c('เลขที่เอกสาร')]), `th-kbank: row ${i + 1} document number`);
  });
  const tot = after.find((l) => l.includes('รวมทั้งสิ้น'));
  assert(!!tot && baht(splitCsvLine(tot, ',')[9]) === sum(oi), 'th-kbank: รวมทั้งสิ้น equals the open amounts');
  const stText = decode(w.statement.content, 'utf-8');
  const t = csvTable(stText, ',', 'วันที่', assert);
  const sc = colOf(t.head);
  const st = t.rows.map((r, i) => {
    const out = r[sc('ถอนเงิน')], inn = r[sc('ฝากเงิน')];
    assert((out === '') !== (inn === ''), `th-kbank: row ${i + 1} has one of ถอนเงิน / ฝากเงิน`);
    assert(/^\d{2}\/\d{2}\/69$/.test(r[sc('วันที่')]), `th-kbank: row ${i + 1} two-digit BE date`);
    return inn ? baht(inn) : -baht(out);
  });
  const open = stText.split('\r\n').find((l) => l.startsWith('ยอดยกมา,'));
  let bal = baht(splitCsvLine(open ?? 'x,x', ',')[1]);
  t.rows.forEach((r, i) => { bal += st[i]; assert(baht(r[sc('ยอดคงเหลือ')]) === bal, `th-kbank: running balance at row ${i + 1}`); });
  const close = t.after.find((l) => l.startsWith('ยอดยกไป,'));
  assert(!!close && baht(splitCsvLine(close, ',')[1]) === bal, 'th-kbank: closing balance');
  const EXACT = ['english_name_and_amount', 'thai_short_name_and_amount', 'promptpay_person', 'bill_payment_ref', 'cheque_amount_only', 'billing_note_total'];
  const detail = (i: number) => t.rows[i][sc('รายละเอียด')];
  eachGroup(w, { oi, st }, (kind, I, S, g, id) => {
    const N = sum(g.oi.map((i) => net[i])), T = sum(g.oi.map((i) => total[i]));
    const whts = [0, Math.round(N * 0.01), Math.round(N * 0.03)];
    if (EXACT.includes(kind)) assert(I === S, `th-kbank: group ${id} (${kind}) ${S} = ${I}`);
    if (kind === 'wht_3_percent') assert(I - S === Math.round(N * 0.03), `th-kbank: group ${id} 3 % of ${N} withheld (${I - S})`);
    if (kind === 'wht_1_percent') assert(I - S === Math.round(N * 0.01), `th-kbank: group ${id} 1 % of ${N} withheld (${I - S})`);
    if (kind === 'wht_on_gross_error') assert(I - S === Math.round(T * 0.01) || I - S === Math.round(T * 0.03), `th-kbank: group ${id} withheld on the total (${I - S})`);
    if (kind === 'credit_note_netted') assert(whts.includes(I - S) && g.oi.some((i) => oi[i] < 0), `th-kbank: group ${id} credit netted, withholding ${I - S}`);
    if (kind === 'bill_payment_ref_typo') assert(whts.includes(I - S), `th-kbank: group ${id} mistyped Ref2, withholding ${I - S}`);
    if (kind === 'transfer_fee_deducted') assert(whts.some((x) => [1000, 2500, 3000, 3500].includes(I - S - x)), `th-kbank: group ${id} transfer fee ${I - S}`);
    if (kind === 'part_payment') assert(S >= 0.2 * I && S <= 0.8 * I, `th-kbank: group ${id} part ${S}/${I}`);
    if (kind.startsWith('billing_note')) assert(g.oi.length > 1 && new Set(g.oi.map((i) => rows[i][c('เลขที่ใบวางบิล')])).size === 1 && rows[g.oi[0]][c('เลขที่ใบวางบิล')] !== '', `th-kbank: group ${id} one billing note`);
    if (kind === 'billing_note_less_wht') assert(I - S > 0 && I - S <= Math.round(N * 0.03) + g.oi.length, `th-kbank: group ${id} withholding ${I - S} of ${N}`);
    if (kind === 'bill_payment_ref') { const no = rows[g.oi[0]][c('เลขที่เอกสาร')]; assert(detail(g.st[0]).includes(no) || detail(g.st[0]).includes(no.replace('-', '')), `th-kbank: group ${id} Ref2 ${no}`); }
  });
}

void runSelfChecks(HELDOUT_V12_WORLDS, (w) => {
  if (w.name === 'ru-1c') checkRu(w);
  else if (w.name === 'cl-factoring') checkCl(w);
  else if (w.name === 'th-kbank') checkTh(w);
  else assert(false, `no reader for ${w.name}`);
});
