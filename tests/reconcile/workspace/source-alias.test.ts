/** A source's alias from its file name: Latin letters outside ASCII are spelled, not dropped. */
import { describe, expect, it } from 'vitest';
import { aliasFromName } from '../../../src/main/reconcile/sources';

describe('the alias of a source from its file name', () => {
  it('spells accented and other Latin letters in ASCII, and keeps plain names as they were', () => {
    expect(aliasFromName('Viðskiptamannafærslur.csv')).toBe('vidskiptamannafaerslur');
    expect(aliasFromName('Umsätze_Girokonto_Straße.CSV')).toBe('umsatze_girokonto_strasse');
    expect(aliasFromName('Wyciąg Łódź.csv')).toBe('wyciag_lodz');
    expect(aliasFromName('bank statement.csv')).toBe('bank_statement');
    expect(aliasFromName('應收帳款未收明細表.csv')).toBe('source');
  });
});
