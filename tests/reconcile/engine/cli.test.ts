import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runReconCli, sweepLeftoverWorkspaces } from '../../../src/cli/recon';
import { csv, recipe, refRule, sandbox, io, type Sandbox } from './helpers';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

function files() {
  const left = sb.file('ledger.csv', csv('invoice_ref,amount,posting_date', ['INV-1,100.00,01/02/2024', 'INV-2,50.00,13/02/2024', 'INV-3,75.00,14/02/2024']));
  const right = sb.file('bank.csv', csv('reference;value;booked', ['inv-1;100,00;2024-02-01', 'INV-2;50,00;2024-02-13', 'INV-9;1,00;2024-02-13']));
  return { left, right };
}

describe('kalla recon CLI', () => {
  it('runs a given recipe, writes exports and recipe.json, prints one JSON line', async () => {
    const { left, right } = files();
    const r = recipe([
      refRule('exact', {
        keys: [{ left: 'invoice_ref', right: 'reference', normalisers: [{ kind: 'alnum' }, { kind: 'casefold' }] }],
        amount: { left: 'amount', right: 'value', tolerance_abs: 0, tolerance_pct: 0, flip_sign: false },
        date: { left: 'posting_date', right: 'booked', window_days: 2 },
      }),
    ]);
    const recipePath = sb.file('recipe.json', JSON.stringify(r));
    const out = sb.mkdir('out');
    const t = io();
    const code = await runReconCli(['--left', left, '--right', right, '--recipe', recipePath, '--out', out, '--json'], t.io);
    expect(t.err.join('')).toBe('');
    expect(code).toBe(0);
    const line = JSON.parse(t.out.join('').trim());
    expect(line).toMatchObject({ matched: 2, suggested: 0, exceptions: 0, unmatched_left: 1, unmatched_right: 1, match_rate: 0.666667 });
    expect(typeof line.elapsed_ms).toBe('number');
    expect(readdirSync(out).sort()).toEqual(['evidence.json', 'exceptions_left.csv', 'exceptions_right.csv', 'filtered_out_left.csv', 'filtered_out_right.csv', 'matched.csv', 'recipe.json', 'reconciliation.xlsx', 'review_log.csv', 'suggested.csv', 'summary.csv', 'unmatched_left.csv', 'unmatched_right.csv']);
    expect(JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8')).rules[0].id).toBe('exact');
    // A second run into the same folder refuses to overwrite unless asked.
    expect(await runReconCli(['--left', left, '--right', right, '--recipe', recipePath, '--out', out], io().io)).toBe(1);
    expect(await runReconCli(['--left', left, '--right', right, '--recipe', recipePath, '--out', out, '--overwrite'], io().io)).toBe(0);
  });

  it('detects a recipe when none is given and writes it to --out', async () => {
    const { left, right } = files();
    const out = sb.mkdir('out');
    const t = io();
    const code = await runReconCli(['--left', left, '--right', right, '--out', out], t.io);
    expect(t.err.join('')).toBe('');
    expect(code).toBe(0);
    expect(t.out.join('')).toMatch(/recipe: detected/);
    const used = JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8'));
    expect(used.rules.length).toBeGreaterThan(0);
    expect(t.out.join('')).toMatch(/matched groups: 2/);
  });

  it('without a recipe, finds a reference written differently on each side and proposes split and batch rules', async () => {
    // Like a bank export against a ledger: "INV-000042" becomes "inv000042", the bank file runs
    // newest first (its first rows share no reference with the ledger's), 15 invoices were paid
    // in two parts and 10 pairs of ledger lines were settled by one transfer.
    const pad = (i: number) => String(i).padStart(6, '0');
    const ledger: string[] = [];
    const bank: string[] = [];
    for (let i = 1; i <= 200; i++) {
      const cents = 1000 + i * 37;
      ledger.push(`INV-${pad(i)},${(cents / 100).toFixed(2)},${String((i % 28) + 1).padStart(2, '0')}/03/2024`);
      const day = `2024-03-${String((i % 28) + 1).padStart(2, '0')}`;
      if (i <= 185 && i > 170) bank.push(`inv${pad(i)};${(Math.floor(cents * 0.4) / 100).toFixed(2)};${day}`, `inv${pad(i)};${((cents - Math.floor(cents * 0.4)) / 100).toFixed(2)};${day}`);
      else if (i <= 170) bank.push(`inv${pad(i)};${(cents / 100).toFixed(2)};${day}`);
    }
    for (let j = 1; j <= 10; j++) {
      ledger.push(`INV-${pad(9000 + j)},30.00,05/03/2024`, `INV-${pad(9000 + j)},70.00,06/03/2024`);
      bank.push(`inv${pad(9000 + j)};100.00;2024-03-07`);
    }
    const left = sb.file('ledger.csv', csv('reference,amount,posting_date', ledger));
    const right = sb.file('bank.csv', csv('ref;value;booked', bank.reverse()));
    const out = sb.mkdir('out');
    const t = io();
    expect(await runReconCli(['--left', left, '--right', right, '--out', out, '--json'], t.io)).toBe(0);
    const used = JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8'));
    expect(used.mappings.find((m: { field_a: string }) => m.field_a === 'reference')).toMatchObject({ field_b: 'ref', role: 'key' });
    expect(used.rules.map((r: { id: string; cardinality: string }) => `${r.id} ${r.cardinality}`)).toEqual(expect.arrayContaining(['scored 1:1', 'reference-instalments 1:N', 'reference-multi-invoice N:1']));
    // 170 invoices paid once, the 15 paid in two parts and the 10 pairs settled by one transfer
    // are all tied by their reference with an exact sum, so they match automatically; the last 15
    // invoices are not paid yet.
    expect(JSON.parse(t.out.join('').trim())).toMatchObject({ matched: 195, suggested: 0, unmatched_left: 15, unmatched_right: 0 });
  });

  it('--left-read/--right-read override detection (quotes as text, lines above the header) and go into recipe.json', async () => {
    const { left } = files();
    // A bank export that never quotes, with 5" and a lone quote in its memos, and two account lines on top.
    const right = sb.file('bank.csv', csv('Account;DE12 3456', ['Period;2024-02', 'reference;value;booked;memo', 'inv-1;100,00;2024-02-01;Monitor 27" screen', 'INV-2;50,00;2024-02-13;"partial', 'INV-9;1,00;2024-02-13;fee']));
    const out = sb.mkdir('out');
    const t = io();
    const code = await runReconCli(['--left', left, '--right', right, '--out', out, '--json', '--right-read', 'quote=none', '--right-read', 'skip_top=2', '--right-read', 'delimiter=;'], t.io);
    expect(t.err.join('')).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(t.out.join('').trim())).toMatchObject({ matched: 2, unmatched_right: 1 });
    const used = JSON.parse(readFileSync(join(out, 'recipe.json'), 'utf8'));
    expect(used.right.read).toMatchObject({ quote: 'none', skip_top: 2, delimiter: ';' });
    // The same recipe reads the file the same way without the flags.
    const again = io();
    expect(await runReconCli(['--left', left, '--right', right, '--recipe', join(out, 'recipe.json'), '--json'], again.io)).toBe(0);
    expect(JSON.parse(again.out.join('').trim())).toMatchObject({ matched: 2 });
    // Without quote=none the lone quote is a malformed line: named by its line in the user's file (below the two cut lines), with the flags to use.
    const ragged = io();
    expect(await runReconCli(['--left', left, '--right', right, '--right-read', 'skip_top=2'], ragged.io)).toBe(1);
    expect(ragged.err.join('')).toMatch(/at line\(s\) 5;.*\[ragged_rows\]\n  on the command line: --skip-bad-lines skips them; .*quote=none/s);
    // Unknown keys and bad values are usage errors that say what is accepted.
    const bad = io();
    expect(await runReconCli(['--left', left, '--right', right, '--right-read', 'quotes=none'], bad.io)).toBe(2);
    expect(bad.err.join('')).toMatch(/--right-read takes KEY=VALUE with KEY one of delimiter, decimal, quote/);
    const badValue = io();
    expect(await runReconCli(['--left', left, '--right', right, '--left-read', 'decimal=;'], badValue.io)).toBe(2);
    expect(badValue.err.join('')).toMatch(/--left-read decimal: .*\(got ";"\)/);
  });

  it('exits 2 on usage errors and 1 on input errors', async () => {
    const usage = io();
    expect(await runReconCli(['--left', 'a.csv'], usage.io)).toBe(2);
    expect(usage.err.join('')).toMatch(/--left and --right are required/);
    expect(await runReconCli(['--bogus'], io().io)).toBe(2);
    const { left } = files();
    const bad = io();
    expect(await runReconCli(['--left', left, '--right', sb.file('empty.csv', '')], bad.io)).toBe(1);
    expect(bad.err.join('')).toMatch(/empty.*\[empty_file\]/);
    const badRecipe = io();
    expect(await runReconCli(['--left', left, '--right', left, '--recipe', sb.file('r.json', '{"version":2}')], badRecipe.io)).toBe(1);
    expect(badRecipe.err.join('')).toMatch(/invalid_recipe/);
    // Two files with nothing in common: a sentence with the fix, not a schema dump of no rules.
    const nothing = io();
    const a = sb.file('a.csv', csv('code,note', ['x1,alpha', 'x2,beta', 'x3,gamma']));
    const b = sb.file('b.csv', csv('city,colour', ['Oslo,red', 'Lima,blue', 'Bern,green']));
    expect(await runReconCli(['--left', a, '--right', b], nothing.io)).toBe(1);
    expect(nothing.err.join('')).toMatch(/No match rule could be proposed .*: no pair of columns shares values.* give a recipe\. \[not_ready\]/);
    expect(nothing.err.join('')).not.toMatch(/"code"|too_small/);
  });

  it('an export stopped halfway (the process killed) leaves no file that looks finished', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => `INV-${i},${(i % 500) + 1}.25,2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    const left = sb.file('l.csv', csv('ref,amount,date', rows));
    const right = sb.file('r.csv', csv('ref,amount,date', rows));
    const recipePath = sb.file('recipe.json', JSON.stringify(recipe([refRule('exact')])));
    const out = sb.mkdir('out');
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'cli-entry.ts'), '--left', left, '--right', right, '--recipe', recipePath, '--out', out], { cwd: join(__dirname, '..', '..', '..'), stdio: 'ignore' });
    const exited = once(child, 'exit');
    const staged = () => {
      try {
        return readdirSync(out).some((d) => d.startsWith('.kalla-export-') && readdirSync(join(out, d)).length > 0);
      } catch {
        return false; // the staging folder went away between the two reads
      }
    };
    for (let i = 0; i < 12_000 && !staged(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(staged()).toBe(true);
    child.kill('SIGKILL');
    await exited;
    // Only the hidden staging folder is left: nothing a user could take for a complete export.
    expect(readdirSync(out).filter((f) => !f.startsWith('.kalla-export-'))).toEqual([]);
  });

  it('works as a spawned process', () => {
    const { left, right } = files();
    const entry = join(__dirname, 'cli-entry.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', entry, '--left', left, '--right', right, '--json'], { encoding: 'utf8', cwd: join(__dirname, '..', '..', '..') });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ matched: 2, unmatched_right: 1 });
  });
});

describe('kalla recon temp workspace', () => {
  function bigFiles(rows: number) {
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) lines.push(`INV-${i},${(i % 500) + 0.5},2024-02-${String((i % 28) + 1).padStart(2, '0')}`);
    return { left: sb.file('l.csv', csv('ref,amount,date', lines)), right: sb.file('r.csv', csv('ref,amount,date', lines)) };
  }

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`is removed when the run gets ${signal}`, async () => {
      const { left, right } = bigFiles(200_000);
      const tmp = sb.mkdir('tmp');
      const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'cli-entry.ts'), '--left', left, '--right', right], {
        cwd: join(__dirname, '..', '..', '..'),
        env: { ...process.env, TMPDIR: tmp },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const exited = once(child, 'exit');
      const started = () => readdirSync(tmp).some((d) => d.startsWith('kalla-recon-') && readdirSync(join(tmp, d)).length > 0);
      for (let i = 0; i < 12_000 && !started(); i++) await new Promise((r) => setTimeout(r, 5));
      expect(started()).toBe(true);
      child.kill(signal);
      const [code] = await exited;
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(err).toContain(`interrupted (${signal}); its temp workspace was removed`);
      expect(readdirSync(tmp).filter((d) => d.startsWith('kalla-recon-'))).toEqual([]);
    });
  }

  it('left by a killed run is swept at the next start; a live run’s is kept', async () => {
    const tmp = sb.mkdir('tmp');
    // A run killed with SIGKILL: its pid is gone, its folder stays.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadDir = join(tmp, `kalla-recon-${dead.stdout}-abc123`);
    mkdirSync(deadDir);
    writeFileSync(join(deadDir, 'recon.duckdb'), Buffer.alloc(300 * 1024));
    const liveDir = join(tmp, `kalla-recon-${process.pid}-def456`);
    mkdirSync(liveDir);
    const oldDir = join(tmp, 'kalla-recon-XyZ123');
    mkdirSync(oldDir);
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    utimesSync(oldDir, dayAgo, dayAgo);
    const freshDir = join(tmp, 'kalla-recon-AbC456');
    mkdirSync(freshDir);
    expect(await sweepLeftoverWorkspaces(tmp)).toEqual({ count: 2, bytes: 300 * 1024 });
    expect(readdirSync(tmp).sort()).toEqual([`kalla-recon-${process.pid}-def456`, 'kalla-recon-AbC456']);
    // Through the CLI: the note names what was removed.
    mkdirSync(deadDir);
    const { left, right } = files();
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'cli-entry.ts'), '--left', left, '--right', right], {
      encoding: 'utf8',
      cwd: join(__dirname, '..', '..', '..'),
      env: { ...process.env, TMPDIR: tmp },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('note: removed 1 temp workspace(s) left by interrupted runs');
    expect(readdirSync(tmp).filter((d) => d.startsWith('kalla-recon-')).sort()).toEqual([`kalla-recon-${process.pid}-def456`, 'kalla-recon-AbC456']);
  });
});
