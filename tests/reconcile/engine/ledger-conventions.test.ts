/**
 * A ledger in other conventions, through real DuckDB, buildAutoRecipe and a run: an Indian
 * receivables export with two entities' series in one voucher column (`GST/25-26/01991` and
 * `INV-AU-00017`), amounts in Indian grouping with a `Dr`/`Cr` marker (invoices are debits, so they
 * read negative against the bank's positive receipts), and bank texts that cite the number without
 * its series (`INV 1983`, `1711,1896`, `LESS CN 53`) as often as in full.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const LEFT = 'Entity,Voucher Date,Voucher No,Voucher Type,Party Name,Pending Amount';
const RIGHT = 'Txn Date,Description,Debit,Credit,Balance';
const PARTIES = ['PATIL IRRIGATION SYSTEMS PVT LTD', 'SAHYADRI FARMERS PRODUCER CO LLP', 'JADHAV COLD STORAGE PVT LTD', 'MALWA KRISHI SEVA KENDRA PVT LTD', 'REDDY AGRO LTD', 'GUJARAT AGRI INPUTS PVT LTD'];

/** Indian grouping: 17,02,809.77 */
function inr(cents: number): string {
  const [whole, frac] = (cents / 100).toFixed(2).split('.');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${frac}`;
}

interface Voucher {
  no: string;
  seq: number;
  party: number;
  cents: number;
  credit: boolean;
}

function world() {
  const gst: Voucher[] = Array.from({ length: 120 }, (_, k) => ({ no: `GST/25-26/0${1700 + k * 11}`, seq: 1700 + k * 11, party: k % PARTIES.length, cents: 500_000 + ((k * 7_919_13) % 90_000_000), credit: false }));
  // Items 110–117: another customer's invoice of the very amount a named payer pays (102–109).
  for (let k = 110; k < 118; k++) gst[k] = { ...gst[k], cents: gst[k - 8].cents, party: (gst[k - 8].party + 1) % PARTIES.length };
  const notes: Voucher[] = Array.from({ length: 6 }, (_, k) => ({ no: `CN/25-26/000${41 + k}`, seq: 41 + k, party: k % PARTIES.length, cents: 20_000 + k * 1_337, credit: true }));
  // The other entity's items: numbered 1–60, never paid from this bank account.
  const au: Voucher[] = Array.from({ length: 60 }, (_, k) => ({ no: `INV-AU-${String(k + 1).padStart(5, '0')}`, seq: k + 1, party: k % PARTIES.length, cents: 100_000 + k * 4_321, credit: false }));
  const row = (entity: string, v: Voucher) => [entity, '12-Feb-2026', v.no, v.credit ? 'Credit Note' : 'Tax Invoice', PARTIES[v.party], `"${inr(v.cents)} ${v.credit ? 'Cr' : 'Dr'}"`].join(',');
  const left = [...gst.map((v) => row('Kaveri Agritech Pvt Ltd', v)), ...notes.map((v) => row('Kaveri Agritech Pvt Ltd', v)), ...au.map((v) => row('Kaveri Agritech Pty Ltd', v))];
  const lines: string[] = [];
  const pay = (text: string, cents: number) => lines.push(['02/03/26', `"${text}"`, '', (cents / 100).toFixed(2), '1000000.00'].join(','));
  const cite = ['INV ', 'BILL NO ', '', 'INVOICE NO 0', 'GST/25-26/0'];
  // Single payments, the number cited in five ways.
  for (let k = 0; k < 60; k++) pay(`NEFT-BARBN5202603${1000 + k}-${PARTIES[gst[k].party]}-${cite[k % cite.length]}${gst[k].seq}`, gst[k].cents);
  // Two invoices in one payment, cited by number alone.
  for (let k = 60; k < 80; k += 2) pay(`RTGS-HDFCR5202603${2000 + k}-${PARTIES[gst[k].party]}-${gst[k].seq},${gst[k + 1].seq}`, gst[k].cents + gst[k + 1].cents);
  // An invoice less a credit note, cited as "LESS CN 41".
  for (let k = 0; k < 6; k++) {
    const v = gst[80 + k];
    pay(`RTGS-UTIBR5202603${3000 + k}-${PARTIES[v.party]}-${v.seq} LESS CN ${notes[k].seq}`, v.cents - notes[k].cents);
  }
  // Tax withheld: 2 % of the net of an invoice with 18 % GST, to the rupee, mostly not said.
  for (let k = 86; k < 102; k++) {
    const v = gst[k];
    const withheld = Math.round((v.cents / 100 / 1.18) * 0.02) * 100;
    pay(`RTGS-ICICR5202603${4000 + k}-${PARTIES[v.party]}-INV ${v.seq}${k % 4 === 0 ? ' TDS 2%' : ''}`, v.cents - withheld);
  }
  // The payer's name in the bank's third field, no reference: the one item of that amount.
  for (let k = 102; k < 110; k++) pay(`NEFT-SBINN5202603${5000 + k}-${PARTIES[gst[k].party]}-PAYMENT`, gst[k].cents);
  // Noise: salaries and small numbers everywhere ("NB 3", "TDS 2%").
  for (let k = 0; k < 20; k++) lines.push(['03/03/26', `"NEFT DR-SALARY MAR 26 NB ${k % 9} TDS 2%"`, (12_345 + k).toFixed(2), '', '1000000.00'].join(','));
  return { gst, notes, au, left, lines };
}

async function run(w: ReturnType<typeof world>) {
  const ws = await sb.workspace(`w-${Math.random().toString(36).slice(2, 8)}`);
  await ws.addSourceFromPath('left', sb.file('outstanding.csv', csv(LEFT, w.left)));
  await ws.addSourceFromPath('right', sb.file('statement.csv', csv(RIGHT, w.lines)));
  const auto = await buildAutoRecipe(ws, 'ledger');
  const result = await ws.run(auto.recipe);
  const groups: { status: string; vouchers: string[]; texts: string[] }[] = [];
  for (const category of ['matched', 'suggested'] as const) {
    for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 10_000 })).items) {
      groups.push({ status: g.status, vouchers: g.left_rows.map((r) => String(r['Voucher No'])).sort(), texts: g.right_rows.map((r) => String(r.Description)) });
    }
  }
  ws.close();
  return { auto, groups };
}

describe('a ledger with Dr/Cr amounts, two series in one column and numbers cited without their series', () => {
  it('matches every payment to its vouchers, and never to the other entity', async () => {
    const w = world();
    const { auto, groups } = await run(w);
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    // Invoices are debits (negative) against receipts (positive): the sign is learned from the data.
    expect(scored?.amount?.flip_sign).toBe(true);
    const refs = scored?.model?.references ?? [];
    // The GST series is learned as a series the payers may leave out; its shape is only for its own values.
    expect(refs[0]).toMatchObject({ left: 'Voucher No', strict: true });
    expect(refs[0].groups.map((g) => g.fixed ?? null)).toEqual(['25', '26', null]);
    const auto_ = groups.filter((g) => g.status === 'auto');
    const byText = new Map(groups.map((g) => [g.texts.join(' | '), g]));
    for (let k = 0; k < 60; k++) {
      const g = [...byText.values()].find((x) => x.texts.some((t) => t.includes(`${1000 + k}-`)));
      expect(g?.vouchers, `payment ${k}`).toEqual([w.gst[k].no]);
    }
    for (let k = 60; k < 80; k += 2) {
      const g = [...byText.values()].find((x) => x.texts.some((t) => t.includes(`${2000 + k}-`)));
      expect(g?.vouchers, `payment ${k}`).toEqual([w.gst[k].no, w.gst[k + 1].no].sort());
    }
    for (let k = 0; k < 6; k++) {
      const g = [...byText.values()].find((x) => x.texts.some((t) => t.includes(`${3000 + k}-`)));
      expect(g?.vouchers, `payment less CN ${k}`).toEqual([w.notes[k].no, w.gst[80 + k].no].sort());
    }
    // Short by the tax withheld: the rate is learned (1.6949 % of the gross, to the unit) and confirms.
    expect(scored?.amount?.differences?.whole_percent?.[0]).toBeCloseTo(1.6949, 3);
    for (let k = 86; k < 102; k++) {
      const g = [...byText.values()].find((x) => x.texts.some((t) => t.includes(`${4000 + k}-`)));
      expect([g?.vouchers, g?.status], `tax withheld ${k}`).toEqual([[w.gst[k].no], 'auto']);
    }
    for (let k = 102; k < 110; k++) {
      const g = [...byText.values()].find((x) => x.texts.some((t) => t.includes(`${5000 + k}-`)));
      // Another customer has an item of the same amount: only the name tells them apart.
      expect(g?.vouchers, `named payer ${k}`).toEqual([w.gst[k].no]);
    }
    // The payer is read from the bank's third field, not only from the start of the text.
    expect(auto.explanation).toContain('the counterparty Party Name ↔ Description');
    // Every single and two-invoice payment confirms automatically; nothing names an AU item.
    expect(auto_.length).toBeGreaterThanOrEqual(86);
    expect(groups.flatMap((g) => g.vouchers).filter((v) => v.startsWith('INV-AU'))).toEqual([]);
  });
});

/**
 * A French ledger (Sage-style échéancier): unsigned `Montant` with `Sens` D/C after a numeric piece
 * number, pieces `20260412` (year, then number), against a bank CSV with `Débit` / `Crédit` and
 * texts `VIR SEPA RECU /DE <payer> /MOTIF FACT 0412 /REF …`.
 */
describe('a French ledger with Sens D/C, year-prefixed piece numbers and tagged bank fields', () => {
  const NAMES = ['Décoration Rousseau SA', 'Menuiserie Faure SARL', 'Habitat Girard SAS', 'Charpente Lacroix SARL', 'Agencement Perrin SA'];
  const bankName = (n: string) => n.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  const eur = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

  it('compares signed amounts, nets credit notes, reads "FACT 0412" and the payer after /DE', async () => {
    const items = Array.from({ length: 80 }, (_, k) => ({ piece: `2026${String(400 + k * 9).padStart(4, '0')}`, name: k % NAMES.length, cents: 30_000 + ((k * 61_723) % 2_000_000), credit: false }));
    const notes = Array.from({ length: 5 }, (_, k) => ({ piece: `2026${String(1200 + k).padStart(4, '0')}`, name: k % NAMES.length, cents: 5_000 + k * 731, credit: true }));
    const lines: string[] = [];
    const pay = (text: string, cents: number) => lines.push(['05/02/2026', '05/02/2026', text, '', eur(cents)].join(';'));
    for (let k = 0; k < 50; k++) pay(`VIR SEPA RECU /DE ${bankName(NAMES[items[k].name])} /MOTIF FACT ${items[k].piece.slice(4)} /REF VIR${900000 + k}`, items[k].cents);
    for (let k = 0; k < 5; k++) pay(`VIR SEPA RECU /DE ${bankName(NAMES[items[50 + k].name])} /MOTIF FACT ${items[50 + k].piece} MOINS AVOIR ${notes[k].piece} /REF VIR${910000 + k}`, items[50 + k].cents - notes[k].cents);
    // Named only by the payer after its /DE tag; another customer has an item of the same amount.
    items[60].cents = items[70].cents;
    items[60].name = (items[70].name + 1) % NAMES.length;
    const leftRows = [...items, ...notes].map((v) => ['411X', NAMES[v.name], '04/01/2026', 'VT', v.piece, v.credit ? 'Avoir' : 'Facture', '', '', '04/02/2026', 'Virement', eur(v.cents), v.credit ? 'C' : 'D'].join(';'));
    pay(`VIR SEPA RECU /DE ${bankName(NAMES[items[70].name])} /MOTIF REGLEMENT /REF NOTPROVIDED`, items[70].cents);
    for (let k = 0; k < 8; k++) lines.push(['06/02/2026', '06/02/2026', `PRLV SEPA URSSAF ${k} 2026`, eur(10_000 + k), ''].join(';'));
    const ws = await sb.workspace('fr');
    const a = await ws.addSourceFromPath('left', sb.file('echeancier.csv', csv('Compte tiers;Nom tiers;Date pièce;Journal;N° pièce;Type;Référence;Libellé;Échéance;Mode règlement;Montant;Sens', leftRows)));
    const b = await ws.addSourceFromPath('right', sb.file('releve.csv', csv('Date opération;Date valeur;Libellé;Débit;Crédit', lines)));
    // The direction column signs the amount with cents, not the piece number before it.
    expect(a.columns.find((c) => c.name === 'signed_amount')?.format?.split('\u0000').slice(0, 2)).toEqual(['indicator', 'Montant']);
    // Accented Débit / Crédit are a debit and credit pair.
    expect(b.columns.some((c) => c.name === 'signed_amount' && c.derived)).toBe(true);
    const auto = await buildAutoRecipe(ws, 'fr');
    expect(auto.recipe.mappings.find((m) => m.role === 'amount')).toMatchObject({ field_a: 'signed_amount', field_b: 'signed_amount' });
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.references[0].groups.map((g) => g.fixed ?? null)).toEqual(['2026', null]);
    const result = await ws.run(auto.recipe);
    const groups: { status: string; pieces: string[]; texts: string[] }[] = [];
    for (const category of ['matched', 'suggested'] as const) {
      for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 10_000 })).items) {
        groups.push({ status: g.status, pieces: g.left_rows.map((r) => String(Number(r['N° pièce']))).sort(), texts: g.right_rows.map((r) => String(r['Libellé'])) });
      }
    }
    ws.close();
    const of = (ref: string) => groups.find((g) => g.texts.some((t) => t.includes(ref)));
    for (let k = 0; k < 50; k++) expect([of(`VIR${900000 + k}`)?.pieces, of(`VIR${900000 + k}`)?.status], `FACT ${k}`).toEqual([[items[k].piece], 'auto']);
    for (let k = 0; k < 5; k++) expect(of(`VIR${910000 + k}`)?.pieces, `less credit note ${k}`).toEqual([items[50 + k].piece, notes[k].piece].sort());
    expect(of('NOTPROVIDED')?.pieces).toEqual([items[70].piece]);
  });
});

/**
 * A receivables list with one row per instalment (`Termini` 1/2, 2/2: the invoice number repeats,
 * so fewer than 80 % of its values are distinct) against a Catalan bank export whose split amount
 * columns, `Càrrecs` / `Abonaments`, are in no vocabulary: recognised because exactly one of the two
 * is filled on every row, the first read as the debit.
 */
describe('instalment rows and a split amount known only by its data', () => {
  const CLIENTS = ['Fusteria Puig SL', 'Ceràmiques Vidal SA', 'Construccions Mas SL', 'Instal·lacions Roca SL'];
  const eur = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

  it('derives the signed amount, learns the invoice number as the reference and pays each instalment', async () => {
    const rows: { factura: number; termini: string; client: number; cents: number }[] = [];
    for (let k = 0; k < 60; k++) {
      const parts = 1 + (k % 3);
      for (let p = 1; p <= parts; p++) rows.push({ factura: 3100 + k * 7, termini: `${p}/${parts}`, client: k % CLIENTS.length, cents: 20_000 + ((k * 37_171 + p * 9_001) % 900_000) });
    }
    const left = rows.map((r) => [CLIENTS[r.client], String(r.factura), r.termini, '28/02/2026', eur(r.cents)].join(';'));
    const lines: string[] = [];
    // Every first instalment paid, citing the invoice; the rest not yet due.
    const paid = rows.filter((r) => r.termini.startsWith('1/'));
    for (const [i, r] of paid.entries()) lines.push(['02/03/2026', `TRANSF. DE ${CLIENTS[r.client].toUpperCase()} FRA ${r.factura} TERMINI ${r.termini} REF ${700000 + i}`, '', eur(r.cents), '50.000,00'].join(';'));
    for (let k = 0; k < 15; k++) lines.push(['03/03/2026', `REBUT ENDESA ${k}`, eur(8_000 + k * 13), '', '50.000,00'].join(';'));
    const ws = await sb.workspace('cat');
    await ws.addSourceFromPath('left', sb.file('venciments.csv', csv('Client;Factura;Termini;Venciment;Import', left)));
    const b = await ws.addSourceFromPath('right', sb.file('moviments.csv', csv('Data;Concepte;Càrrecs;Abonaments;Saldo', lines)));
    expect(b.columns.find((c) => c.name === 'signed_amount')?.format?.split('\u0000').slice(0, 2)).toEqual(['Abonaments', 'Càrrecs']);
    expect(b.notices.find((n) => n.code === 'derived_signed_amount')?.message).toMatch(/exactly one of them is filled on each row/);
    const auto = await buildAutoRecipe(ws, 'cat');
    expect(auto.recipe.rules.find((r) => r.id === 'scored')?.model?.references[0].left).toBe('Factura');
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items;
    ws.close();
    const byRef = new Map(groups.map((g) => [String(g.right_rows[0]?.Concepte).match(/REF (\d+)/)?.[1], g]));
    for (const [i, r] of paid.entries()) {
      const g = byRef.get(String(700000 + i));
      expect(g?.left_rows.map((x) => [Number(x.Factura), x.Termini]), `payment ${i}`).toEqual([[r.factura, r.termini]]);
    }
  });
});

/**
 * A yen ledger: amounts without a minor unit (whole numbers, 5,060 to 747,340) and headings in
 * Japanese. Whole numbers were never taken for amounts (document and customer numbers are whole
 * too), and every Japanese heading folded to the same empty name.
 */
describe('a yen ledger with Japanese headings', () => {
  it('pairs the whole-number amounts that span orders of magnitude, and no two different headings as the same name', async () => {
    const yen = (n: number) => n.toLocaleString('en-US');
    // Invoices from a few thousand to a few million yen, spread as invoice amounts are (log-uniform).
    const invoiceYen = (k: number) => Math.round(10 ** (2.5 + ((k * 0.6180339) % 1) * 3)) * 10;
    const left = Array.from({ length: 60 }, (_, k) => [String(2000 + (k % 7)), `U00${41500 + k}`, '2026/03/25', yen(invoiceYen(k))].join(','));
    const right = Array.from({ length: 40 }, (_, k) => ['2026/04/27', `振込 ｶ)ﾄｸｲｻｷ${k % 7}`, '', String(invoiceYen(k)), '48000000'].join(','));
    const ws = await sb.workspace('jp');
    await ws.addSourceFromPath('left', sb.file('urikake.csv', csv('得意先コード,伝票番号,締日,請求残高', left.map((r) => r.replace(/,(\d{1,3}(,\d{3})+)$/, ',"$1"')))));
    await ws.addSourceFromPath('right', sb.file('meisai.csv', csv('取引日,摘要,お支払金額,お預り金額,差引残高', right)));
    const auto = await buildAutoRecipe(ws, 'jp');
    const amount = auto.recipe.mappings.find((m) => m.role === 'amount');
    expect(amount?.field_a).toBe('請求残高');
    expect(['お預り金額', 'signed_amount']).toContain(amount?.field_b);
    expect(auto.recipe.mappings.filter((m) => m.reason.includes('same column name'))).toEqual([]);
    // The customer code (2000–2006) is whole too, but spans no orders of magnitude: never an amount.
    expect(auto.recipe.mappings.some((m) => m.role === 'amount' && m.field_a === '得意先コード')).toBe(false);
  });
});

/**
 * Tax numbers of two lengths in both files: companies' 8-digit and sole traders' 10-digit
 * numbers, on every ledger row and as the payer's number on every statement line. They meet
 * on the other side 100 % of the time and span a hundredfold, as amounts do, but no value has a
 * length in between: they are identifiers (v17's Ukrainian world had its tax codes paired as the
 * amounts, 46.5 % → 72.2 % once they were not).
 */
describe('tax numbers of two lengths in both files', () => {
  it('are not the amounts: the amounts are the columns whose values meet to the cent', async () => {
    const taxNo = (c: number) => (c % 3 === 0 ? String(2_000_000_000 + c * 71_234_567) : String(10_000_000 + c * 2_345_671));
    const items = Array.from({ length: 90 }, (_, k) => ({ cust: k % 30, inv: 5_000 + k, kurus: 120_000 + ((k * 7_654_321) % 90_000_000) }));
    const tl = (kurus: number) => (kurus / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2 });
    const left = items.map((i) => [`Müşteri ${i.cust}`, taxNo(i.cust), `FTR${i.inv}`, '15.09.2026', `"${tl(i.kurus)}"`].join(';'));
    // Every customer pays something; a third of the payments arrive less a 7.50 transfer fee.
    const paid = items.filter((_, k) => k < 30 || k % 4 !== 0);
    const right = paid.map((i, k) => ['02.10.2026', taxNo(i.cust), `EFT ${k % 4 === 0 ? 'ODEME' : `FTR${i.inv}`}`, `"${tl(i.kurus - (k % 3 === 0 ? 750 : 0))}"`].join(';'));
    const ws = await sb.workspace('tr');
    await ws.addSourceFromPath('left', sb.file('cari.csv', csv('Unvan;Vergi No;Belge;Tarih;Kalan', left)));
    await ws.addSourceFromPath('right', sb.file('hesap.csv', csv('Islem Tarihi;Karsi Vergi No;Aciklama;Alacak', right)));
    const auto = await buildAutoRecipe(ws, 'tr');
    const amount = auto.recipe.mappings.find((m) => m.role === 'amount');
    expect(amount?.field_a).toBe('Kalan');
    expect(['Alacak', 'signed_amount']).toContain(amount?.field_b);
    expect(auto.recipe.mappings.some((m) => m.role === 'amount' && (m.field_a === 'Vergi No' || m.field_b === 'Karsi Vergi No'))).toBe(false);
  });
});

/**
 * The payer's tax number in a column of its own on the statement, typed as a number (as ЄДРПОУ
 * codes are in a Ukrainian export), and a text that names no invoice. Two customers have an item of
 * the same amount, so the amount alone cannot say whose it is: the tax number can. The payer id was
 * looked for in the statement's text columns only (v17's ua-privat: 47.0 % with suggestions).
 */
describe("a payer's number in a number column of the statement", () => {
  it('is learned as the counterparty and ties a payment that names no invoice to its payer\'s item', async () => {
    const taxNo = (c: number) => String(30_000_000 + c * 1_234_567);
    const hrn = (kop: number) => (kop / 100).toFixed(2);
    // 40 customers, 3 items each; customer c's first item has the amount of customer c + 20's first.
    const items = Array.from({ length: 120 }, (_, k) => {
      const cust = k % 40;
      const amount = k < 40 ? 500_000 + (cust % 20) * 13_577 : 100_000 + ((k * 7_654_321) % 9_000_000);
      return { cust, inv: 7_000 + k, kop: amount };
    });
    const left = items.map((i) => [`ТОВ Клієнт ${i.cust}`, taxNo(i.cust), `РН-${i.inv}`, '01.09.2026', hrn(i.kop)].join(';'));
    // Every item paid; the first item of each customer by a payment that names no invoice.
    const right = items.map((i, k) => ['15.09.2026', taxNo(i.cust), k < 40 ? 'Оплата за товар згідно договору' : `Оплата за РН-${i.inv}`, hrn(i.kop)].join(';'));
    const ws = await sb.workspace('ua');
    await ws.addSourceFromPath('left', sb.file('borg.csv', csv('Контрагент;ЄДРПОУ;Документ;Дата;Сума', left)));
    const b = await ws.addSourceFromPath('right', sb.file('vypyska.csv', csv('Дата;ЄДРПОУ контрагента;Призначення платежу;Сума', right)));
    expect(b.columns.find((c) => c.name === 'ЄДРПОУ контрагента')?.type).toBe('number');
    const auto = await buildAutoRecipe(ws, 'ua');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.party_id).toEqual({ left: 'ЄДРПОУ', right: 'ЄДРПОУ контрагента' });
    const result = await ws.run(auto.recipe);
    const paidBy = new Map<string, string[]>();
    for (const category of ['matched', 'suggested'] as const) {
      for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 10_000 })).items) {
        for (const r of g.right_rows) {
          const payer = String(Number(r['ЄДРПОУ контрагента']));
          paidBy.set(payer, [...(paidBy.get(payer) ?? []), ...g.left_rows.map((l) => String(l['Документ']))]);
        }
      }
    }
    ws.close();
    // Each unnamed payment pays its own customer's item, never the other customer's of that amount.
    for (let c = 0; c < 40; c++) expect(paidBy.get(taxNo(c))?.sort(), `customer ${c}`).toEqual([7_000 + c, 7_040 + c, 7_080 + c].map((n) => `РН-${n}`));
  });
});

/**
 * An A/R aging export: the balance of every item, and the same amount again in the one aging
 * bucket it falls in (`1-30 Days`, `31-60 Days`, …), empty elsewhere. Only some items are paid.
 */
describe('an aging report with bucket columns', () => {
  it('compares the balance every item has, not a bucket that meets the payments as often per filled row', async () => {
    const usd = (cents: number) => `"$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;
    const items = Array.from({ length: 120 }, (_, k) => ({ inv: 318_100 + k, cents: 50_000 + ((k * 77_317) % 4_000_000), bucket: k % 4 }));
    const left = items.map((i) => [`C0${1000 + (i.inv % 37)}`, String(i.inv), '09/15/2026', usd(i.cents), usd(i.cents), ...[0, 1, 2, 3].map((b) => (b === i.bucket ? usd(i.cents) : ''))].join(','));
    // The current bucket's items are all paid, the older ones a third of the time.
    const paid = items.filter((i, k) => i.bucket === 0 || k % 3 === 0);
    const right = paid.map((i) => ['10/01/2026', (i.cents / 100).toFixed(2), `ACH CREDIT INV ${i.inv}`].join(','));
    const ws = await sb.workspace('aging');
    await ws.addSourceFromPath('left', sb.file('aging.csv', csv('Customer ID,Invoice #,Invoice Date,Original Amount,Balance Due,Current,1-30 Days,31-60 Days,Over 60 Days', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Amount,Description', right)));
    const auto = await buildAutoRecipe(ws, 'aging');
    expect(['Balance Due', 'Original Amount']).toContain(auto.recipe.mappings.find((m) => m.role === 'amount')?.field_a);
  });
});

