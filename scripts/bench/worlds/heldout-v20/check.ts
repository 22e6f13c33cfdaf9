/**
 * Self-check of the twentieth held-out set: `npx tsx scripts/bench/worlds/heldout-v20/check.ts
 * [--seed 1] [--open-items 2000] [--world NAME] [--kinds]`. Reads each world's two files back with its
 * own knowledge of the layouts (Windows-1252, tabs, non-breaking-space thousands, per-account running
 * balances and totals in Sage's ledger; the DATEV EXTF header, DDMM dates and S/H flags; quoted
 * multi-line cells and saldo rows in the Volksbank export; comma-grouped quoted amounts and BCP's
 * newest-first running Saldo), checks balances and totals, RUC check digits, detracciones in whole
 * soles, ITF in five céntimos, that the truth names every transaction row once, and that every group's
 * amounts add up net of the escompte, Skonto, SWIFT charges, detracciones, retenciones, credit notes,
 * refused LCR bills, instalments and part payments modelled; refunded duplicates, bounced cheques,
 * returned transfers and EXTORNO reversals net to zero.
 */
import type { World } from '../world';
import { csvTable, colOf, splitCsvLine } from '../csv';
import { assert, runSelfChecks, truthGroups } from '../self-check';
import { parseMoney, pctOf, rucCheck, LAST_DAY } from './common';
import { HELDOUT_V20_WORLDS } from './index';
import { FR_ESCOMPTE_PCT, FR_HOLIDAYS, FR_LCR_COMMISSION, FR_UNPAID_FEE } from './fr-lcr';
import { DE_SKONTO, DE_SWIFT_FEES } from './de-datev';
import { PE_HOLIDAYS, PE_RETENCION_PCT, PE_DETRACCION_PCT } from './pe-detracciones';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const dayNo = (dd: string) => { const [d, m, y] = dd.split(/[./-]/).map(Number); return Math.round((Date.UTC(y < 100 ? 2000 + y : y, m - 1, d) - Date.UTC(2026, 8, 1)) / 86400000); };
const dow = (dd: string) => new Date(Date.UTC(2026, 8, 1) + dayNo(dd) * 86400000).getUTCDay();
const bankDay = (dd: string, hol: number[]) => ![0, 6].includes(dow(dd)) && !hol.includes(dayNo(dd)) && dayNo(dd) >= 0 && dayNo(dd) <= LAST_DAY;
const win1252 = (c: string | Buffer, what: string, name: string) => {
  assert(Buffer.isBuffer(c) && !(c as Buffer).includes(Buffer.from('é')) && !(c as Buffer).includes(Buffer.from('\u00a0')), `${name}: ${what} in Windows-1252`);
  return new TextDecoder('windows-1252').decode(c as Buffer);
};

/** Per open-item row: amount, customer key, document number, and per-world extras. */
interface Item { amt: number; cust: string; no: string; extra: Record<string, string> }
/** Per statement row: signed amount, payer as shown, text (all free text joined). */
interface Line { amt: number; who: string; text: string }
interface Parsed { oi: Item[]; st: Line[] }

/** Whole-file CSV: quoted fields may hold separators, doubled quotes and line breaks. */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cur = '', inQ = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQ) { if (ch === '"') { if (text[i + 1] === '"') { cur += '"'; i++; } else inQ = false; } else cur += ch; }
    else if (ch === '"') inQ = true;
    else if (ch === sep) { row.push(cur); cur = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { /* the \n ends the row */ }
    else if (ch === '\n') { row.push(cur); rows.push(row); row = []; cur = ''; }
    else cur += ch;
  }
  if (cur !== '' || row.length) { row.push(cur); rows.push(row); }
  return rows;
}

