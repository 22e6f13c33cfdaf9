import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReconError } from '../../../src/main/errors';
import { csv, recipe, refRule, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

async function expectReconError(promise: Promise<unknown>, code: string, message?: RegExp): Promise<ReconError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReconError);
  expect((error as ReconError).code).toBe(code);
  if (message) expect((error as ReconError).message).toMatch(message);
  return error as ReconError;
}

const BODY = ['INV-1,10.00,2024-01-01', 'INV-2,20.00,2024-01-02'];

describe('sources: delimiters, compression and encodings', () => {
  it.each([
    ['comma', ',', 'a.csv'],
    ['tab', '\t', 'a.tsv'],
    ['semicolon', ';', 'a.csv'],
    ['pipe', '|', 'a.txt'],
  ])('detects the %s delimiter', async (_name, delimiter, file) => {
    const ws = await sb.workspace();
    const text = csv('ref,amount,date', BODY).replace(/,/g, delimiter);
    const info = await ws.addSourceFromPath('left', sb.file(file, text));
    expect(info.delimiter).toBe(delimiter);
    expect(info.columns.map((c) => [c.name, c.type])).toEqual([
      ['ref', 'text'],
      ['amount', 'number'],
      ['date', 'date'],
    ]);
    expect(info.row_count).toBe(2);
  });

  it('reads gzip-compressed files', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('a.csv.gz', gzipSync(csv('ref,amount,date', BODY))));
    expect(info.compressed).toBe(true);
    expect(info.row_count).toBe(2);
  });

  it('reads UTF-8 with BOM without a stray character in the first column name', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv('ref,amount,date', BODY))])));
    expect(info.columns[0].name).toBe('ref');
    expect(info.encoding).toBe('utf-8');
  });

  it('transcodes UTF-16 LE and BE (with BOM) to a UTF-8 copy', async () => {
    const ws = await sb.workspace();
    const text = csv('réf,amount,date', ['Café,10.00,2024-01-01']);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1], be[i]];
    const a = await ws.addSourceFromPath('left', sb.file('le.csv', le));
    const b = await ws.addSourceFromPath('right', sb.file('be.csv', be));
    expect(a.encoding).toBe('utf-16le');
    expect(b.encoding).toBe('utf-16be');
    for (const side of ['left', 'right'] as const) {
      const page = await ws.preview(side, { offset: 0, limit: 5 });
      expect(page.items[0]['réf']).toBe('Café');
    }
    expect(a.notices.some((n) => n.code === 'transcoded')).toBe(true);
  });

  it('detects Windows-1252 and transcodes it', async () => {
    const ws = await sb.workspace();
    const bytes = Buffer.from('ref;amount;payee\nINV-1;10,00;Caf\xe9 M\xfcller \x80\n', 'latin1');
    const info = await ws.addSourceFromPath('left', sb.file('w.csv', bytes));
    expect(info.encoding).toBe('windows-1252');
    const page = await ws.preview('left', { offset: 0, limit: 1 });
    expect(page.items[0].payee).toBe('Café Müller €');
  });

  it('tells Central European (Windows-1250) from Western (Windows-1252) text by the letters each reading gives', async () => {
    const { singleByteCodePage } = await import('../../../src/main/reconcile/engine/file-sniff');
    // Czech: "Částka;Zpráva: platba faktury, splatnost, děkujeme; šek; žádost; zeť" in Windows-1250.
    const czech = Buffer.from([0xc8, 0xe1, 0x73, 0x74, 0x6b, 0x61, 0x3b, 0x5a, 0x70, 0x72, 0xe1, 0x76, 0x61, 0x3a, 0x20, 0x64, 0xec, 0x6b, 0x75, 0x6a, 0x65, 0x6d, 0x65, 0x3b, 0x20, 0x9a, 0x65, 0x6b, 0x3b, 0x20, 0x9e, 0xe1, 0x64, 0x6f, 0x73, 0x74]);
    expect(singleByteCodePage(czech)).toBe('windows-1250');
    // Polish: "Płatność za fakturę; zaliczka" — ł, ś, ć, ę.
    expect(singleByteCodePage(Buffer.from([0x50, 0xb3, 0x61, 0x74, 0x6e, 0x6f, 0x9c, 0xe6, 0x20, 0x7a, 0x61, 0x20, 0x66, 0x61, 0x6b, 0x74, 0x75, 0x72, 0xea]))).toBe('windows-1250');
    // French and German stay Western: "Reçu à l'échéance, façade; Straße, Müller".
    expect(singleByteCodePage(Buffer.from('Re\xe7u \xe0 l\'\xe9ch\xe9ance, fa\xe7ade; Stra\xdfe, M\xfcller', 'latin1'))).toBe('windows-1252');
    // A Czech export with a byte Windows-1252 cannot read (ť, 0x9D) loads as Windows-1250, readable.
    const ws = await sb.workspace();
    const bytes = Buffer.concat([Buffer.from('doklad;castka;text\nFV-1;10,00;', 'latin1'), Buffer.from([0x7a, 0x65, 0x9d, 0x20, 0x9a, 0x65, 0x6b]), Buffer.from('\n', 'latin1')]);
    const info = await ws.addSourceFromPath('left', sb.file('cz.csv', bytes));
    expect(info.encoding).toBe('windows-1250');
    expect((await ws.preview('left', { offset: 0, limit: 1 })).items[0].text).toBe('zeť šek');
  });

  it('a Windows-1252 preamble with a dash ("–", 0x96) above the header: the table is cut where the header starts', async () => {
    const ws = await sb.workspace();
    const bytes = Buffer.from('Kontoauszug \x96 Oktober 2026\r\n\r\nDatum;Text;Betrag\r\n2026-10-01;Caf\xe9 \x96 Miete;-1.234,56\r\n2026-10-02;Gutschrift;99,00\r\n', 'latin1');
    const info = await ws.addSourceFromPath('left', sb.file('dash.csv', bytes));
    expect(info.encoding).toBe('windows-1252');
    expect(info.row_count).toBe(2);
    const page = await ws.preview('left', { offset: 0, limit: 2 });
    expect(page.items.map((r) => [r.Text, Number(r.Betrag)])).toEqual([['Café – Miete', -1234.56], ['Gutschrift', 99]]);
  });

  it('a Hungarian export (Windows-1250: ő, ű; dates "2026.10.01."; whole forints "1 234 567"; an "Összesen" line) reads as written', async () => {
    const cp1250: Record<string, number> = { 'ő': 0xf5, 'ű': 0xfb, 'á': 0xe1, 'é': 0xe9, 'ó': 0xf3, 'Ö': 0xd6, 'ö': 0xf6, 'ü': 0xfc, 'í': 0xed };
    const encode = (text: string) => Buffer.from([...text].map((ch) => cp1250[ch] ?? ch.charCodeAt(0)));
    const text = [
      'Vevő nyitott tételek',
      '',
      'Partner neve;Számlaszám;Kelte;Nyitott összeg',
      'Győri Fűrésztelep Kft.;KV-2026/01234;2026.10.01.;1 234 567',
      'Szőke Bútor Zrt.;KV-2026/01235;2026.10.02.;84 497',
      '',
      'Összesen:;;;1 319 064',
      '',
    ].join('\r\n');
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('hu.csv', encode(text)));
    expect(info.encoding).toBe('windows-1250');
    expect(info.row_count).toBe(2);
    expect(info.columns.find((c) => c.name === 'Kelte')?.type).toBe('date');
    const rows = (await ws.preview('left', { offset: 0, limit: 5 })).items;
    expect(rows.map((r) => [r['Partner neve'], r.Kelte, Number(r['Nyitott összeg'])])).toEqual([
      ['Győri Fűrésztelep Kft.', '2026-10-01', 1234567],
      ['Szőke Bútor Zrt.', '2026-10-02', 84497],
    ]);
  });

  it('rows that all end with a delimiter the header lacks (Chase): the header names the columns, the last one empty', async () => {
    const ws = await sb.workspace();
    const content = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #\nDEBIT,11/20/2026,ACH US FOODS,-1779.34,ACH_DEBIT,1910696.28,,\nCHECK,11/20/2026,CHECK 4693,-2072.63,CHECK_PAID,1917046.54,4693,\nCREDIT,11/19/2026,REMOTE ONLINE DEPOSIT,5120.00,DEPOSIT,1919119.17,,\n';
    const info = await ws.addSourceFromPath('left', sb.file('chase.csv', content));
    expect(info.row_count).toBe(3);
    expect(info.columns.slice(0, 7).map((c) => c.name)).toEqual(['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #']);
    const rows = (await ws.preview('left', { offset: 0, limit: 3 })).items;
    expect(rows.map((r) => Number(r.Amount))).toEqual([-1779.34, -2072.63, 5120]);
  });

  it('tells Turkish (Windows-1254) from Western text: ğ, ı, ş are ð, ý, þ in Windows-1252', async () => {
    const { singleByteCodePage } = await import('../../../src/main/reconcile/engine/file-sniff');
    // "Cari Hesap Ünvanı;Öztürk Plastik San. ve Tic. Ltd. Şti.;Açıklama: Karton koli, Değirmen" in Windows-1254.
    const bytes = Buffer.from(
      [...'Cari Hesap \u00dcnvan\u0131;\u00d6zt\u00fcrk Plastik San. ve Tic. Ltd. \u015eti.;A\u00e7\u0131klama: Karton koli, De\u011firmen\n'].map((ch) => {
        const table: Record<string, number> = { '\u00dc': 0xdc, '\u0131': 0xfd, '\u00d6': 0xd6, '\u00fc': 0xfc, '\u015e': 0xde, '\u00e7': 0xe7, '\u011f': 0xf0 };
        return table[ch] ?? ch.charCodeAt(0);
      }),
    );
    expect(singleByteCodePage(bytes)).toBe('windows-1254');
    // German and Czech stay where they were.
    expect(singleByteCodePage(Buffer.from('Stra\xdfe, M\xfcller, Gr\xfc\xdfe', 'latin1'))).toBe('windows-1252');
    // Icelandic is Western: its ð, ý, þ are the bytes of ğ, ı, ş, but Turkish writes no á, í, ó, ú, æ
    // (a Business Central customer ledger; read as Windows-1254 or 1251 it was mojibake).
    const icelandic = 'Bókunardags.;Tegund fylgiskjals;Nr. fylgiskjals;Viðskm.nr.;Heiti;Kennitala;Lýsing;Gjalddagi;Upphæð;Eftirstöðvar;Kröfunúmer\n02.09.2026;Reikningur;R-26-0412;10043;Þórsútgerðin ehf.;5402692309;Vörusala;02.10.2026;1.234.567;1.234.567;0412\n';
    expect(singleByteCodePage(Buffer.from(icelandic, 'latin1'))).toBe('windows-1252');
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('tr.csv', Buffer.concat([Buffer.from('cari;unvan;tutar\n120.01;', 'latin1'), bytes.subarray(bytes.indexOf(0x3b) + 1, bytes.indexOf(0x3b, bytes.indexOf(0x3b) + 1)), Buffer.from(';10,00\n', 'latin1')])));
    expect(info.encoding).toBe('windows-1254');
    expect((await ws.preview('left', { offset: 0, limit: 1 })).items[0].unvan).toBe('\u00d6zt\u00fcrk Plastik San. ve Tic. Ltd. \u015eti.');
  });

  it('reads Hebrew, Cyrillic, Greek, Arabic and Thai exports in their Windows code pages, and keeps Latin text Latin', async () => {
    const { singleByteCodePage } = await import('../../../src/main/reconcile/engine/file-sniff');
    const ledgers = {
      'windows-1255': 'שם לקוח,מספר חשבונית,סכום\nאלקטרה מוצרי צריכה בע"מ,INV-104233,"12,345.60"\nשטראוס גרופ,INV-104234,"8,800.00"\n',
      'windows-1251': 'Контрагент;Номер документа;Сумма\nООО Ромашка;СЧ-000123;12 345,60\nАО Северсталь;СЧ-000124;8 800,00\n',
      'windows-1253': 'Πελάτης;Παραστατικό;Ποσό\nΑΦΟΙ ΠΑΠΑΔΟΠΟΥΛΟΙ Ο.Ε.;ΤΙΜ-1042;1.234,50\nΚρητικά Τρόφιμα ΑΕ;ΤΙΜ-1043;880,00\n',
      'windows-1256': 'اسم العميل,رقم الفاتورة,المبلغ\nشركة النور للتجارة,INV-7781,"12,345.60"\nمؤسسة الفجر,INV-7782,"880.00"\n',
      // An Express-style Thai receivables report (TIS-620): read as Windows-1251 it was Cyrillic mojibake.
      'windows-874': 'รหัสลูกค้า,ชื่อลูกค้า,เลขที่เอกสาร,ยอดคงค้าง\nAR-0101,บริษัท โกลบอลนครไทย กรุ๊ป จำกัด,IV6908-00161,"407,670.00"\nAR-0102,คุณมาลี ใจดี,IV6909-00141,"59,478.73"\n',
    } as const;
    for (const [encoding, text] of Object.entries(ledgers) as [keyof typeof ledgers, string][]) {
      const bytes = encodeSingleByte(text, encoding);
      expect(singleByteCodePage(bytes), encoding).toBe(encoding);
      const ws = await sb.workspace();
      const info = await ws.addSourceFromPath('left', sb.file(`${encoding}.csv`, bytes));
      expect(info.encoding).toBe(encoding);
      const [header, row] = text.split('\n');
      const sep = header.includes(';') ? ';' : ',';
      const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
      expect(first[header.split(sep)[0]], encoding).toBe(row.split(sep)[0]);
    }
    // Latin pages keep their own: French, German, Czech, Turkish, Hungarian words.
    expect(singleByteCodePage(Buffer.from('Mat\xe9riaux Laurentides; \xc9ch\xe9ance; Pay\xe9; Montr\xe9al; Stra\xdfe, M\xfcller, Gr\xfc\xdfe', 'latin1'))).toBe('windows-1252');
    expect(singleByteCodePage(encodeSingleByte('Částka; Zpráva: platba faktury, splatnost, děkujeme; šek; žádost', 'windows-1250'))).toBe('windows-1250');
    expect(singleByteCodePage(encodeSingleByte('Győr, Kőbányai Szerviz Kft., Tűzoltó utca, Összesen', 'windows-1250'))).toBe('windows-1250');
    expect(singleByteCodePage(encodeSingleByte('Öztürk Plastik San. ve Tic. Ltd. Şti.; Açıklama: Değirmen', 'windows-1254'))).toBe('windows-1254');
  });

  it('reads Chinese, Japanese and Korean exports that are not UTF-8 (GB18030, Shift_JIS, EUC-KR), and keeps Western text Western', async () => {
    const { detectMultiByte } = await import('../../../src/main/reconcile/engine/multibyte-encoding');
    const { singleByteCodePage } = await import('../../../src/main/reconcile/engine/file-sniff');
    const ledgers = {
      gb18030: '客户名称,单据编号,价税合计\n东莞汇通汽车零部件有限公司,AR-202607-03916,"185,320.00"\n宁波恒达机械制造有限公司,AR-202607-03922,"211,905.59"\n',
      shift_jis: '得意先名,伝票番号,請求残高\n株式会社みなと精工,U0041500,"12,000"\nトクイサキ工業株式会社,U0041501,"8,800"\n',
      'euc-kr': '거래처,전표번호,미수금액\n주식회사 한빛상사,KR-0001,"1,552,342"\n대한물산 주식회사,KR-0002,"122,793"\n',
    } as const;
    for (const [encoding, text] of Object.entries(ledgers) as [keyof typeof ledgers, string][]) {
      const bytes = encodeLegacy(text, encoding);
      expect(detectMultiByte(bytes), encoding).toBe(encoding);
      const ws = await sb.workspace();
      const info = await ws.addSourceFromPath('left', sb.file(`${encoding}.csv`, bytes));
      expect(info.encoding).toBe(encoding);
      const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
      const [header, row] = text.split('\n');
      expect(first[header.split(',')[0]]).toBe(row.split(',')[0]);
    }
    // Western text in Windows-1252 decodes as GB18030 too ("é" + a letter is a valid pair), but not as Chinese.
    const french = Buffer.from('Mat\xe9riaux Laurentides inc.;Rapport d\xe9taill\xe9 de l\'\xe2ge des comptes clients;\xc9ch\xe9ance;Pay\xe9;Montr\xe9al;Qu\xe9bec\n', 'latin1');
    expect(detectMultiByte(french)).toBeNull();
    expect(singleByteCodePage(french)).toBe('windows-1252');
  });

  it('reads Persian and Arabic-Indic digits as 0–9: amounts, dates and references, and says so', async () => {
    // An Iranian bank's statement written wholly in Persian digits, the thousands separator ٬ in
    // unquoted fields; an Arabic ledger in Arabic-Indic digits with ٫ as the decimal point.
    const persian = 'ردیف,تاریخ,شرح,واریز\n۱,۱۴۰۵/۰۸/۱۵,واریز بابت فاکتور ۲۳۷۲۲,۲۰۰٬۰۰۰٬۰۰۰\n۲,۱۴۰۵/۰۸/۱۶,انتقال کارت به کارت,۶۰٬۰۰۰٬۰۰۰\n';
    const arabic = 'رقم الفاتورة;التاريخ;المبلغ\nINV-٧٧٨١;٢٠٢٦-١٠-٠١;١٢٣٤٥٫٦٠\nINV-٧٧٨٢;٢٠٢٦-١٠-٠٢;٨٨٠٫٠٠\n';
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('soorathesab.csv', persian));
    expect(info.notices.some((n) => n.code === 'native_digits')).toBe(true);
    expect(info.columns.find((c) => c.name === 'واریز')?.type).toBe('number');
    const rows = (await ws.preview('left', { offset: 0, limit: 2 })).items;
    expect(rows.map((r) => Number(r['واریز']))).toEqual([200_000_000, 60_000_000]);
    expect(rows[0]['شرح']).toBe('واریز بابت فاکتور 23722');
    const info2 = await ws.addSourceFromPath('right', sb.file('fawater.csv', arabic));
    expect(info2.columns.map((c) => c.type)).toEqual(['text', 'date', 'number']);
    expect((await ws.preview('right', { offset: 0, limit: 2 })).items.map((r) => Number(r['المبلغ']))).toEqual([12345.6, 880]);
  });

  it('cuts the balance lines below a Persian-digit statement at the right place, with or without a BOM', async () => {
    // The layout is found in the file's text and cut from the copy with 0–9 (one byte each, not two):
    // a small file, read whole as the sample, left the lines after the blank line in (v14's ir-jalali).
    const rows = Array.from({ length: 40 }, (_, i) => `${(i + 1).toLocaleString('fa-IR', { useGrouping: false })},۱۴۰۵/۰۸/۱۵,واریز بابت فاکتور ${(23_700 + i).toLocaleString('fa-IR', { useGrouping: false })},۲۰۰٬۰۰۰٬۰۰۰`);
    const trailer = ['', 'مانده ابتدای دوره,۹٬۱۵۳٬۳۸۳٬۰۰۰', 'جمع واریز,۸٬۰۰۰٬۰۰۰٬۰۰۰', 'مانده پایان دوره,۱۷٬۱۵۳٬۳۸۳٬۰۰۰'];
    const text = ['صورتحساب سپرده جاری', 'شماره حساب: ۴۵۸۷۲۱۳۶۹۰', '', 'ردیف,تاریخ,شرح,واریز', ...rows, ...trailer].join('\n') + '\n';
    for (const [name, bytes] of [['plain.csv', text], ['bom.csv', '\ufeff' + text]] as const) {
      const ws = await sb.workspace(`ws-${name}`);
      const info = await ws.addSourceFromPath('right', sb.file(name, bytes));
      expect(info.row_count, name).toBe(40);
      expect(info.notices.find((n) => n.code === 'skipped_bottom')?.message, name).toMatch(/مانده پایان دوره/);
      const page = (await ws.preview('right', { offset: 38, limit: 5 })).items;
      expect(page.map((r) => [r['شرح'], Number(r['واریز'])]), name).toEqual([['واریز بابت فاکتور 23738', 200_000_000], ['واریز بابت فاکتور 23739', 200_000_000]]);
    }
  });

  it('adds a source from bytes by writing it into the workspace first', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromBytes('right', 'pasted data.csv', new TextEncoder().encode(csv('ref,amount,date', BODY)));
    expect(info.path.startsWith(ws.dir)).toBe(true);
    expect(info.name).toBe('pasted data.csv');
    expect(info.row_count).toBe(2);
  });
});

