/**
 * Self-check for the seventh held-out set: generates each world twice (must be identical), reads both
 * files back with its own readers (the Optima .xlsx through exceljs and the Windows-1250 MT940 by hand;
 * the QuickBooks CSV and the M-Pesa CSV; the Windows-1252 FBL5N CSV and the camt.053 XML through
 * fast-xml-parser) and asserts that the truth covers every transaction row once, that every group has both
 * sides and one kind, that each kind's arithmetic holds (exact; part payments; MPP net + stated VAT = gross;
 * Skonto 2 or 3 %), that what a kind says the payer cited is there (and what it says they did not cite is
 * not), and that check digits (NIP, IBAN, RF), list totals and balances (MT940 :60F:/:62F: chain, M-Pesa
 * running balance, camt OPBD + entries = CLBD, batch totals) are right. Never runs the engine.
 *   npx tsx scripts/bench/worlds/heldout-v7/check.ts [--open-items 2000] [--seed 1] [--world pl-mt940] [--kinds]
 */
import ExcelJS from 'exceljs';
import { XMLParser } from 'fast-xml-parser';
import type { World } from '../world';
import { assert, runSelfChecks } from '../self-check';
import { HELDOUT_V7_WORLDS } from './index';
import { decodeSbcs, encodeSbcs, ibanValid, nipCheck, rfValid } from './common';