function parse(w: World): Parsed {
  if (w.name === 'fr-lcr') {
    const m = (s: string) => (s === '' ? 0 : parseMoney(s, '\u00a0', ','));
    const ls = win1252(w.openItems.content, 'open items', w.name).split('\r\n'), h = ls.findIndex((l) => l.startsWith('Compte\t'));
    assert(h === 5 && ls[h - 1] === '' && ls[3].startsWith('Édité le'), `${w.name}: four preamble lines and a blank above the header`);
    const head = ls[h].split('\t'), oc = colOf(head), oi: Item[] = [];
    let run = 0, subD = 0, subC = 0, allD = 0, allC = 0, acct = '', grand = false;
    const seen = new Set<string>();
    for (const l of ls.slice(h + 1)) {
      if (l === '') continue;
      const f = l.split('\t');
      assert(f.length === head.length, `${w.name}: width of "${l.slice(0, 40)}"`);
      if (f[0] === '' && f[1] === 'Total général') { assert(m(f[9]) === allD && m(f[10]) === allC && m(f[11]) === allD - allC && subD === 0, `${w.name}: Total général`); grand = true; continue; }
      if (f[0] === '' && f[1].startsWith('Total ')) {
        assert(f[1] === `Total ${acct}` && m(f[9]) === subD && m(f[10]) === subC && m(f[11]) === run && run === subD - subC, `${w.name}: ${f[1]} subtotal and balance`);
        allD += subD; allC += subC; subD = 0; subC = 0; run = 0; continue;
      }
      if (f[0] !== acct) { assert(!seen.has(f[0]) && subD === 0 && subC === 0, `${w.name}: account ${f[0]} together, closed by its total`); seen.add(f[0]); acct = f[0]; }
      const d = m(f[oc('Débit')]), c = m(f[oc('Crédit')]), no = f[oc('N° facture')];
      run += d - c; subD += d; subC += c;
      assert(m(f[oc('Solde progressif')]) === run && (d === 0) !== (c === 0), `${w.name}: running balance and one of Débit/Crédit at ${no}`);
      assert((/^FA26\d{5}$/.test(no) && d > 0) || (/^AV26\d{5}$/.test(no) && c > 0), `${w.name}: number ${no} on the right side`);
      assert(/^411[A-Z0-9]{1,8}$/.test(f[0]) && /^\d{6}$/.test(f[oc('N° pièce')]) && ['LCR', 'VIR', 'CHQ'].includes(f[oc('Mode règl.')]) && /^\d\d\/\d\d\/20\d\d$/.test(f[oc('Date pièce')]) && /^\d\d\/\d\d\/20\d\d$/.test(f[oc('Échéance')]), `${w.name}: account, piece, mode and dates of ${no}`);
      oi.push({ amt: d - c, cust: f[0], no, extra: { mode: f[oc('Mode règl.')], due: f[oc('Échéance')] } });
    }
    assert(grand, `${w.name}: Total général line`);
    const t = win1252(w.statement.content, 'statement', w.name).split('\r\n');
    const close = /^="\d{14}";Compte courant[^;]*;EUR;Solde au 27\/11\/2026;(-?\d+,\d\d);$/.exec(t[0]), open = /^;;;Solde au 31\/08\/2026;(-?\d+,\d\d);$/.exec(t[1]);
    assert(!!close && !!open && t[2] === '' && t[3] === "Date de l'opération;Libellé;Détail de l'écriture;Montant de l'opération;Devise", `${w.name}: statement preamble and header`);
    const rows = t.slice(4).filter((l) => l !== '').map((l) => l.split(';'));
    const st = rows.map((f, i) => {
      assert(f.length === 5 && f[4] === 'EUR' && bankDay(f[0], FR_HOLIDAYS) && (i === 0 || dayNo(rows[i - 1][0]) >= dayNo(f[0])), `${w.name}: width, banking day, newest first at row ${i + 1}`);
      const who = /\/DE (.*?) \/MOTIF/.exec(f[2]);
      return { amt: parseMoney(f[3], '', ','), who: who ? who[1] : '', text: f[2] };
    });
    assert(!!close && !!open && parseMoney(open![1], '', ',') + sum(st.map((x) => x.amt)) === parseMoney(close![1], '', ','), `${w.name}: opening balance plus movements is the closing balance`);
    for (const x of st) if (x.text.startsWith('COMMISSION REMISE LCR')) { const n = /(\d+) EFFETS X 0,45$/.exec(x.text); assert(!!n && x.amt === -Number(n![1]) * FR_LCR_COMMISSION, `${w.name}: LCR commission ${x.text}`); }
    for (const x of st) if (x.text.startsWith('FRAIS SUR LCR IMPAYEE')) assert(x.amt === -FR_UNPAID_FEE, `${w.name}: unpaid fee`);
    return { oi, st };
  }
  if (w.name === 'de-datev') {
    const ls = win1252(w.openItems.content, 'open items', w.name).split('\r\n').filter((l) => l !== '');
    assert(/^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"";"";\d{5};\d{5};20260101;5;20260731;20261127;/.test(ls[0]), `${w.name}: DATEV EXTF header line`);
    const head = splitCsvLine(ls[1], ';'), oc = colOf(head), oi: Item[] = [];
    let prevDay = -99;
    for (const l of ls.slice(2)) {
      const f = splitCsvLine(l, ';');
      assert(f.length === head.length, `${w.name}: width of "${l.slice(0, 40)}"`);
      const v = parseMoney(f[0], '', ','), sh = f[1], no = f[oc('Belegfeld 1')], bd = f[oc('Belegdatum')], b2 = f[oc('Belegfeld 2')], gk = f[oc('Gegenkonto (ohne BU-Schlüssel)')];
      const day = dayNo(`${bd.slice(0, 2)}.${bd.slice(2)}.${Number(bd.slice(2)) >= 7 ? 2026 : 2027}`);
      assert(v > 0 && (sh === 'S' ? /^RE\d{5}$/.test(no) && /^\d{6}$/.test(b2) && dayNo(`${b2.slice(0, 2)}.${b2.slice(2, 4)}.${b2.slice(4)}`) > day : sh === 'H' && /^GU\d{4}$/.test(no) && b2 === ''), `${w.name}: amount, S/H, Belegfeld 1/2 of ${no}`);
      assert(/^\d{4}$/.test(bd) && day >= -32 && day <= LAST_DAY && day >= prevDay && /^1\d{4}$/.test(f[oc('Konto')]) && ['8400', '8300', '8125', '8120'].includes(gk) && f[oc('WKZ Umsatz')] === 'EUR', `${w.name}: Belegdatum, order, accounts of ${no}`);
      assert((gk === '8125') === (f[oc('EU-Land u. UStID (Bestimmung)')] !== ''), `${w.name}: EU VAT id only on EU deliveries (${no})`);
      prevDay = day;
      const amt = sh === 'S' ? v : -v, last = oi[oi.length - 1];
      if (last && last.no === no) { assert(last.cust === f[oc('Konto')] && gk === '8300' && last.extra.gk === '8400', `${w.name}: two-rate invoice ${no} booked 8400 then 8300 on one account`); }
      else assert(!oi.some((x) => x.no === no), `${w.name}: ${no} booked once (or on adjacent rows)`);
      oi.push({ amt, cust: f[oc('Konto')], no, extra: { gk } });
    }
    const text = win1252(w.statement.content, 'statement', w.name), rows = parseCsv(text, ';');
    const h = rows.findIndex((f) => f[0] === 'Buchungstag');
    assert(h > 0 && rows.slice(0, h).some((f) => f[0] === 'Zeitraum:' && f[4] === '01.09.2026' && f[6] === '27.11.2026'), `${w.name}: preamble with the period`);
    const sh = rows[h], sc = colOf(sh), st: Line[] = [];
    let i = h + 1;
    for (; i < rows.length && !(rows[i].length === 1 && rows[i][0] === ''); i++) {
      const f = rows[i];
      assert(f.length === sh.length && bankDay(f[0], []) && f[0] === f[1] && (st.length === 0 || dayNo(rows[i - 1][0]) <= dayNo(f[0])) && ['S', 'H'].includes(f[12]), `${w.name}: width, banking day, oldest first, S/H at ${f[0]}`);
      const v = parseMoney(f[sc('Umsatz')], '.', ',');
      const body = f[sc('Vorgang/Verwendungszweck')];
      assert(body.split('\n').every((x) => x.length <= 35 || !x.startsWith('SVWZ')) && v > 0, `${w.name}: Verwendungszweck lines at most 35 characters`);
      st.push({ amt: f[12] === 'S' ? -v : v, who: f[sc('Empfänger/Zahlungspflichtiger')], text: body.replace(/\n/g, '') });
    }
    const sal = (label: string) => { const f = rows.find((x) => x[9] === label); if (!f) throw new Error(`no ${label}`); const v = parseMoney(f[11], '.', ','); return f[12] === 'S' ? -v : v; };
    assert(sal('Anfangssaldo') + sum(st.map((x) => x.amt)) === sal('Endsaldo'), `${w.name}: Anfangssaldo plus movements is Endsaldo`);
    return { oi, st };
  }
  if (w.name === 'pe-detracciones') {
    const t = w.openItems.content as string;
    assert(t.startsWith('\ufeff'), `${w.name}: open items start with a BOM`);
    const m = (s: string) => parseMoney(s, ',', '.');
    const o = csvTable(t, ',', 'Código', assert), oc = colOf(o.head);
    const tot = o.after.map((l) => splitCsvLine(l, ',')).find((f) => f[2] === 'TOTAL GENERAL');
    const oi = o.rows.map((f, i) => {
      const no = f[oc('Serie-Número')], tipo = f[oc('Tipo Doc.')], amt = m(f[oc('Importe Total')]), det = f[oc('Detracción')] ? m(f[oc('Detracción')]) : 0, id = f[oc('RUC/DNI')];
      assert(m(f[oc('Saldo')]) === amt && (tipo === '01' ? /^F001-\d{8}$/.test(no) && amt > 0 : tipo === '03' ? /^B001-\d{8}$/.test(no) && amt > 0 : tipo === '07' && /^FC01-\d{8}$/.test(no) && amt < 0), `${w.name}: type, number and saldo of ${no}`);
      assert(tipo === '03' ? /^\d{8}$/.test(id) : /^(10|20)\d{9}$/.test(id) && rucCheck(id.slice(0, 10)) === Number(id[10]), `${w.name}: RUC/DNI ${id}`);
      assert(det === 0 || (det % 100 === 0 && amt >= 70000 && PE_DETRACCION_PCT.some((p) => Math.round((amt * p) / 100 / 100) * 100 === det)), `${w.name}: detracción of ${no} in whole soles`);
      assert(/^C\d{4}$/.test(f[0]) && (i === 0 || o.rows[i - 1][0] <= f[0]) && /^\d\d\/\d\d\/2026$/.test(f[oc('Fecha Emisión')]) && ['SI', 'NO'].includes(f[oc('Ag. Ret.')]), `${w.name}: code order, date, agente of ${no}`);
      return { amt, cust: f[0], no, extra: { det: String(det), agente: f[oc('Ag. Ret.')], ruc: id } };
    });
    assert(!!tot && m(tot[8]) === sum(oi.map((x) => x.amt)), `${w.name}: TOTAL GENERAL`);
    const text = w.statement.content as string, s = csvTable(text, ';', 'Fecha', assert), sc = colOf(s.head);
    const ol = text.split('\r\n').find((l) => l.startsWith('Saldo contable inicial;'));
    const open = m(ol!.split(';')[1]);
    const st = s.rows.map((f, i) => {
      const v = m(f[sc('Monto')]), bal = m(f[sc('Saldo')]);
      const below = i + 1 < s.rows.length ? m(s.rows[i + 1][sc('Saldo')]) : open;
      assert(bal === below + v && bankDay(f[0], PE_HOLIDAYS) && (i === 0 || dayNo(s.rows[i - 1][0]) >= dayNo(f[0])) && /^\d{8}$/.test(f[sc('Operación - Número')]), `${w.name}: running Saldo, banking day, newest first at row ${i + 1}`);
      if (f[sc('Descripción operación')] === 'ITF') assert(v < 0 && -v % 5 === 0, `${w.name}: ITF in five céntimos at row ${i + 1}`);
      return { amt: v, who: f[sc('Descripción operación')], text: `${f[sc('Descripción operación')]} ${f[sc('Referencia2')]}` };
    });
    return { oi, st };
  }
  throw new Error(`unknown world ${w.name}`);
}

