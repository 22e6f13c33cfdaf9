/**
 * Bank statement formats read as sources: ISO 20022 camt.053 (statement) and camt.054
 * (debit/credit notification), SWIFT MT940 (statement) and MT942 (interim report), BAI2 and OFX;
 * the national fixed-width files (BgMax, CFONB 120, Norma 43) in bank-fixed-width.ts, and
 * 1CClientBankExchange (Russia, key=value documents) in bank-1c.ts.
 * Each file becomes one table in a CSV in the workspace (then read like any CSV, so typing, review
 * and exports do not change): one row per booked transaction, with the same columns whatever the
 * format, and the structured remittance kept in its own columns.
 *
 * Parsers: fast-xml-parser for camt (namespace prefixes dropped, every value kept as text),
 * mt940js for MT940 (it checks opening balance + lines = closing balance), ofx-js for OFX (SGML 1.x
 * and XML 2.x). MT942 (no closing balance, which mt940js requires) and BAI2 have no maintained
 * parser on npm that fits; they are read by the small parsers below.
 */
import { readFile, writeFile, open } from 'node:fs/promises';
import { XMLParser } from 'fast-xml-parser';
import { Parser as Mt940Parser } from 'mt940js';
import { parseSync as parseOfx } from 'ofx-js';
import { ReconError } from '../../errors';
import { detectBgmax, detectCfonb120, detectNorma43, parseBgmax, parseCfonb120, parseNorma43 } from './bank-fixed-width';
import { decode1c, detect1c, parse1c } from './bank-1c';
import { bad, BANK_COLUMNS, BANK_FORMAT_NAMES, empty, join, money, rfReferences, type BankFormat, type BankRow } from './bank-row';
import { decodeText, singleByteCodePage } from './file-sniff';

/** Which bank format a file is, from its first bytes; null for anything else (CSV, XLSX, …). */
export function detectBankFormat(head: string): BankFormat | null {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) {
    if (/urn:iso:std:iso:20022:tech:xsd:camt\.053|<(\w+:)?BkToCstmrStmt[\s>]/.test(text)) return 'camt.053';
    if (/urn:iso:std:iso:20022:tech:xsd:camt\.054|<(\w+:)?BkToCstmrDbtCdtNtfctn[\s>]/.test(text)) return 'camt.054';
    if (/<\?OFX\b|<OFX>/i.test(text)) return 'ofx';
    return null;
  }
  if (/^OFXHEADER\s*:/i.test(text)) return 'ofx';
  if (detect1c(text)) return '1c';
  if (detectBgmax(text)) return 'bgmax';
  if (detectNorma43(text)) return 'norma43';
  if (detectCfonb120(text)) return 'cfonb120';
  if (/^01,[^,\n]*,[^,\n]*,\d{6},/.test(text)) return 'bai2';
  // MT940/MT942: SWIFT blocks ({1:…}{4:) or bare tags; :20: then a :25: account line.
  if (/^(\{1:|:20:|:\d{2}[A-Z]?:)/.test(text) || /^\S{0,40}\r?\n:20:/.test(text)) {
    if (!/(^|\n):25[P]?:/.test(text)) return null;
    if (/(^|\n):2:?O?942|(^|\n):34F:|(^|\n):13D?:/.test(text) && !/(^|\n):60[FM]:/.test(text)) return 'mt942';
    if (/\{2:[IO]942/.test(text)) return 'mt942';
    return 'mt940';
  }
  return null;
}

/** The first `bytes` of a file as text (latin1 is enough to recognise the formats). */
export async function readHead(path: string, bytes = 4096): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

function decode(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    // SWIFT files are often in the bank's Windows code page: Windows-1252 in Germany, 1250 in Poland.
    return decodeText(buf, singleByteCodePage(buf));
  }
}

// ---------------------------------------------------------------- helpers

const asArray = <T>(v: T | T[] | undefined | null): T[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);

