/**
 * Recipes as JSON files: saved after a run, re-run next month on new files.
 * Validation is the shared RecipeSchema (versioned), so a file written by the
 * app, the CLI or the MCP server's suggest_match_rules reads the same way.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { RecipeSchema, type Recipe } from '../../../shared/recon';
import { ReconError } from '../../errors';

export async function loadRecipe(path: string): Promise<Recipe> {
  const text = await readFile(path, 'utf8').catch((e: Error) => {
    throw new ReconError('invalid_recipe', `cannot read recipe ${path}: ${e.message}`, { path });
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ReconError('invalid_recipe', `recipe ${path} is not valid JSON: ${(e as Error).message}`, { path });
  }
  const parsed = RecipeSchema.safeParse(json);
  if (!parsed.success) {
    throw new ReconError('invalid_recipe', `recipe ${path} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, { path });
  }
  return parsed.data;
}

export async function saveRecipe(path: string, recipe: Recipe, opts: { overwrite?: boolean } = {}): Promise<void> {
  if (path.includes('\0') || !isAbsolute(path)) throw new ReconError('invalid_path', `recipe path must be absolute and without NUL: ${path}`);
  if (!opts.overwrite && (await stat(path).catch(() => null))) throw new ReconError('file_exists', `${path} exists; pass overwrite: true to replace it`, { path });
  const valid = RecipeSchema.parse(recipe);
  await writeFile(path, `${JSON.stringify(valid, null, 2)}\n`);
}