/** Kinds whose lines add up to their items exactly. */
const EXACT = new Set(['lcr_batch', 'lcr_batch_with_unpaid', 'lcr_refused_then_transfer', 'transfer_invoice_in_motif', 'cheque_single_deposit', 'cheque_remise_several_customers', 'several_invoices_one_transfer', 'credit_note_netted', 'instalments', 'name_and_amount_only', 'mistyped_invoice_number', 'siret_order_phone_in_motif', 'paid_by_group_head_office', 'same_amount_two_customers', 'ambiguous_equal_amounts', 'duplicate_refunded', 'cheque_bounced_then_transfer',
  'svwz_invoice_number', 'customer_and_invoice_number', 'customer_number_only', 'eu_customer_invoice_cited', 'ustid_date_order_in_text', 'returned_then_repaid',
  'supplier_payment_document', 'several_documents_one_payment', 'cuotas', 'interbank_ruc_only', 'cash_deposit_amount_only', 'mistyped_document_number', 'dni_phone_order_in_reference', 'extorno_then_repaid']);
const MULTI_CUSTOMER = new Set(['lcr_batch', 'lcr_batch_with_unpaid', 'cheque_remise_several_customers']);
/** Kinds whose bank text must quote the (first positive) item's number. */
const CITED = new Set(['transfer_invoice_in_motif', 'several_invoices_one_transfer', 'credit_note_netted', 'escompte_deducted', 'instalments', 'part_payment', 'siret_order_phone_in_motif', 'paid_by_group_head_office', 'lcr_refused_then_transfer', 'cheque_bounced_then_transfer',
  'svwz_invoice_number', 'customer_and_invoice_number', 'skonto_deducted', 'eu_customer_invoice_cited', 'swift_fee_deducted', 'ustid_date_order_in_text', 'duplicate_refunded', 'returned_then_repaid',
  'supplier_payment_document', 'detraccion_deducted', 'retencion_deducted', 'cuotas', 'dni_phone_order_in_reference', 'extorno_then_repaid']);