/** A text node's value, whether fast-xml-parser gave a string or an object with attributes. */
function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
  if (typeof v === 'object' && '#text' in (v as Record<string, unknown>)) return String((v as Record<string, unknown>)['#text']).trim();
  return '';
}

function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const p of path) {
    if (cur === undefined || cur === null || typeof cur !== 'object') return undefined;
    cur = Array.isArray(cur) ? (cur[0] as Record<string, unknown>)?.[p] : (cur as Record<string, unknown>)[p];
  }
  return Array.isArray(cur) ? cur[0] : cur;
}

const t = (node: unknown, ...path: string[]): string => text(at(node, ...path));

const isoDate = (d: Date | null | undefined) => (d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : '');
const signed = (amount: string, debit: boolean): string => {
  const n = Number(amount.replace(',', '.'));
  if (!Number.isFinite(n)) return '';
  return money(debit ? -Math.abs(n) : Math.abs(n));
};

// ---------------------------------------------------------------- camt.053 / camt.054

const CAMT_ARRAYS = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'RfrdDocInf', 'CdtrRefInf', 'Bal']);

/** What an entry (<Ntry>) says for every row it gives: dates, currency, direction, bank code and reference. */
function camtEntryRow(entry: unknown, debit: boolean, stmt: { account: string; statement_id: string; currency: string }): BankRow {
  const entryAmt = at(entry, 'Amt');
  return {
    ...empty(),
    booking_date: (t(entry, 'BookgDt', 'Dt') || t(entry, 'BookgDt', 'DtTm')).slice(0, 10),
    value_date: (t(entry, 'ValDt', 'Dt') || t(entry, 'ValDt', 'DtTm')).slice(0, 10),
    currency: text((entryAmt as Record<string, unknown>)?.['@_Ccy']) || stmt.currency,
    direction: debit ? 'DBIT' : 'CRDT',
    bank_reference: t(entry, 'AcctSvcrRef'),
    transaction_code:
      join([t(entry, 'BkTxCd', 'Domn', 'Cd'), t(entry, 'BkTxCd', 'Domn', 'Fmly', 'Cd'), t(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd')], '-') ||
      t(entry, 'BkTxCd', 'Prtry', 'Cd'),
    account: stmt.account,
    statement_id: stmt.statement_id,
    details: t(entry, 'AddtlNtryInf'),
  };
}

/** One transaction (<TxDtls>) of an entry: its amount and direction (the entry's when it has none), counterparty and remittance. */
function camtTransactionRow(base: BankRow, tx: unknown, debit: boolean, entryAmount: string): BankRow {
  const txAmt = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? at(tx, 'AmtDtls', 'InstdAmt', 'Amt');
  const txDebit = t(tx, 'CdtDbtInd') ? t(tx, 'CdtDbtInd') === 'DBIT' : debit;
  // The counterparty is the debtor of money in, the creditor of money out; camt.053.001.08+
  // wraps the party in <Pty>.
  const party = txDebit ? 'Cdtr' : 'Dbtr';
  const partyName = t(tx, 'RltdPties', party, 'Nm') || t(tx, 'RltdPties', party, 'Pty', 'Nm') || t(tx, 'RltdPties', `Ultmt${party}`, 'Nm');
  const partyIban = t(tx, 'RltdPties', `${party}Acct`, 'Id', 'IBAN') || t(tx, 'RltdPties', `${party}Acct`, 'Id', 'Othr', 'Id');
  const partyBic = t(tx, 'RltdAgts', `${party}Agt`, 'FinInstnId', 'BICFI') || t(tx, 'RltdAgts', `${party}Agt`, 'FinInstnId', 'BIC');
  const rmt = at(tx, 'RmtInf') as Record<string, unknown> | undefined;
  const ustrd = asArray(rmt?.Ustrd as unknown[]).map(text);
  const strd = asArray(rmt?.Strd as unknown[]);
  const cdtrRefs = strd.flatMap((s) => asArray((s as Record<string, unknown>).CdtrRefInf as unknown[]).map((c) => t(c, 'Ref')));
  const docs = strd.flatMap((s) => asArray((s as Record<string, unknown>).RfrdDocInf as unknown[]).map((d) => t(d, 'Nb')));
  const addtl = strd.map((s) => join(asArray((s as Record<string, unknown>).AddtlRmtInf as unknown[]).map(text))).filter(Boolean);
  const remittance = join([...ustrd, ...addtl]);
  const refs = [...new Set([...cdtrRefs.filter(Boolean), ...rfReferences(remittance)])];
  return {
    ...base,
    amount: txAmt !== undefined ? signed(text(txAmt), txDebit) : entryAmount,
    currency: text((txAmt as Record<string, unknown>)?.['@_Ccy']) || base.currency,
    direction: txDebit ? 'DBIT' : 'CRDT',
    counterparty_name: partyName,
    counterparty_iban: partyIban,
    counterparty_bic: partyBic,
    remittance_text: remittance,
    creditor_reference: join(refs),
    referred_documents: join(docs),
    end_to_end_id: ((id) => (id === 'NOTPROVIDED' ? '' : id))(t(tx, 'Refs', 'EndToEndId')),
    mandate_id: t(tx, 'Refs', 'MndtId'),
    bank_reference: t(tx, 'Refs', 'AcctSvcrRef') || base.bank_reference,
    details: join([base.details, t(tx, 'AddtlTxInf')]),
  };
}

export function parseCamt(xml: string, name: string, format: 'camt.053' | 'camt.054'): BankRow[] {
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    isArray: (tag) => CAMT_ARRAYS.has(tag),
  });
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml, true) as Record<string, unknown>;
  } catch (error) {
    throw bad(name, format, error instanceof Error ? error.message : String(error));
  }
  const root = at(doc, 'Document') as Record<string, unknown> | undefined;
  const body = (root?.BkToCstmrStmt ?? root?.BkToCstmrDbtCdtNtfctn) as Record<string, unknown> | undefined;
  if (!body) throw bad(name, format, 'no <BkToCstmrStmt> or <BkToCstmrDbtCdtNtfctn> element');
  const statements = asArray((body.Stmt ?? body.Ntfctn) as unknown[]);
  const rows: BankRow[] = [];
  for (const st of statements) {
    const account = t(st, 'Acct', 'Id', 'IBAN') || t(st, 'Acct', 'Id', 'Othr', 'Id');
    const stmtId = t(st, 'Id');
    const stmtCcy = text((at(st, 'Acct', 'Ccy') as unknown) ?? '');
    for (const entry of asArray((st as Record<string, unknown>).Ntry as unknown[])) {
      const status = t(entry, 'Sts', 'Cd') || t(entry, 'Sts');
      if (status && !/^(BOOK|BOOKED)$/i.test(status) && format === 'camt.053') continue; // pending/info entries are not booked
      const debit = t(entry, 'CdtDbtInd') === 'DBIT';
      const entryAmt = at(entry, 'Amt');
      const base = camtEntryRow(entry, debit, { account, statement_id: stmtId, currency: stmtCcy });
      const txs = asArray((entry as Record<string, unknown>).NtryDtls as unknown[]).flatMap((d) => asArray((d as Record<string, unknown>).TxDtls as unknown[]));
      // camt signs by CdtDbtInd even for reversals (a reversed credit is booked as DBIT with RvslInd).
      const entryAmount = signed(text(entryAmt), debit);
      if (txs.length === 0) {
        rows.push({ ...base, amount: entryAmount, creditor_reference: join(rfReferences(base.details), ' ') });
        continue;
      }
      for (const tx of txs) rows.push(camtTransactionRow(base, tx, debit, entryAmount));
    }
  }
  return rows;
}

