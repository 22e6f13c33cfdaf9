/**
 * An invoice in equal instalments (issue 25, heldout-v8 it-fatturapa): reference, amount and payer
 * agree for every open instalment, so the model cannot tell them apart. A line that cites the
 * instalment ("PART 2 OF 3", "RATA 1 DI 3") pays that one; a line that does not is at most
 * suggested (the nearest due date), never confirmed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import type { Recipe } from '../../../src/shared/reconcile/recipe';
import type { ReconEngine } from '../../../src/main/reconcile/engine/engine';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/**
 * Italian invoices (heldout-v8 it-fatturapa): "FT 958/2026" (two digit groups of their own), a
 * payer, and a line that repeats the amount; 12 invoices in three equal instalments, 6 of their
 * lines citing "RATA 2 DI 3". Only the instalment column may tell equal instalments apart.
 */
async function rateWorkspace(shape: { causale?: boolean; noRata?: boolean; condomini?: boolean } = {}): Promise<ReconEngine> {
  const left: string[] = [];
  const right: string[] = [];
  // condomini: payers named by their address ("Condominio Via Verdi 12/4", two digit groups of
  // their own), each line naming its payer.
  const payers = shape.condomini ? ['Condominio Via Verdi 12/4', 'Condominio Corso Po 7/2', 'Condominio Via Roma 31/5'] : ['Studio Rossi', 'Bianchi Srl', 'Verdi e Figli'];
  const from = (k: number) => (shape.condomini ? ` DA ${payers[k % 3].toUpperCase()}` : '');
  // causale: the instalment is cited in a second text column ("Causale"), the invoice in the first.
  // noRata: the open items have no instalment column (nor a payer): nothing to cite.
  const item = (ft: string, payer: string, rata: string, due: string, amount: string) => (shape.noRata ? [ft, due, amount] : [ft, payer, rata, due, amount]).join(',');
  const line = (text: string, rata: string, amount: string) => (shape.causale ? ['2026-11-14', text, rata, amount] : ['2026-11-14', `${text}${rata ? ` ${rata}` : ''}`, amount]).join(',');
  for (let k = 0; k < 100; k++) {
    const cents = 15_000 + ((k * 7_919_31) % 2_000_000);
    const amount = (cents / 100).toFixed(2);
    left.push(item(`FT ${100 + k * 3}/2026`, payers[k % 3], '1 di 1', `2026-10-${String(1 + (k % 28)).padStart(2, '0')}`, amount));
    right.push(line(`BONIFICO${from(k)} FT ${100 + k * 3}/2026 EUR ${amount}`, '', amount).replace('2026-11-14', '2026-10-20'));
  }
  for (let k = 0; k < 12; k++) {
    const no = 800 + k * 5;
    const amount = ((30_000 + k * 1_111) / 100).toFixed(2);
    for (const part of [1, 2, 3]) left.push(item(`FT ${no}/2026`, payers[k % 3], `${part} di 3`, `2026-${String(9 + part).padStart(2, '0')}-15`, amount));
    right.push(shape.causale ? line(`BONIFICO FT ${no}/2026 EUR ${amount}`, k < 6 ? 'RATA 2 DI 3' : '', amount) : line(k < 6 ? `BONIFICO${from(k)} FT ${no}/2026 RATA 2 DI 3 EUR ${amount}` : `BONIFICO${from(k)} FT ${no}/2026 EUR ${amount}`, '', amount));
  }
  const ws = await sb.workspace('rate');
  await ws.addSourceFromPath('left', sb.file('scadenze.csv', csv(shape.noRata ? 'Fattura,Scadenza,Importo' : 'Fattura,Cliente,Rata,Scadenza,Importo', left)));
  await ws.addSourceFromPath('right', sb.file('estratto.csv', csv(shape.causale ? 'Data,Descrizione,Causale,Importo' : 'Data,Descrizione,Importo', right)));
  return ws;
}

/** The instalments a run of `recipe` confirmed, as "FT 800/2026 2 di 3". */
async function confirmedInstalments(ws: ReconEngine, recipe: Recipe): Promise<string[]> {
  const result = await ws.run(recipe);
  const groups = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
  const parts = groups.filter((g) => String(g.left_rows[0].Rata).endsWith('di 3'));
  return parts
    .filter((g) => g.status === 'auto')
    .map((g) => `${String(g.left_rows[0].Fattura)} ${String(g.left_rows[0].Rata)}`)
    .sort();
}

const CITED_RATA = Array.from({ length: 6 }, (_, k) => `FT ${800 + k * 5}/2026 2 di 3`).sort();

