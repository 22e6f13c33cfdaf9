/**
 * Exchange rates the user supplies (issue 25, FX): with too few payments of a foreign-currency
 * item to learn its rate, `kalla recon --fx-rates rates.csv` gives it; such items are matched by
 * reference at about that rate, only suggested, and their evidence says "your rate". A bad rates
 * file is refused line by line; rates with no currency column to apply to are said to be unused.
 * Through the real CLI entry and real DuckDB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReconCli } from '../../../src/cli/recon';
import { parseRates } from '../../../src/main/reconcile/engine/fx-rates';
import { csv, sandbox, io, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const doc = (n: number) => String(1_800_012_000 + n);
const date = (day: number) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
const eur = (cents: number) => (cents / 100).toFixed(2);

/** 80 items, 2 of them in USD paid in EUR at `rate` (0.92): too few to learn the rate from. */
function files(withCurrency = true, rate = 0.92) {
  const items: string[] = [];
  const lines: string[] = [];
  for (let n = 1; n <= 80; n++) {
    const usd = n === 40 || n === 80;
    const cents = 10_000 + ((n * 7_919) % 90_000);
    items.push([doc(n), `Kunde ${n % 10} GmbH`, date(n % 40), eur(cents), ...(withCurrency ? [usd ? 'USD' : 'EUR'] : [])].join(','));
    const paid = usd ? Math.round(cents * rate * (n === 40 ? 1.01 : 0.99)) : cents;
    lines.push([date((n % 40) + 6), eur(paid), `KUNDE ${n % 10} GMBH`, `SVWZ+RE ${doc(n)}`].join(';'));
  }
  return {
    left: sb.file('items.csv', csv(`Belegnummer,Name,Belegdatum,Betrag${withCurrency ? ',Waehrung' : ''}`, items)),
    right: sb.file('lines.csv', csv('Buchungstag;Betrag;Auftraggeber;Verwendungszweck', lines)),
  };
}

/** The suggested.csv rows as objects (the evidence column holds commas, so a quoted-field split). */
function suggestedRows(dir: string): Record<string, string>[] {
  const split = (line: string) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1);
  const [head, ...rows] = readFileSync(join(dir, 'suggested.csv'), 'utf8').trim().split(/\r?\n/);
  const cols = split(head);
  return rows.map((r) => Object.fromEntries(split(r).map((v, i) => [cols[i], v])));
}

describe('kalla recon --fx-rates', () => {
  it('uses the supplied rate where none could be learned: the USD items are suggested at "your rate"', async () => {
    const { left, right } = files();
    const rates = sb.file('rates.csv', 'currency,rate\nUSD,0.92\n');
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--fx-rates', rates, '--out', out], t.io)).toBe(0);
    expect(t.out.join('')).toMatch(/rates: USD 0\.92 from .*rates\.csv/);
    const recipe = JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8'));
    expect(recipe.rules.find((r: { id: string }) => r.id === 'scored').model.fx).toMatchObject({ column: 'Waehrung', home: 'EUR', rates: [{ currency: 'USD', rate: 0.92, source: 'supplied' }] });
    const usd = suggestedRows(out).filter((r) => /amount in USD/.test(JSON.stringify(r)));
    expect(usd).toHaveLength(2);
    for (const r of usd) expect(JSON.stringify(r)).toMatch(/implied rate of 0\.9\d{3} \(your rate 0\.9200\)/);
  });

  it('a whole rate (1 to 1, 25 to 1) is shown as a rate, not refused by the SQL that words the evidence', async () => {
    const { left, right } = files(true, 1);
    const rates = sb.file('rates.csv', 'currency,rate\nUSD,1\n');
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--fx-rates', rates, '--out', out], t.io)).toBe(0);
    const usd = suggestedRows(out).filter((r) => /amount in USD/.test(JSON.stringify(r)));
    expect(usd).toHaveLength(2);
    for (const r of usd) expect(JSON.stringify(r)).toMatch(/\(your rate 1\.0000\)/);
  });

  it('without the file, says no rate could be learned and confirms neither USD item', async () => {
    const { left, right } = files();
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--out', out], t.io)).toBe(0);
    expect(t.out.join('')).toMatch(/no rate could be learned.*--fx-rates/);
    const matched = readFileSync(join(out, 'matched.csv'), 'utf8');
    for (const n of [40, 80]) expect(matched).not.toContain(doc(n));
  });

  it('says the rates were not used when the open items have no currency column', async () => {
    const { left, right } = files(false);
    const rates = sb.file('rates.csv', 'USD,0.92\n');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--fx-rates', rates], t.io)).toBe(0);
    expect(t.err.join('')).toMatch(/warning: the open items have no currency column .* rates file was not used/);
  });

  it('refuses a rates file line by line, and a missing one with a sentence', async () => {
    expect(() => parseRates('currency,rate\nUSD,0.92\nDOLLAR,1\nGBP,-1\nCHF;1,05\n', 'r.csv')).toThrow(/r\.csv: line 3 \("DOLLAR,1"\), line 4 \("GBP,-1"\) are not "CUR,rate"/);
    expect(parseRates('CHF;1,05\nusd,0.92', 'r.csv')).toEqual([{ currency: 'CHF', rate: 1.05 }, { currency: 'USD', rate: 0.92 }]);
    expect(() => parseRates('currency,rate\n', 'r.csv')).toThrow(/holds no rate/);
    const { left, right } = files();
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--fx-rates', join(sb.dir, 'nope.csv')], t.io)).toBe(1);
    expect(t.err.join('')).toMatch(/nope\.csv/);
    expect(t.err.join('')).not.toMatch(/ENOENT/);
  });
});