// ---------------------------------------------------------------- MT940 / MT942

/** The SEPA keywords German banks put in :86: ?20–?29 (EREF+, SVWZ+, …), read out of the joined text. */
export function sepaKeywords(purpose: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;
  const hits = [...purpose.matchAll(re)];
  hits.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = i + 1 < hits.length ? hits[i + 1].index : purpose.length;
    out[m[1]] = purpose.slice(start, end).trim();
  });
  return out;
}

interface Sub86 {
  gvc?: string;
  /** The subfield separator: `?` (German), `>`, or `<` (Polish layout). */
  sep?: string;
  [k: string]: string | undefined;
}

/** :86: subfields ?00–?63 (or >00… or, from Polish banks, <00… as they write them); `null` when the field is free text. */
export function parse86(details: string): Sub86 | null {
  const flat = details.replace(/\r?\n/g, '');
  const m = /^(\d{3})?([?><])\d{2}/.exec(flat);
  if (!m) return null;
  const sep = m[2];
  const out: Sub86 = { sep };
  if (m[1]) out.gvc = m[1];
  const body = flat.slice(m[1] ? 3 : 0);
  const re = new RegExp(`\\${sep}(\\d{2})([\\s\\S]*?)(?=\\${sep}\\d{2}|$)`, 'g');
  for (const hit of body.matchAll(re)) out[hit[1]] = (out[hit[1]] ?? '') + hit[2];
  return out;
}

