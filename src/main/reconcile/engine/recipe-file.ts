/**
 * Recipes as JSON files: saved after a run, re-run next month on new files.
 * Validation is the shared RecipeSchema (versioned), so a file written by the
 * app, the CLI or the MCP server's suggest_match_rules reads the same way.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute } from 'node:path';
import { RECIPE_VERSION, RecipeSchema, type Recipe, type RecipeInput } from '../../../shared/reconcile/recipe';
import { newerVersionError, ReconError } from '../../errors';

/**
 * The one check of a recipe (the shared, versioned RecipeSchema, defaults applied): used by a run,
 * by loading and by saving, so the app, the CLI and tests all get the same `invalid_recipe` error.
 */
export function validateRecipe(input: unknown, what = 'recipe', details: Record<string, unknown> = {}): Recipe {
  const version = (input as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > RECIPE_VERSION) {
    throw newerVersionError(what, 'recipe', version, RECIPE_VERSION, 'Update Kalla to run it, or build the rules again here.');
  }
  const parsed = RecipeSchema.safeParse(input);
  if (!parsed.success) throw new ReconError('invalid_recipe', `${what} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, details);
  return parsed.data;
}

export async function loadRecipe(path: string): Promise<Recipe> {
  const text = await readFile(path, 'utf8').catch(async (e: NodeJS.ErrnoException) => {
    throw new ReconError('invalid_recipe', `${await fileProblem(path, e, 'read')}`, { path, errno: e.code });
  });
  return parseRecipeText(text, basename(path), { path });
}

/** What to do when a file is not a recipe this Kalla can use. */
const CHOOSE_AGAIN = 'Choose a .json file saved with “Save recipe…”, or the recipe.json a `kalla recon --out` run writes.';

/**
 * A recipe file's text, wherever it came from (a path, a native dialog, a browser upload), checked
 * once. Every failure is a sentence naming the file and the next step, never a parser's raw message alone.
 */
export function parseRecipeText(text: string, name: string, details: Record<string, unknown> = {}): Recipe {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    throw new ReconError('invalid_recipe', `“${name}” is not a recipe: it is not valid JSON (${(e as Error).message}). ${CHOOSE_AGAIN}`, { ...details, name });
  }
  const o = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : null;
  if (!o || (!('rules' in o) && !('version' in o))) {
    throw new ReconError('invalid_recipe', `“${name}” is JSON but not a Kalla recipe: it has no version and no match rules. ${CHOOSE_AGAIN}`, { ...details, name });
  }
  try {
    return validateRecipe(json, `The recipe “${name}”`, { ...details, name });
  } catch (e) {
    if (e instanceof ReconError && e.code === 'invalid_recipe') throw new ReconError('invalid_recipe', `${e.message}. Fix that in the file, or ${CHOOSE_AGAIN[0]!.toLowerCase()}${CHOOSE_AGAIN.slice(1)}`, e.details);
    throw e;
  }
}

export async function saveRecipe(path: string, recipe: RecipeInput, opts: { overwrite?: boolean } = {}): Promise<void> {
  if (path.includes('\0') || !isAbsolute(path)) throw new ReconError('invalid_path', `recipe path must be absolute and without NUL: ${path}`);
  if (!opts.overwrite && (await stat(path).catch(() => null))) throw new ReconError('file_exists', `${path} exists; pass overwrite: true to replace it`, { path });
  const valid = validateRecipe(recipe);
  await writeFile(path, `${JSON.stringify(valid, null, 2)}\n`).catch(async (e: NodeJS.ErrnoException) => {
    throw new ReconError('invalid_path', await fileProblem(path, e, 'write'), { path, errno: e.code });
  });
}

/** A file-system error as a sentence (issue 28: a missing folder showed raw ENOENT, twice). */
export async function fileProblem(path: string, e: NodeJS.ErrnoException, what: 'read' | 'write'): Promise<string> {
  const folder = dirname(path);
  const folderThere = (await stat(folder).catch(() => null))?.isDirectory() ?? false;
  if (e.code === 'ENOENT' && !folderThere) return `The folder ${folder} does not exist. Choose the recipe file again${what === 'write' ? ' and save it in a folder that exists' : ''}.`;
  if (e.code === 'ENOENT') return `There is no recipe file “${basename(path)}” in ${folder}. Choose the recipe file again.`;
  if (e.code === 'EACCES' || e.code === 'EPERM') return `Kalla may not ${what} “${basename(path)}” in ${folder} (permission denied). Choose another ${what === 'write' ? 'folder' : 'file'}.`;
  if (e.code === 'EISDIR') return `${path} is a folder, not a recipe file. Choose the .json recipe file.`;
  return `The recipe “${basename(path)}” could not be ${what === 'read' ? 'read' : 'written'}: ${e.message}`;
}
