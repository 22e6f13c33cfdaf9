/**
 * The finance vocabulary the local engines understand: how column-name tokens
 * (English abbreviations, German/French/Spanish/Dutch headers) collapse to one
 * canonical word, and what kind of field each canonical word signals.
 */

/** The semantic class a column name signals. More specific than FieldRole. */
export type ColumnClass =
  | 'date'
  | 'amount'
  | 'key'
  | 'party'
  | 'text'
  | 'currency'
  | 'quantity'
  | 'status'
  | 'account'
  | 'other';

/** canonical word → its synonyms and the class it signals (null: a qualifier only). */
const CANONICAL: Record<string, { cls: ColumnClass | null; synonyms: string[] }> = {
  amount: {
    cls: 'amount',
    synonyms: ['amt', 'amount', 'amounts', 'total', 'totaal', 'sum', 'betrag', 'bedrag', 'montant', 'importe', 'umsatz', 'value', 'consideration', 'principal', 'liquido'],
  },
  gross: { cls: 'amount', synonyms: ['gross', 'brutto', 'bruttobetrag', 'ttc', 'incl', 'grand'] },
  net: { cls: 'amount', synonyms: ['net', 'netto', 'ht', 'excl', 'base', 'imponible', 'taxable'] },
  debit: { cls: 'amount', synonyms: ['debit', 'dr', 'soll', 'debe', 'withdrawal', 'ausgabe', 'af'] },
  credit: { cls: 'amount', synonyms: ['credit', 'cr', 'haben', 'haber', 'deposit', 'einnahme', 'bij'] },
  balance: { cls: 'amount', synonyms: ['balance', 'saldo', 'bestand', 'solde', 'outstanding', 'open'] },
  fee: { cls: 'amount', synonyms: ['fee', 'fees', 'commission', 'charge', 'charges', 'comision', 'gebuehr', 'surcharge'] },
  tax: { cls: 'amount', synonyms: ['tax', 'vat', 'iva', 'btw', 'tva', 'mwst', 'ust'] },
  price: { cls: 'amount', synonyms: ['price', 'rate', 'unit', 'preis', 'prix', 'precio'] },
  pay: { cls: 'amount', synonyms: ['pay', 'paid', 'payment', 'salary', 'salario', 'wage'] },
  cost: { cls: 'amount', synonyms: ['cost', 'costs', 'kosten', 'cout'] },
  date: {
    cls: 'date',
    synonyms: ['date', 'dt', 'datum', 'fecha', 'day', 'tag', 'dte', 'dos', 'time', 'timestamp', 'ts', 'datetime', 'at', 'on', 'period', 'when'],
  },
  post: { cls: 'date', synonyms: ['post', 'posted', 'posting', 'booking', 'booked', 'buchung', 'buchungstag', 'boeking', 'boekingsdatum', 'bookg', 'ecriture', 'operacion', 'operation', 'operatie'] },
  value_date: { cls: 'date', synonyms: ['valuta', 'valutadatum', 'valdt', 'valeur'] },
  created: { cls: 'date', synonyms: ['created', 'creation', 'issued', 'issue', 'emision', 'placed'] },
  due: { cls: 'date', synonyms: ['due', 'faelligkeit', 'falligkeit', 'echeance', 'vencimiento', 'vervaldatum', 'renewal', 'end', 'expiry', 'expires', 'maturity'] },
  settle: { cls: 'date', synonyms: ['settle', 'settlement', 'settled', 'arrival', 'received'] },
  reference: {
    cls: 'key',
    synonyms: ['ref', 'reference', 'referenz', 'referencia', 'kenmerk', 'betalingskenmerk', 'kundenreferenz', 'piece', 'beleg', 'belegfeld', 'belegnr', 'belegnummer', 'mededelingen', 'endtoendid', 'e2e'],
  },
  number: { cls: 'key', synonyms: ['no', 'nr', 'num', 'number', 'numero', 'nummer', 'nummber', 'doc', 'document', 'documento', 'id', 'identifier', 'code', 'key', 'hash', 'txid'] },
  invoice: { cls: null, synonyms: ['invoice', 'inv', 'factura', 'facture', 'factuur', 'factuurnummer', 'factuurnr', 'rechnung', 'rg', 're', 'bill'] },
  order: { cls: null, synonyms: ['order', 'ord', 'orders', 'so', 'pedido', 'bestellung', 'commande'] },
  transaction: { cls: null, synonyms: ['transaction', 'txn', 'trans', 'tx', 'trx', 'operation'] },
  description: {
    cls: 'text',
    synonyms: ['desc', 'descr', 'description', 'memo', 'narrative', 'narration', 'details', 'detail', 'text', 'libelle', 'verwendungszweck', 'buchungstext', 'concepto', 'omschrijving', 'remittance', 'rmtinf', 'ustrd', 'purpose', 'note', 'notes', 'comment', 'descriptor', 'statement'],
  },
  customer: { cls: 'party', synonyms: ['cust', 'customer', 'client', 'cliente', 'kunde', 'kunden', 'klant', 'debtor', 'dbtr', 'debitor', 'buyer', 'payer', 'payeur', 'account_name'] },
  vendor: { cls: 'party', synonyms: ['vendor', 'supplier', 'payee', 'creditor', 'cdtr', 'kreditor', 'lieferant', 'leverancier', 'fournisseur', 'proveedor', 'merchant', 'commercant', 'comercio', 'beneficiary', 'beneficiario', 'beguenstigter', 'recipient', 'grantee'] },
  party: { cls: 'party', synonyms: ['counterparty', 'tegenpartij', 'partner', 'relatie', 'auftraggeber', 'zahlungspflichtiger', 'name', 'naam', 'nom', 'nombre', 'bank', 'tenant', 'claimant', 'patient', 'holder', 'cardholder', 'porteur', 'employee', 'collaborateur', 'consultant', 'member', 'passenger', 'org'] },
  currency: { cls: 'currency', synonyms: ['ccy', 'cur', 'curr', 'currency', 'waehrung', 'wahrung', 'devise', 'moneda', 'divisa', 'valuta_code', 'munt', 'iso'] },
  quantity: { cls: 'quantity', synonyms: ['qty', 'quantity', 'units', 'hours', 'count', 'counted', 'menge', 'cantidad', 'aantal', 'quantite', 'weight', 'lbs', 'kg', 'kwh', 'hand'] },
  status: { cls: 'status', synonyms: ['status', 'state', 'estado', 'stage', 'approved'] },
  account: { cls: 'account', synonyms: ['account', 'acct', 'konto', 'compte', 'cuenta', 'rekening', 'iban', 'bban', 'grootboekrekening', 'gl'] },
  vat_id: { cls: 'key', synonyms: ['vatid', 'taxid', 'ni', 'insurance', 'nin', 'ssn'] },
};

