/**
 * `kalla recon --workspace NAME` (issue 28), through the real CLI process (src/cli/index.ts under
 * tsx) on a data folder set up by the real core: next month's files run with the workspace's
 * recipe and read options, the exports are written, the run joins the workspace's history; an
 * unknown workspace, a workspace locked by the open app, and files given the wrong way round are
 * refused with a sentence.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import { createTestCore } from '../../helpers/core';
import { kallaArgs } from '../../helpers/kalla-command';

let dir: string;
let files: string;

/** Invoices (the open items) and the bank lines paying all but the last two. */
function month(m: number) {
  const mm = String(m).padStart(2, '0');
  const rows = Array.from({ length: 10 }, (_, i) => ({
    ref: `INV-${m}${String(i + 1).padStart(3, '0')}`,
    day: String(i + 1).padStart(2, '0'),
    amount: ((i + 1) * 37.25).toFixed(2),
    who: ['Fischer GmbH', 'Nordlicht AG'][i % 2],
  }));
  const invoices = ['Invoice No,Customer,Invoice Date,Amount Due', ...rows.map((r) => `${r.ref},${r.who},2026-${mm}-${r.day},${r.amount}`)].join('\n');
  // The bank writes dates day first with every day ≤ 12: the October type fix must carry over.
  const bank = ['Booking Date,Description,Amount,Counterparty', ...rows.slice(0, 8).map((r) => `${r.day}/${mm}/2026,PAYMENT ${r.ref},${r.amount},${r.who}`)].join('\n');
  return { invoices, bank };
}

function write(name: string, content: string): string {
  const path = join(files, name);
  writeFileSync(path, `${content}\n`);
  return path;
}

function kalla(args: string[]) {
  const r = spawnSync(process.execPath, [...kallaArgs(), 'recon', ...args], {
    encoding: 'utf8',
    cwd: files,
    env: { ...process.env, KALLA_DATA_DIR: dir },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function withCore<T>(f: (core: Core) => Promise<T>): Promise<T> {
  const { core } = await createTestCore({ dataDir: dir });
  try {
    return await f(core);
  } finally {
    await core.dispose();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kalla-cli-ws-'));
  files = mkdtempSync(join(tmpdir(), 'kalla-cli-files-'));
  const oct = month(10);
  // October, set up in the app: files, the date fix, the mapping confirmed, run once.
  await withCore(async (core) => {
    const id = (await core.reconcile.create('October close')).id;
    await core.reconcile.addSourceFromPath(id, 'left', write('invoices-oct.csv', oct.invoices));
    await core.reconcile.addSourceFromPath(id, 'right', write('bank-oct.csv', oct.bank));
    await core.reconcile.setColumnType(id, 'right', 'Booking Date', 'date', '%d/%m/%Y');
    const st = await core.reconcile.get(id);
    await core.reconcile.confirmMappings(
      id,
      st.mapping!.rows.map((r) => ({ ...r, decision: 'accepted' as const })),
    );
    const run = await core.reconcile.run(id);
    expect(run.summary.matched.left.count).toBe(8);
  });
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

describe('kalla recon --workspace', () => {
  it('runs next month in the workspace: exports written, the run in its history, the date fix kept', async () => {
    const nov = month(11);
    const left = write('invoices-nov.csv', nov.invoices);
    const right = write('bank-nov.csv', nov.bank);
    const r = kalla(['--workspace', 'october CLOSE', '--left', 'invoices-nov.csv', '--right', 'bank-nov.csv', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const line = JSON.parse(r.out.trim());
    expect(line).toMatchObject({ workspace: 'October close', run_id: 2, unmatched_left: 2, unmatched_right: 0, match_rate: 0.888889 });
    expect(line.dir).toBe(join(dir, 'exports', 'October close', 'run-2'));
    expect(readdirSync(line.dir)).toEqual(expect.arrayContaining(['matched.csv', 'exceptions_left.csv', 'reconciliation.xlsx', 'evidence.json']));
    await withCore(async (core) => {
      const id = (await core.reconcile.list()).workspaces[0]!.id;
      const st = await core.reconcile.get(id);
      expect(st.last_run_id).toBe(2);
      expect(st.sources.left?.info.path).toBe(left);
      expect(st.sources.right?.info.path).toBe(right);
      // November's bank file was read with October's fix (day first), not guessed.
      expect(st.sources.right?.info.columns.find((c) => c.name === 'Booking Date')).toMatchObject({ type: 'date', format: '%d/%m/%Y' });
      const history = await core.reconcile.history(id);
      expect(history.map((h) => [h.run_id, h.match_rate, h.as_of])).toEqual([
        [1, 0.888889, '2026-10-10'],
        [2, 0.888889, '2026-11-10'],
      ]);
    });
  }, 180_000);

  it('refuses an unknown workspace, files the wrong way round, and a workspace the app has open', async () => {
    const nov = month(11);
    write('invoices-nov.csv', nov.invoices);
    write('bank-nov.csv', nov.bank);
    let r = kalla(['--workspace', 'Novembre', '--left', 'invoices-nov.csv', '--right', 'bank-nov.csv']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('kalla recon: There is no workspace named “Novembre”. The workspaces are “October close”. [not_found]\n');

    r = kalla(['--workspace', 'October close', '--left', 'bank-nov.csv', '--right', 'invoices-nov.csv']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'kalla recon: The files are the wrong way round for workspace “October close”: --left has the columns of its bank_oct file and --right those of its invoices_oct file. Swap them. [invalid_input]\n',
    );
    // A file of another layout is named with the pairs it lacks.
    write('other.csv', 'Date,Text,Value\n2026-11-01,x,1.00');
    r = kalla(['--workspace', 'October close', '--left', 'invoices-nov.csv', '--right', 'other.csv']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /The new files do not have the columns workspace “October close” maps \(Invoice No ↔ Description, .*\): check that --left is the invoices_oct file and --right the bank_oct file/,
    );

    r = kalla(['--workspace', 'October close', '--left', 'invoices-nov.csv', '--right', 'bank-nov.csv', '--recipe', 'x.json']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--workspace runs the workspace's own recipe and read options; leave out --recipe");

    await withCore(async () => {
      const locked = kalla(['--workspace', 'October close', '--left', 'invoices-nov.csv', '--right', 'bank-nov.csv']);
      expect(locked.code).toBe(1);
      expect(locked.err).toMatch(
        /^kalla recon: Workspace “October close” is locked: Kalla \(browser mode, process \d+\) has the data folder .* open\. Close the app or stop `kalla web`.* \[busy\]\n$/,
      );
    });
    // The refused runs changed nothing: no run 3, the workspace still holds November's files.
    expect(existsSync(join(dir, 'exports', 'October close', 'run-3'))).toBe(false);
    await withCore(async (core) => {
      const st = await core.reconcile.get((await core.reconcile.list()).workspaces[0]!.id);
      expect([st.last_run_id, st.sources.left?.info.name, st.sources.right?.info.name, st.mapping?.confirmed]).toEqual([2, 'invoices-nov.csv', 'bank-nov.csv', true]);
    });
  }, 180_000);
});
