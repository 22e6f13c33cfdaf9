/**
 * The bad-files corpus (tests/bad-files/corpus.ts) through the two ways files come in: the upload
 * path of the Reconcile service (browser mode and drops) and `kalla recon`. Each file has one
 * expected outcome: it loads (with the notice that says what was odd) or it is refused with a
 * message that says what it is and what to do. The table of outcomes is printed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconCli } from '../../../src/cli/recon';
import type { Core } from '../../../src/main/core';
import { errorMessage } from '../../../src/main/errors';
import { BAD_FILES, bytesOf, type BadFile } from '../../bad-files/corpus';
import { createTestCore } from '../../helpers/core';

let dir: string;
let core: Core;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-bad-'));
  core = (await createTestCore({ dataDir: join(dir, 'data') })).core;
});
afterAll(async () => {
  await core.dispose();
  rmSync(dir, { recursive: true, force: true });
});

interface Outcome {
  ok: boolean;
  detail: string;
}

async function viaUpload(f: BadFile): Promise<Outcome> {
  const ws = await core.reconcile.create(f.name);
  const want = f.expect;
  try {
    const st = await core.reconcile.addSourceFromBytes(ws.id, 'right', f.name, await bytesOf(f));
    const info = st.sources.right?.info;
    if (!want.loads) return { ok: false, detail: `loaded ${info?.row_count} rows; expected ${want.code}` };
    const problems: string[] = [];
    if (info?.row_count !== want.rows) problems.push(`rows ${info?.row_count} ≠ ${want.rows}`);
    if (want.notice && !info?.notices.some((n) => n.code === want.notice)) problems.push(`no ${want.notice} notice (${info?.notices.map((n) => n.code).join(', ')})`);
    const col = want.column && info?.columns.find((c) => c.name === want.column?.name);
    if (want.column && (!col || col.type !== want.column.type || (want.column.format && col.format !== want.column.format))) problems.push(`${want.column.name}: ${col?.type} ${col?.format ?? ''}`);
    return { ok: problems.length === 0, detail: problems.join('; ') || `loaded ${info?.row_count} rows` };
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (want.loads) return { ok: false, detail: `refused (${code}): ${errorMessage(e)}` };
    const ok = code === want.code && want.message.test(errorMessage(e));
    return { ok, detail: `${code}: ${errorMessage(e).slice(0, 140)}` };
  }
}

async function viaCli(f: BadFile): Promise<Outcome> {
  const good = join(dir, 'good.csv');
  writeFileSync(good, 'ref,amount,date\n' + Array.from({ length: 20 }, (_, i) => `INV-${i},${(i + 1) * 10}.50,2026-01-${String((i % 28) + 1).padStart(2, '0')}`).join('\n') + '\n');
  const bad = join(dir, 'cli', f.name);
  rmSync(join(dir, 'cli'), { recursive: true, force: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'cli'), { recursive: true });
  writeFileSync(bad, await bytesOf(f));
  const err: string[] = [];
  const code = await runReconCli(['--left', good, '--right', bad, '--json'], { stdout: () => undefined, stderr: (t) => err.push(t) });
  const text = err.join('');
  const want = f.expect;
  // A file that loads may still give a recipe-less run nothing to match on; it must not fail on reading.
  if (want.loads) return { ok: !/cannot|not a|malformed|empty|binary|encoding/i.test(text) || code === 0, detail: code === 0 ? 'ran' : text.trim().slice(0, 140) };
  return { ok: code !== 0 && want.message.test(text), detail: `exit ${code}: ${text.trim().slice(0, 140)}` };
}

describe('bad-files corpus', () => {
  it(`has at least 40 files`, () => {
    expect(BAD_FILES.length).toBeGreaterThanOrEqual(40);
  });

  it('every file has its expected outcome through the upload path and kalla recon', async () => {
    const table: string[] = [];
    let upOk = 0;
    let cliOk = 0;
    const failures: string[] = [];
    for (const f of BAD_FILES) {
      const up = await viaUpload(f);
      const cli = await viaCli(f);
      upOk += up.ok ? 1 : 0;
      cliOk += cli.ok ? 1 : 0;
      table.push(`| ${f.name} | ${f.expect.loads ? `loads ${f.expect.rows}` : f.expect.code} | ${up.ok ? 'ok' : 'WRONG'} ${up.detail.replace(/\|/g, '/')} | ${cli.ok ? 'ok' : 'WRONG'} |`);
      if (!up.ok) failures.push(`upload ${f.name}: ${up.detail}`);
      if (!cli.ok) failures.push(`cli ${f.name}: ${cli.detail}`);
    }
    console.log(`| file | expected | upload path | kalla recon |\n|---|---|---|---|\n${table.join('\n')}\nas expected: upload ${upOk}/${BAD_FILES.length}, cli ${cliOk}/${BAD_FILES.length}`);
    expect(failures).toEqual([]);
  }, 600_000);
});