const TOKEN_TO_CANONICAL = new Map<string, string>();
for (const [canonical, { synonyms }] of Object.entries(CANONICAL)) {
  for (const s of synonyms) if (!TOKEN_TO_CANONICAL.has(s)) TOKEN_TO_CANONICAL.set(s, canonical);
}

/** Single words in other languages that are really two concepts glued together. */
const COMPOUNDS: Record<string, string[]> = {
  buchungstag: ['post', 'date'],
  boekingsdatum: ['post', 'date'],
  valutadatum: ['value_date', 'date'],
  belegdatum: ['reference', 'date'],
  belegnummer: ['reference', 'number'],
  belegnr: ['reference', 'number'],
  kundennummer: ['customer', 'number'],
  kundenname: ['customer', 'party'],
  kundenreferenz: ['customer', 'reference'],
  factuurnummer: ['invoice', 'number'],
  factuurnr: ['invoice', 'number'],
  factuurdatum: ['invoice', 'date'],
  bruttobetrag: ['gross', 'amount'],
  vervaldatum: ['due', 'date'],
  buchungstext: ['post', 'description'],
  betalingskenmerk: ['reference'],
  endtoendid: ['reference', 'number'],
  txid: ['transaction', 'number'],
  custno: ['customer', 'number'],
  custname: ['customer', 'party'],
  crlimit: ['credit', 'limit'],
  addr1: ['address'],
  zip: ['postcode'],
  postal: ['postcode'],
  postcode: ['postcode'],
  grootboekrekening: ['account'],
};

