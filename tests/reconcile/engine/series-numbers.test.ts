/**
 * Issue 25, session 15: conventions of ledgers and banks the tuning worlds do not have. Through
 * real DuckDB, each in a shape of its own:
 * - document numbers issued per series and restarting every year (a Mexican serie/folio ledger):
 *   mostly 3 digits, a fifth 1–2, one number open in several series — the reference is learned,
 *   and the amount and payer tell which item a number names;
 * - invoices paid in several transfers (a daily transfer limit) naming a short form of the number:
 *   no part agrees with the invoice alone, the parts add up to it;
 * - a bank text packing fields with `;` or `|`, the payer's name in the second;
 * - a transfer credited twice, the duplicate reversed: the line naming the invoice pays it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAutoRecipe } from '../../../src/main/reconcile/engine/auto-recipe';
import type { GroupPageItem } from '../../../src/shared/reconcile/sources-and-runs';
import { csv, sandbox, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const money = (cents: number) => `"${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;
const day = (d: number) => new Date(Date.UTC(2026, 8, 1 + d)).toISOString().slice(0, 10);
const CUSTOMERS = ['ABARROTES DEL NORTE', 'CONSTRUCTORA PEÑA', 'DISTRIBUIDORA OLMECA', 'FERRETERIA JALISCO', 'GRUPO TAPATIO', 'MATERIALES DEL BAJIO', 'NOGALES LOGISTICA', 'QUIMICOS DE SONORA', 'SERVICIOS YUCATAN', 'TEXTILES PUEBLA'];

async function groupsOf(ws: Awaited<ReturnType<Sandbox['workspace']>>, runId: number) {
  const [matched, suggested] = await Promise.all((['matched', 'suggested'] as const).map((c) => ws.page(runId, c, { offset: 0, limit: 2000 })));
  return { auto: matched.items as GroupPageItem[], suggested: suggested.items as GroupPageItem[] };
}

describe('numbers issued per series', () => {
  it('learns folios that restart in each series, and pairs a folio open in two series by its amount', async () => {
    // Four series; folio k of a series is mostly 3 digits, every fifth under 100: the average is
    // below 3 digits, the typical folio is not.
    const series = ['A', 'B', 'FA', 'GD'];
    const items = Array.from({ length: 240 }, (_, i) => {
      const s = series[i % 4];
      const k = Math.floor(i / 4);
      // Every seventh folio is issued in all four series (numbers restart), the others in one.
      const folio = k % 5 === 0 ? 10 + k + (i % 4) * 3 : 100 + ((k * 37 + (k % 7 === 1 ? 0 : (i % 4) * 211)) % 800);
      return { serie: s, folio, customer: CUSTOMERS[(i * 7) % CUSTOMERS.length], cents: 80_000 + ((i * 7_919_311) % 4_000_000), date: i % 50 };
    });
    // The same folio open in two series for different amounts: only the amount decides.
    const twins = items.filter((v) => items.some((w) => w !== v && w.folio === v.folio));
    expect(twins.length).toBeGreaterThan(10);
    const paid = items.filter((_, i) => i % 6 !== 5);
    const lines = paid.map((v, j) =>
      [day(v.date + 12), j % 3 === 0 ? `SPEI RECIBIDO ${v.customer} PAGO FACTURA ${v.serie}-${v.folio}` : `SPEI RECIBIDO ${v.customer} PAGO FOLIO ${v.folio}`, money(v.cents)].join(','),
    );
    const noise = Array.from({ length: 30 }, (_, k) => [day(k), `COMISION SPEI ${k + 1}`, money(-(500 + k))].join(','));
    const ws = await sb.workspace('folios');
    await ws.addSourceFromPath('left', sb.file('cxc.csv', csv('Serie,Folio,Fecha,Cliente,Total', items.map((v) => [v.serie, v.folio, day(v.date), v.customer, money(v.cents)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('banco.csv', csv('Fecha,Concepto,Importe', [...lines, ...noise])));
    const auto = await buildAutoRecipe(ws, 'folios');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.references.map((r) => r.left)).toContain('Folio');
    const { run_id } = await ws.run(auto.recipe);
    const { auto: confirmed, suggested } = await groupsOf(ws, run_id);
    ws.close();
    const key = (r: Record<string, unknown>) => `${String(r.Serie)}-${Number(r.Folio)}`;
    const expected = new Map(paid.map((v) => [`${v.serie}-${v.folio}`, (v.cents / 100).toFixed(2)]));
    // Every confirmed pair is right, and nearly every payment is confirmed.
    for (const g of confirmed) expect(Number(g.right_rows[0].Importe).toFixed(2), key(g.left_rows[0])).toBe(expected.get(key(g.left_rows[0])));
    expect(confirmed.length).toBeGreaterThanOrEqual(0.9 * paid.length);
    for (const g of suggested) expect(Number(g.right_rows[0].Importe).toFixed(2), key(g.left_rows[0])).toBe(expected.get(key(g.left_rows[0])));
  });

  it('validates a short form of the number by parts that add up to the invoice', async () => {
    // INV/LAG/2026/004512, written "4512": two of three invoices paid in 2–3 transfers, each
    // naming the number (no part is within 10 % of the invoice), the rest paid in full.
    const items = Array.from({ length: 150 }, (_, i) => ({ no: 4_100 + i * 3, customer: CUSTOMERS[i % CUSTOMERS.length], cents: 3_000_000 + ((i * 7_919_311) % 9_000_000), date: i % 40 }));
    const lines: string[] = [];
    const split = new Set<number>();
    items.forEach((v, i) => {
      const parts = i % 3 === 0 ? 1 : 2 + (i % 2);
      if (parts > 1) split.add(v.no);
      let left = v.cents;
      for (let p = 1; p <= parts; p++) {
        const amount = p === parts ? left : Math.round(v.cents / parts) + p * 1_111;
        left -= amount;
        lines.push([day(v.date + 10 + p), `NIP TRANSFER FROM ${v.customer}/GTB/INV ${v.no}${parts > 1 ? ` ${p}/${parts}` : ''}`, '', money(amount)].join(','));
      }
    });
    const ws = await sb.workspace('splits');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('Customer Name,Document Number,Document Date,Outstanding Balance', items.map((v) => [v.customer, `INV/LAG/2026/${String(v.no).padStart(6, '0')}`, day(v.date), money(v.cents)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('gtb.csv', csv('Trans. Date,Remarks,Debits,Credits', lines)));
    const auto = await buildAutoRecipe(ws, 'splits');
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.references.map((r) => r.left)).toEqual(['Document Number']);
    const { run_id } = await ws.run(auto.recipe);
    const { auto: confirmed } = await groupsOf(ws, run_id);
    ws.close();
    // The transfers of a split invoice are confirmed together, as its instalments.
    const instalments = confirmed.filter((g) => g.right_rows.length > 1);
    expect(instalments.length).toBeGreaterThanOrEqual(0.8 * split.size);
    for (const g of instalments) {
      const no = Number(String(g.left_rows[0]['Document Number']).split('/')[3]);
      expect(g.right_rows.every((r) => String(r.Remarks).includes(`INV ${no} `)), String(no)).toBe(true);
    }
  });
});

describe('bank texts and reversals', () => {
  it('reads the payer in the second field of a text packed with ";" or "|"', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ customer: CUSTOMERS[i % CUSTOMERS.length], cents: 50_000 + ((i * 7_919_311) % 5_000_000), date: i % 40 }));
    // No invoice is named: the payer and the amount tie a line to its item.
    const lines = items.map((v, i) => [day(v.date + 9), i % 2 === 0 ? `Incasare OP - canal electronic;${v.customer} SA DE CV;MX${String(1e9 + i * 7)};pago mercancia` : `TRANSFERENCIA|${v.customer}|pago mercancia`, money(v.cents)].join(','));
    const ws = await sb.workspace('fields');
    await ws.addSourceFromPath('left', sb.file('cxc.csv', csv('Documento,Cliente,Fecha,Saldo', items.map((v, i) => [`D${String(i).padStart(3, '0')}`, v.customer, day(v.date), money(v.cents)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('banco.csv', csv('Fecha,Descripcion,Importe', lines)));
    const auto = await buildAutoRecipe(ws, 'fields');
    ws.close();
    const scored = auto.recipe.rules.find((r) => r.id === 'scored');
    expect(scored?.model?.party).toEqual({ left: 'Cliente', right: 'Descripcion', in_text: true });
  });

  it('pays the invoice with the line naming it when the bank reverses a duplicate credit', async () => {
    const items = Array.from({ length: 120 }, (_, i) => ({ no: `INV-2026-${String(7_000 + i * 7).padStart(6, '0')}`, customer: CUSTOMERS[i % CUSTOMERS.length], cents: 90_000 + ((i * 7_919_311) % 6_000_000), date: i % 40 }));
    const lines: string[] = [];
    const twice = items.filter((_, i) => i % 10 === 3);
    for (const v of items) {
      if (!twice.includes(v)) {
        lines.push([day(v.date + 8), `NIP CR ${v.customer}/${v.no}`, money(v.cents)].join(','));
        continue;
      }
      // Credited twice; the second time without the invoice (or, every other time, naming it while
      // the first did not), then the bank takes the duplicate back.
      const naming = `NIP CR ${v.customer}/${v.no}`;
      const bare = `NIP CR ${v.customer}/PAYMENT`;
      const [first, second] = twice.indexOf(v) % 2 === 0 ? [naming, bare] : [bare, naming];
      lines.push([day(v.date + 8), first, money(v.cents)].join(','), [day(v.date + 8), second, money(v.cents)].join(','));
      lines.push([day(v.date + 9), `REVERSAL OF DUPLICATE NIP CR ${v.customer}`, money(-v.cents)].join(','));
    }
    const ws = await sb.workspace('duplicates');
    await ws.addSourceFromPath('left', sb.file('ar.csv', csv('Invoice,Customer,Date,Balance', items.map((v) => [v.no, v.customer, day(v.date), money(v.cents)].join(',')))));
    await ws.addSourceFromPath('right', sb.file('bank.csv', csv('Date,Narration,Amount', lines)));
    const auto = await buildAutoRecipe(ws, 'duplicates');
    const { run_id } = await ws.run(auto.recipe);
    const { auto: confirmed, suggested } = await groupsOf(ws, run_id);
    ws.close();
    const byInvoice = new Map([...confirmed, ...suggested].map((g) => [String(g.left_rows[0].Invoice), g]));
    for (const v of twice) {
      const g = byInvoice.get(v.no);
      expect(g?.right_rows.map((r) => r.Narration), v.no).toEqual([`NIP CR ${v.customer}/${v.no}`]);
    }
  });
});