/**
 * A Canadian chequing account exported as RBC does: one CSV, a `CAD$` and a `USD$` column, each
 * row filling one of them, each holding money in and out. They are two currencies side by side, not
 * a debit/credit split (which holds one sign per column): the derived amount is whichever is filled,
 * so a USD invoice meets its USD wire. A split whose debit column is printed negative
 * ("Money out: -12.00") still reads as money out.
 */
describe('amount columns side by side and debits printed negative', () => {
  it('derives the row amount from CAD$/USD$ and matches invoices in either currency', async () => {
    const left: string[] = [];
    const right: string[] = [];
    for (let k = 0; k < 40; k++) {
      const usd = k % 4 === 0;
      const cents = 30_000 + ((k * 73_331) % 2_000_000);
      const amount = (cents / 100).toFixed(2);
      left.push([`${10_001 + k * 3}`, `Client ${k % 9}`, usd ? 'USD' : 'CAD', amount].join(','));
      right.push(['Chequing', usd ? '06702-4001234' : '06702-1009876', '10/5/2026', `"WIRE PAYMENT INV ${10_001 + k * 3}"`, usd ? '' : amount, usd ? amount : ''].join(','));
      if (!usd) right.push(['Chequing', '06702-1009876', '10/6/2026', `"HYDRO ${k}"`, `-${(40 + k).toFixed(2)}`, ''].join(','));
    }
    const ws = await sb.workspace('rbc');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('Invoice,Customer,Currency,Total', left)));
    const b = await ws.addSourceFromPath('right', sb.file('rbc.csv', csv('Account Type,Account Number,Transaction Date,Description,CAD$,USD$', right)));
    const derived = b.columns.find((c) => c.name === 'signed_amount');
    expect(derived?.format?.split('\u0000').slice(0, 3)).toEqual(['side-by-side', 'CAD$', 'USD$']);
    expect(b.notices.find((n) => n.code === 'derived_signed_amount')?.message).toMatch(/each hold money in and out/);
    const auto = await buildAutoRecipe(ws, 'rbc');
    expect(auto.recipe.mappings.find((m) => m.role === 'amount')?.field_b).toBe('signed_amount');
    const result = await ws.run(auto.recipe);
    const groups = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 100 })).items;
    ws.close();
    const usdMatched = groups.filter((g) => g.left_rows[0]?.Currency === 'USD');
    expect(usdMatched).toHaveLength(10);
    for (const g of groups) expect(Number(g.right_rows[0]?.signed_amount)).toBe(Number(g.left_rows[0]?.Total));
  });

  it('reads a debit column printed negative as money out', async () => {
    const rows = Array.from({ length: 30 }, (_, k) => (k % 3 === 0 ? ['01/03/2026', `PAYMENT ${k}`, '', `${100 + k}.00`] : ['01/03/2026', `CARD ${k}`, `-${10 + k}.50`, '']).join(','));
    const ws = await sb.workspace('neg');
    const info = await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Details,Money out,Money in', rows)));
    expect(info.columns.find((c) => c.name === 'signed_amount')?.format?.split('\u0000').slice(0, 2)).toEqual(['Money in', 'Money out']);
    const page = await ws.preview('right', { offset: 0, limit: 3 });
    ws.close();
    expect(page.items.map((r) => Number(r.signed_amount))).toEqual([100, -11.5, -12.5]);
  });
});

