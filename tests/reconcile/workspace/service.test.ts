/**
 * ReconcileService through the real core: real DuckDB, the real kalla-recon
 * server over stdio (offline engine), files generated here.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { createTestCore } from '../../helpers/core';
import { ReconcileService } from '../../../src/main/reconcile';
import { raggedCsv, reconFiles, utf16NoBom } from './data';

let core: Core;
let dir: string;

async function makeCore(): Promise<Core> {
  return (await createTestCore({ dataDir: dir })).core;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-ws-'));
  core = await makeCore();
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const files = reconFiles();

describe('ReconcileService', () => {
  let id: string;

  it('refuses to run before sources and a confirmed mapping exist', async () => {
    id = (await core.reconcile.create('October')).id;
    await expect(core.reconcile.run(id)).rejects.toThrow(/Load both sources before running/);
    await core.reconcile.addSourceFromBytes(id, 'left', 'bank statement.csv', Buffer.from(files.bank));
    const st = await core.reconcile.addSourceFromBytes(id, 'right', 'invoices.csv', Buffer.from(files.invoices));
    expect(st.aliases).toEqual({ left: 'bank_statement', right: 'invoices' });
    expect(st.sources.left?.info.row_count).toBe(26);
    // detection ran by itself once both sides were there
    expect(st.mapping?.engine).toBe('local');
    expect(st.mapping?.rows.find((r) => r.field_a === 'Reference')).toMatchObject({ field_b: 'Invoice No', role: 'key', decision: 'pending' });
    await expect(core.reconcile.run(id)).rejects.toThrow(/Confirm the column mapping/);
    await expect(core.reconcile.confirmMappings(id, st.mapping!.rows)).rejects.toThrow(/Accept or reject every proposed pair/);
  });

  it('confirms mappings (one rejected, one changed), suggests rules, filters by chat with undo, runs and reviews', async () => {
    let st = await core.reconcile.get(id);
    const rows = st.mapping!.rows.map((r) =>
      r.field_a === 'Currency' ? { ...r, decision: 'rejected' as const } : r.field_a === 'Booking Date' ? { ...r, field_a: 'Value Date', engine: 'manual' as const, decision: 'accepted' as const } : { ...r, decision: 'accepted' as const },
    );
    st = await core.reconcile.confirmMappings(id, rows);
    expect(st.mapping?.confirmed).toBe(true);
    expect(st.mapping?.unmapped_a).toEqual(expect.arrayContaining(['Booking Date', 'Currency']));
    expect(st.rules.length).toBeGreaterThan(0);
    expect(st.rules[0].keys[0]).toMatchObject({ left: 'Reference', right: 'Invoice No' });

    st = await core.reconcile.parseFilter(id, 'only amounts above 500, not from Stripe', 'add');
    expect(st.filters).toContainEqual({ source: 'bank_statement', column: 'Amount', op: 'gt', value: 500 });
    expect(st.chat).toHaveLength(1);
    expect(await core.reconcile.filterCounts(id)).toMatchObject({ left: { total: 26, filtered: 16 }, right: { total: 24, filtered: 18 } });
    st = await core.reconcile.parseFilter(id, 'amounts above 100', 'replace');
    expect(st.filters.every((f) => f.value === 100)).toBe(true);
    st = await core.reconcile.undoFilters(id);
    expect(st.filters).toContainEqual({ source: 'bank_statement', column: 'Amount', op: 'gt', value: 500 });
    st = await core.reconcile.setFilters(id, []);

    // A run cancelled at its first progress report keeps nothing and says so.
    const controller = new AbortController();
    await expect(core.reconcile.run(id, { signal: controller.signal, onProgress: () => controller.abort() })).rejects.toMatchObject({ code: 'cancelled' });
    expect((await core.reconcile.get(id)).runs.map((r) => r.status)).toEqual(['cancelled']);

    const phases: string[] = [];
    const { run_id } = await core.reconcile.run(id, { onProgress: (p) => phases.push(p.phase) });
    expect(phases.length).toBeGreaterThan(0);
    const summary = await core.reconcile.summary(id, run_id);
    expect(summary.suggested_groups).toBeGreaterThan(0);
    const suggested = await core.reconcile.page(id, run_id, 'suggested', { offset: 0, limit: 50 });
    const r = await core.reconcile.review(id, run_id, 'accept', suggested.items.map((g) => ('group_id' in g ? g.group_id : -1)));
    expect(r).toEqual({ done: suggested.total, failed: [] });
    const left = await core.reconcile.page(id, run_id, 'unmatched_left', { offset: 0, limit: 50 });
    const right = await core.reconcile.page(id, run_id, 'unmatched_right', { offset: 0, limit: 50 });
    const pick = (p: typeof left) => (p.items[0] as { row_id: number }).row_id;
    await core.reconcile.matchManual(id, run_id, [pick(left)], [pick(right)], 'fee booked separately');
    const after = await core.reconcile.summary(id, run_id);
    expect(after.matched.left.count).toBe(summary.matched.left.count + summary.suggested.left.count + 1);

    const out = join(dir, 'out');
    const exported = await core.reconcile.export(id, run_id, { dir: out, formats: ['csv', 'xlsx', 'evidence'] });
    expect(exported.result.files.some((f) => f.endsWith('.xlsx'))).toBe(true);
    // Both files were given as bytes: evidence.json names them as the user did, not the upload copies.
    const evidenceText = readFileSync(join(out, 'evidence.json'), 'utf8');
    const evidence = JSON.parse(evidenceText);
    expect(evidence.inputs.left).toMatchObject({ name: 'bank statement.csv', path: null, uploaded: true });
    expect(evidence.inputs.right).toMatchObject({ name: 'invoices.csv', path: null, uploaded: true });
    expect(evidenceText).not.toContain('uploads');
    const matchedCsv = exported.result.files.find((f) => /matched\.csv$/.test(f))!;
    expect(readFileSync(matchedCsv, 'utf8')).toContain('manual');

    // Downloads (browser mode) carry exactly what was exported, and nothing else on disk.
    const download = await core.reconcile.downloadExport(id, matchedCsv);
    expect(download).toMatchObject({ name: 'matched.csv', mime: 'text/csv' });
    expect(Buffer.from(download.base64, 'base64').toString('utf8')).toBe(readFileSync(matchedCsv, 'utf8'));
    for (const other of ['/etc/passwd', join(dir, 'reconcile', 'index.json'), `${out}/../out/../../${'etc'}/hosts`]) {
      await expect(core.reconcile.downloadExport(id, other)).rejects.toMatchObject({ code: 'not_found' });
    }
    const otherWorkspace = await core.reconcile.create('Other');
    await expect(core.reconcile.downloadExport(otherWorkspace.id, matchedCsv)).rejects.toMatchObject({ code: 'not_found' });
    // A symlink swapped in at an exported path after the export is not followed (O_NOFOLLOW).
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'not an export');
    renameSync(matchedCsv, `${matchedCsv}.moved`);
    symlinkSync(secret, matchedCsv);
    await expect(core.reconcile.downloadExport(id, matchedCsv)).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/replaced by a link/) });
  });

  it('explains broken files with a way out, and keeps the other source', async () => {
    const ws = await core.reconcile.create('Broken');
    await core.reconcile.addSourceFromBytes(ws.id, 'left', 'bank.csv', Buffer.from(files.bank));
    await expect(core.reconcile.addSourceFromBytes(ws.id, 'right', 'ragged.csv', Buffer.from(raggedCsv()))).rejects.toThrow(/malformed line/);
    let st = await core.reconcile.get(ws.id);
    expect(st.sources.left?.info.row_count).toBe(26);
    expect(st.source_errors.right?.actions[0]).toMatchObject({ read: { skip_bad_lines: true } });
    st = await core.reconcile.retrySource(ws.id, 'right', { skip_bad_lines: true });
    expect(st.sources.right?.info.row_count).toBe(3);

    // UTF-16 without a byte-order mark is recognised and transcoded
    st = await core.reconcile.addSourceFromBytes(ws.id, 'right', 'utf16.csv', utf16NoBom(files.invoices));
    expect(st.sources.right?.info).toMatchObject({ row_count: 24, encoding: expect.stringMatching(/utf-16/i) });
    expect(st.source_errors.right).toBeNull();
  });

  it('"Skip bad lines and load" keeps the options already chosen (issue 28: it looped)', async () => {
    const ws = await core.reconcile.create('Skip keeps options');
    // No header row, `;`, and one line with a field too many: three ways out, one after the other.
    const bytes = Buffer.from('RE-1;1,50;Mueller\nRE-2;2,00;Schmidt;extra\nRE-3;3,00;Weber\nRE-4;4,25;Keller\n');
    // Read as detected first (it fails on the long line); the user then says "no header, `;`".
    await core.reconcile.addSourceFromBytes(ws.id, 'left', 'no-header.csv', bytes).catch(() => undefined);
    await expect(core.reconcile.retrySource(ws.id, 'left', { header: false, delimiter: ';' })).rejects.toThrow(/malformed line/);
    const failed = (await core.reconcile.get(ws.id)).source_errors.left;
    expect(failed?.read).toMatchObject({ header: false, delimiter: ';' });
    const st = await core.reconcile.retrySource(ws.id, 'left', failed!.actions[0].read as { skip_bad_lines: true });
    expect(st.source_errors.left).toBeNull();
    expect(st.sources.left?.info).toMatchObject({ has_header: false, delimiter: ';', row_count: 3, bad_lines: 1 });
    expect(st.sources.left?.read).toMatchObject({ header: false, delimiter: ';', skip_bad_lines: true });
  });

  it('cancels a load in progress: no error recorded, the uploaded copy removed, the side keeps its file', async () => {
    const ws = await core.reconcile.create('Cancel');
    await core.reconcile.addSourceFromBytes(ws.id, 'left', 'bank.csv', Buffer.from(files.bank));
    const lines = ['reference,amount,date', ...Array.from({ length: 300_000 }, (_, i) => `INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`)];
    const bytes = Buffer.from(lines.join('\n'));
    const up = await core.reconcile.uploadBegin(ws.id, 'left', 'big.csv', bytes.length);
    for (let offset = 0; offset < bytes.length; offset += 4 * 1024 * 1024) {
      await core.reconcile.uploadChunk(up, offset, bytes.subarray(offset, offset + 4 * 1024 * 1024).toString('base64'));
    }
    const loading = core.reconcile.uploadCommit(up);
    loading.catch(() => undefined);
    let cancelled = false;
    for (let i = 0; i < 2000 && !cancelled; i++) {
      cancelled = await core.reconcile.cancelLoad(ws.id, 'left');
      if (!cancelled) await new Promise((r) => setTimeout(r, 2));
    }
    expect(cancelled).toBe(true);
    await expect(loading).rejects.toThrow('Loading “big.csv” was cancelled; the left source keeps “bank.csv”.');
    const st = await core.reconcile.get(ws.id);
    expect(st.sources.left?.info).toMatchObject({ name: 'bank.csv', row_count: 26 });
    expect(st.source_errors.left).toBeNull();
    expect(readdirSync(join(dir, 'workspaces', ws.id, 'uploads')).filter((f) => f.includes('big'))).toEqual([]);
    expect(await core.reconcile.cancelLoad(ws.id, 'left')).toBe(false);
  });

  it('keeps every change when several arrive at once', async () => {
    const ws = await core.reconcile.create('Concurrent');
    const rule = { id: 'r1', name: 'by reference', keys: [{ left: 'Reference', right: 'Invoice No', normalisers: [] }], cardinality: '1:1' as const, auto_confirm: true };
    await Promise.all([core.reconcile.setAlias(ws.id, 'left', 'ledger_x'), core.reconcile.setAlias(ws.id, 'right', 'bank_y'), core.reconcile.setRules(ws.id, [rule])]);
    const st = await core.reconcile.get(ws.id);
    expect(st.aliases).toEqual({ left: 'ledger_x', right: 'bank_y' });
    expect(st.rules.map((r) => r.id)).toEqual(['r1']);
  });

  it('uploads in chunks, swaps sides, duplicates for next month, and survives a restart', async () => {
    const ws = await core.reconcile.create('Chunks');
    const bytes = Buffer.from(files.bank);
    const up = await core.reconcile.uploadBegin(ws.id, 'left', 'bank.csv', bytes.length);
    await core.reconcile.uploadChunk(up, 0, bytes.subarray(0, 100).toString('base64'));
    await core.reconcile.uploadChunk(up, 100, bytes.subarray(100).toString('base64'));
    let st = await core.reconcile.uploadCommit(up);
    expect(st.sources.left?.info.row_count).toBe(26);
    await core.reconcile.addSourceFromBytes(ws.id, 'right', 'invoices.csv', Buffer.from(files.invoices));
    st = await core.reconcile.swapSides(ws.id);
    expect(st.aliases).toEqual({ left: 'invoices', right: 'bank' });
    expect(st.sources.left?.info.name).toBe('invoices.csv');
    expect(st.mapping?.rows.find((r) => r.field_a === 'Invoice No')?.field_b).toBe('Reference');

    const copy = await core.reconcile.duplicate(id, 'November');
    expect(copy.sources).toEqual({ left: null, right: null });
    expect(copy.mapping?.confirmed).toBe(true);
    expect(copy.rules.length).toBeGreaterThan(0);
    const recipePath = join(dir, 'october.recipe.json');
    await core.reconcile.saveRecipe(id, recipePath);
    const fresh = await core.reconcile.create('From recipe');
    st = await core.reconcile.loadRecipe(fresh.id, recipePath);
    expect(st.rules).toEqual((await core.reconcile.get(id)).rules);

    await core.dispose();
    core = await makeCore();
    const list = await core.reconcile.list();
    expect(list.workspaces.map((w) => w.name)).toEqual(expect.arrayContaining(['October', 'Broken', 'Chunks', 'November', 'From recipe']));
    const again = await core.reconcile.get(id);
    expect(again.runs.map((r) => r.status)).toEqual(['cancelled', 'completed']);
    expect(again.last_run_id).toBe(2);
    expect((await core.reconcile.summary(id, 2)).matched_groups).toBeGreaterThan(0);
    const del = await core.reconcile.delete(fresh.id);
    expect(del.workspaces.some((w) => w.id === fresh.id)).toBe(false);
    expect(existsSync(join(dir, 'workspaces', fresh.id))).toBe(false);
    expect(core.reconcile).toBeInstanceOf(ReconcileService);
  });
  it('a bank statement on the left: the suggestion says the sides are reversed; swapping and suggesting again learns the cash rules', async () => {
    const inv = (n: number) => `INV-2026-${String(n).padStart(6, '0')}`;
    const amounts = [1200, 850.5, 430, 2999.99, 120, 640];
    const invoices = ['invoice_no,customer_name,invoice_date,amount', ...amounts.map((a, i) => `${inv(i + 1)},Customer ${i % 3} Ltd,2026-03-0${i + 1},${a.toFixed(2)}`)];
    const bank = ['booking_date;amount;counterparty;reference;remittance_text', ...amounts.map((a, i) => `2026-03-1${i};${a.toFixed(2)};CUSTOMER ${i % 3} LTD;${i === 5 ? '' : inv(i + 1)};${i === 5 ? `RE ${inv(6)}` : 'Payment'}`)];
    const ws = await core.reconcile.create('reversed');
    await core.reconcile.addSourceFromBytes(ws.id, 'left', 'bank statement.csv', Buffer.from(bank.join('\n')));
    let st = await core.reconcile.addSourceFromBytes(ws.id, 'right', 'open invoices.csv', Buffer.from(invoices.join('\n')));
    st = await core.reconcile.confirmMappings(ws.id, st.mapping!.rows.map((r) => ({ ...r, decision: 'accepted' as const })));
    expect(st.rules_sides_reversed).toBe(true);
    expect(st.rules.map((r) => r.id)).not.toContain('scored');
    st = await core.reconcile.swapSides(ws.id);
    expect(st.aliases).toEqual({ left: 'open_invoices', right: 'bank_statement' });
    expect(st.rules_sides_reversed).toBe(false);
    st = await core.reconcile.suggestRules(ws.id);
    expect(st.rules_sides_reversed).toBe(false);
    expect(st.rules.map((r) => r.id)).toContain('scored');
  });
});
