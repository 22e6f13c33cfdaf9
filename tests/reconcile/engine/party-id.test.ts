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