function groupOk(w: World, kind: string, items: Item[], lines: Line[]): boolean {
  const I = sum(items.map((x) => x.amt)), S = sum(lines.map((x) => x.amt));
  if (kind === 'part_payment') return S > 0 && S < I;
  if (kind === 'escompte_deducted') return S === I - pctOf(I, FR_ESCOMPTE_PCT);
  if (kind === 'skonto_deducted') return DE_SKONTO.some((p) => S === I - pctOf(I, p));
  if (kind === 'swift_fee_deducted') return DE_SWIFT_FEES.includes(I - S);
  if (kind === 'detraccion_deducted') return items.length === 1 && Number(items[0].extra.det) > 0 && S === I - Number(items[0].extra.det);
  if (kind === 'retencion_deducted') return items.length === 1 && items[0].extra.agente === 'SI' && S === I - pctOf(I, PE_RETENCION_PCT);
  return EXACT.has(kind) && S === I;
}

function quotes(w: World, text: string, x: Item): boolean {
  if (w.name === 'fr-lcr') return new RegExp(`(^|\\D)${x.no.slice(2)}(\\D|$)`).test(text.toUpperCase().replace(/(FA|AV)\s*26\s*(\d{5})/g, '$126$2'));
  if (w.name === 'de-datev') return new RegExp(`(^|\\D)${x.no.slice(2)}(\\D|$)`).test(text);
  return new RegExp(`(^|\\D)0*${Number(x.no.split('-')[1])}(\\D|$)`).test(text);
}