describe('sources: bad input fails precisely', () => {
  it('rejects an empty file', async () => {
    const ws = await sb.workspace();
    await expectReconError(ws.addSourceFromPath('left', sb.file('empty.csv', '')), 'empty_file', /empty/);
  });

  it('rejects a binary file with NUL bytes', async () => {
    const ws = await sb.workspace();
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0x41, 0x00, 0x00, 0x00, 0x10, 0x20]);
    await expectReconError(ws.addSourceFromPath('left', sb.file('x.xlsx', bytes)), 'binary_file', /not an Excel workbook that can be read/);
    await expectReconError(ws.addSourceFromPath('left', sb.file('x.csv', Buffer.from([0x41, 0x2c, 0x00, 0x00, 0x42, 0x0a]))), 'binary_file', /offset/);
  });

  it('rejects invalid UTF-8 when UTF-8 is requested, naming the offset', async () => {
    const ws = await sb.workspace();
    const bytes = Buffer.from('ref,amount\nA,\xff\xfe1\n', 'latin1');
    const error = await expectReconError(ws.addSourceFromPath('left', sb.file('bad.csv', bytes), { encoding: 'utf-8' }), 'invalid_encoding');
    expect(error.details.offset).toBe(13);
  });

  it('rejects a file whose first row is data, unless header: false', async () => {
    const ws = await sb.workspace();
    const path = sb.file('nohead.csv', csv('INV-1,10.00,2024-01-01', ['INV-2,20.00,2024-01-02']));
    await expectReconError(ws.addSourceFromPath('left', path), 'no_header', /header: false/);
    const info = await ws.addSourceFromPath('left', path, { header: false });
    expect(info.columns.map((c) => c.name)).toEqual(['column_1', 'column_2', 'column_3']);
    expect(info.row_count).toBe(2);
  });

  it('numbers a single ragged row by its line in the file, title lines above the table counted', async () => {
    const ws = await sb.workspace();
    const text = ['Statement of account 2024-01', '', 'ref,amount,date', 'INV-1,10.00,2024-01-01', 'INV-2,20.00', 'INV-3,30.00,2024-01-03', 'INV-4,40.00,2024-01-04', ''].join('\n');
    const path = sb.file('titled-ragged.csv', text);
    const error = await expectReconError(ws.addSourceFromPath('left', path), 'ragged_rows', /1 malformed line\(s\).* at line\(s\) 5;/);
    expect(error.details.lines).toEqual([5]);
    const info = await ws.addSourceFromPath('left', path, { skip_bad_lines: true });
    expect([info.skip_top, info.bad_lines, info.row_count]).toEqual([2, 1, 3]);
  });

  it('reports ragged rows with line numbers, or skips them with skip_bad_lines and counts them', async () => {
    const ws = await sb.workspace();
    const path = sb.file('ragged.csv', csv('ref,amount,date', ['INV-1,10.00,2024-01-01', 'INV-2,20.00', 'INV-3,30.00,2024-01-03', 'INV-4,40.00,2024-01-04,extra']));
    const error = await expectReconError(ws.addSourceFromPath('left', path), 'ragged_rows', /line\(s\) 3, 5/);
    expect(error.details.lines).toEqual([3, 5]);
    expect(await ws.source('left')).toBeNull();
    const info = await ws.addSourceFromPath('left', path, { skip_bad_lines: true });
    expect(info.bad_lines).toBe(2);
    expect(info.row_count).toBe(2);
    expect(info.notices.find((n) => n.code === 'skipped_bad_lines')?.message).toMatch(/3, 5/);
  });

  it('renames duplicate and blank column names deterministically, with notices', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('dup.csv', csv('amount,Amount,,ref,amount', ['1,2,x,A,3'])));
    expect(info.columns.map((c) => c.name)).toEqual(['amount', 'Amount_2', 'column_3', 'ref', 'amount_3']);
    expect(info.notices.filter((n) => n.code === 'renamed_column')).toHaveLength(3);
  });

  it('quotes column names containing quotes and SQL', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('q.csv', csv('"we""ird",x); DROP TABLE runs; --', ['1,2'])));
    expect(info.columns.map((c) => c.name)).toEqual(['we"ird', 'x); DROP TABLE runs; --']);
    const profile = await ws.profile('left');
    expect(profile.columns[0].max).toBe('1.000000');
    expect(await ws.runs()).toEqual([]);
  });

  it('detects a source file that changed on disk after loading', async () => {
    const ws = await sb.workspace();
    const left = sb.file('l.csv', csv('ref,amount,date', BODY));
    const right = sb.file('r.csv', csv('ref,amount,date', BODY));
    await ws.addSourceFromPath('left', left);
    await ws.addSourceFromPath('right', right);
    const r = recipe([refRule('exact')]);
    expect((await ws.run(r)).summary.matched_groups).toBe(2);
    // Same content re-written (new mtime): still accepted.
    writeFileSync(left, csv('ref,amount,date', BODY));
    expect((await ws.run(r)).summary.status).toBe('completed');
    writeFileSync(left, csv('ref,amount,date', [...BODY, 'INV-3,30.00,2024-01-03']));
    utimesSync(left, new Date(), new Date(Date.now() + 5000));
    await expectReconError(ws.run(r), 'source_changed', /changed on disk/);
  });
});