describe('a line citing which of equal instalments it pays', () => {
  it('confirms the cited instalment, and never confirms an uncited one', async () => {
    const left: string[] = [];
    const right: string[] = [];
    // 100 single invoices, each paid naming its number (the model learns from these).
    for (let k = 0; k < 100; k++) {
      const cents = 15_000 + ((k * 7_919_31) % 2_000_000);
      left.push([`${7_000 + k * 3}`, '1 of 1', `2026-10-${String(1 + (k % 28)).padStart(2, '0')}`, (cents / 100).toFixed(2)].join(','));
      right.push(['2026-10-20', `TRANSFER INVOICE ${7_000 + k * 3}`, (cents / 100).toFixed(2)].join(','));
    }
    // 12 invoices in three equal instalments: 6 lines cite part 2, 6 name the invoice only.
    for (let k = 0; k < 12; k++) {
      const no = 8_000 + k * 5;
      const cents = 30_000 + k * 1_111;
      for (const part of [1, 2, 3]) left.push([`${no}`, `${part} of 3`, `2026-${String(9 + part).padStart(2, '0')}-15`, (cents / 100).toFixed(2)].join(','));
      right.push(['2026-11-14', k < 6 ? `TRANSFER INVOICE ${no} PART 2 OF 3` : `TRANSFER INVOICE ${no}`, (cents / 100).toFixed(2)].join(','));
    }
    const ws = await sb.workspace('parts');
    await ws.addSourceFromPath('left', sb.file('open.csv', csv('Invoice No,Instalment,Due Date,Amount Due', left)));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Narrative,Amount', right)));
    const auto = await buildAutoRecipe(ws);
    const result = await ws.run(auto.recipe);
    const groups = [...(await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items, ...(await ws.page(result.run_id, 'suggested', { offset: 0, limit: 1000 })).items];
    const parts = groups.filter((g) => Number(g.left_rows[0]['Invoice No']) >= 8_000);
    const confirmed = parts.filter((g) => g.status === 'auto').map((g) => `${Number(g.left_rows[0]['Invoice No'])} ${g.left_rows[0].Instalment}`);
    expect(confirmed.sort()).toEqual(Array.from({ length: 6 }, (_, k) => `${8_000 + k * 5} 2 of 3`).sort());
  });

  it('reads only the instalment: not the reference’s own digit groups, the payer or the amount the line also carries', async () => {
    const ws = await rateWorkspace();
    const auto = await buildAutoRecipe(ws);
    expect(await confirmedInstalments(ws, auto.recipe)).toEqual(CITED_RATA);
  });

  it('does not read the payer as a detail: a payer named by an address ("Condominio Via Verdi 12/4") cites no instalment', async () => {
    const ws = await rateWorkspace({ condomini: true });
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.some((r) => r.model?.party?.left === 'Cliente')).toBe(true);
    expect(await confirmedInstalments(ws, auto.recipe)).toEqual(CITED_RATA);
  });

  it('with a model reading only the payer and the amount (no reference), leaves equal instalments for a person and runs to the end', async () => {
    const ws = await rateWorkspace({ condomini: true });
    const auto = await buildAutoRecipe(ws);
    // The person removed the reference from the model: the line's texts are read for the payer only.
    const rules = auto.recipe.rules.map((r) => (r.model ? { ...r, model: { ...r.model, references: [] } } : r));
    expect(rules.some((r) => r.model?.party?.in_text)).toBe(true);
    expect(await confirmedInstalments(ws, { ...auto.recipe, rules })).toEqual([]);
  });

  it('reads the columns a recipe names in another case (`descrizione` for `Descrizione`) as the run does', async () => {
    const ws = await rateWorkspace();
    const auto = await buildAutoRecipe(ws);
    const rules = auto.recipe.rules.map((r) =>
      r.model
        ? {
            ...r,
            model: {
              ...r.model,
              references: r.model.references.map((ref) => ({ ...ref, left: ref.left.toLowerCase(), right: ref.right.map((n) => n.toLowerCase()) })),
              party: r.model.party && { ...r.model.party, left: r.model.party.left.toLowerCase(), right: r.model.party.right.toLowerCase() },
            },
          }
        : r,
    );
    expect(rules.flatMap((r) => r.model?.references.flatMap((ref) => ref.right) ?? [])).toContain('descrizione');
    expect(await confirmedInstalments(ws, { ...auto.recipe, rules })).toEqual(CITED_RATA);
  });

  it('reads the instalment in any text column the model reads references in (the invoice in one, "RATA 2 DI 3" in another)', async () => {
    const ws = await rateWorkspace({ causale: true });
    const auto = await buildAutoRecipe(ws);
    // The line's texts the model reads: the description and the payment reason.
    const rules = auto.recipe.rules.map((r) => (r.model ? { ...r, model: { ...r.model, references: r.model.references.map((ref) => ({ ...ref, right: ['Descrizione', 'Causale'] })) } } : r));
    expect(rules.some((r) => r.model)).toBe(true);
    expect(await confirmedInstalments(ws, { ...auto.recipe, rules })).toEqual(CITED_RATA);
  });

  it('without a detail column, leaves equal instalments for a person and runs to the end', async () => {
    const ws = await rateWorkspace({ noRata: true });
    const auto = await buildAutoRecipe(ws);
    expect(auto.recipe.rules.some((r) => r.model)).toBe(true);
    const result = await ws.run(auto.recipe);
    const matched = (await ws.page(result.run_id, 'matched', { offset: 0, limit: 1000 })).items;
    const instalments = matched.filter((g) => g.status === 'auto' && /^FT 8\d\d\//.test(String(g.left_rows[0].Fattura)));
    expect(instalments).toEqual([]);
    // The single invoices are still confirmed by the model.
    expect(matched.filter((g) => g.status === 'auto').length).toBeGreaterThan(50);
  });
});
