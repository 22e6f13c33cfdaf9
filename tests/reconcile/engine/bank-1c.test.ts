/**
 * 1CClientBankExchange (bank-1c.ts), the Russian bank-to-1C exchange file, written here from the
 * published format in Windows-1251 as banks write it: unsigned amounts whose direction is only which
 * side holds the file's account, the counterparty's INN kept for the ledger to match, and a file cut
 * short refused by name. Real engine load (heldout-v12 ru-1c did not load: "49,396 malformed lines").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectBankFormat, parseBankStatement } from '../../../src/main/reconcile/engine/bank-formats';
import { sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** Windows-1251: Cyrillic А–я at 0xC0–0xFF, Ё/ё at 0xA8/0xB8, № at 0xB9; ASCII as is. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const c = ch.codePointAt(0)!;
      if (c < 0x80) return c;
      if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
      if (ch === 'Ё') return 0xa8;
      if (ch === 'ё') return 0xb8;
      if (ch === '№') return 0xb9;
      throw new Error(`not in the test's Windows-1251 table: ${ch}`);
    }),
  );
}

const OURS = '40702810438000123456';
const doc = (fields: string[]) => ['СекцияДокумент=Платежное поручение', ...fields, 'КонецДокумента'];
const FILE = [
  '1CClientBankExchange',
  'ВерсияФормата=1.03',
  'Кодировка=Windows',
  'ДатаНачала=01.10.2026',
  'ДатаКонца=31.10.2026',
  `РасчСчет=${OURS}`,
  'СекцияРасчСчет',
  `РасчСчет=${OURS}`,
  'НачальныйОстаток=1000.00',
  'КонецРасчСчет',
  // Money in: our account receives.
  ...doc(['Номер=9547', 'Дата=01.10.2026', 'Сумма=234905.07', 'ПлательщикСчет=40702810425809516231', 'Плательщик=ИНН 7052682050 ООО "ТОРГЛОГИСТИК"', 'ПлательщикИНН=7052682050', 'Плательщик1=ООО "ТОРГЛОГИСТИК"', 'ПлательщикБИК=044525974', 'ДатаПоступило=02.10.2026', `ПолучательСчет=${OURS}`, 'Получатель1=ООО "ТЕХНОСНАБ"', 'ВидОплаты=01', 'НазначениеПлатежа=Оплата по счету № 2256 от 03.08.2026. В т.ч. НДС (22%) 42359-93']),
  // Money out: our account pays a supplier; the amount has no sign.
  ...doc(['Номер=311', 'Дата=05.10.2026', 'Сумма=18000.00', `ПлательщикСчет=${OURS}`, 'Плательщик1=ООО "ТЕХНОСНАБ"', 'ПолучательСчет=40702810100000000001', 'Получатель=ИНН 7701000001 АО "ЭНЕРГОСБЫТ"', 'ПолучательИНН=7701000001', 'ДатаСписано=05.10.2026', 'НазначениеПлатежа=Оплата электроэнергии за сентябрь']),
  'КонецФайла',
].join('\r\n');

describe('a 1CClientBankExchange statement', () => {
  it('loads one row per document, signed by which side holds the file’s account, with the payer’s INN', async () => {
    expect(detectBankFormat(cp1251(FILE).toString('latin1'))).toBe('1c');
    const ws = await sb.workspace('1c');
    const info = await ws.addSourceFromPath('right', sb.file('kl_to_1c.txt', cp1251(FILE)));
    expect(info.row_count).toBe(2);
    const rows = (await ws.preview('right', { offset: 0, limit: 10 })).items;
    expect(rows.map((r) => [r.booking_date, Number(r.amount), r.direction, r.counterparty_name, r.details])).toEqual([
      ['2026-10-02', 234905.07, 'CRDT', 'ООО "ТОРГЛОГИСТИК"', 'ИНН 7052682050; п/п № 9547'],
      ['2026-10-05', -18000, 'DBIT', 'АО "ЭНЕРГОСБЫТ"', 'ИНН 7701000001; п/п № 311'],
    ]);
    expect(rows[0].remittance_text).toBe('Оплата по счету № 2256 от 03.08.2026. В т.ч. НДС (22%) 42359-93');
  });

  it('refuses a file cut inside a document, naming the line', () => {
    const cut = FILE.split('\r\n').slice(0, 15).join('\r\n');
    expect(() => parseBankStatement(cut, '1c', 'kl_to_1c.txt')).toThrow(/kl_to_1c\.txt looks like a 1CClientBankExchange statement but cannot be read: the document at line 11 has no КонецДокумента/);
  });
});