describe('sources: loading both sides at once', () => {
  it('loads the two sides in parallel, queues loads of one side, and refuses to change a source under a run', async () => {
    const ws = await sb.workspace();
    const rows = Array.from({ length: 3000 }, (_, i) => `INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    const left = sb.file('l.csv', csv('ref,amount,date', rows));
    const right = sb.file('r.csv', csv('ref;amount;date', rows.map((r) => r.replaceAll(',', ';'))));
    const other = sb.file('o.csv', csv('ref,amount,date', rows.slice(0, 10)));
    // Left is loaded twice at once: the second load waits for the first, so the last one wins.
    const [l1, r1, l2] = await Promise.all([ws.addSourceFromPath('left', left), ws.addSourceFromPath('right', right), ws.addSourceFromPath('left', other)]);
    expect([l1.row_count, r1.row_count, l2.row_count]).toEqual([3000, 3000, 10]);
    expect((await ws.source('left'))?.row_count).toBe(10);
    expect(r1.delimiter).toBe(';');
    expect(r1.columns.map((c) => c.type)).toEqual(['text', 'number', 'date']);

    await ws.addSourceFromPath('left', left);
    const run = ws.run(recipe([refRule('exact')]));
    await expectReconError(ws.addSourceFromPath('left', other), 'busy', /run is in progress/);
    await expectReconError(ws.run(recipe([refRule('exact')])), 'busy', /already in progress/);
    expect((await run).summary.matched_groups).toBe(3000);
    // A load in progress makes a run wait its turn instead of reading half-replaced tables.
    const loading = ws.addSourceFromPath('right', right);
    await expectReconError(ws.run(recipe([refRule('exact')])), 'busy', /still loading/);
    await loading;
    expect((await ws.run(recipe([refRule('exact')]))).summary.matched_groups).toBe(3000);
  });
});

describe('sources: cancelling a load', () => {
  const until = async (ready: () => boolean) => {
    for (let i = 0; i < 2000 && !ready(); i++) await new Promise((r) => setTimeout(r, 2));
    expect(ready()).toBe(true);
  };

  it('stops a load in progress and queued ones; the side keeps its source and its copy, and loads again afterwards', async () => {
    const ws = await sb.workspace();
    const small = sb.file('small.csv', csv('ref,amount,date', BODY));
    const before = await ws.addSourceFromPath('left', small);
    const rows = Array.from({ length: 400_000 }, (_, i) => `INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    const big = sb.file('big.csv', csv('ref,amount,date', rows));
    const copies = () => readdirSync(join(ws.dir, 'sources')).sort();

    const loading = ws.addSourceFromPath('left', big);
    await until(() => copies().some((f) => f.endsWith('-big.csv')));
    expect(ws.cancelLoad('left')).toBe(1);
    await expectReconError(loading, 'cancelled', /loading the left source was cancelled/);
    expect(await ws.source('left')).toEqual(before);
    expect((await ws.preview('left', { offset: 0, limit: 10 })).items.map((r) => r.ref)).toEqual(['INV-1', 'INV-2']);
    expect(copies()).toEqual([basename(before.read_path!)]);
    expect(ws.cancelLoad('left')).toBe(0);

    // Loads waiting in the side's queue are cancelled before they start.
    const first = ws.addSourceFromPath('left', big);
    const second = ws.addSourceFromPath('left', small);
    expect(ws.cancelLoad()).toBe(2);
    await expectReconError(first, 'cancelled');
    await expectReconError(second, 'cancelled');
    expect(await ws.source('left')).toEqual(before);

    // Nothing half-done is left in the way of the next load.
    const after = await ws.addSourceFromPath('left', big);
    expect(after.row_count).toBe(400_000);
    expect(copies()).toEqual([basename(after.read_path!)]);
  });

  it('stops a re-typing; the columns keep their types', async () => {
    const ws = await sb.workspace();
    const rows = Array.from({ length: 200_000 }, (_, i) => `INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    const before = await ws.addSourceFromPath('left', sb.file('l.csv', csv('ref,amount,date', rows)));
    const retyping = ws.setColumnOverrides('left', { amount: { type: 'text' } });
    // The re-typing is queued once the overrides are checked against the columns.
    let cancelled = 0;
    await until(() => (cancelled += ws.cancelLoad('left')) > 0);
    expect(cancelled).toBe(1);
    await expectReconError(retyping, 'cancelled');
    expect((await ws.source('left'))?.columns).toEqual(before.columns);
  });
});

/** Bytes of `text` in a legacy East Asian encoding, from the decoder's own table (Node has no encoder for them). */
function encodeLegacy(text: string, encoding: 'gb18030' | 'shift_jis' | 'euc-kr'): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder(encoding, { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      try {
        const ch = decoder.decode(Uint8Array.from([lead, trail]));
        if ([...ch].length === 1 && !table.has(ch)) table.set(ch, [lead, trail]);
      } catch {
        // not a two-byte character of this encoding
      }
    }
  }
  for (let b = 0xa1; b <= 0xdf && encoding === 'shift_jis'; b++) table.set(new TextDecoder('shift_jis').decode(Uint8Array.from([b])), [b]);
  return Buffer.from([...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? (() => { throw new Error(`${ch} not in ${encoding}`); })()))));
}

/** Bytes of `text` in a single-byte code page, from the decoder's own table (Node has no encoder for them). */
function encodeSingleByte(text: string, encoding: string): Buffer {
  const table = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) {
    const decoder = new TextDecoder(encoding);
    const ch = decoder.decode(Uint8Array.from([b]), { stream: true }) + decoder.decode();
    if (!table.has(ch)) table.set(ch, b);
  }
  return Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (table.get(ch) ?? (() => { throw new Error(`${ch} not in ${encoding}`); })()))));
}
