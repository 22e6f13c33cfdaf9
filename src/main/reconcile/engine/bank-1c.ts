/**
 * 1CClientBankExchange (Russia and the CIS): the text file banks' client systems exchange with 1C
 * accounting ("kl_to_1c.txt"), read from the published format (version 1.02/1.03). A header of
 * `key=value` lines names the account(s) the file is for (`РасчСчет=`), then one section per
 * account (`СекцияРасчСчет` … `КонецРасчСчет`: balances) and one per document (`СекцияДокумент=<kind>`
 * … `КонецДокумента`), and `КонецФайла`. Amounts carry no sign: a document is money in when our
 * account receives it (`ПолучательСчет` / `ПолучательРасчСчет`) and money out when our account pays
 * (`ПлательщикСчет` / `ПлательщикРасчСчет`); `ДатаПоступило` / `ДатаСписано` say the same when the
 * accounts do not. `Кодировка=Windows` is Windows-1251, `Кодировка=DOS` is CP866.
 */
import { bad, empty, join, money, rfReferences, type BankRow } from './bank-row';

export const detect1c = (text: string): boolean => /^1CClientBankExchange[ \t]*(\r?\n|$)/.test(text);

/** The file's text: UTF-8 when it is valid, else the code page its `Кодировка` line names. */
export function decode1c(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    const dos = new TextDecoder('ibm866').decode(buf);
    return /^Кодировка=DOS\s*$/m.test(dos) ? dos : new TextDecoder('windows-1251').decode(buf);
  }
}

const isoFromDotted = (s: string) => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};

/** "ИНН 7052682050 ООО \"ТОРГЛОГИСТИК\"" → the name after the tax number. */
const nameOf = (v: string) => v.replace(/^ИНН\s*\d+\s*/u, '').trim();

export function parse1c(src: string, name: string): BankRow[] {
  const lines = src.split(/\r?\n/);
  if (!detect1c(lines[0] ?? '')) throw bad(name, '1c', 'no 1CClientBankExchange first line');
  const ours = new Set<string>();
  const docs: { kind: string; fields: Map<string, string>; line: number }[] = [];
  let doc: (typeof docs)[number] | null = null;
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line === 'КонецФайла') continue;
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq);
    const value = eq < 0 ? '' : line.slice(eq + 1).trim();
    if (key === 'СекцияДокумент') {
      if (doc) throw bad(name, '1c', `the document at line ${doc.line} has no КонецДокумента before line ${i + 1}`);
      doc = { kind: value, fields: new Map(), line: i + 1 };
    } else if (key === 'КонецДокумента') {
      if (!doc) throw bad(name, '1c', `КонецДокумента at line ${i + 1} ends no document`);
      docs.push(doc);
      doc = null;
    } else if (doc) {
      doc.fields.set(key, value);
    } else if (key === 'РасчСчет' && value) {
      ours.add(value);
    }
  }
  if (doc) throw bad(name, '1c', `the document at line ${doc.line} has no КонецДокумента (the file is cut short)`);
  return docs.map(({ kind, fields, line }) => {
    const f = (k: string) => fields.get(k) ?? '';
    const amount = Number(f('Сумма').replace(',', '.'));
    if (!f('Сумма') || !Number.isFinite(amount)) throw bad(name, '1c', `the document at line ${line} has no readable Сумма ("${f('Сумма')}")`);
    const payerAccount = f('ПлательщикСчет') || f('ПлательщикРасчСчет');
    const payeeAccount = f('ПолучательСчет') || f('ПолучательРасчСчет');
    const incoming = ours.has(payeeAccount) && !ours.has(payerAccount) ? true : ours.has(payerAccount) && !ours.has(payeeAccount) ? false : f('ДатаПоступило') ? true : f('ДатаСписано') ? false : null;
    if (incoming === null) throw bad(name, '1c', `the document at line ${line} neither pays nor receives on the file's account (${[...ours].join(', ') || 'none named'})`);
    const party = incoming ? 'Плательщик' : 'Получатель';
    const remittance = join([f('НазначениеПлатежа'), ...[1, 2, 3, 4, 5, 6].map((n) => f(`НазначениеПлатежа${n}`))]);
    const inn = f(`${party}ИНН`);
    return {
      ...empty(),
      booking_date: isoFromDotted(incoming ? f('ДатаПоступило') || f('Дата') : f('ДатаСписано') || f('Дата')),
      value_date: isoFromDotted(f('Дата')),
      amount: money(incoming ? Math.abs(amount) : -Math.abs(amount)),
      currency: 'RUB',
      direction: incoming ? 'CRDT' : 'DBIT',
      counterparty_name: nameOf(f(`${party}1`) || f(party)),
      counterparty_iban: incoming ? payerAccount : payeeAccount,
      counterparty_bic: f(`${party}БИК`),
      remittance_text: remittance,
      creditor_reference: join(rfReferences(remittance)),
      transaction_code: join([kind, f('ВидОплаты')], ' '),
      account: incoming ? payeeAccount : payerAccount,
      // The counterparty's tax numbers (what a Russian ledger lists its customers by) and the payment
      // order's number. Not a column of its own: a 4-digit order number is no reference of ours, and as a
      // column of unique values it looked like the open items' key (ru-1c's sides were swapped).
      details: join([inn && `ИНН ${inn}`, f(`${party}КПП`) && `КПП ${f(`${party}КПП`)}`, f('Номер') && `п/п № ${f('Номер')}`], '; '),
    };
  });
}