/** German/Dutch compound endings that name the concept ("Umsatzdatum", "Transactiebedrag"). */
const COMPOUND_SUFFIXES: Array<[string, string]> = [
  ['datum', 'date'],
  ['betrag', 'amount'],
  ['bedrag', 'amount'],
  ['nummer', 'number'],
  ['referenz', 'reference'],
  ['text', 'description'],
  ['konto', 'account'],
  ['rekening', 'account'],
  ['name', 'party'],
  ['naam', 'party'],
];

function splitCompound(word: string): string[] | null {
  if (TOKEN_TO_CANONICAL.has(word)) return null;
  for (const [suffix, concept] of COMPOUND_SUFFIXES) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const head = word.slice(0, -suffix.length).replace(/s$/, '');
      return [canonicalWord(head), concept];
    }
  }
  return null;
}

/** English plurals of words we do not know ("duties" → "duty"), so both sides agree. */
function singular(word: string): string {
  if (TOKEN_TO_CANONICAL.has(word) || word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Tokens that carry no meaning of their own in a column name. */
const STOP = new Set(['de', 'du', 'la', 'le', 'el', 'of', 'the', 'a', 'en', 'et', 'y', 'van', 'der', 'die', 'des', 'ohne', 'kz', 'our', 'your', 'their', 'we', 'is', 'my', 'lc', 'gc', 'nc', 'eur', 'usd']);

/** Lower-case, strip accents (ä → ae first, so "Währung" and "Waehrung" agree). */
export function foldText(s: string): string {
  return s
    .replace(/[äÄ]/g, (m) => (m === 'ä' ? 'ae' : 'Ae'))
    .replace(/[öÖ]/g, (m) => (m === 'ö' ? 'oe' : 'Oe'))
    .replace(/[üÜ]/g, (m) => (m === 'ü' ? 'ue' : 'Ue'))
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Raw words of a column name: snake, kebab, space, camelCase and letter/digit boundaries. */
export function nameWords(name: string): string[] {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/(\d)([A-Za-z])/g, '$1 $2');
  return foldText(spaced)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function canonicalWord(word: string): string {
  return TOKEN_TO_CANONICAL.get(word) ?? word;
}

/** Canonical tokens of a column name, compounds expanded and stop words removed. */
export function canonicalTokens(name: string): string[] {
  const out: string[] = [];
  const words = nameWords(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (STOP.has(w) || /^\d+$/.test(w)) continue;
    // "value date" is the bank's settlement date, not an amount.
    if ((w === 'value' || w === 'val') && (words[i + 1] === 'date' || words[i + 1] === 'dt')) {
      out.push('value_date');
      i++;
      continue;
    }
    const parts = COMPOUNDS[w] ?? splitCompound(w) ?? [singular(w)];
    for (const p of parts) out.push(canonicalWord(p));
  }
  return out;
}

export function classOfCanonical(token: string): ColumnClass | null {
  return CANONICAL[token]?.cls ?? null;
}

/**
 * The class a column name signals. Precedence reflects what decides matching:
 * a date word wins ("due_date"), then amounts ("amount_due"), then identifiers.
 */
export function classFromTokens(tokens: string[]): ColumnClass {
  const classes = new Set(tokens.map(classOfCanonical).filter((c): c is ColumnClass => c !== null));
  const order: ColumnClass[] = ['date', 'currency', 'quantity', 'amount', 'key', 'status', 'party', 'text', 'account'];
  // Identifier words beat amount words when both occur ("payment_id", "pay_ref").
  if (classes.has('key') && classes.has('amount') && !classes.has('date')) return 'key';
  for (const c of order) if (classes.has(c)) return c;
  return 'other';
}