function split(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '', inQ = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (inQ) { if (ch === '"') { if (line[i + 1] === '"') { cur += '"'; i++; } else inQ = false; } else cur += ch; }
    else if (ch === '"') inQ = true;
    else if (ch === sep) { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
/** "1,234.56" / "-1,234.56" / "1.234,56-" / "1234,56" → cents. */
function cents(s: string, style: 'en' | 'de' | 'swift'): number {
  let t = s.trim(), neg = false;
  if (style === 'de' && t.endsWith('-')) { neg = true; t = t.slice(0, -1); }
  if (t.startsWith('-')) { neg = true; t = t.slice(1); }
  const m = style === 'en' ? /^(\d{1,3}(?:,\d{3})*)\.(\d\d)$/.exec(t) : style === 'de' ? /^(\d{1,3}(?:\.\d{3})*),(\d\d)$/.exec(t) : /^(\d+),(\d\d)$/.exec(t);
  if (!m) throw new Error(`bad ${style} amount "${s}"`);
  return (neg ? -1 : 1) * (Number(m[1].replace(/[.,]/g, '')) * 100 + Number(m[2]));
}
const citesNo = (text: string, no: string) => new RegExp(`(^|\\D)${no.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\D|$)`).test(text);

interface OI { amt: number; cust: string; name: string; no: string; credit: boolean; x: Record<string, string> }
interface ST { amt: number; text: string; name: string; x: Record<string, string> }
interface Parsed { oi: OI[]; st: ST[] }

// ---- pl-mt940 -------------------------------------------------------------------------------------
async function parsePl(w: World): Promise<Parsed> {
  const wb = new ExcelJS.Workbook();
  const xb = w.openItems.content as Buffer;
  await wb.xlsx.load(xb.buffer.slice(xb.byteOffset, xb.byteOffset + xb.length) as ArrayBuffer);
  assert(wb.worksheets.length === 1 && wb.worksheets[0].name === 'Rozrachunki', 'pl: one sheet "Rozrachunki"');
  const ws = wb.worksheets[0];
  let h = 0;
  ws.eachRow((r, i) => { if (!h && r.getCell(1).value === 'Lp.') h = i; });
  assert(h === 4, `pl: header on row 4 (two title rows and a blank), got ${h}`);
  const head = (ws.getRow(h).values as unknown[]).slice(1).map(String);
  const c = (n: string) => { const i = head.indexOf(n); if (i < 0) throw new Error(`pl: no column ${n}`); return i + 1; };
  const oi: OI[] = [];
  let r = h + 1, tot = 0;
  for (; ws.getRow(r).getCell(1).value !== null && ws.getRow(r).getCell(1).value !== undefined; r++) {
    const row = ws.getRow(r);
    const left = row.getCell(c('Pozostaje do zapłaty')), no = String(row.getCell(c('Numer dokumentu')).value), nipS = String(row.getCell(c('NIP')).value).replace(/-/g, '');
    const docAmt = row.getCell(c('Kwota dokumentu')).value as number;
    assert(typeof left.value === 'number' && /zł/.test(left.numFmt ?? '') && typeof docAmt === 'number' && Math.abs(docAmt) >= Math.abs(left.value), `pl: ${no} amounts numbers with a złoty format, rest ≤ document`);
    assert(row.getCell(c('Data dokumentu')).value instanceof Date && row.getCell(c('Termin płatności')).value instanceof Date, `pl: ${no} dates are Excel dates`);
    assert(row.getCell(c('Lp.')).value === oi.length + 1, 'pl: Lp. counts rows');
    const amt = Math.round((left.value as number) * 100), m = /^(FS|KOR) (\d+)\/(\d\d)\/2026$/.exec(no);
    assert(!!m && (m[1] === 'KOR') === (amt < 0), `pl: ${no} form and sign`);
    assert(/^\d{10}$/.test(nipS) && nipCheck(nipS) === Number(nipS[9]), `pl: NIP ${nipS} check digit`);
    const d = row.getCell(c('Data dokumentu')).value as Date;
    assert(m !== null && d.getUTCMonth() + 1 === Number(m[3]), `pl: ${no} month = document month`);
    tot += amt;
    oi.push({ amt, cust: String(row.getCell(c('Akronim')).value), name: String(row.getCell(c('Kontrahent')).value), no, credit: amt < 0, x: { nip: nipS, seq: m?.[2] ?? '', mm: m?.[3] ?? '' } });
  }
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'pl: document numbers unique');
  const foot = ws.getRow(r + 1);
  assert(foot.getCell(3).value === 'Razem:' && Math.round((foot.getCell(c('Pozostaje do zapłaty')).value as number) * 100) === tot, 'pl: Razem adds up');

  const raw = w.statement.content as Buffer, text = decodeSbcs(raw, 'windows-1250');
  assert(Buffer.compare(encodeSbcs(text, 'windows-1250'), raw) === 0 && /[ąęłńśźżŁŚŻ]/.test(text) && raw.includes(0xb3), 'pl: MT940 in Windows-1250 (ł = B3)');
  assert(!/[^\r]\n/.test(text), 'pl: CRLF');
  const ls = text.split('\r\n');
  assert(ls.every((l) => l.length <= 65), 'pl: MT940 lines ≤ 65 characters');
  const st: ST[] = [];
  let prevClose: number | null = null, open = 0, sum = 0, cur: { amt: number; f86: string } | null = null, acct = '';
  const flush = () => { if (cur) { const f = cur.f86, sub = (n: number) => (new RegExp(`<${n}([^<]*)`).exec(f)?.[1] ?? ''); const title = [20, 21, 22, 23, 24, 25].map(sub).join(''); const name = sub(32) + sub(33); st.push({ amt: cur.amt, text: title, name, x: { code: f.slice(0, 3), iban: sub(38), acct: sub(30) + sub(31), desc: sub(0) } }); cur = null; } };
  const balOf = (l: string) => { const m = /^:6[024]F?:([CD])(\d{6})PLN(\d+,\d\d)$/.exec(l); if (!m) throw new Error(`pl: bad balance ${l}`); return (m[1] === 'D' ? -1 : 1) * cents(m[3], 'swift'); };
  let in86 = false;
  for (const l of ls) {
    if (l.startsWith(':')) in86 = false;
    if (l.startsWith(':25:')) { acct = l.slice(5); assert(l.startsWith(':25:/PL') && ibanValid(acct), 'pl: :25: a valid PL IBAN'); }
    else if (l.startsWith(':60F:')) { open = balOf(l); sum = 0; assert(prevClose === null || prevClose === open, 'pl: :60F: = previous :62F:'); }
    else if (l.startsWith(':61:')) {
      flush();
      const m = /^:61:(\d{6})(\d{4})([CD])(\d+,\d\d)N(TRF|CHG|MSC)NONREF\/\/\d+$/.exec(l);
      assert(!!m, `pl: :61: form ${l}`);
      const a = (m?.[3] === 'D' ? -1 : 1) * cents(m?.[4] ?? '0,00', 'swift');
      sum += a;
      cur = { amt: a, f86: '' };
    } else if (l.startsWith(':86:')) { in86 = true; if (cur) cur.f86 = l.slice(4); }
    else if (in86 && cur) cur.f86 += l;
    else if (l.startsWith(':62F:')) { flush(); const close = balOf(l); assert(close === open + sum, `pl: :62F: = :60F: + entries (${close} vs ${open + sum})`); prevClose = close; }
  }
  flush();
  for (const s of st) if (s.x.iban) assert(ibanValid(s.x.iban) && s.x.iban.slice(4) === s.x.acct, `pl: counterparty IBAN ${s.x.iban} valid and = <30><31>`);
  return { oi, st };
}

// ---- ke-mpesa -------------------------------------------------------------------------------------
function parseKe(w: World): Parsed {
  const ls = (w.openItems.content as string).split('\r\n');
  assert(ls[1] === 'A/R Ageing Detail Report' && ls[3] === '', 'ke: QuickBooks title lines');
  const h = ls.findIndex((l) => l.startsWith(',Date,'));
  const head = split(ls[h], ','), c = (n: string) => head.indexOf(n);
  const oi: OI[] = [];
  let sec = 0, grand = 0, section = '';
  for (const l of ls.slice(h + 1)) {
    const f = split(l, ',');
    if (f.length === 1 && /^(Current|\d+ - \d+ days past due|91 or more days past due)$/.test(f[0])) { section = f[0]; sec = 0; continue; }
    if (f[0].startsWith('Total for ')) { assert(f[0] === `Total for ${section}` && cents(f[8], 'en') === sec && cents(f[7], 'en') === sec, `ke: ${f[0]} adds up`); grand += sec; continue; }
    if (f[0] === 'TOTAL') { assert(cents(f[8], 'en') === grand, 'ke: TOTAL adds up'); break; }
    assert(f.length === head.length && f[0] === '', `ke: detail row ${l}`);
    const amt = cents(f[c('Open Balance')], 'en'), type = f[c('Transaction Type')], no = f[c('No.')];
    assert(amt === cents(f[c('Amount')], 'en') && (type === 'Credit Note') === (amt < 0) && /^\d{5}$/.test(no) && amt % 100 === 0, `ke: ${no} type, sign, whole shillings`);
    const past = Number(f[c('Past Due')]);
    assert(section === 'Current' ? past <= 0 : section.startsWith('91') ? past >= 91 : past >= Number(section.split(' ')[0]) && past <= Number(section.split(' ')[2]), `ke: ${no} in the right ageing section`);
    assert(/^\d\d\/\d\d\/2026$/.test(f[c('Date')]), 'ke: dd/mm/yyyy');
    sec += amt;
    oi.push({ amt, cust: f[c('Customer')], name: f[c('Customer')], no, credit: amt < 0, x: {} });
  }
  const sl = (w.statement.content as string).split('\r\n');
  const sh = sl.findIndex((l) => l.startsWith('Receipt No.,'));
  const shead = split(sl[sh], ','), k = (n: string) => { const i = shead.indexOf(n); if (i < 0) throw new Error(`ke: no column ${n}`); return i; };
  const st: ST[] = [], bals: number[] = [], receipts = new Set<string>();
  let prev = '9999';
  for (const l of sl.slice(sh + 1)) {
    if (!l) break;
    const f = split(l, ',');
    assert(f.length === shead.length, `ke: statement row fields ${l}`);
    const pin = f[k('Paid In')], out = f[k('Withdrawn')];
    assert((pin === '') !== (out === '') && (!out || out.startsWith('-')), 'ke: Paid In or (negative) Withdrawn');
    const amt = pin ? cents(pin, 'en') : cents(out, 'en');
    assert(amt % 100 === 0, 'ke: whole shillings');
    const when = f[k('Completion Time')];
    assert(/^2026-10-\d\d \d\d:\d\d:\d\d$/.test(when) && when <= prev && f[k('Initiation Time')] <= when, 'ke: October, newest first, initiated before completed');
    prev = when;
    const rc = f[k('Receipt No.')];
    assert(/^UJ[0-9A-Z]{8}$/.test(rc) && !receipts.has(rc), `ke: receipt ${rc} form, unique`);
    receipts.add(rc);
    bals.push(cents(f[k('Balance')], 'en'));
    st.push({ amt, text: f[k('A/C No.')], name: f[k('Other Party Info')], x: { reason: f[k('Reason Type')], linked: f[k('Linked Transaction ID')], receipt: rc, details: f[k('Details')] } });
  }
  for (let i = 0; i + 1 < st.length; i++) if (bals[i] !== bals[i + 1] + st[i].amt) { assert(false, `ke: running balance at row ${i + 1}`); break; }
  const head2 = (label: string) => cents(split(sl.find((l) => l.startsWith(label))!, ',')[1], 'en');
  assert(head2('Closing Balance:') === bals[0] && head2('Opening Balance:') === bals[bals.length - 1] - st[st.length - 1].amt, 'ke: opening and closing balance');
  assert(bals.every((b) => b >= 0), 'ke: balance never negative');
  for (const s of st) if (s.x.linked) assert(receipts.has(s.x.linked), `ke: linked ${s.x.linked} exists`);
  return { oi, st };
}

// ---- de-camt053 -----------------------------------------------------------------------------------
type X = Record<string, unknown>;
const get = (o: unknown, path: string): unknown => path.split('.').reduce<unknown>((a, p) => (a && typeof a === 'object' ? (a as X)[p] : undefined), o);
const amtOf = (o: unknown): number => { const a = get(o, 'Amt') as X; const v = Math.round(Number(a['#text']) * 100); assert(a['@_Ccy'] === 'EUR' && /^\d+\.\d\d$/.test(String(a['#text'])), 'de: Amt with Ccy, two decimals'); return get(o, 'CdtDbtInd') === 'DBIT' ? -v : v; };
function parseDe(w: World): Parsed {
  const raw = w.openItems.content as Buffer, text = decodeSbcs(raw, 'windows-1252');
  assert(Buffer.compare(encodeSbcs(text, 'windows-1252'), raw) === 0 && /Nettofälligkeit/.test(text) && raw.includes(0xe4), 'de: FBL5N in Windows-1252 (ä = E4)');
  const ls = text.split('\r\n'), h = ls.findIndex((l) => l.startsWith('Kunde;'));
  assert(h === 3, 'de: two title lines and a blank above the header');
  const head = split(ls[h], ';'), c = (n: string) => head.indexOf(n);
  const oi: OI[] = [];
  let i = h + 1, tot = 0;
  for (; !ls[i].startsWith('*'); i++) {
    const f = split(ls[i], ';');
    assert(f.length === head.length, `de: fields ${ls[i]}`);
    const amt = cents(f[c('Betrag in HW')], 'de'), ref = f[c('Referenz')], bel = f[c('Belegnummer')];
    const credit = f[c('BSchl')] === '11';
    assert(credit === (amt < 0) && /^\d{10}$/.test(bel) && /^\d{8}$/.test(ref) && (credit ? /^7026/.test(ref) && f[c('Belegart')] === 'DG' : bel === '00' + ref && f[c('Belegart')] === 'RV'), `de: ${ref} Belegnummer, Referenz, Belegart, sign`);
    assert(/^\d\d\.\d\d\.2026$/.test(f[c('Belegdatum')]) && /^[LU]$/.test(f[c('Zahlweg')]), 'de: dd.mm.yyyy, Zahlweg');
    tot += amt;
    oi.push({ amt, cust: f[c('Kunde')], name: f[c('Name 1')], no: ref, credit, x: { po: f[c('Zuordnung')], zw: f[c('Zahlweg')], due: f[c('Nettofälligkeit')] } });
  }
  assert(cents(split(ls[i], ';')[c('Betrag in HW')], 'de') === tot, 'de: "*" total adds up');
  assert(new Set(oi.map((o) => o.no)).size === oi.length, 'de: Referenz unique');

  const xml = w.statement.content as string;
  const p = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => ['Ntry', 'TxDtls', 'Strd', 'Bal'].includes(n) });
  const doc = p.parse(xml) as X;
  assert((get(doc, 'Document') as X)['@_xmlns'] === 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08', 'de: camt.053.001.08 namespace');
  const stmt = get(doc, 'Document.BkToCstmrStmt.Stmt') as X;
  assert(ibanValid(String(get(stmt, 'Acct.Id.IBAN'))), 'de: account IBAN valid');
  const bal = (stmt.Bal as X[]).map((b) => [get(b, 'Tp.CdOrPrtry.Cd'), amtOf(b)] as const);
  assert(bal.length === 2 && bal[0][0] === 'OPBD' && bal[1][0] === 'CLBD', 'de: OPBD and CLBD');
  const st: ST[] = [];
  let sum = 0, nC = 0, nD = 0, sC = 0, sD = 0;
  for (const e of stmt.Ntry as X[]) {
    const a = amtOf(e);
    sum += a;
    if (a > 0) { nC++; sC += a; } else { nD++; sD -= a; }
    assert(get(e, 'Sts.Cd') === 'BOOK' && /^2026-10-\d\d$/.test(String(get(e, 'BookgDt.Dt'))), 'de: booked in October');
    const txs = (get(e, 'NtryDtls.TxDtls') as X[] | undefined) ?? [];
    const btch = get(e, 'NtryDtls.Btch') as X | undefined, info = String(get(e, 'AddtlNtryInf') ?? '');
    if (btch) assert(Number(btch.NbOfTxs) >= (txs.length || 1) && Math.round(Number((btch.TtlAmt as X)['#text']) * 100) === Math.abs(a) && (!txs.length || Number(btch.NbOfTxs) === txs.length), 'de: Btch NbOfTxs and TtlAmt');
    if (!txs.length) { st.push({ amt: a, text: info, name: '', x: { info, batch: btch ? String(btch.NbOfTxs) : '', dom: String(get(e, 'BkTxCd.Domn.Fmly.SubFmlyCd')) } }); continue; }
    let tsum = 0;
    for (const t of txs) {
      const ta = amtOf(t);
      tsum += ta;
      const credit = ta > 0, party = credit ? 'Dbtr' : 'Cdtr';
      const ddIn = !!get(t, 'Refs.MndtId') && !!get(t, 'RltdPties.Cdtr.Pty.Id');
      const name = String(get(t, `RltdPties.${ddIn ? 'Dbtr' : party}.Pty.Nm`) ?? ''), iban = String(get(t, `RltdPties.${ddIn ? 'Dbtr' : party}Acct.Id.IBAN`) ?? '');
      assert(ibanValid(iban), `de: counterparty IBAN ${iban}`);
      const strd = (get(t, 'RmtInf.Strd') as X[] | undefined) ?? [];
      const rf = strd.map((s) => get(s, 'CdtrRefInf.Ref')).filter(Boolean).map(String);
      const nbs = strd.map((s) => get(s, 'RfrdDocInf.Nb')).filter(Boolean).map(String);
      for (const r of rf) assert(rfValid(r), `de: RF ${r} check digits`);
      if (nbs.length) assert(strd.reduce((s2, d) => s2 + (get(d, 'RfrdDocInf.Tp.CdOrPrtry.Cd') === 'CREN' ? -1 : 1) * Math.round(Number((get(d, 'RfrdDocAmt.RmtdAmt') as X)['#text']) * 100), 0) === ta, 'de: RfrdDocAmt add up to the transaction');
      const ustrd = String(get(t, 'RmtInf.Ustrd') ?? '');
      st.push({ amt: ta, text: [ustrd, ...rf, ...nbs].join(' '), name, x: { ustrd, rf: rf.join(' '), nb: nbs.join(' '), e2e: String(get(t, 'Refs.EndToEndId')), rtr: String(get(t, 'RtrInf.Rsn.Cd') ?? ''), mndt: String(get(t, 'Refs.MndtId') ?? ''), info, batch: btch ? String(btch.NbOfTxs) : '' } });
    }
    assert(tsum === a, `de: TxDtls add up to the entry (${tsum} vs ${a})`);
  }
  assert(bal[0][1] + sum === bal[1][1], 'de: OPBD + entries = CLBD');
  const sm = get(stmt, 'TxsSummry') as X;
  assert(Number(get(sm, 'TtlNtries.NbOfNtries')) === (stmt.Ntry as X[]).length && Number(get(sm, 'TtlCdtNtries.NbOfNtries')) === nC && Number(get(sm, 'TtlDbtNtries.NbOfNtries')) === nD
    && Math.round(Number(get(sm, 'TtlCdtNtries.Sum')) * 100) === sC && Math.round(Number(get(sm, 'TtlDbtNtries.Sum')) * 100) === sD, 'de: TxsSummry');
  return { oi, st };
}

