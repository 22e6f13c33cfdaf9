/**
 * Self-check for the fifth held-out set: generates each world twice (must be identical), reads both
 * files back with its own small parsers (a Windows-1252 PHC list and a CGD CSV; a Windows-1254 Logo
 * list and a UTF-8-with-BOM Turkish bank CSV; a Xero aged-receivables CSV and a DBS CSV) and asserts
 * that the truth covers every transaction row exactly once, that every group has both sides and one
 * kind, that each kind's arithmetic holds, that what a kind says the payer cited is in the bank line
 * (and what it says they did not cite is not), and that identifiers (NIF, Multibanco referência, VKN,
 * TCKN), list totals and balances are valid. Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v5/check.ts [--open-items 2000] [--seed 1] [--world pt-multibanco] [--kinds]
 */
import type { World } from '../world';
import { colOf, csvTable, splitCsvLine as split } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { HELDOUT_V5_WORLDS } from './index';
import { PT_ENTIDADE } from './pt-multibanco';
import { TR_PREFIX } from './tr-havale';
import { asciiTr, decodeCp1252, decodeCp1254, encodeCp1252, encodeCp1254, mbCheck, naiveUpper, nifCheck, tcknTail, trUpper, vknCheck } from './common';

const table = (text: string, first: string, sep: string) => csvTable(text, sep, first, assert);
/** "1.234,56" / "-1.234,56" (dec ',') or "1,234.56" / "1234.56" (dec '.') → cents; '' → 0. */
function cents(s: string, dec: ',' | '.'): number {
  let t = s.trim(), neg = false;
  if (t === '') return 0;
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  t = dec === ',' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  if (!/^\d+\.\d\d$/.test(t)) throw new Error(`bad amount "${s}"`);
  const v = Number(t.replace('.', ''));
  return neg ? -v : v;
}
const cited = (text: string, seq: number) => new RegExp(`(^|\\D)0*${seq}(\\D|$)`).test(text);
/** The document cited: in full (an e-Fatura number ends in its sequence) or by its sequence number. */
const citesDoc = (text: string, o: { no: string; seq: number }) => text.includes(o.no) || cited(text, o.seq);
const fold = (s: string) => asciiTr(s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')).replace(/[^A-Z0-9& ]/g, '').replace(/\s+/g, ' ').trim();

interface OI { amt: number; cust: string; name: string; no: string; seq: number; credit: boolean; date: string; extra: string; cur: string }
interface ST { amt: number; text: string; d1: string; d2: string; d3: string }
interface Parsed { oi: OI[]; st: ST[] }

function runningBalance(amts: number[], bals: number[], newestFirst: boolean, tag: string): number {
  let ok = true;
  if (newestFirst) { for (let i = 0; i + 1 < amts.length; i++) if (bals[i] !== bals[i + 1] + amts[i]) ok = false; }
  else for (let i = 1; i < amts.length; i++) if (bals[i] !== bals[i - 1] + amts[i]) ok = false;
  assert(ok, `${tag}: running balance (${newestFirst ? 'newest' : 'oldest'} first)`);
  const oldest = newestFirst ? amts.length - 1 : 0;
  return bals[oldest] - amts[oldest];
}

function parsePt(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = decodeCp1252(raw);
  assert(Buffer.compare(encodeCp1252(text), raw) === 0 && /Nº Cliente/.test(text) && /ç/.test(text), 'pt: open items are Windows-1252 with accents');
  assert(!/[^\r]\n/.test(text), 'pt: open items CRLF throughout');
  const { head, rows, after } = table(text, 'Nº Cliente', ';');
  const c = colOf(head);
  let tot = 0;
  const oi = rows.map((f): OI => {
    const valor = cents(f[c('Valor')], ','), reg = cents(f[c('Regularizado')], ','), pend = cents(f[c('Pendente')], ',');
    assert(valor - reg === pend, 'pt: Valor − Regularizado = Pendente');
    const doc = f[c('Documento')], m = /^(FT|NC) 2026\/(\d+)$/.exec(doc);
    assert(!!m, `pt: document form ${doc}`);
    const nc = m?.[1] === 'NC', seq = Number(m?.[2]);
    assert(nc === (valor < 0), 'pt: NC negative, FT positive');
    assert(f[c('ATCUD')].endsWith(`-${seq}`) && /^[A-Z0-9]{8}-\d+$/.test(f[c('ATCUD')]), 'pt: ATCUD = code-sequence');
    const nif = f[c('NIF')];
    if (/^\d+$/.test(nif)) assert(nif.length === 9 && nifCheck(nif.slice(0, 8)) === Number(nif[8]), `pt: NIF ${nif} check digit`);
    else assert(/^[A-Z]{2}\d{9}$/.test(nif), `pt: foreign tax number ${nif}`);
    const ref = f[c('Referência MB')].replace(/ /g, '');
    if (nc) assert(ref === '' && f[c('Entidade')] === '', 'pt: no MB reference on a credit note');
    else {
      assert(f[c('Entidade')] === PT_ENTIDADE && /^\d{9}$/.test(ref) && /^\d{3} \d{3} \d{3}$/.test(f[c('Referência MB')]), `pt: MB reference form ${f[c('Referência MB')]}`);
      assert(mbCheck(PT_ENTIDADE, ref.slice(0, 7), valor) === ref.slice(7), `pt: MB check digits of ${ref} for ${valor}`);
    }
    assert(/^\d\d-\d\d-2026$/.test(f[c('Data')]), 'pt: dd-mm-aaaa');
    tot += pend;
    return { amt: pend, cust: f[c('Nº Cliente')], name: f[c('Nome')], no: doc, seq, credit: nc, date: f[c('Data')], extra: ref, cur: 'EUR' };
  });
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'pt: document numbers unique');
  assert(new Set(oi.filter((o) => o.extra).map((o) => o.extra)).size === oi.filter((o) => o.extra).length, 'pt: MB references unique');
  assert(cents(split(after.find((l) => l.startsWith('Total;'))!, ';')[13], ',') === tot, 'pt: Total adds up');
  const sraw = w.statement.content as Buffer, stext = decodeCp1252(sraw);
  assert(Buffer.compare(encodeCp1252(stext), sraw) === 0, 'pt: statement Windows-1252');
  const s = table(stext, 'Data mov.', ';');
  const k = colOf(s.head);
  const bals: number[] = [];
  const st = s.rows.map((f): ST => {
    const deb = f[k('Débito')], cred = f[k('Crédito')];
    assert((deb === '') !== (cred === ''), 'pt: exactly one of Débito / Crédito');
    assert(f[k('Saldo contabilístico')] === f[k('Saldo disponível')], 'pt: disponível = contabilístico');
    assert(f[f.length - 1] === '', 'pt: trailing separator');
    bals.push(cents(f[k('Saldo contabilístico')], ','));
    assert(/^\d\d-10-2026$/.test(f[k('Data mov.')]) && /^\d\d-(10|11)-2026$/.test(f[k('Data valor')]), 'pt: movements in October (value dates may run into November)');
    const text = f[k('Descrição')];
    return { amt: cred ? cents(cred, ',') : -cents(deb, ','), text, d1: text, d2: '', d3: '' };
  });
  const opening = runningBalance(st.map((r) => r.amt), bals, true, 'pt');
  const get = (l: string) => cents(split(s.after.find((x) => x.startsWith(l))!, ';')[1].replace(/ EUR$/, ''), ',');
  assert(get('Saldo inicial') === opening && get('Saldo contabilístico') === bals[0], 'pt: opening and closing balance');
  assert(bals.every((b) => b >= 0), 'pt: balance never negative');
  return { oi, st };
}

