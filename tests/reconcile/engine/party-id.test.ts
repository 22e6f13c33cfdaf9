/**
 * The payer's identifier written in the statement's text (issue 25, heldout-v12 cl-factoring: a
 * Chilean RUT "76.383.341-0" written as "0763833410"; th-kbank: a bill payment's Ref1 customer code
 * AR0116 for AR-0116). Here Brazilian PIX credits writing the payer's CNPJ (12.345.678/0001-90 as
 * 12345678000190 or formatted) and a name the bank cuts to 18 characters, so two customers'
 * names read the same. The id is learned from the data (a customer's line pays about one of its
 * items far more often than another customer's), read as the counterparty, and its digits are no
 * other reference: a line with an id and an amount only one item of that customer has is paired.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const CITIES = ['SANTOS', 'CAMPINAS', 'SOROCABA', 'JUNDIAI', 'LIMEIRA', 'FRANCA', 'BAURU', 'MARILIA', 'ARARAS', 'ITU', 'SALTO', 'TATUI', 'AVARE', 'OURINHOS', 'ASSIS', 'BOTUCATU', 'JAU', 'BARRETOS', 'BEBEDOURO', 'OLIMPIA'];
/** Pairs of customers (2j, 2j + 1) whose names the bank cuts to the same 18 characters. */
const NAMES = CITIES.flatMap((c) => [`DISTRIBUIDORA ${c} NORTE`, `DISTRIBUIDORA ${c} SUL`]);
const cnpj = (k: number) => {
  const d = String(11_222_333 + k * 1_010_101).padStart(8, '0');
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/0001-${String(10 + k * 7).slice(-2)}`;
};

describe('a payer’s id written in the statement text', () => {
  it('is learned as the counterparty and decides between customers whose names read the same', async () => {
    const items: { nf: string; customer: number; cents: number }[] = [];
    for (let k = 0; k < 240; k++) {
      // Twins (customers 2j and 2j+1) have an item of the same amount each turn: the cut name cannot decide.
      const customer = k % NAMES.length;
      const twin = Math.floor(k / NAMES.length) % 2 === 1;
      const base = (j: number) => 50_000 + ((j * 7_919_31) % 5_000_000);
      items.push({ nf: String(104_001 + k), customer, cents: base(twin && customer % 2 === 1 ? k - 1 : k) });
    }
    const left = items.map((it) => [it.nf, NAMES[it.customer], cnpj(it.customer), '2026-10-10', (it.cents / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 80 PIX credits name the invoice (a reference is learned from them too)…
    items.slice(0, 80).forEach((it) => right.push(['2026-10-15', `PIX RECEBIDO ${NAMES[it.customer].slice(0, 18)} NF ${it.nf}`, (it.cents / 100).toFixed(2)].join(',')));
    // …120 name only the payer: its CNPJ, glued or formatted, and the cut name.
    const byId = items.slice(100, 220);
    byId.forEach((it, j) => right.push(['2026-10-20', `PIX RECEBIDO ${NAMES[it.customer].slice(0, 18)} PAGAMENTO DE TITULOS ${j % 2 ? cnpj(it.customer).replace(/\D/g, '') : cnpj(it.customer)}`, (it.cents / 100).toFixed(2)].join(',')));
    const ws = await sb.workspace('pix');
    await ws.addSourceFromPath('left', sb.file('titulos.csv', csv('NF,Cliente,CNPJ,Vencimento,Valor', left)));
    await ws.addSourceFromPath('right', sb.file('extrato.csv', csv('Data,Historico,Valor', right)));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.find((r) => r.id === 'scored')?.model?.party_id).toEqual({ left: 'CNPJ', right: 'Historico' });
    const result = await ws.run(auto.recipe);
    // Matched or suggested: the model's certainty in a world this small is not the point here.
    const matched = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
    const paired = new Map(matched.filter((g) => g.left_rows.length === 1 && g.right_rows.length === 1).map((g) => [`${String(g.right_rows[0].Historico)} ${Number(g.right_rows[0].Valor).toFixed(2)}`, String(Number(g.left_rows[0].NF))]));
    const got = byId.map((it, j) => paired.get(`PIX RECEBIDO ${NAMES[it.customer].slice(0, 18)} PAGAMENTO DE TITULOS ${j % 2 ? cnpj(it.customer).replace(/\D/g, '') : cnpj(it.customer)} ${(it.cents / 100).toFixed(2)}`));
    // Every id-only line paired is paired with its own invoice, not its twin's, and nearly all are.
    byId.forEach((it, j) => expect([undefined, it.nf]).toContain(got[j]));
    expect(got.filter(Boolean).length).toBeGreaterThanOrEqual(110);
  });
});

describe('a payer’s id on few of the statement’s lines', () => {
  it('is learned when the amounts prove it, though most lines name their invoice (Polish NIP on 4 % of lines)', async () => {
    // 30 customers with 14 invoices each; an odd customer's last invoice costs what the customer
    // before it owes on its 13th, so its amount alone names two customers' items.
    const nip = (c: number) => String(5_213_000_000 + c * 7_654_321);
    const base = (c: number, j: number) => 100_000 + (((c * 14 + j) * 7_919_31) % 9_000_000);
    const cents = (c: number, j: number) => (j === 13 && c % 2 === 1 ? base(c - 1, 12) : base(c, j));
    const left: string[] = [];
    for (let c = 0; c < 30; c++) for (let j = 0; j < 14; j++) left.push([`FV/${String(c * 14 + j + 1).padStart(4, '0')}/2026`, `Odbiorca ${c}`, nip(c), '2026-10-10', (cents(c, j) / 100).toFixed(2)].join(','));
    const right: string[] = [];
    // 360 transfers name their invoice (the first 12 of each customer's)…
    for (let k = 0; k < 360; k++) {
      const [c, j] = [k % 30, Math.floor(k / 30)];
      right.push(['2026-10-20', `PRZELEW ZA FV/${String(c * 14 + j + 1).padStart(4, '0')}/2026`, (cents(c, j) / 100).toFixed(2)].join(','));
    }
    // …14 (3.7 % of the lines) only the payer's NIP, written with dashes or without: the odd
    // customers' last invoices, whose amounts the even customers' open 13th invoices share.
    const byId = Array.from({ length: 14 }, (_, i) => ({ c: 2 * i + 1, j: 13 }));
    const spell = (n: string, i: number) => (i % 2 ? n : `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`);
    byId.forEach(({ c, j }, i) => right.push(['2026-10-21', `PRZELEW NIP ${spell(nip(c), i)} ZAPLATA`, (cents(c, j) / 100).toFixed(2)].join(',')));
    const ws = await sb.workspace('nip');
    await ws.addSourceFromPath('left', sb.file('faktury.csv', csv('Numer,Kontrahent,NIP,Termin,Kwota', left)));
    await ws.addSourceFromPath('right', sb.file('wyciag.csv', csv('Data,Tytul,Kwota', right)));
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.find((r) => r.id === 'scored')?.model?.party_id).toEqual({ left: 'NIP', right: 'Tytul' });
    const result = await ws.run(auto.recipe);
    const matched = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
    const paired = new Map(matched.filter((g) => g.right_rows.length === 1 && /NIP/.test(String(g.right_rows[0].Tytul))).map((g) => [String(g.right_rows[0].Tytul), g.left_rows.map((r) => String(r.Numer))]));
    const got = byId.map(({ c }, i) => paired.get(`PRZELEW NIP ${spell(nip(c), i)} ZAPLATA`));
    // Each id-only line paired pays its own customer's invoice, not the other customer's of that amount.
    byId.forEach(({ c, j }, i) => expect([undefined, [`FV/${String(c * 14 + j + 1).padStart(4, '0')}/2026`]]).toContainEqual(got[i]));
    expect(got.filter(Boolean).length).toBeGreaterThanOrEqual(12);
  });
});
