/** Recipe files that cannot be read or written are named in a sentence, not a raw ENOENT (issue 28). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRecipe, saveRecipe } from '../../../src/main/reconcile/engine/recipe-file';
import { recipe, refRule } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'kalla-recipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recipe file errors', () => {
  it('a missing folder, when loading and when saving', async () => {
    const missing = join(dir, 'no-such-folder', 'march.json');
    const load = await loadRecipe(missing).catch((e: Error) => e);
    expect((load as Error).message).toBe(`The folder ${join(dir, 'no-such-folder')} does not exist. Choose the recipe file again.`);
    const save = await saveRecipe(missing, recipe([refRule('by-ref')])).catch((e: Error) => e);
    expect((save as Error).message).toMatch(/^The folder .*no-such-folder does not exist\. Choose the recipe file again and save it in a folder that exists\.$/);
    for (const e of [load, save]) expect((e as Error).message).not.toMatch(/ENOENT/);
  });

  it('a missing file in a folder that exists', async () => {
    const e = (await loadRecipe(join(dir, 'gone.json')).catch((x: Error) => x)) as Error;
    expect(e.message).toBe(`There is no recipe file “gone.json” in ${dir}. Choose the recipe file again.`);
  });

  it('a folder given as the file', async () => {
    const e = (await loadRecipe(dir).catch((x: Error) => x)) as Error;
    expect(e.message).toMatch(/is a folder, not a recipe file/);
  });
});
