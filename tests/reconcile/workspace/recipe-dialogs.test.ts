/**
 * Recipes through file choosers (issue 28). The desktop handlers open the native dialog in main and
 * read or write the chosen file there; here the dialog is the only part replaced (it answers with a
 * path, or cancels), everything behind it is the real core: dispatcher, zod contract, service, files.
 * Browser mode's upload/download channels go through the same core.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/main/core';
import type { Platform } from '../../../src/main/platform';
import type { WorkspaceState } from '../../../src/shared/reconcile/workspace';
import { createTestCore } from '../../helpers/core';
import { recipe, refRule } from '../engine/helpers';

type Dialog = { title: string; defaultName?: string; filters?: { name: string; extensions: string[] }[] };
const asked: Dialog[] = [];
let answer: string | null = null;
const dialogs: Partial<Platform> = {
  chooseFiles: async () => [],
  chooseSaveFolder: async () => null,
  chooseOpenFile: async (o) => {
    asked.push(o);
    return answer;
  },
  chooseSavePath: async (o) => {
    asked.push(o);
    return answer;
  },
};

let core: Core;
let dir: string;
let plain: { core: Core; dir: string };

beforeAll(async () => {
  ({ core, dir } = await createTestCore({ withBuiltins: false, platform: dialogs }));
  plain = await createTestCore({ withBuiltins: false });
});
afterAll(async () => {
  await core.dispose();
  await plain.core.dispose();
  rmSync(dir, { recursive: true, force: true });
  rmSync(plain.dir, { recursive: true, force: true });
});

async function call<T>(channel: string, input: unknown, c: Core = core): Promise<T> {
  const r = await c.dispatch(channel, input);
  if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  return r.value as T;
}
async function failure(channel: string, input: unknown, c: Core = core): Promise<{ code: string; message: string }> {
  const r = await c.dispatch(channel, input);
  expect(r.ok).toBe(false);
  return r.ok ? { code: '', message: '' } : r.error;
}

const october = recipe([refRule('by-ref'), refRule('by-ref-wide', { amount: { left: 'amount', right: 'amount', tolerance_abs: 1, tolerance_pct: 0, flip_sign: false } })], {
  name: 'October close',
  left: { alias: 'bank', read: { skip_bad_lines: false, column_overrides: {}, delimiter: ';' } },
  right: { alias: 'invoices', read: { skip_bad_lines: false, column_overrides: {} } },
});

describe('recipes through file choosers (desktop handlers, dialog answered by the test)', () => {
  it('says the desktop has dialogs, and browser mode (plain Node platform) does not', async () => {
    expect(await call('reconcile.capabilities', {})).toMatchObject({ dialogs: true });
    expect(await call('reconcile.capabilities', {}, plain.core)).toMatchObject({ dialogs: false });
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'x' }, plain.core);
    const e = await failure('reconcile.loadRecipeDialog', { id: ws.id }, plain.core);
    expect(e).toMatchObject({ code: 'unavailable', message: expect.stringContaining('asks for the file to upload instead') });
  });

  it('loads the chosen file, and a cancel changes nothing', async () => {
    const file = join(dir, 'october.recipe.json');
    writeFileSync(file, JSON.stringify(october));
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'November' });
    answer = null;
    expect(await call('reconcile.loadRecipeDialog', { id: ws.id })).toEqual({ name: null, state: null });
    expect((await call<WorkspaceState>('reconcile.get', { id: ws.id })).revision).toBe(ws.revision);

    answer = file;
    asked.length = 0;
    const r = await call<{ name: string; state: WorkspaceState }>('reconcile.loadRecipeDialog', { id: ws.id });
    expect(asked).toEqual([{ title: 'Load recipe', filters: [{ name: 'Kalla recipes (.json)', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }] }]);
    expect(r.name).toBe('october.recipe.json');
    expect(r.state.rules.map((x) => x.id)).toEqual(['by-ref', 'by-ref-wide']);
    expect(r.state.aliases).toEqual({ left: 'bank', right: 'invoices' });
    expect(r.state.read_plan.left).toMatchObject({ read: { delimiter: ';' }, from: 'october.recipe.json' });
    expect(r.state.rules_explanation).toBe('Loaded from october.recipe.json.');
  });

  it('saves to the chosen path with a name from the workspace, and refuses before the dialog when nothing can be saved', async () => {
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'March close: bank/AR' });
    asked.length = 0;
    const empty = await failure('reconcile.saveRecipeDialog', { id: ws.id });
    expect(empty.message).toBe('Add match rules before saving a recipe: a recipe needs at least one rule.');
    expect(asked).toEqual([]);

    await call('reconcile.setRules', { id: ws.id, rules: october.rules });
    const out = join(dir, 'saved', 'march.json');
    mkdirSync(join(dir, 'saved'));
    answer = out;
    expect(await call('reconcile.saveRecipeDialog', { id: ws.id })).toEqual({ path: out });
    expect(asked[0]).toMatchObject({ title: 'Save recipe', defaultName: 'March close bank AR.recipe.json' });
    const saved = JSON.parse(readFileSync(out, 'utf8')) as { version: number; name: string; rules: { id: string }[] };
    expect(saved).toMatchObject({ version: 2, name: 'March close: bank/AR' });
    expect(saved.rules.map((r) => r.id)).toEqual(['by-ref', 'by-ref-wide']);
    // The dialog asked before replacing: saving over the same file again works.
    expect(await call('reconcile.saveRecipeDialog', { id: ws.id })).toEqual({ path: out });

    answer = null;
    expect(await call('reconcile.saveRecipeDialog', { id: ws.id })).toEqual({ path: null });
  });

  it('a chosen file that is gone, in a folder that is gone, or not a recipe: a sentence with the next step, the workspace unchanged', async () => {
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'Errors' });
    await call('reconcile.setRules', { id: ws.id, rules: october.rules });
    const before = await call<WorkspaceState>('reconcile.get', { id: ws.id });

    answer = join(dir, 'gone', 'x.json');
    const save = await failure('reconcile.saveRecipeDialog', { id: ws.id });
    expect(save.message).toBe(`The folder ${join(dir, 'gone')} does not exist. Choose the recipe file again and save it in a folder that exists.`);
    const load = await failure('reconcile.loadRecipeDialog', { id: ws.id });
    expect(load.message).toBe(`The folder ${join(dir, 'gone')} does not exist. Choose the recipe file again.`);
    answer = join(dir, 'missing.json');
    expect((await failure('reconcile.loadRecipeDialog', { id: ws.id })).message).toBe(`There is no recipe file “missing.json” in ${dir}. Choose the recipe file again.`);

    const csv = join(dir, 'bank.json');
    writeFileSync(csv, 'Date;Amount\n01.03.2026;12,50\n');
    answer = csv;
    const notJson = await failure('reconcile.loadRecipeDialog', { id: ws.id });
    expect(notJson).toMatchObject({ code: 'invalid_recipe' });
    expect(notJson.message).toMatch(/^“bank\.json” is not a recipe: it is not valid JSON \(.+\)\. Choose a \.json file saved with “Save recipe…”, or the recipe\.json a `kalla recon --out` run writes\.$/);

    const other = join(dir, 'package.json');
    writeFileSync(other, JSON.stringify({ name: 'x', dependencies: {} }));
    answer = other;
    expect((await failure('reconcile.loadRecipeDialog', { id: ws.id })).message).toBe(
      '“package.json” is JSON but not a Kalla recipe: it has no version and no match rules. Choose a .json file saved with “Save recipe…”, or the recipe.json a `kalla recon --out` run writes.',
    );
    const noRules = join(dir, 'no-rules.json');
    writeFileSync(noRules, JSON.stringify({ ...october, rules: [] }));
    answer = noRules;
    expect((await failure('reconcile.loadRecipeDialog', { id: ws.id })).message).toMatch(/^The recipe “no-rules\.json” is invalid: rules: a recipe needs at least one match rule\. Fix that in the file, or choose a \.json file saved with “Save recipe…”/);

    for (const e of [save, load, notJson]) expect(e.message).not.toMatch(/ENOENT|errno/);
    const after = await call<WorkspaceState>('reconcile.get', { id: ws.id });
    expect(after.revision).toBe(before.revision);
    expect(after.rules).toEqual(before.rules);
    expect(existsSync(join(dir, 'gone'))).toBe(false);
  });
});

describe('browser mode: download and upload (no dialog)', () => {
  it('gives the recipe as a file name and JSON, and applies an uploaded one by its own name only', async () => {
    const c = plain.core;
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'October close' }, c);
    await call('reconcile.setRules', { id: ws.id, rules: october.rules }, c);
    const file = await call<{ name: string; text: string }>('reconcile.recipeFile', { id: ws.id }, c);
    expect(file.name).toBe('October close.recipe.json');
    expect(JSON.parse(file.text)).toMatchObject({ version: 2, name: 'October close', rules: [{ id: 'by-ref' }, { id: 'by-ref-wide' }] });

    const next = await call<WorkspaceState>('reconcile.create', { name: 'November' }, c);
    const st = await call<WorkspaceState>('reconcile.loadRecipeText', { id: next.id, name: 'C:\\fakepath\\October close.recipe.json', text: file.text }, c);
    expect(st.rules.map((r) => r.id)).toEqual(['by-ref', 'by-ref-wide']);
    expect(st.rules_explanation).toBe('Loaded from October close.recipe.json.');

    const bad = await failure('reconcile.loadRecipeText', { id: next.id, name: 'bank.csv', text: 'Date;Amount\n' }, c);
    expect(bad.message).toMatch(/^“bank\.csv” is not a recipe: it is not valid JSON/);
    const huge = await failure('reconcile.loadRecipeText', { id: next.id, name: 'x.json', text: 'x'.repeat(2_000_001) }, c);
    expect(huge).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('a recipe file is at most 2 MB') });
  });

  it('no channel takes a recipe path from the renderer any more', async () => {
    const ws = await call<WorkspaceState>('reconcile.create', { name: 'paths' });
    for (const channel of ['reconcile.loadRecipe', 'reconcile.saveRecipe']) {
      expect(await failure(channel, { id: ws.id, path: '/etc/passwd' })).toMatchObject({ code: 'unknown_channel' });
    }
  });
});
