/**
 * Texts a bank wrapped at a fixed width (a Volksbank CSV's Verwendungszweck in lines of 35
 * characters, v20's de-datev): "SVWZ+Sammelzahlung RE RE10442 RE104" / "43 RE10444" must read as
 * RE10443, not as RE104 and 43. Through real DuckDB: the loaded value is the text with each full
 * line joined to the next; natural line breaks (an address, a label line) stay.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

async function loadTexts(texts: string[]) {
  const ws = await sb.workspace(`ws-${Math.random().toString(36).slice(2, 8)}`);
  const info = await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Buchungstag;Verwendungszweck;Betrag', texts.map((t, i) => `02.03.2026;${quoted(t)};${100 + i},00`))));
  const page = await ws.preview('right', { offset: 0, limit: texts.length });
  ws.close();
  return { column: info.columns.find((c) => c.name === 'Verwendungszweck')!, notices: info.notices, values: page.items.map((r) => String(r.Verwendungszweck)) };
}

/** `body` cut into lines of `width` characters, as the bank writes it. */
const wrap = (body: string, width: number) => body.match(new RegExp(`[^]{1,${width}}`, 'g'))!.join('\n');

const bodyChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789     +-/.,:äöüß'.split(''));

describe('text wrapped at a fixed width', () => {
  it('reads each value as written before the wrap, with the label line before it kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 27, max: 40 }),
        fc.array(fc.tuple(fc.constantFrom('SEPA-Gutschrift', 'GUTSCHR. UEBERWEISUNG', 'Gutschrift'), fc.array(bodyChar, { minLength: 1, maxLength: 140 }).map((cs) => cs.join(''))), { minLength: 40, maxLength: 60 }),
        async (width, rows) => {
          // Most bodies run over a line; the label line is shorter than the width.
          const values = rows.map(([label, body], i) => ({ label, body: i % 4 === 0 ? body : body.padEnd(width + 1 + (i % 30), 'x') }));
          const { column, values: read } = await loadTexts(values.map((v) => `${v.label}\n${wrap(v.body, width)}`));
          expect(column.wrap_at).toBe(width);
          expect(read).toEqual(values.map((v) => `${v.label}\n${v.body}`));
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  });

  it('leaves natural line breaks alone: addresses and notes of any length are not a wrap', async () => {
    const streets = ['Hauptstraße 12', 'Am Markt 3', 'Industriestr. 140a', 'Lindenallee 7', 'Bahnhofplatz 1'];
    const towns = ['80331 München', '94032 Passau', '4020 Linz', '10115 Berlin'];
    const texts = Array.from({ length: 80 }, (_, i) => `Kunde ${1000 + i}\n${streets[i % streets.length]}\n${towns[i % towns.length]}`);
    const { column, notices, values } = await loadTexts(texts);
    expect(column.wrap_at).toBeUndefined();
    expect(notices.some((n) => n.code === 'wrapped_text')).toBe(false);
    expect(values).toEqual(texts);
  });

  it('names the wrap where the user looks', async () => {
    const refs = Array.from({ length: 30 }, (_, i) => `SVWZ+Sammelzahlung RE RE${10_440 + i} RE${10_441 + i} RE${10_442 + i}`);
    const { notices, values } = await loadTexts(refs.map((r) => `SEPA-Gutschrift\nEREF+NOTPROVIDED\n${wrap(r, 35)}`));
    expect(notices.find((n) => n.code === 'wrapped_text')?.message).toMatch(/wrapped at 35 characters .* a full line is read joined to the next/);
    expect(values[3]).toBe(`SEPA-Gutschrift\nEREF+NOTPROVIDED\n${refs[3]}`);
  });
});