/** A statement line (:61: and its :86:) to a row. `bookingDate` already has the right year. */
function mtRow(
  account: string,
  statementId: string,
  currency: string,
  tx: { valueDate: string; bookingDate: string; amount: number; transactionType: string; reference: string; bankReference: string; extraDetails: string; details: string },
): BankRow {
  const sub = parse86(tx.details);
  const row: BankRow = {
    ...empty(),
    booking_date: tx.bookingDate || tx.valueDate,
    value_date: tx.valueDate,
    amount: money(tx.amount),
    currency,
    direction: tx.amount < 0 ? 'DBIT' : 'CRDT',
    bank_reference: tx.bankReference,
    transaction_code: tx.transactionType,
    account,
    statement_id: statementId,
    details: tx.details.replace(/\r?\n/g, ''),
  };
  const customerRef = tx.reference && tx.reference !== 'NONREF' ? tx.reference : '';
  if (sub) {
    // Purpose ?20–?29 and ?60–?63 (one text cut in 27-character pieces); party ?30 BIC, ?31 IBAN, ?32/?33 name.
    // Polish banks (<00…) keep the title in <20–<25 and put the payer's name and address in <26–<29,
    // and cut the title anywhere, mid-number ("FS 55/09/2" + "026"): the pieces join without a space.
    const polish = sub.sep === '<';
    const purposeKeys = polish ? ['20', '21', '22', '23', '24', '25'] : ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
    const purpose = purposeKeys.map((k) => sub[k] ?? '').join('');
    const kw = sepaKeywords(purpose);
    const hasKw = Object.keys(kw).length > 0;
    row.remittance_text = hasKw ? (kw.SVWZ ?? '') : polish ? purpose.trim() : join(purposeKeys.map((k) => sub[k] ?? ''));
    row.end_to_end_id = kw.EREF && kw.EREF !== 'NOTPROVIDED' ? kw.EREF : customerRef;
    row.mandate_id = kw.MREF ?? '';
    row.counterparty_bic = (sub['30'] ?? '').trim();
    row.counterparty_iban = (sub['31'] ?? kw.IBAN ?? '').trim();
    row.counterparty_name = join([sub['32'] ?? '', sub['33'] ?? ''], '') || (polish ? join([sub['27'] ?? '', sub['28'] ?? ''], '') : '') || (kw.ABWA ?? '');
    if (sub.gvc) row.transaction_code = `${tx.transactionType} ${sub.gvc}`.trim();
    row.creditor_reference = join(rfReferences(`${kw.SVWZ ?? ''} ${kw.KREF ?? ''} ${purpose}`));
  } else {
    // Free text, or /TAG/value (Dutch and SWIFT-style banks: /EREF/…/REMI/…/NAME/…/IBAN/…).
    const flat = tx.details.replace(/\r?\n/g, '');
    if (/^\/[A-Z]{2,4}\//.test(flat)) {
      const tags: Record<string, string> = {};
      for (const hit of flat.matchAll(/\/([A-Z]{2,4})\/([\s\S]*?)(?=\/[A-Z]{2,4}\/|$)/g)) tags[hit[1]] = ((tags[hit[1]] ?? '') + hit[2]).replace(/\/+$/, '');
      // Rabobank and ING: /CNTP/IBAN/BIC/name/city.
      const [cntpIban = '', cntpBic = '', cntpName = ''] = (tags.CNTP ?? '').split('/');
      tags.IBAN ??= cntpIban;
      tags.BIC ??= cntpBic;
      tags.NAME ??= cntpName;
      const remi = (tags.REMI ?? '').replace(/^USTD\/\//, '').replace(/^STRD\/CUR\/\//, '');
      row.remittance_text = remi.trim();
      row.end_to_end_id = tags.EREF && tags.EREF !== 'NOTPROVIDED' ? tags.EREF.trim() : customerRef;
      row.mandate_id = (tags.MARF ?? '').trim();
      row.counterparty_name = (tags.NAME ?? '').trim();
      row.counterparty_iban = (tags.IBAN ?? '').trim();
      row.counterparty_bic = (tags.BIC ?? '').trim();
      row.creditor_reference = join([...new Set([...(/STRD\/CUR\/\//.test(tags.REMI ?? '') ? [remi.trim()] : []), ...rfReferences(remi)])]);
    } else {
      row.remittance_text = flat.trim();
      row.end_to_end_id = customerRef;
      row.creditor_reference = join(rfReferences(flat));
    }
  }
  return row;
}

/** Booking date MMDD next to a value date: the year is the one that puts them closest (Dec/Jan). */
function bookingFromValue(valueIso: string, mmdd: string): string {
  if (!valueIso || !/^\d{4}$/.test(mmdd)) return '';
  const year = Number(valueIso.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`);
  const v = Date.parse(valueIso);
  return candidates.reduce((best, c) => (Math.abs(Date.parse(c) - v) < Math.abs(Date.parse(best) - v) ? c : best));
}

const LINE_61 = /^(\d{2})(\d{2})(\d{2})(\d{4})?(R?[DC])([A-Z])?([0-9,]{1,16})([A-Z][A-Z0-9]{3})([^/\n]{0,16})(\/\/([^\n]{0,16}))?(\n([\s\S]{0,34}))?/;

export function parseMt940(src: string, name: string): BankRow[] {
  let statements: {
    transactionReference: string;
    accountIdentification: string;
    currency: string;
    number: { statement: string; sequence?: string };
    transactions: { date: Date; entryDate?: Date | ''; amount: number; transactionType: string; reference: string; bankReference: string; extraDetails: string; details: string; tags?: unknown }[];
    tags?: { id: string | number; data: string }[];
  }[];
  try {
    // Tags kept: mt940js's entry date takes the value date's year, which is wrong over New Year.
    statements = new Mt940Parser({ no86Structure: true }).parse(src, true) as typeof statements;
  } catch (error) {
    throw bad(name, 'mt940', error instanceof Error ? error.message : String(error));
  }
  const rows: BankRow[] = [];
  for (const s of statements) {
    const lines61 = (s.tags ?? []).filter((tag) => Number(tag.id) === 61).map((tag) => LINE_61.exec(tag.data));
    s.transactions.forEach((tx, i) => {
      const valueDate = isoDate(tx.date);
      const mmdd = lines61[i]?.[4] ?? '';
      rows.push(
        mtRow(s.accountIdentification.replace(/\s+[A-Z]{3}$/, ''), join([s.number.statement, s.number.sequence ?? ''], '/'), s.currency, {
          valueDate,
          bookingDate: bookingFromValue(valueDate, mmdd),
          amount: tx.amount,
          transactionType: tx.transactionType,
          reference: tx.reference,
          bankReference: tx.bankReference,
          extraDetails: tx.extraDetails,
          details: tx.details ?? '',
        }),
      );
    });
  }
  return rows;
}

/** MT942: the same :61:/:86: lines without opening/closing balances (mt940js requires both). */
export function parseMt942(src: string, name: string): BankRow[] {
  const body = src.replace(/\r\n/g, '\n').replace(/^[\s\S]*?\{4:\n?/, '').replace(/\n-\}[\s\S]*$/, '');
  const tags: { id: string; data: string }[] = [];
  for (const line of body.split('\n')) {
    const m = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (m) tags.push({ id: m[1], data: m[2] });
    else if (tags.length && line !== '-' && line !== '') tags[tags.length - 1].data += `\n${line}`;
  }
  const account = tags.find((x) => x.id.startsWith('25'))?.data.trim() ?? '';
  const statementId = tags.find((x) => x.id === '28C' || x.id === '28')?.data.trim() ?? '';
  const floor = tags.find((x) => x.id.startsWith('34F'))?.data ?? '';
  const currency = /^([A-Z]{3})/.exec(floor)?.[1] ?? /([A-Z]{3})/.exec(tags.find((x) => x.id.startsWith('90'))?.data ?? '')?.[1] ?? '';
  if (!account) throw bad(name, 'mt942', 'no :25: account line');
  const rows: BankRow[] = [];
  tags.forEach((tag, i) => {
    if (tag.id !== '61') return;
    const m = LINE_61.exec(tag.data);
    if (!m) throw bad(name, 'mt942', `statement line :61:${tag.data.split('\n')[0]} does not follow the :61: layout`);
    const yy = Number(m[1]);
    const valueDate = `${yy < 80 ? 2000 + yy : 1900 + yy}-${m[2]}-${m[3]}`;
    const debit = m[5].endsWith('D');
    const reversal = m[5].startsWith('R');
    const amount = Number(m[7].replace(',', '.')) * (debit !== reversal ? -1 : 1);
    const next = tags[i + 1];
    rows.push(
      mtRow(account, statementId, currency, {
        valueDate,
        bookingDate: bookingFromValue(valueDate, m[4] ?? ''),
        amount,
        transactionType: m[8],
        reference: m[9].trim(),
        bankReference: (m[11] ?? '').trim(),
        extraDetails: (m[13] ?? '').trim(),
        details: next?.id === '86' ? next.data : '',
      }),
    );
  });
  return rows;
}

// ---------------------------------------------------------------- BAI2

/** BAI2 funds types and how many fields follow each. */
export function parseBai2(src: string, name: string): BankRow[] {
  // 88 continues the previous record. After a record that ends with "/" it starts the next field;
  // otherwise the previous record was cut inside its data (a 16 record's text, at the physical
  // record length, mid-word: "RMR*IV*3182" + "34*PI*8213.50") and the data goes on as written.
  const records: string[] = [];
  for (const raw of src.replace(/\r\n/g, '\n').split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) continue;
    if (line.startsWith('88,') && records.length) {
      const prev = records[records.length - 1].trimEnd();
      records[records.length - 1] = prev.endsWith('/') ? `${prev.slice(0, -1)},${line.slice(3)}` : `${records[records.length - 1]}${line.slice(3)}`;
    } else records.push(line.trimEnd());
  }
  const rows: BankRow[] = [];
  let asOf = '';
  let groupCurrency = 'USD';
  let account = '';
  let currency = '';
  let sawHeader = false;
  for (const rec of records) {
    const code = rec.slice(0, 2);
    const f = rec.replace(/\/$/, '').split(',');
    if (code === '01') sawHeader = true;
    else if (code === '02') {
      asOf = f[4] ? `20${f[4].slice(0, 2)}-${f[4].slice(2, 4)}-${f[4].slice(4, 6)}` : '';
      groupCurrency = f[6] || 'USD';
    } else if (code === '03') {
      account = f[1] ?? '';
      currency = f[2] || groupCurrency;
    } else if (code === '16') {
      const type = Number(f[1]);
      if (!Number.isFinite(type)) throw bad(name, 'bai2', `transaction record “${rec.slice(0, 40)}” has no type code`);
      let i = 2;
      const cents = f[i++] ?? '';
      const funds = (f[i++] ?? '').toUpperCase();
      let valueDate = '';
      if (funds === 'S') i += 3;
      else if (funds === 'V') {
        const d = f[i] ?? '';
        valueDate = d ? `20${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}` : '';
        i += 2;
      } else if (funds === 'D') i += 1 + 2 * Number(f[i] ?? 0);
      const bankRef = f[i++] ?? '';
      const custRef = f[i++] ?? '';
      const textPart = f.slice(i).join(',').trim();
      // Type codes 100–399 are credits, 400–699 debits (BAI2 2005, section 4).
      const debit = type >= 400 && type < 700;
      const decimals = ['JPY', 'KRW'].includes(currency) ? 0 : 2;
      const n = Number(cents) / 10 ** decimals;
      const ref = (s: string) => s.replace(/^0+$/, '');
      rows.push({
        ...empty(),
        booking_date: asOf,
        value_date: valueDate || asOf,
        amount: money(debit ? -n : n),
        currency,
        direction: debit ? 'DBIT' : 'CRDT',
        remittance_text: textPart,
        creditor_reference: join(rfReferences(textPart)),
        end_to_end_id: ref(custRef),
        bank_reference: ref(bankRef),
        transaction_code: String(type),
        account,
        counterparty_name: /(?:^|\s)(?:ORIG(?:INATOR)?|FROM|B\/O)[:\s]+([^/]+?)(?:\s{2,}|\s+(?:ID|REF|ENTRY|DESCR)[:\s]|$)/i.exec(textPart)?.[1]?.trim() ?? '',
      });
    }
  }
  if (!sawHeader) throw bad(name, 'bai2', 'no 01 file header record');
  return rows;
}

// ---------------------------------------------------------------- OFX

/** OFX date YYYYMMDD[HHMMSS[.XXX]][gmt offset] → YYYY-MM-DD (the date as the bank wrote it). */
const ofxDate = (s: string) => (/^\d{8}/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : '');

export function parseOfxStatement(src: string, name: string): BankRow[] {
  let parsed: { OFX: Record<string, unknown> };
  try {
    parsed = parseOfx(src) as { OFX: Record<string, unknown> };
  } catch (error) {
    throw bad(name, 'ofx', error instanceof Error ? error.message : String(error));
  }
  const responses = [
    ...asArray(at(parsed.OFX, 'BANKMSGSRSV1') ? ((parsed.OFX.BANKMSGSRSV1 as Record<string, unknown>).STMTTRNRS as unknown) : undefined).map((r) => at(r, 'STMTRS')),
    ...asArray(at(parsed.OFX, 'CREDITCARDMSGSRSV1') ? ((parsed.OFX.CREDITCARDMSGSRSV1 as Record<string, unknown>).CCSTMTTRNRS as unknown) : undefined).map((r) => at(r, 'CCSTMTRS')),
  ].filter(Boolean) as Record<string, unknown>[];
  if (responses.length === 0) throw bad(name, 'ofx', 'no bank or credit-card statement (STMTRS) in the file');
  const rows: BankRow[] = [];
  for (const rs of responses) {
    const currency = t(rs, 'CURDEF');
    const account = t(rs, 'BANKACCTFROM', 'ACCTID') || t(rs, 'CCACCTFROM', 'ACCTID');
    const list = at(rs, 'BANKTRANLIST') as Record<string, unknown> | undefined;
    for (const tx of asArray(list?.STMTTRN as unknown[])) {
      const amount = Number(t(tx, 'TRNAMT').replace(',', '.'));
      const memo = t(tx, 'MEMO');
      const ccy = t(tx, 'CURRENCY', 'CURSYM') || currency;
      rows.push({
        ...empty(),
        booking_date: ofxDate(t(tx, 'DTPOSTED')),
        value_date: ofxDate(t(tx, 'DTAVAIL')) || ofxDate(t(tx, 'DTPOSTED')),
        amount: Number.isFinite(amount) ? money(amount) : '',
        currency: ccy,
        direction: amount < 0 ? 'DBIT' : 'CRDT',
        counterparty_name: t(tx, 'NAME') || t(tx, 'PAYEE', 'NAME'),
        counterparty_iban: t(tx, 'BANKACCTTO', 'ACCTID'),
        remittance_text: memo,
        creditor_reference: join(rfReferences(memo)),
        end_to_end_id: t(tx, 'REFNUM') || t(tx, 'CHECKNUM'),
        bank_reference: t(tx, 'FITID'),
        transaction_code: t(tx, 'TRNTYPE'),
        account,
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------- to CSV

export function parseBankStatement(content: string, format: BankFormat, name: string): BankRow[] {
  switch (format) {
    case 'camt.053':
    case 'camt.054':
      return parseCamt(content, name, format);
    case 'mt940':
      return parseMt940(content, name);
    case 'mt942':
      return parseMt942(content, name);
    case 'bai2':
      return parseBai2(content, name);
    case 'ofx':
      return parseOfxStatement(content, name);
    case 'bgmax':
      return parseBgmax(content, name);
    case 'cfonb120':
      return parseCfonb120(content, name);
    case 'norma43':
      return parseNorma43(content, name);
    case '1c':
      return parse1c(content, name);
  }
}

const csvCell = (s: string) => `"${s.replace(/"/g, '""').replace(/[\r\n]+/g, ' ')}"`;

export interface BankConversion {
  format: BankFormat;
  rows: number;
  /** The columns written, in order. */
  columns: string[];
  /** Columns left empty in every row (dropped from the table). */
  dropped: string[];
}

/** The columns typed from their values (ISO dates, a plain decimal); every other one is text. */
export const BANK_TYPED_COLUMNS: ReadonlySet<string> = new Set(['booking_date', 'value_date', 'amount']);

/**
 * Reads a bank file and writes its transactions as a CSV (header + one line per transaction;
 * line N + 1 of the CSV is transaction N). Columns empty in every row are left out.
 */
export async function bankStatementToCsv(path: string, csvPath: string, format: BankFormat, name: string): Promise<BankConversion> {
  const bytes = await readFile(path);
  const content = format === '1c' ? decode1c(bytes) : decode(bytes);
  const rows = parseBankStatement(content, format, name);
  if (rows.length === 0) throw new ReconError('empty_file', `${name} is a ${BANK_FORMAT_NAMES[format]} with no transactions`, { format });
  const kept = BANK_COLUMNS.filter((c) => ['booking_date', 'value_date', 'amount', 'currency'].includes(c) || rows.some((r) => r[c] !== ''));
  const lines = [kept.join(','), ...rows.map((r) => kept.map((c) => csvCell(r[c])).join(','))];
  await writeFile(csvPath, `${lines.join('\n')}\n`, 'utf8');
  return { format, rows: rows.length, columns: kept, dropped: BANK_COLUMNS.filter((c) => !kept.includes(c)) };
}
