/**
 * Issue 25: the files as they come, in the order they come. Which file holds the open items is
 * read off the data (either may be dropped first); a statement whose amounts carry no sign gets a
 * signed amount from its direction column; a footer set apart by an empty line is skipped whatever
 * its words. Through real DuckDB.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const date = (day: number) => new Date(Date.UTC(2026, 2, 1 + day)).toISOString().slice(0, 10);

/** 30 invoices with 10-digit numeric document numbers; the bank names 24 of them in its text among other numbers. */
function files() {
  const invoices: string[] = [];
  const bank: string[] = [];
  for (let n = 1; n <= 30; n++) {
    const doc = 1800012000 + n * 7;
    const cents = 20_000 + n * 1_311;
    invoices.push([doc, `20${4700 + (n % 6)}`, `Kunde ${n % 6} GmbH`, date(n % 20), (cents / 100).toFixed(2)].join(','));
    if (n <= 24) bank.push([date((n % 20) + 3), (cents / 100).toFixed(2), `KUNDE ${n % 6} GMBH`, `EREF+${4400000000 + n * 13} SVWZ+Beleg ${doc} Kd-Nr. 20${4700 + (n % 6)}`, `P0${8760000 + n}`].join(','));
  }
  bank.push([date(25), '-1200.00', 'Miete', 'Miete Maerz', 'P08769999'].join(','));
  return {
    invoices: csv('Belegnummer,Kunde,Name,Belegdatum,Betrag', invoices),
    bank: csv('Buchungstag,Betrag,Auftraggeber,Verwendungszweck,Zahlungs-ID', bank),
  };
}