function check(w: World): void {
  const p = parse(w);
  const { groups } = truthGroups(w, p);
  for (const [id, g] of groups) {
    assert(g.oi.length > 0 && g.st.length > 0, `${w.name}: group ${id} has both sides`);
    assert(g.kinds.size === 1, `${w.name}: group ${id} one kind (${[...g.kinds]})`);
    const kind = [...g.kinds][0], items = g.oi.map((i) => p.oi[i]), lines = g.st.map((i) => p.st[i]);
    const custs = new Set(items.map((x) => x.cust)).size;
    assert(MULTI_CUSTOMER.has(kind) || custs === 1, `${w.name}: group ${id} (${kind}) ${custs} customers`);
    assert(kind === 'lcr_batch_with_unpaid' ? lines.filter((x) => x.amt < 0).length === 1 : lines.every((x) => x.amt > 0), `${w.name}: group ${id} (${kind}) paid by money in`);
    assert(groupOk(w, kind, items, lines), `${w.name}: group ${id} (${kind}) items ${sum(items.map((x) => x.amt))} paid ${sum(lines.map((x) => x.amt))}`);
    if (kind === 'ambiguous_equal_amounts' || kind === 'same_amount_two_customers' && w.name === 'pe-detracciones') assert(g.amb, `${w.name}: group ${id} flagged ambiguous`);
    if (CITED.has(kind)) assert(lines.every((l) => items.filter((x) => x.amt > 0).some((x) => quotes(w, l.text, x))), `${w.name}: group ${id} (${kind}) quotes its number`);
    if (kind.startsWith('mistyped')) assert(lines.every((l) => !quotes(w, l.text, items[0])), `${w.name}: group ${id} mistyped number differs from ${items[0].no}`);
    if (kind.startsWith('lcr_batch')) {
      const credit = lines.find((l) => l.amt > 0)!, n = /ECH\. (\d\d\/\d\d\/\d\d) (\d+) EFFETS$/.exec(credit.text);
      assert(lines.filter((l) => l.amt > 0).length === 1 && !!n && Number(n![2]) === items.length + (kind === 'lcr_batch_with_unpaid' ? 1 : 0) && items.every((x) => x.extra.mode === 'LCR' && dayNo(x.extra.due) <= dayNo(n![1]) && dayNo(x.extra.due) > dayNo(n![1]) - 7), `${w.name}: group ${id} remise of ${items.length} LCR bills due in the week`);
    }
    if (kind === 'customer_number_only') assert(lines.every((l) => l.text.includes(items[0].cust) && !quotes(w, l.text, items[0])), `${w.name}: group ${id} quotes the customer number only`);
    if (kind === 'interbank_ruc_only') assert(lines.every((l) => l.text.includes(items[0].extra.ruc)), `${w.name}: group ${id} shows the payer's RUC`);
  }
  for (const k of ['duplicate_refunded', 'returned_then_repaid', 'cheque_bounced_then_transfer', 'extorno_then_repaid']) {
    const net = w.truth.filter((t) => t.side === 'statement' && t.kind === k && t.group === null).reduce((a, t) => a + p.st[t.row - 1].amt, 0);
    assert(net === 0, `${w.name}: ${k} lines net to zero (${net})`);
  }
  // A refused LCR bill that stays open: its remise credit and IMPAYE debit sit in another group.
  for (const t of w.truth.filter((x) => x.kind === 'lcr_refused_still_open' || x.kind === 'lcr_refused_then_transfer')) {
    if (t.side === 'open_items') assert(p.st.some((l) => l.amt === -p.oi[t.row - 1].amt && l.text.includes(`REF ${p.oi[t.row - 1].no} `)), `${w.name}: refused bill ${p.oi[t.row - 1].no} debited back`);
  }
  const amb = w.truth.filter((t) => t.side === 'open_items' && t.kind === 'ambiguous_equal_amounts');
  assert(amb.every((t) => t.ambiguous), `${w.name}: both equal twins flagged`);
  for (const t of amb) assert(amb.some((u) => u !== t && p.oi[u.row - 1].amt === p.oi[t.row - 1].amt && p.oi[u.row - 1].cust === p.oi[t.row - 1].cust), `${w.name}: open item ${t.row} has an equal twin`);
  assert(w.truth.filter((t) => t.ambiguous).every((t) => t.kind === 'ambiguous_equal_amounts' || (w.name === 'pe-detracciones' && t.kind === 'same_amount_two_customers')), `${w.name}: only equal twins (and anonymous equal deposits) are ambiguous`);
}

void runSelfChecks(HELDOUT_V20_WORLDS, check);