// ---- truth ---------------------------------------------------------------------------------------
const EXACT = new Set(['title_invoice_ref', 'title_typo', 'multi_invoice', 'kor_netted', 'nip_only', 'ambiguous_equal_amounts',
  'acc_invoice_no', 'acc_phone', 'acc_shop_name', 'acc_garbage', 'instalments', 'credit_note_netted', 'bank_paybill_invoice_ref', 'reversed_then_repaid',
  'sct_invoice_ref', 'sct_rf_reference', 'sct_structured_multi', 'sct_multi_invoice', 'credit_memo_netted', 'po_number_cited', 'name_only', 'dd_batch_details', 'dd_batch_total_only']);
/** Kinds whose line cites no document of the customer. */
const SILENT = new Set(['nip_only', 'ambiguous_equal_amounts', 'acc_phone', 'acc_shop_name', 'acc_garbage', 'po_number_cited', 'name_only', 'dd_batch_total_only']);
const UNIQUE_IN_LIST = new Set(['acc_phone', 'acc_garbage']);

function check(w: World, p: Parsed): void {
  const seen = { open_items: new Set<number>(), statement: new Set<number>() };
  const kindOf = { open_items: new Map<number, string>(), statement: new Map<number, string>() };
  const groups = new Map<string, { oi: number[]; st: number[]; kinds: Set<string>; amb: boolean }>();
  for (const t of w.truth) {
    const n = t.side === 'open_items' ? p.oi.length : p.st.length;
    assert(t.row >= 1 && t.row <= n && !seen[t.side].has(t.row), `${w.name}: ${t.side} row ${t.row} exists once`);
    seen[t.side].add(t.row);
    kindOf[t.side].set(t.row - 1, t.kind);
    if (t.group === null) continue;
    const g = groups.get(t.group) ?? { oi: [], st: [], kinds: new Set<string>(), amb: false };
    groups.set(t.group, g);
    (t.side === 'open_items' ? g.oi : g.st).push(t.row - 1);
    g.kinds.add(t.kind);
    g.amb ||= !!t.ambiguous;
  }
  assert(seen.open_items.size === p.oi.length && seen.statement.size === p.st.length, `${w.name}: truth covers ${seen.open_items.size}/${p.oi.length} open items, ${seen.statement.size}/${p.st.length} statement rows`);
  const twins = w.truth.filter((t) => t.side === 'open_items' && t.ambiguous && t.group === null).length;
  assert(twins === [...groups.values()].filter((g) => g.amb).length, `${w.name}: one twin per ambiguous group`);
  const byCust = new Map<string, OI[]>(), allAmts = new Map<number, number>();
  for (const o of p.oi) { byCust.set(o.cust, [...(byCust.get(o.cust) ?? []), o]); allAmts.set(o.amt, (allAmts.get(o.amt) ?? 0) + 1); }
  const cites = (text: string, o: OI) => (w.name === 'pl-mt940' ? new RegExp(`(^|\\D)${o.x.seq}/${o.x.mm}(\\D|$)`).test(text) || new RegExp(`(^|\\D)${o.x.seq}, `).test(text) && text.includes(`/${o.x.mm}/`) : citesNo(text, o.no));
  for (const [id, g] of groups) {
    if (!g.oi.length || !g.st.length || g.kinds.size !== 1) { assert(false, `${w.name} ${id}: both sides, one kind (${[...g.kinds]})`); continue; }
    const kind = [...g.kinds][0], tag = `${w.name} ${id} (${kind})`;
    const O = g.oi.map((r) => p.oi[r]), S = g.st.map((r) => p.st[r]);
    const I = O.reduce((s, o) => s + o.amt, 0), P = S.reduce((s, r) => s + r.amt, 0), text = S.map((s) => s.text).join(' | ');
    const inv = O.find((o) => !o.credit) ?? O[0];
    if (EXACT.has(kind)) assert(I === P, `${tag}: payments ${P} = items ${I}`);
    else if (kind === 'part_payment') assert(P > 0 && P / I >= 0.25 && P / I <= 0.75, `${tag}: part ${P}/${I}`);
    else if (kind === 'mpp_split_payment') {
      const m = /^\/VAT\/(\d+,\d\d)\/IDC\/(\d{10})\/INV\/(.+?)\/TXT\//.exec(S[0].text), vat = m ? cents(m[1], 'swift') : -1;
      assert(!!m && P + vat === I && vat === Math.round((I - vat) * 0.23) && m[2] === '7792468135' && S[0].x.desc.includes('MPP'), `${tag}: MPP net ${P} + VAT ${vat} = ${I}, IDC our NIP: ${S[0].text}`);
    } else if (kind === 'skonto_deducted') assert([2, 3].some((r) => P === I - Math.round(I * r / 100)), `${tag}: Skonto ${I - P} of ${I}`);
    else assert(false, `${tag}: unknown group kind`);
    if (kind === 'dd_batch_total_only') {
      const credit = S.filter((s) => s.amt > 0), rets = S.filter((s) => s.amt < 0);
      assert(credit.length === 1 && !credit[0].name && Number(credit[0].x.batch) === O.length + rets.length && rets.every((r) => !!r.x.rtr && r.x.e2e.length === 8), `${tag}: one total-only entry of ${O.length} + ${rets.length} returned`);
      assert(O.every((o) => o.x.zw === 'L'), `${tag}: direct-debit customers`);
    } else assert(new Set(O.map((o) => o.cust)).size === 1, `${tag}: one customer`);
    if (['kor_netted', 'credit_note_netted', 'credit_memo_netted'].includes(kind)) assert(O.some((o) => o.credit) && O.some((o) => !o.credit), `${tag}: invoices and a credit`);
    else if (kind !== 'sct_structured_multi') assert(O.every((o) => !o.credit), `${tag}: no credit`);
    const mine = byCust.get(inv.cust) ?? [];
    if (kind === 'ambiguous_equal_amounts') assert(g.amb && O.length === 1 && mine.filter((o) => o.amt === I).length === 2, `${tag}: exactly one twin`);
    else assert(!g.amb, `${tag}: not ambiguous`);
    if (SILENT.has(kind) && kind !== 'dd_batch_total_only') assert(O.length === 1 && mine.filter((o) => o.amt === I).length === (kind === 'ambiguous_equal_amounts' ? 2 : 1), `${tag}: amount unique for the customer`);
    if (UNIQUE_IN_LIST.has(kind)) assert(allAmts.get(I) === 1, `${tag}: amount unique in the whole list`);
    if (SILENT.has(kind)) { for (const o of kind === 'dd_batch_total_only' ? O : mine) assert(!cites(text, o), `${tag}: no document of the customer cited: ${text}`); }
    else if (kind === 'sct_rf_reference') assert(!O.some((o) => citesNo(S[0].x.ustrd, o.no)), `${tag}: nothing but the RF reference`);
    else if (kind === 'title_typo') assert(!O.some((o) => text.includes(o.no)) && !mine.some((o) => cites(text, o)) && !/^\/VAT\//.test(text), `${tag}: not the exact number, nor another document of the customer: ${text}`);
    else if (kind === 'sct_multi_invoice' || kind === 'sct_structured_multi' || (kind === 'multi_invoice' && w.name === 'pl-mt940')) assert(O.filter((o) => !o.credit).every((o) => cites(text, o)), `${tag}: every invoice cited: ${text}`);
    else assert(O.some((o) => !o.credit && cites(text, o)), `${tag}: an invoice of the group cited: ${text}`);
    // Per-world specifics.
    if (kind === 'nip_only') assert(text.replace(/-/g, '').includes(inv.x.nip), `${tag}: the payer's NIP: ${text}`);
    if (kind === 'kor_netted') assert(O.filter((o) => o.credit).every((o) => text.includes(o.no)), `${tag}: the KOR cited: ${text}`);
    if (kind === 'acc_phone') assert(S[0].name.startsWith(`${S[0].text.replace(/^0/, '254').slice(0, 6)}***${S[0].text.slice(-3)}`), `${tag}: A/C is the payer's phone: ${S[0].text} / ${S[0].name}`);
    if (kind === 'bank_paybill_invoice_ref') assert(S[0].x.reason === 'Business Pay Bill' && /BANK/.test(S[0].name), `${tag}: from a bank`);
    if (kind === 'instalments') assert(S.length >= 2, `${tag}: several payments`);
    if (kind === 'sct_rf_reference') assert(S[0].x.rf.endsWith(inv.no) && !S[0].x.ustrd, `${tag}: RF reference only: ${S[0].x.rf}`);
    if (kind === 'sct_structured_multi') assert(O.every((o) => S[0].x.nb.split(' ').includes(o.no)), `${tag}: every document a RfrdDocInf/Nb`);
    if (kind === 'po_number_cited') assert(!!inv.x.po && S[0].x.ustrd.includes(inv.x.po), `${tag}: the Zuordnung ${inv.x.po} cited`);
    if (kind === 'dd_batch_details') assert(S.length === 1 && S[0].x.e2e === inv.no && !!S[0].x.mndt && Number(S[0].x.batch) >= 1 && inv.x.zw === 'L', `${tag}: TxDtls of a batch, EndToEndId = Referenz`);
  }
  for (const [i, kind] of kindOf.open_items) {
    const o = p.oi[i];
    if (kind.startsWith('open_')) assert(o.credit, `${w.name}: ${o.no} open credit is a credit`);
    if (kind === 'unpaid_invoice') assert(!o.credit, `${w.name}: ${o.no} unpaid is an invoice`);
    if (kind === 'dd_returned') assert(p.st.some((s) => s.amt === -o.amt && s.x.rtr && s.x.e2e === o.no), `${w.name}: R-transaction for ${o.no}`);
  }
  for (const [j, kind] of kindOf.statement) {
    const s = p.st[j];
    if (kind === 'noise_paybill_charge') assert(s.amt < 0 && s.amt >= -7700 && !!s.x.linked && s.x.reason === 'Business Pay Bill Charge', `${w.name}: charge linked to its receipt`);
    if (kind === 'noise_reversed_payment' && s.amt < 0) assert(p.st.some((t) => t.x.receipt === s.x.linked && t.amt === -s.amt), `${w.name}: reversal of its receipt`);
    if (kind === 'dd_returned' && s.amt < 0) assert(!!s.x.rtr, `${w.name}: return carries RtrInf`);
  }
}

void runSelfChecks(HELDOUT_V7_WORLDS, async (w) => check(w, w.name === 'pl-mt940' ? await parsePl(w) : w.name === 'ke-mpesa' ? parseKe(w) : parseDe(w)));