function parseTr(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = decodeCp1254(raw);
  assert(Buffer.compare(encodeCp1254(text), raw) === 0 && /ı/.test(text) && /Ş/.test(text) && /İ/.test(text), 'tr: open items are Windows-1254 with Turkish letters');
  assert(!/[^\r]\n/.test(text), 'tr: open items CRLF throughout');
  const { head, rows, after } = table(text, 'Cari Hesap Kodu', ';');
  const c = colOf(head);
  let net = 0;
  const oi = rows.map((f): OI => {
    const borc = cents(f[c('Borç')], ','), alacak = cents(f[c('Alacak')], ','), kap = cents(f[c('Kapatılan')], ',');
    const m = /^(.+) \((B|A)\)$/.exec(f[c('Açık Tutar')]);
    assert(!!m, 'tr: Açık Tutar with (B)/(A)');
    const acik = cents(m?.[1] ?? '0,00', ','), iade = f[c('Fiş Türü')] === 'Toptan Satış İade Faturası';
    assert(iade ? m?.[2] === 'A' && borc === 0 && acik === alacak && kap === 0 : m?.[2] === 'B' && alacak === 0 && acik === borc - kap, 'tr: Borç − Kapatılan = Açık (B), iade Alacak = Açık (A)');
    const no = f[c('Belge No')];
    assert(/^[A-Z]{3}2026\d{9}$/.test(no) && no.startsWith(TR_PREFIX) !== iade, `tr: e-Fatura number ${no} (ours AAS, returns the customer's prefix)`);
    const tax = f[c('Vergi/TC Kimlik No')];
    assert(tax.length === 10 ? vknCheck(tax.slice(0, 9)) === Number(tax[9]) : tax.length === 11 && tax[0] !== '0' && tcknTail(tax.slice(0, 9)) === tax.slice(9), `tr: VKN/TCKN ${tax} check digits`);
    assert(/^120\.01\.\d{4}$/.test(f[c('Cari Hesap Kodu')]) && /^\d\d\.\d\d\.2026$/.test(f[c('Tarih')]), 'tr: account code and dd.mm.yyyy');
    const amt = iade ? -acik : acik;
    net += amt;
    return { amt, cust: f[c('Cari Hesap Kodu')], name: f[c('Cari Hesap Ünvanı')], no, seq: Number(no.slice(7)), credit: iade, date: f[c('Tarih')], extra: f[c('Açıklama')], cur: 'TRY' };
  });
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'tr: document numbers unique');
  assert(cents(split(after.find((l) => l.startsWith('Genel Toplam'))!, ';')[12].replace(/ \(B\)$/, ''), ',') === net, 'tr: Genel Toplam adds up');
  const stext = w.statement.content as string;
  assert(stext.startsWith('\ufeff'), 'tr: statement UTF-8 with BOM');
  const s = table(stext, 'Tarih', ';');
  const k = colOf(s.head);
  const bals: number[] = [];
  let prev = '';
  const st = s.rows.map((f): ST => {
    const when = f[k('Tarih')].split('.').reverse().join('') + f[k('Saat')];
    assert(/^\d{8}\d\d:\d\d:\d\d$/.test(when) && when >= prev, 'tr: oldest first, dd.mm.yyyy hh:mm:ss');
    prev = when;
    assert(/^\d\d\.10\.2026$/.test(f[k('Tarih')]), 'tr: movements in October');
    bals.push(cents(f[k('Bakiye')], ','));
    return { amt: cents(f[k('Tutar')], ','), text: f[k('Açıklama')], d1: f[k('İşlem')], d2: '', d3: '' };
  });
  const opening = runningBalance(st.map((r) => r.amt), bals, false, 'tr');
  const get = (l: string) => cents(split(s.after.concat(stext.split('\r\n')).find((x) => x.startsWith(l))!, ';')[1], ',');
  assert(get('Devreden Bakiye') === opening && get('Son Bakiye') === bals[bals.length - 1], 'tr: opening and closing balance');
  assert(bals.every((b) => b >= 0), 'tr: balance never negative');
  return { oi, st };
}

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function parseSg(w: World): Parsed {
  const text = w.openItems.content as string;
  assert(!text.startsWith('\ufeff') && !text.includes('\r'), 'sg: open items UTF-8 without BOM, LF');
  const { head, rows, after } = table(text, 'Contact', ',');
  const c = colOf(head);
  const tot: Record<string, number> = { SGD: 0, USD: 0 };
  const oi = rows.map((f): OI => {
    const total = cents(f[c('Invoice Total')], '.'), paid = cents(f[c('Paid')], '.'), cr = cents(f[c('Credited')], '.'), due = cents(f[c('Amount Due')], '.');
    assert(total - paid - cr === due, 'sg: Total − Paid − Credited = Amount Due');
    const no = f[c('Invoice Number')], m = /^(INV|CN)-(\d{5})$/.exec(no);
    assert(!!m && (m[1] === 'CN') === (total < 0), `sg: ${no} form and sign`);
    const dm = /^(\d\d) ([A-Z][a-z]{2}) 2026$/.exec(f[c('Invoice Date')]);
    assert(!!dm && MON.includes(dm[2]), 'sg: dd MMM yyyy');
    assert(['SGD', 'USD'].includes(f[c('Currency')]), 'sg: currency');
    tot[f[c('Currency')]] += due;
    return { amt: due, cust: f[c('Contact')], name: f[c('Contact')], no, seq: Number(m?.[2]), credit: m?.[1] === 'CN', date: f[c('Invoice Date')], extra: f[c('Reference')], cur: f[c('Currency')] };
  });
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'sg: document numbers unique');
  for (const cur of ['SGD', 'USD']) assert(cents(split(after.find((l) => l.startsWith(`Total ${cur}`))!, ',')[9], '.') === tot[cur], `sg: Total ${cur} adds up`);
  const stext = w.statement.content as string;
  const s = table(stext, 'Transaction Date', ',');
  const k = colOf(s.head);
  const bals: number[] = [];
  const st = s.rows.map((f): ST => {
    const deb = f[k('Debit Amount')], cred = f[k('Credit Amount')];
    assert((deb === '') !== (cred === '') && /^(\d+\.\d\d)?$/.test(deb) && /^(\d+\.\d\d)?$/.test(cred), 'sg: one plain amount, debit or credit');
    assert(/^\d{1,2}\/\d{1,2}\/2026$/.test(f[k('Transaction Date')]) && !/^0/.test(f[k('Transaction Date')]), 'sg: d/m/yyyy without zero padding');
    assert(/^\d{1,2}\/10\/2026$/.test(f[k('Transaction Date')]), 'sg: transactions in October');
    const d1 = f[k('Transaction Description 1')], d2 = f[k('Transaction Description 2')], d3 = f[k('Transaction Description 3')];
    assert(d2.length <= 35 && d3.length <= (d1 === 'INWARD TELEGRAPHIC TRANSFER' ? 140 : 35), `sg: description lengths (${d1}: ${d2.length}/${d3.length})`);
    bals.push(cents(f[k('Running Balance')], '.'));
    return { amt: cred ? cents(cred, '.') : -cents(deb, '.'), text: `${d1} ${d2} ${d3}`, d1, d2, d3 };
  });
  const opening = runningBalance(st.map((r) => r.amt), bals, false, 'sg');
  const get = (l: string) => cents(split(stext.split('\n').find((x) => x.startsWith(l))!, ',')[1], '.');
  assert(get('Opening Balance:') === opening && get('Ledger Balance:') === bals[bals.length - 1], 'sg: opening and ledger balance');
  assert(bals.every((b) => b >= 0), 'sg: balance never negative');
  return { oi, st };
}

