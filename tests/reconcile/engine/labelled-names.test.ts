/**
 * A ledger text that writes a document word before the customer's name on every row (a DATEV
 * Buchungstext: "Rechnung Straßer Zimmerei GmbH", "Gutschrift Straßer Zimmerei GmbH"; v20's
 * de-datev): the name after the label is read into a derived column, so a payment the bank names
 * only by its payer is matched by name and amount. Through real DuckDB and the auto recipe.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const CUSTOMERS = ['Straßer Zimmerei GmbH & Co. KG', 'Brunner Hallenbau GmbH', 'Alpenbau Salzburg GmbH', 'Moser Haustechnik', 'Kainz Bau e.K.', 'Huber Fensterbau', 'Pichler Bedachungen e.K.', 'Wagner Bedachungen'];
const bankName = (n: string) => n.replace(/ß/g, 'SS').toUpperCase();
const eur = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

async function loadLedger(texts: string[]) {
  const ws = await sb.workspace(`ws-${Math.random().toString(36).slice(2, 8)}`);
  const info = await ws.addSourceFromPath('left', sb.file('ledger.csv', csv('Belegfeld 1;Buchungstext;Umsatz', texts.map((t, i) => `RE${10_000 + i};${t};${eur(10_000 + i * 37)}`))));
  return { ws, info };
}

describe('a name written after a label in a ledger text', () => {
  it('is read into a derived column, the label cut off, and said so', async () => {
    const texts = Array.from({ length: 60 }, (_, i) => `${i % 9 === 8 ? 'Gutschrift' : 'Rechnung'} ${CUSTOMERS[i % CUSTOMERS.length]}`);
    const { ws, info } = await loadLedger(texts);
    const derived = info.columns.find((c) => c.name === 'Buchungstext (name)');
    expect(derived).toMatchObject({ type: 'text', derived: true });
    expect(info.notices.find((n) => n.code === 'name_after_label')?.message).toMatch(/"Rechnung" or "Gutschrift" before a name on 100 % of its rows/);
    const rows = (await ws.preview('left', { offset: 0, limit: 60 })).items;
    expect(rows.map((r) => r['Buchungstext (name)'])).toEqual(texts.map((_, i) => CUSTOMERS[i % CUSTOMERS.length]));
    expect(rows[8]['Buchungstext']).toBe(texts[8]);
  });

  it('is not read from texts whose first words vary, nor from a label before numbers', async () => {
    const free = Array.from({ length: 60 }, (_, i) => `${['Lieferung', 'Montage', 'Wartung', 'Reparatur', 'Planung'][i % 5]} ${CUSTOMERS[i % CUSTOMERS.length]}`);
    expect((await loadLedger(free)).info.columns.some((c) => c.derived)).toBe(false);
    const numbers = Array.from({ length: 60 }, (_, i) => `Rechnung ${4_711 + i}`);
    expect((await loadLedger(numbers)).info.columns.some((c) => c.derived)).toBe(false);
    const unique = Array.from({ length: 60 }, (_, i) => `Rechnung Kunde ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Projekt`);
    expect((await loadLedger(unique)).info.columns.some((c) => c.derived)).toBe(false);
  });

  it('matches a payment the bank names only by its payer to that customer’s invoice, not another’s of the same amount', async () => {
    // 80 invoices paid with their number in the text (what the rules learn from); then one payment
    // per customer naming no invoice, of an amount another customer also has open.
    const items: string[] = [];
    const lines: string[] = [];
    for (let i = 0; i < 80; i++) {
      const c = CUSTOMERS[i % CUSTOMERS.length];
      const cents = 50_000 + ((i * 7_919) % 900_000);
      items.push(`RE${10_000 + i};0${1 + (i % 9)}.02.2026;Rechnung ${c};${eur(cents)};S`);
      lines.push(`0${1 + (i % 9)}.03.2026;${bankName(c)};SEPA-Gutschrift EREF+E2E${90_000 + i * 13} SVWZ+Rechnung RE${10_000 + i} vom 0${1 + (i % 9)}.02.2026;${eur(cents)}`);
    }
    // Each customer also has an open credit note: the ledger writes its name as "Gutschrift <name>".
    for (let k = 0; k < CUSTOMERS.length; k++) items.push(`GS${30_000 + k};12.02.2026;Gutschrift ${CUSTOMERS[k]};${eur(2_500 + k * 10)};H`);
    for (let k = 0; k < CUSTOMERS.length; k++) {
      // Customer k and customer k+1 each have an open invoice of this amount; only k pays.
      const cents = 123_456 + k * 1_000;
      items.push(`RE${20_000 + 2 * k};10.02.2026;Rechnung ${CUSTOMERS[k]};${eur(cents)};S`);
      items.push(`RE${20_001 + 2 * k};10.02.2026;Rechnung ${CUSTOMERS[(k + 1) % CUSTOMERS.length]};${eur(cents)};S`);
      lines.push(`20.03.2026;${bankName(CUSTOMERS[k])};SEPA-Gutschrift EREF+NOTPROVIDED SVWZ+Zahlung Februar;${eur(cents)}`);
    }
    const ws = await sb.workspace('match');
    await ws.addSourceFromPath('left', sb.file('ledger.csv', csv('Belegfeld 1;Belegdatum;Buchungstext;Umsatz;Soll/Haben-Kennzeichen', items)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Buchungstag;Name Zahlungsbeteiligter;Verwendungszweck;Betrag', lines)));
    const auto = await buildAutoRecipe(ws, 'de');
    expect(auto.swapped).toBe(false);
    const result = await ws.run(auto.recipe);
    const groups: { invoices: string[]; texts: string[] }[] = [];
    for (const category of ['matched', 'suggested'] as const) {
      for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 1_000 })).items) {
        // Either file may be taken as the open items (the app proposes a swap); read both sides.
        const rows = [...g.left_rows, ...g.right_rows];
        groups.push({ invoices: rows.filter((r) => r['Belegfeld 1'] !== undefined).map((r) => String(r['Belegfeld 1'])), texts: rows.filter((r) => r['Verwendungszweck'] !== undefined).map((r) => `${String(r['Name Zahlungsbeteiligter'])} ${String(r['Verwendungszweck'])}`) });
      }
    }
    for (let k = 0; k < CUSTOMERS.length; k++) {
      const paid = groups.find((g) => g.texts.some((t) => t === `${bankName(CUSTOMERS[k])} SEPA-Gutschrift EREF+NOTPROVIDED SVWZ+Zahlung Februar`));
      expect(paid?.invoices, CUSTOMERS[k]).toEqual([`RE${20_000 + 2 * k}`]);
    }
  });
});