describe('either file first', () => {
  it('swaps the sources when the statement was given first, says so, and matches the same invoices', async () => {
    const f = files();
    const results: string[][] = [];
    for (const order of ['open-first', 'statement-first'] as const) {
      const ws = await sb.workspace(order);
      const [left, right] = order === 'open-first' ? [f.invoices, f.bank] : [f.bank, f.invoices];
      await ws.addSourceFromPath('left', sb.file(`${order}-a.csv`, left));
      await ws.addSourceFromPath('right', sb.file(`${order}-b.csv`, right));
      const auto = await buildAutoRecipe(ws, order);
      expect(auto.swapped).toBe(order === 'statement-first');
      if (auto.swapped) expect(auto.explanation).toMatch(/sources were swapped.*Belegnummer/);
      expect((await ws.source('left'))!.columns.map((c) => c.name)).toContain('Belegnummer');
      const run = await ws.run(auto.recipe);
      const matched = await ws.page(run.run_id, 'matched', { offset: 0, limit: 100 });
      results.push(matched.items.map((g) => `${String(g.left_rows[0].Belegnummer)}=${Number(g.right_rows[0].Betrag).toFixed(2)}`).sort());
    }
    expect(results[0]).toHaveLength(24);
    expect(results[1]).toEqual(results[0]);
  });

  it('keeps the invoices as the open items when each bank text is short, unique and holds only the invoice number', async () => {
    // A UK statement: "HEATH TRADING LTD INV-1007" is unique and holds a number, like an identifier;
    // read the other way round, every one of its numbers is in the invoice list.
    const invoices: string[] = [];
    const bank: string[] = [];
    for (let n = 0; n < 40; n++) {
      const inv = `INV-${1000 + n * 7}`;
      const amount = (150 + n * 13.17).toFixed(2);
      invoices.push([inv, `Customer ${n % 5} Ltd`, `0${1 + (n % 9)}/03/2026`, amount].join(','));
      if (n < 32) bank.push([`1${n % 9}/03/2026`, 'FPI', `CUSTOMER ${n % 5} LTD ${inv}`, '', amount].join(','));
    }
    for (const order of ['open-first', 'statement-first'] as const) {
      const ws = await sb.workspace(`uk-${order}`);
      const files = [sb.file(`uk-${order}-inv.csv`, csv('Invoice Number,Contact Name,Invoice Date,Total', invoices)), sb.file(`uk-${order}-bank.csv`, csv('Date,Type,Description,Paid out,Paid in', bank))];
      const [left, right] = order === 'open-first' ? files : [files[1], files[0]];
      await ws.addSourceFromPath('left', left);
      await ws.addSourceFromPath('right', right);
      const auto = await buildAutoRecipe(ws, order);
      expect(auto.swapped).toBe(order === 'statement-first');
      expect((await ws.source('left'))!.columns.map((c) => c.name)).toContain('Invoice Number');
    }
  });

  it('knows the statement by its running balance when no reference joins the files, whichever comes first', async () => {
    // A Hungarian-style pair (yyyy.mm.dd dates): the bank names no invoice (payers write their own words), the ledger's
    // remark column is longer than the bank's text, and the ledger's paid column equals gross − open
    // on every row (a row identity, not a balance). Only the statement's balance says which is which.
    const ledger: string[] = [];
    const bank: string[] = [];
    let balance = 1_000_000;
    for (let n = 0; n < 40; n++) {
      const gross = 2_000 + n * n * 1_733;
      const paid = n % 7 === 0 ? 4_000 : 0;
      const day = String(1 + (n % 27)).padStart(2, '0');
      ledger.push([`V${100 + (n % 6)}`, `Vevő ${n % 6} Kft`, `2026.03.${day}`, `2026.04.${day}`, gross, paid, gross - paid, `szállítás a ${n % 6}. telephelyre keretszerződés szerint utólagos elszámolással`].join(','));
      if (n < 30) {
        const amount = n % 5 === 4 ? -(2_000 + n * 17) : gross - paid;
        balance += amount;
        const day = String(1 + (n % 27)).padStart(2, '0');
        bank.push([`2026.06.${day}`, `2026.06.${day}`, amount, balance, `VEVO ${n % 6} KFT`].join(','));
      }
    }
    for (const order of ['open-first', 'statement-first'] as const) {
      const ws = await sb.workspace(`hu-${order}`);
      const files = [
        sb.file(`hu-${order}-ledger.csv`, csv('Vevőkód,Vevő,Kelte,Esedékes,Bruttó,Fizetve,Nyitott,Megjegyzés', ledger)),
        sb.file(`hu-${order}-bank.csv`, csv('Könyvelés,Értéknap,Összeg,Egyenleg,Partner', bank)),
      ];
      const [left, right] = order === 'open-first' ? files : [files[1], files[0]];
      await ws.addSourceFromPath('left', left);
      await ws.addSourceFromPath('right', right);
      const auto = await buildAutoRecipe(ws, order);
      expect(auto.swapped).toBe(order === 'statement-first');
      if (auto.swapped) expect(auto.explanation).toMatch(/running balance \(Egyenleg moves by Összeg/);
      expect((await ws.source('left'))!.columns.map((c) => c.name)).toContain('Vevőkód');
      // No date pair was proposed (two dates a side, months apart in the sample): the cascade's
      // last resort, a 1:1 key on the first mapped column, is not kept next to rules that compare amounts;
      // lines naming no customer get the amount-only suggestion, kept to them by the payer.
      expect(auto.recipe.rules.map((r) => r.id)).toEqual(['scored', 'counterparty-batch', 'scored-open', 'amount-only']);
      expect(auto.recipe.rules.find((r) => r.id === 'amount-only')?.payer_unknown).toMatchObject({ left: 'Vevő', right: 'Partner' });
    }
  });

  it('swapSides exchanges the loaded tables without reading the files again', async () => {
    const f = files();
    const ws = await sb.workspace();
    await ws.addSourceFromPath('left', sb.file('bank.csv', f.bank));
    await ws.addSourceFromPath('right', sb.file('inv.csv', f.invoices));
    const before = { left: await ws.source('left'), right: await ws.source('right') };
    const swapped = await ws.swapSides();
    expect(swapped.left).toEqual({ ...before.right, side: 'left' });
    expect((await ws.source('right'))!).toEqual({ ...before.left, side: 'right' });
    const first = (await ws.preview('left', { offset: 0, limit: 1 })).items[0];
    expect(first.Belegnummer).toBeDefined();
    expect((await ws.preview('right', { offset: 0, limit: 1 })).total).toBe(25);
  });
});

describe('statement layouts', () => {
  it('derives a signed amount from an Af/Bij direction column, so money out is negative', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath(
      'left',
      sb.file(
        'ing.csv',
        csv('"Datum";"Naam / Omschrijving";"Af Bij";"Bedrag (EUR)";"Mededelingen"', [
          '"20260301";"Jansen BV";"Bij";"1.250,00";"factuur 20260451"',
          '"20260302";"Verhuurder";"Af";"900,00";"huur maart"',
          '"20260303";"De Vries";"Bij";"15,50";"factuur 20260452"',
        ]),
      ),
    );
    expect(info.columns.find((c) => c.name === 'signed_amount')).toMatchObject({ type: 'number', derived: true });
    expect(info.notices.find((n) => n.code === 'derived_signed_amount')?.message).toMatch(/Af Bij/);
    const rows = (await ws.preview('left', { offset: 0, limit: 3 })).items.map((r) => Number(r.signed_amount));
    expect(rows).toEqual([1250, -900, 15.5]);
  });

  it('derives a signed amount from a nameless CR/DB column beside whole rupiah written with ".00" (KlikBCA)', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath(
      'left',
      sb.file(
        'mutasi.csv',
        csv('Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo', [
          "'15/12,BI-FAST CR BIF TRANSFER DR 011 PT BINA PERKASA,'0000,277492896.00,CR,576205712.00",
          "'15/12,TRSF E-BANKING DB 1512/FTSCY/WS95031 BAYAR SUPPLIER PT INTI UTAMA,'0000,123200000.00,DB,453005712.00",
          "'16/12,SWITCHING CR TRANSFER DR 011 SINAR LESTARI PT,'0000,1341435.00,CR,454347147.00",
        ]),
      ),
    );
    expect(info.notices.find((n) => n.code === 'derived_signed_amount')?.message).toMatch(/"Jumlah" have no sign/);
    const rows = (await ws.preview('left', { offset: 0, limit: 3 })).items.map((r) => Number(r.signed_amount));
    expect(rows).toEqual([277492896, -123200000, 1341435]);
  });

  it('leaves a column of two other words alone (no direction, no derived amount)', async () => {
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('x.csv', csv('status,amount', ['open,10.00', 'paid,20.00', 'open,5.00'])));
    expect(info.columns.some((c) => c.derived)).toBe(false);
  });

  it('skips a footer set apart by an empty line whatever its words, and lists it', async () => {
    const lines = ['"Buchungstag";"Verwendungszweck";"Auftraggeber";"Betrag"'];
    for (let i = 1; i <= 12; i++) lines.push(`"${String(i).padStart(2, '0')}.03.2026";"SVWZ+RE 2026-${i}";"Firma ${i}";"${i * 10},50"`);
    for (const footer of [
      ['', '"Alter Kontostand";"10.000,00 EUR"', '"Neuer Kontostand";"12.345,67 EUR"'],
      ['', '"Closing balance";"12.345,67"'],
      ['', '"Solde final";"12.345,67"', '', ''],
    ]) {
      const ws = await sb.workspace(`ws-${footer.length}-${footer[1].slice(1, 4)}`);
      const info = await ws.addSourceFromPath('left', sb.file(`f${footer.length}${footer[1].slice(1, 4)}.csv`, `${[...lines, ...footer].join('\n')}\n`));
      expect(info.row_count).toBe(12);
      expect(info.notices.find((n) => n.code === 'skipped_bottom')?.message).toMatch(/after an empty line/);
    }
  });

  it('still refuses a full-width row below an empty line: it is data, not a footer', async () => {
    const lines = ['a;b;c', '1;x;2', '2;y;3', '', '3;z;4'];
    const ws = await sb.workspace();
    const info = await ws.addSourceFromPath('left', sb.file('gap.csv', `${lines.join('\n')}\n`)).catch((e: Error) => e);
    // The row below the gap is read (or reported), never dropped as a footer.
    if (info instanceof Error) expect(info.message).not.toMatch(/after an empty line/);
    else expect(info.row_count).toBe(3);
  });
});