const EXACT = new Set([
  'mb_referencia', 'sepa_doc_ref', 'sepa_multi_invoice', 'credit_note_netted', 'sepa_name_only', 'mbway_name_only', 'cheque_deposit', 'sepa_dd_batch', 'remaining_balance', 'ambiguous_equal_amounts',
  'efatura_no_cited', 'multi_invoice_cited', 'cari_monthly_sum', 'iade_netted', 'name_only_single', 'cek_tahsilat', 'dbs_tahsilat',
  'paynow_invoice_ref', 'fast_invoice_ref', 'consolidated_truncated', 'po_cited_only', 'name_only', 'giro_statement_sum',
]);
/** Kinds whose bank line cites no document: the amount must single the item out within the customer. */
const NAME_ONLY = new Set(['sepa_name_only', 'mbway_name_only', 'name_only_single', 'name_only']);
/** Kinds whose bank line cites the (first) document's number. */
const CITES = new Set(['sepa_doc_ref', 'foreign_charges_deducted', 'remaining_balance', 'efatura_no_cited', 'kurus_dropped', 'kdv_tevkifat', 'dbs_tahsilat', 'paynow_invoice_ref', 'fast_invoice_ref', 'tt_usd_charges', 'tt_sgd_charges']);

function check(w: World): void {
  const p = w.name === 'pt-multibanco' ? parsePt(w) : w.name === 'tr-havale' ? parseTr(w) : parseSg(w);
  const { groups, kindOf } = truthGroups(w, p);
  const ambTwins = w.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null).length;
  const ambGroups = [...groups.values()].filter((g) => g.amb).length;
  assert(ambTwins === ambGroups, `${w.name}: one twin per ambiguous group (${ambTwins}/${ambGroups})`);
  const byCust = new Map<string, OI[]>();
  for (const o of p.oi) byCust.set(o.cust, [...(byCust.get(o.cust) ?? []), o]);
  const allAmts = new Map<number, number>();
  for (const o of p.oi) allAmts.set(o.amt, (allAmts.get(o.amt) ?? 0) + 1);
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind`); continue; }
    const kind = [...g.kinds][0];
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0);
    const text = S.map((s) => s.text).join(' | ');
    const tag = `${w.name} ${id} (${kind})`;
    const inv = O.find((o) => !o.credit) ?? O[0];
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (kind === 'part_payment') assert(P > 0 && P / I >= 0.29 && P / I <= 0.71, `${tag}: part ${P}/${I}`);
    else if (kind === 'foreign_charges_deducted') assert(I - P >= 1000 && I - P <= 3500 && (I - P) % 50 === 0, `${tag}: charges ${I - P}`);
    else if (kind === 'kurus_dropped') assert(P === Math.floor(I / 100) * 100 && P !== I, `${tag}: kuruş dropped ${P} for ${I}`);
    else if (kind === 'kdv_tevkifat') assert([2, 5, 7, 9].some((r) => Math.abs(I - P - Math.round(((I / 6) * r) / 10)) <= 2), `${tag}: KDV withholding ${I - P} of ${I}`);
    else if (kind === 'tt_sgd_charges') assert(I - P >= 1500 && I - P <= 4500 && (I - P) % 100 === 0, `${tag}: TT charges ${I - P}`);
    else if (kind === 'tt_usd_charges') {
      const m = /USD ([\d,]+\.\d\d) LESS CHGS USD ([\d,]+\.\d\d) NET USD ([\d,]+\.\d\d) @(\d\.\d{4})/.exec(text);
      const gross = m ? cents(m[1], '.') : NaN, chg = m ? cents(m[2], '.') : NaN, net = m ? cents(m[3], '.') : NaN, rate = m ? Number(m[4]) : NaN;
      assert(O.length === 1 && inv.cur === 'USD' && gross === I && gross - chg === net && chg >= 1000 && chg <= 4500 && P === Math.round(net * rate) && rate > 1.3 && rate < 1.4, `${tag}: USD ${I} less charges at the rate = SGD ${P}`);
    } else assert(false, `${tag}: unknown group kind`);
    const custs = new Set(O.map((o) => o.cust));
    if (kind !== 'sepa_dd_batch') assert(custs.size === 1, `${tag}: one customer`);
    if (kind === 'credit_note_netted' || kind === 'iade_netted') assert(O.some((o) => o.credit) && O.some((o) => !o.credit), `${tag}: invoices and a credit note`);
    else assert(O.every((o) => !o.credit), `${tag}: no credit note`);
    const mine = byCust.get(inv.cust) ?? [];
    if (kind === 'ambiguous_equal_amounts') assert(g.amb && O.length === 1 && mine.filter((o) => o.amt === I).length === 2, `${tag}: exactly one twin`);
    if (NAME_ONLY.has(kind)) assert(!g.amb && O.length === 1 && mine.filter((o) => o.amt === I).length === 1, `${tag}: amount unique for the customer`);
    if (NAME_ONLY.has(kind) || kind === 'ambiguous_equal_amounts' || kind === 'cari_monthly_sum' || kind === 'giro_statement_sum' || kind === 'mb_referencia' || kind === 'cheque_deposit' || kind === 'po_cited_only')
      assert(mine.every((o) => !citesDoc(text.replace(/\d{9,}|\d{3} \d{3} \d{3}|LBMS\d{4}/g, ''), o)), `${tag}: no document of the customer cited: ${text}`);
    if (CITES.has(kind)) assert(citesDoc(text, inv), `${tag}: ${inv.no} cited in "${text}"`);
    if (kind === 'sepa_multi_invoice' || kind === 'multi_invoice_cited' || kind === 'consolidated_truncated' || kind === 'credit_note_netted' && w.name !== 'tr-havale') assert(O.some((o) => !o.credit && citesDoc(text, o)), `${tag}: an invoice of the group cited`);
    if (kind === 'cheque_deposit') assert(O.length === 1 && allAmts.get(I) === 1, `${tag}: cheque amount unique in the whole list`);

    if (w.name === 'pt-multibanco') {
      const nm = fold(inv.name).slice(0, 12);
      if (kind === 'mb_referencia') assert(O.length === 1 && text.replace(/ /g, '').includes(`${PT_ENTIDADE}`) && text.replace(/[ /]/g, '').includes(inv.extra) && !fold(text).includes(nm), `${tag}: referência ${inv.extra}, no name`);
      else if (kind === 'cheque_deposit') assert(/^(DEPOSITO CHEQUE|DEP CHQ N\.)\d{7}$/.test(text.replace(/ (?=\d)/, '')), `${tag}: cheque number only: ${text}`);
      else if (kind === 'mbway_name_only') assert(text.startsWith('TRF MB WAY DE ') && fold(text).includes(fold(inv.name).split(' ')[0]), `${tag}: MB WAY with the person's name`);
      else if (kind === 'sepa_dd_batch') {
        const credit = S.filter((s) => s.amt > 0), ret = S.filter((s) => s.amt < 0);
        const m = /^COBRANCA SEPA DD LOTE \d{4} (\d+) OPER$/.exec(credit[0]?.text ?? '');
        assert(credit.length === 1 && !!m && Number(m[1]) === O.length + ret.length && ret.every((r) => r.text.startsWith('DEVOLUCAO DD ')), `${tag}: one batch credit counting ${O.length} + ${ret.length} returned`);
      } else if (kind !== 'foreign_charges_deducted') assert(S.every((s) => fold(s.text).includes(nm.slice(0, 10))), `${tag}: ordenante ${nm} named`);
    }
    if (w.name === 'tr-havale') {
      const nm = fold(inv.name.replace(/\s+-\s+/g, ' ')).slice(0, 10);
      if (kind === 'dbs_tahsilat') assert(text.includes(inv.no) && text.includes(`BAYİ:${inv.cust}`), `${tag}: DBS cites dealer code and invoice`);
      else if (kind === 'cek_tahsilat') assert(/^ÇEK TAHSİLATI .+ ÇEK NO:\d{7} KEŞİDECİ:.+ VADE:\d\d\.\d\d\.2026$/.test(text), `${tag}: çek with number and drawer`);
      else assert(S.every((s) => fold(s.text).includes(nm)), `${tag}: sender ${nm} named`);
      if (kind === 'cari_monthly_sum') assert(new Set(O.map((o) => o.date.slice(3))).size === 1, `${tag}: one month's invoices`);
      if (kind === 'iade_netted') assert(O.filter((o) => o.credit).every((o) => !o.no.startsWith(TR_PREFIX)), `${tag}: the customer's return invoice`);
    }
    if (w.name === 'sg-paynow') {
      if (kind === 'cheque_deposit') assert(S.length === 1 && S[0].d1 === 'CHEQUE DEPOSIT' && S[0].d2 === '' && /^CHQ \d{6} [A-Z]+$/.test(S[0].d3), `${tag}: cheque number only`);
      else assert(S.every((s) => fold(s.d2).slice(0, 12) === fold(inv.name).slice(0, 12)), `${tag}: payer ${inv.name} in Description 2`);
      if (kind === 'po_cited_only') assert(text.includes(inv.extra) && !/INV/i.test(text), `${tag}: PO ${inv.extra} cited, no invoice`);
      if (kind === 'giro_statement_sum') assert(S[0].d1 === 'GIRO COLLECTION' && O.every((o) => o.date.endsWith('Sep 2026')), `${tag}: GIRO for September`);
      if (kind === 'consolidated_truncated') assert(O.length >= 3, `${tag}: three or more invoices`);
      if (kind.startsWith('tt_')) assert(S[0].d1 === 'INWARD TELEGRAPHIC TRANSFER', `${tag}: by TT`);
      if (kind === 'tt_sgd_charges') assert(inv.cur === 'SGD', `${tag}: SGD invoice`);
    }
  }
  // Rows outside groups.
  for (const [i, kind] of kindOf.open_items) {
    const o = p.oi[i];
    if (kind === 'open_credit_note' || kind === 'open_iade') assert(o.credit, `${w.name}: ${o.no} open credit is a credit`);
    if (kind === 'unpaid_invoice' || kind === 'dd_returned' || kind === 'cheque_bounced') assert(!o.credit, `${w.name}: ${o.no} unpaid is an invoice`);
    if (kind === 'dd_returned') assert(p.st.some((s) => s.amt === -o.amt && s.text.startsWith('DEVOLUCAO DD ') && fold(s.text).includes(fold(o.name).slice(0, 10))), `${w.name}: return line for ${o.no}`);
    if (kind === 'cheque_bounced') {
      const dep = p.st.filter((s, j) => kindOf.statement.get(j) === 'cheque_bounced' && Math.abs(s.amt) === o.amt);
      assert(dep.length === 2 && dep.some((s) => s.d1 === 'CHEQUE DEPOSIT') && dep.some((s) => s.d1 === 'RETURNED CHEQUE') && allAmts.get(o.amt) === 1, `${w.name}: ${o.no} bounced cheque deposited and returned`);
    }
  }
  const unpaidSeq = new Map<string, Set<number>>();
  for (const [i, kind] of kindOf.open_items) if (kind === 'unpaid_invoice') unpaidSeq.set(p.oi[i].name, new Set([...(unpaidSeq.get(p.oi[i].name) ?? []), p.oi[i].seq]));
  const trForms = new Set<string>();
  for (const [j, kind] of kindOf.statement) {
    const s = p.st[j];
    if (kind.startsWith('noise_')) {
      const m = /(?:ADIANTAMENTO ENC|SİPARİŞ|QUO-)\s*0*(\d+)/.exec(s.text);
      const seq = Number(m?.[1]);
      assert(!!m && [...unpaidSeq.values()].some((set) => set.has(seq)) && s.amt > 0, `${w.name}: trap "${s.text}" cites an unpaid invoice's number`);
    }
    if (w.name === 'tr-havale' && /^(FAST GELEN|EFT GELEN|GELEN HAVALE)/.test(s.text)) {
      for (const o of p.oi) {
        const base = o.name.replace(/\./g, '').replace(/\s+-\s+/g, ' ');
        for (const [form, f] of [['tr', trUpper], ['naive', naiveUpper], ['ascii', asciiTr]] as const) {
          const head = f(base).slice(0, 30);
          if ((form === 'tr' || head !== trUpper(base).slice(0, 30)) && s.text.includes(head)) trForms.add(form);
        }
        if (trForms.size === 3) break;
      }
    }
  }
  if (w.name === 'tr-havale') assert(trForms.size === 3, `tr: sender names in all three capitalisations (${[...trForms].join(', ')})`);
}

void runSelfChecks(HELDOUT_V5_WORLDS, check);
