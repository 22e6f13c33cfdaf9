/**
 * Self-check for the fourth held-out set: generates each world twice (must be identical), reads both
 * files back with its own small parsers (a Windows-1252 Mexican ERP CSV and a BBVA-like CSV, Korean
 * ERP and bank CSVs with BOM, a Pastel open-items CSV and a South African bank CSV) and asserts that
 * the truth covers every transaction row exactly once, that every group has both sides and one kind,
 * that each kind's arithmetic holds, that what a kind says the payer cited is in the bank line, and
 * that identifiers (CLABE, 사업자등록번호, virtual accounts), list totals and balances are valid.
 * Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v4/check.ts [--open-items 2000] [--seed 1] [--world mx-spei] [--kinds]
 */
import type { World } from '../world';
import { colOf, csvTable, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { HELDOUT_V4_WORLDS } from './index';
import { brnCheck, clabeCheck } from './common';

const split = (line: string, sep = ',') => splitCsvLine(line, sep);
const table = (text: string, first: string) => csvTable(text, ',', first, assert);
/** "$1,234.56", "-$12.00", "1,234", "-123.45" → minor units (decimals 2 or 0). */
function minor(s: string, decimals = 2): number {
  let t = s.trim(), neg = false;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = t.replace(/^\$/, '').replace(/,/g, '');
  if (!(decimals ? /^\d+\.\d\d$/ : /^\d+$/).test(t)) throw new Error(`bad amount "${s}"`);
  const v = Number(t.replace('.', ''));
  return neg ? -v : v;
}

interface OI { amt: number; cust: string; no: string; type: string; extra: string; extra2: string }
interface ST { amt: number; text: string; ref: string; va: string }
interface Parsed { oi: OI[]; st: ST[] }
const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ');

/** Newest-first running balance: each row's balance = the next (older) row's balance + its amount. */
function newestFirst(amts: number[], bals: number[], tag: string): void {
  let ok = true;
  for (let k = 0; k + 1 < amts.length; k++) if (bals[k] !== bals[k + 1] + amts[k]) ok = false;
  assert(ok, `${tag}: running balance (newest first)`);
}

function parseMx(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = raw.toString('latin1');
  assert(Buffer.compare(Buffer.from(text, 'latin1'), raw) === 0 && /Método/.test(text), 'mx: open items are Windows-1252/latin1 with accents');
  assert(!/[^\r]\n/.test(text), 'mx: open items CRLF throughout');
  const { head, rows, after } = table(text, 'Cliente');
  const c = colOf(head);
  let tot = 0;
  const oi = rows.map((f) => {
    const total = minor(f[c('Total')]), paid = minor(f[c('Pagado')]), saldo = minor(f[c('Saldo')]), mxn = minor(f[c('Saldo M.N.')]), tc = Number(f[c('T.C.')]);
    assert(total - paid === saldo, 'mx: Total − Pagado = Saldo');
    assert(f[c('Moneda')] === 'MXN' ? mxn === saldo && tc === 1 : mxn === Math.round(saldo * tc), `mx: Saldo M.N. ${mxn} from ${saldo} × ${tc}`);
    assert(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/.test(f[c('UUID (folio fiscal)')]), 'mx: UUID form');
    assert((f[c('Serie')] === 'NC') === (total < 0) && (f[c('Serie')] === 'NC') === (f[c('Tipo')] === 'Egreso'), 'mx: credit notes are NC, Egreso, negative');
    assert(/^\d\d\/\d\d\/\d{4}$/.test(f[c('Fecha')]), 'mx: dd/mm/aaaa');
    tot += mxn;
    return { amt: mxn, cust: f[c('Cliente')], no: f[c('Folio')], type: f[c('Serie')], extra: f[c('UUID (folio fiscal)')], extra2: f[c('Nombre del cliente')] };
  });
  const folios = new Set(oi.map((o) => `${o.type}${o.no}`));
  assert(folios.size === oi.length, 'mx: serie+folio unique');
  assert(minor(split(after.find((l) => l.startsWith('Total M.N.'))!)[16]) === tot, 'mx: Total M.N. adds up');
  const s = table(w.statement.content as string, 'Fecha');
  const k = colOf(s.head);
  const st = s.rows.map((f) => {
    const cargo = f[k('Cargo')], abono = f[k('Abono')];
    assert((cargo === '') !== (abono === ''), 'mx: exactly one of Cargo / Abono');
    const text = f[k('Concepto / Referencia')];
    for (const m of text.matchAll(/CLABE (\d{18})/g)) assert(clabeCheck(m[1].slice(0, 17)) === Number(m[1][17]), `mx: CLABE ${m[1]} check digit`);
    return { amt: abono ? minor(abono) : -minor(cargo), text, ref: /REF (\d{7})/.exec(text)?.[1] ?? /^PAGO CUENTA DE TERCERO \/ (\d{7})/.exec(text)?.[1] ?? '', va: '', bal: minor(f[k('Saldo')]) };
  });
  newestFirst(st.map((r) => r.amt), st.map((r) => r.bal), 'mx');
  const get = (l: string) => minor(split(s.after.find((x) => x.startsWith(l))!)[1]);
  assert(get('Saldo inicial') + st.reduce((a, r) => a + r.amt, 0) === get('Saldo final') && get('Saldo final') === st[0].bal, 'mx: opening + movements = closing');
  return { oi, st };
}

function parseKr(w: World): Parsed {
  const o = w.openItems.content as string, s = w.statement.content as string;
  assert(o.startsWith('\ufeff') && s.startsWith('\ufeff'), 'kr: both files UTF-8 with BOM');
  const { head, rows, after } = table(o, '거래처코드');
  const c = colOf(head);
  const tot = [0, 0, 0, 0, 0];
  const oi = rows.map((f) => {
    const v = ['공급가액', '부가세', '합계금액', '수금액', '미수잔액'].map((n) => minor(f[c(n)], 0));
    v.forEach((x, i) => (tot[i] += x));
    assert(v[0] + v[1] === v[2] && v[2] - v[3] === v[4], 'kr: 공급가액 + 부가세 = 합계, 합계 − 수금액 = 미수잔액');
    assert(v[1] === Math.sign(v[0]) * Math.floor(Math.abs(v[0]) / 10), `kr: 부가세 = 10 % of ${v[0]} rounded down`);
    const brn = f[c('사업자등록번호')].replace(/-/g, '');
    assert(/^\d{10}$/.test(brn) && brnCheck(brn.slice(0, 9)) === Number(brn[9]), `kr: 사업자등록번호 ${brn} check digit`);
    assert(/^\d{8}-\d{8}-\d{8}$/.test(f[c('세금계산서 승인번호')]) && f[c('세금계산서 승인번호')].slice(0, 8) === f[c('전표일자')].replace(/-/g, ''), 'kr: approval number dated the slip day');
    assert(/^\d{14}$/.test(f[c('가상계좌번호')]), 'kr: virtual account 14 digits');
    return { amt: v[4], cust: f[c('거래처코드')], no: f[c('전표번호')], type: v[4] < 0 ? 'R' : 'I', extra: f[c('가상계좌번호')], extra2: f[c('거래처명')] };
  });
  const totLine = split(after.find((l) => l.startsWith('합계'))!);
  assert(totLine.slice(8, 13).map((x) => minor(x, 0)).every((x, i) => x === tot[i]), 'kr: 합계 line adds up');
  const vaOwner = new Map<string, string>();
  for (const r of oi) { assert((vaOwner.get(r.extra) ?? r.cust) === r.cust, 'kr: one virtual account per customer'); vaOwner.set(r.extra, r.cust); }
  const t = table(s, '거래일시');
  const vaSeen: string[] = [];
  const k = colOf(t.head);
  const st = t.rows.map((f) => {
    const inn = minor(f[k('입금액')], 0), out = minor(f[k('출금액')], 0);
    assert((inn === 0) !== (out === 0), 'kr: exactly one of 입금액 / 출금액 non-zero');
    const va = f[k('가상계좌번호')].replace(/-/g, '');
    assert((f[k('적요')] === '가상계좌입금') === (va !== ''), 'kr: virtual account only on 가상계좌입금');
    assert([...f[k('입금자명')]].length <= 7, 'kr: 입금자명 at most seven characters');
    assert(/^\d{4}\.\d\d\.\d\d \d\d:\d\d:\d\d$/.test(f[k('거래일시')]), 'kr: 거래일시 form');
    if (va) vaSeen.push(va);
    return { amt: inn - out, text: `${f[k('적요')]} ${f[k('입금자명')]}`, ref: f[k('입금자명')], va, bal: minor(f[k('잔액')], 0) };
  });
  newestFirst(st.map((r) => r.amt), st.map((r) => r.bal), 'kr');
  assert(vaSeen.every((v) => vaOwner.has(v)), 'kr: every virtual-account deposit is on a customer\'s account');
  return { oi, st };
}

function parseZa(w: World): Parsed {
  const { head, rows, after } = table(w.openItems.content as string, 'Account');
  const c = colOf(head);
  let tot = 0;
  const oi = rows.map((f) => {
    const amt = minor(f[c('Amount')]), open = minor(f[c('Outstanding')]);
    assert(amt === open, 'za: Outstanding = Amount');
    assert(/^[A-Z]{3}\d{3}$/.test(f[c('Account')]) && /^(INV|CRN)\d{5}$/.test(f[c('Reference')]), 'za: account and document forms');
    assert((f[c('Type')] === 'Credit Note') === (amt < 0), 'za: credit notes negative');
    tot += open;
    return { amt: open, cust: f[c('Account')], no: f[c('Reference')], type: f[c('Type')], extra: f[c('Terms')], extra2: f[c('Customer Name')] };
  });
  assert(minor(split(after.find((l) => l.startsWith('Total,'))!)[9]) === tot, 'za: Total adds up');
  const t = table(w.statement.content as string, 'Date');
  const k = colOf(t.head);
  let prev: number | null = null, first = 0;
  const st = t.rows.map((f, i) => {
    const amt = minor(f[k('Amount')]), bal = minor(f[k('Balance')]);
    if (i === 0) first = bal - amt;
    if (prev !== null) assert(prev + amt === bal, 'za: running balance');
    prev = bal;
    assert(f[k('Reference')].length <= 20, `za: reference ≤ 20: ${f[k('Reference')]}`);
    assert(/^\d{4}\/\d\d\/\d\d$/.test(f[k('Date')]), 'za: yyyy/mm/dd');
    return { amt, text: `${f[k('Description')]} ${f[k('Reference')]}`, ref: f[k('Reference')], va: f[k('Description')] };
  });
  const get = (l: string) => minor(split(t.after.find((x) => x.startsWith(l))!)[1]);
  assert(get('Opening Balance') === first && get('Closing Balance') === prev, 'za: opening and closing balance');
  return { oi, st };
}

const EXACT = new Set([
  'spei_folio_concepto', 'spei_referencia_numerica', 'spei_uuid_block', 'multi_invoice', 'credit_note_netted', 'ppd_parcialidades', 'remaining_balance', 'payer_name_only', 'ambiguous_equal_amounts',
  'va_single_exact', 'va_monthly_sum', 'va_credit_netted', 'transfer_name_only', 'transfer_name_monthly_sum', 'paid_by_affiliate',
  'eft_invoice_ref', 'eft_account_and_invoice', 'eft_invoice_variant', 'eft_account_only', 'eft_account_statement_sum', 'debit_order_batch', 'debit_order_repaid_eft', 'cash_deposit', 'holding_company_payment',
]);
const NAME_ONLY = new Set(['payer_name_only', 'transfer_name_only', 'eft_account_only', 'va_single_exact']);

function check(w: World): void {
  const p = w.name === 'mx-spei' ? parseMx(w) : w.name === 'kr-vaccount' ? parseKr(w) : parseZa(w);
  const { groups } = truthGroups(w, p);
  const ambTwins = w.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null).length;
  const ambGroups = [...groups.values()].filter((g) => g.amb).length;
  assert(ambTwins === ambGroups, `${w.name}: one twin per ambiguous group (${ambTwins}/${ambGroups})`);
  const unpaidNos = new Set(w.truth.filter((t) => t.side === 'open_items' && t.kind === 'unpaid_invoice').map((t) => p.oi[t.row - 1].no));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind`); continue; }
    const kind = [...g.kinds][0];
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0);
    const text = S.map((s) => s.text).join(' | ');
    const tag = `${w.name} ${id} (${kind})`;
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (kind === 'part_payment' || kind === 'va_partial_payment') assert(P > 0 && P / I >= 0.29 && P / I <= 0.71, `${tag}: part ${P}/${I}`);
    else if (kind === 'iva_retention_withheld') assert(I - P === Math.round((I / 1.16) * 0.04), `${tag}: 4 % IVA retention ${I - P} of ${I}`);
    else if (kind === 'usd_paid_in_mxn') assert(P / I >= 0.96 && P / I <= 1.04, `${tag}: rate moved ${P}/${I}`);
    else if (kind === 'va_monthly_sum_fee_net') assert([500, 1000, 1200].includes(I - P), `${tag}: transfer fee ${I - P}`);
    else if (kind === 'rounded_to_rand') assert(P % 100 === 0 && I !== P && Math.abs(I - P) < 100, `${tag}: whole rands ${P} for ${I}`);
    else assert(false, `${tag}: unknown group kind`);
    const custs = new Set(O.map((o) => o.cust));
    if (kind === 'holding_company_payment') assert(custs.size >= 2, `${tag}: several companies`);
    else if (kind !== 'debit_order_batch' && kind !== 'paid_by_affiliate') assert(custs.size === 1, `${tag}: one customer`);
    if (kind.includes('credit_note') || kind === 'va_credit_netted') assert(O.some((o) => o.amt < 0), `${tag}: a credit note`);
    if (kind === 'ambiguous_equal_amounts') assert(g.amb && O.length === 1 && p.oi.filter((o) => o.cust === O[0].cust && o.amt === I).length === 2, `${tag}: exactly one twin`);
    if (NAME_ONLY.has(kind)) assert(!g.amb && p.oi.filter((o) => o.cust === O[0].cust && o.amt === I).length === 1, `${tag}: amount unique for the customer`);
    const inv = O[0];
    if (w.name === 'mx-spei') {
      if (kind !== 'multi_invoice' && kind !== 'credit_note_netted') assert(S.every((s) => s.text.includes(ascii(inv.extra2).slice(0, 40).trim())), `${tag}: ordenante named`);
      if (kind === 'spei_folio_concepto') assert(text.includes(inv.no), `${tag}: folio ${inv.no} in the concepto`);
      if (kind === 'spei_referencia_numerica' || kind === 'ppd_parcialidades') assert(S.every((s) => s.ref === inv.no.padStart(7, '0')), `${tag}: referencia numérica = folio`);
      if (kind === 'spei_uuid_block') assert(text.includes(inv.extra.slice(0, 8)) && !text.includes(inv.no), `${tag}: UUID block cited, not the folio`);
      if (kind === 'payer_name_only' || kind === 'ambiguous_equal_amounts') assert(!text.includes(inv.no), `${tag}: no folio cited`);
      if (kind === 'ppd_parcialidades') assert(S.length >= 2, `${tag}: two or more parcialidades`);
    }
    if (w.name === 'kr-vaccount') {
      const va = S[0].va;
      if (kind.startsWith('va_') || kind === 'remaining_balance' || kind === 'ambiguous_equal_amounts') assert(va === inv.extra, `${tag}: paid on the customer's virtual account`);
      if (kind.startsWith('transfer_')) assert(va === '', `${tag}: ordinary transfer`);
      if (kind === 'paid_by_affiliate') assert(va !== '' && O.some((o) => o.extra !== va), `${tag}: another company's virtual account`);
      assert(!/\d{8}-\d{5}/.test(text), `${tag}: no slip number in the bank line`);
    }
    if (w.name === 'za-eft') {
      const ref = S[0].ref, acc = inv.cust;
      if (kind === 'eft_invoice_ref') assert(ref === inv.no, `${tag}: ref ${ref} = ${inv.no}`);
      if (kind === 'eft_account_only' || kind === 'ambiguous_equal_amounts') assert(ref.toUpperCase().replace(/\s/g, '').includes(acc) && !/INV/i.test(ref), `${tag}: account code only (${ref})`);
      if (kind === 'eft_invoice_variant') assert(ref !== inv.no && ref.replace(/\D/g, '').replace(/^0+/, '') === inv.no.slice(3).replace(/^0+/, ''), `${tag}: invoice ${inv.no} as ${ref}`);
      if (kind === 'eft_account_and_invoice') assert(ref.startsWith(acc) || ref.endsWith(acc) || ref.includes(inv.no), `${tag}: ${ref}`);
      if (kind === 'cash_deposit') assert(S[0].va.startsWith('CASH DEPOSIT') && ref.startsWith(acc), `${tag}: cash deposit with the account as reference`);
      if (kind === 'holding_company_payment') assert(/HOLDINGS|HLDGS/.test(S[0].va), `${tag}: paid by the holding company`);
      if (kind === 'debit_order_batch') {
        const credit = S.filter((s) => s.amt > 0), rd = S.filter((s) => s.amt < 0);
        const m = /^BATCH \d{4} (\d+) ITEMS$/.exec(credit[0]?.ref ?? '');
        assert(credit.length === 1 && !!m && Number(m[1]) === O.length + rd.length && rd.every((r) => r.va.startsWith('UNPAID RD')), `${tag}: one batch credit counting ${O.length} + ${rd.length} returned`);
        assert(O.every((o) => o.extra === 'Debit Order'), `${tag}: debit-order customers`);
      }
    }
  }
  // Traps: a supplier's refund citing one of our unpaid invoice numbers.
  for (const t of w.truth.filter((x) => x.side === 'statement' && x.kind === 'noise_supplier_refund')) {
    const s = p.st[t.row - 1];
    const cited = /A-(\d+)/.exec(s.text)?.[1] ?? /(INV\d{5})/.exec(s.text)?.[1] ?? '';
    assert(unpaidNos.has(cited), `${w.name}: supplier refund cites unpaid ${cited}`);
  }
}

void runSelfChecks(HELDOUT_V4_WORLDS, check);
