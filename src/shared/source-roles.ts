/**
 * What a source is, from its column names and its name: a payment list (a bank statement) or a
 * list of open items (invoices). One definition for the filter chat ("only March" means the
 * payments' dates) and for the alias a new source is given ("bank", "invoices").
 */

/** Words of a bank statement's columns or name (folded: lower case, no accents, _ and - as spaces). */
export const PAYMENT_WORDS = /booking|buchung|valuta|value ?date|iban|bic|remittance|verwendungszweck|counterparty|auftraggeber|empfaenger|end ?to ?end|statement|kontoauszug|transaction|bank|payment|zahlung|umsaetze|betaling|transactie|camt|mt94[02]|giro/;
/** Words of a list of open items (invoices, receivables). */
export const OPEN_ITEM_WORDS = /invoice|rechnung|factur|factuur|due|faellig|open ?item|offene ?posten|beleg|document|customer|kunde|debitor|receivable/;

export type SourceRole = 'payments' | 'open_items';

/** Lower case, accents and umlauts spelled out, separators as spaces. */
export function foldName(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_\-.]+/g, ' ');
}

/** How many of the words (column names, the source's name) speak of payments and of open items. */
export function roleScores(words: string[]): { payments: number; openItems: number } {
  const folded = words.map(foldName);
  return { payments: folded.filter((w) => PAYMENT_WORDS.test(w)).length, openItems: folded.filter((w) => OPEN_ITEM_WORDS.test(w)).length };
}

/** The role the words say, when they say one clearly (more words for it than for the other). */
export function sourceRole(words: string[]): SourceRole | null {
  const s = roleScores(words);
  if (s.payments > s.openItems) return 'payments';
  if (s.openItems > s.payments) return 'open_items';
  return null;
}

const ROLE_ALIAS: Record<SourceRole, string> = { payments: 'bank', open_items: 'invoices' };

/**
 * The alias proposed for a new source. A short file-name alias is kept ("bank", "erp_export"); a
 * long one or one carrying an account or date number ("umsaetze_girokonto_de8937…") gives way to
 * the role ("bank", "invoices"), else to its first words without the numbers. The caller keeps
 * it apart from the other side's alias (filters and exports tell the sides apart by it).
 */
export function proposeAlias(fileAlias: string, columns: string[]): string {
  const informative = fileAlias.length <= 20 && !/\d{4}/.test(fileAlias);
  if (informative) return fileAlias;
  const role = sourceRole([fileAlias, ...columns]);
  const words = fileAlias.split('_').filter((w) => w && !/\d{3}/.test(w));
  return role ? ROLE_ALIAS[role] : words.slice(0, 2).join('_') || fileAlias.slice(0, 16);
}