describe('a Chinese ledger of short names against a bank writing the legal name glued and cut', () => {
  it('learns the payer from the text, pays each unnamed payment to its own customer, and learns the fee the payers deduct', async () => {
    // Short names of four characters (客戶簡稱); the bank writes the registered name, the legal form
    // glued to it, cut at nine characters ("新光精密工業股份有"), after a virtual account number.
    const heads = ['源興', '宏達', '立信', '新光', '益全', '順德', '鴻林', '精誠', '華榮', '上銀'];
    const trades = ['鋼鐵', '五金', '電機', '精密'];
    const forms = ['股份有限公司', '企業社', '工業股份有限公司', '有限公司'];
    const customers = Array.from({ length: 40 }, (_, c) => ({ short: heads[c % 10] + trades[Math.floor(c / 10)], code: `C${String(c + 1).padStart(4, '0')}` }));
    const full = (c: number) => (customers[c].short + forms[c % forms.length]).slice(0, 9);
    // Three invoices each; customer c's first has the amount of customer c + 20's first.
    const items = Array.from({ length: 120 }, (_, k) => {
      const c = k % 40;
      // Whole dollars spanning 1,000 to 1,000,000, as invoices do.
      const amount = Math.round(10 ** (3 + (((k < 40 ? c % 20 : k) * 37) % 100) / 33)) + (k < 40 ? 0 : k);
      return { c, inv: `JR${56_578_900 + k}`, amount };
    });
    const money = (n: number) => `"${n.toLocaleString('en-US')}"`;
    const left = items.map((i) => [customers[i.c].code, customers[i.c].short, '115/09/03', i.inv, money(i.amount)].join(','));
    const right = items.map((i, k) => {
      const va = `952826270${String(i.c + 1).padStart(5, '0')}`;
      // The first item of each customer by name alone; the second less the bank's NT$15 fee, by name
      // alone too; the third naming its invoice.
      if (k < 40) return ['115/10/15', money(i.amount), `"${va} ${full(i.c)} 貨款"`].join(',');
      if (k < 80) return ['115/10/16', money(i.amount - 15), `"${full(i.c)} 貨款（扣匯費15元）"`].join(',');
      return ['115/10/17', money(i.amount), `"${full(i.c)} 發票${i.inv.slice(2)}"`].join(',');
    });
    const ws = await sb.workspace('tw');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('客戶代號,客戶簡稱,單據日期,發票號碼,未收餘額', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('交易日期,存入金額,備註', right)));
    const auto = await buildAutoRecipe(ws, 'tw');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.party).toMatchObject({ left: '客戶簡稱', right: '備註' });
    expect(scored?.amount?.differences?.fixed).toContain(15);
    const result = await ws.run(auto.recipe);
    const paid = new Map<string, string>();
    for (const category of ['matched', 'suggested'] as const) {
      for (const g of (await ws.page(result.run_id, category, { offset: 0, limit: 10_000 })).items) {
        expect(g.left_rows).toHaveLength(1);
        paid.set(String(g.left_rows[0]['發票號碼']), String(g.right_rows[0]['備註']));
      }
    }
    ws.close();
    // Every invoice paid, each by a line naming its own customer: never the other customer's of that amount.
    expect(paid.size).toBe(120);
    for (const i of items) expect(paid.get(i.inv), i.inv).toContain(full(i.c));
  });
});
