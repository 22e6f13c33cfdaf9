/**
 * Recipes: the workspace's decisions (aliases, confirmed mappings, filters, rules, and for a run the
 * sources' paths and read options) as one validated `Recipe`; saved to and loaded from a file.
 */
import { basename, isAbsolute, join, resolve, sep } from 'node:path';
import { RECIPE_VERSION, type Recipe, type RecipeInput } from '../../shared/reconcile/recipe';
import { confirmedMappings, type WorkspaceState } from '../../shared/reconcile/workspace';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';
import { loadRecipe, saveRecipe } from './engine';
import { parseRecipeText, validateRecipe } from './engine/recipe-file';
import { pushFilterUndo } from './filter-undo';
import { readOverrides } from './read-plan';

export class Recipes {
  constructor(private readonly ctx: ReconcileContext) {}

  /**
   * The recipe the workspace would run now, not yet validated: the engine checks it, once, when it
   * runs or saves it. Throws a UserError saying what is missing.
   */
  async current(id: string): Promise<RecipeInput> {
    const s = await this.ctx.store.get(id);
    if (!s.sources.left || !s.sources.right) {
      const missing = [!s.sources.left && `left (${s.aliases.left})`, !s.sources.right && `right (${s.aliases.right})`].filter(Boolean).join(' and ');
      throw new UserError(`Load both sources before running: ${missing} is missing.`, 'not_ready');
    }
    if (!s.mapping?.confirmed) throw new UserError('Confirm the column mapping before running: review the proposed pairs and press “Confirm mapping”.', 'not_ready');
    if (!s.rules.length) throw new UserError('Add at least one match rule before running (press “Suggest rules”).', 'not_ready');
    return {
      version: RECIPE_VERSION,
      name: s.name,
      left: { alias: s.aliases.left, path: s.sources.left.info.path, read: { ...s.sources.left.read, column_overrides: readOverrides(s.sources.left.info) } },
      right: { alias: s.aliases.right, path: s.sources.right.info.path, read: { ...s.sources.right.read, column_overrides: readOverrides(s.sources.right.info) } },
      mappings: confirmedMappings(s.mapping),
      filters: s.filters,
      rules: s.rules,
    };
  }

  /** What "Save recipe" writes: the recipe of the next run, or whatever is decided so far. Checked. */
  async document(id: string): Promise<Recipe> {
    const s = await this.ctx.store.get(id);
    let recipe: RecipeInput;
    try {
      recipe = await this.current(id);
    } catch {
      // A recipe can be saved before the first run: whatever is decided so far.
      recipe = decidedSoFar(s);
    }
    // A file that came as bytes lives in the workspace's uploads folder: the recipe names the user's file, not that copy.
    const uploads = join(this.ctx.store.dir(id), 'uploads') + sep;
    for (const side of ['left', 'right'] as const) {
      if (recipe[side].path?.startsWith(uploads)) recipe = { ...recipe, [side]: { ...recipe[side], path: s.sources[side]?.info.name } };
    }
    return validateRecipe(recipe);
  }

  async save(id: string, path: string, overwrite = false): Promise<{ path: string }> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    await saveRecipe(resolve(path), await this.document(id), { overwrite });
    return { path: resolve(path) };
  }

  /** The recipe as a file for a browser download: a file name from the workspace's name, and its JSON. */
  async file(id: string): Promise<{ name: string; text: string }> {
    const recipe = await this.document(id);
    return { name: recipeFileName(recipe.name), text: `${JSON.stringify(recipe, null, 2)}\n` };
  }

  /** Applies a recipe file: aliases, confirmed mappings, filters and rules (sources stay). */
  async load(id: string, path: string): Promise<WorkspaceState> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    return this.apply(id, await loadRecipe(resolve(path)), basename(path));
  }

  /** Applies a recipe whose text came from the user's browser (an uploaded .json file named `name`). */
  loadText(id: string, name: string, text: string): Promise<WorkspaceState> {
    return this.apply(id, parseRecipeText(text, name), name);
  }

  private apply(id: string, recipe: Recipe, from: string): Promise<WorkspaceState> {
    return this.ctx.store.update(id, (s) => ({
      ...s,
      aliases: { left: recipe.left.alias, right: recipe.right.alias },
      mapping: {
        rows: recipe.mappings.map((m) => ({ ...m, role: m.role ?? 'other', engine: 'manual', decision: 'accepted', key: m.role === 'key' })),
        unmapped_a: [],
        unmapped_b: [],
        engine: null,
        warnings: [],
        confirmed: true,
      },
      filters: recipe.filters,
      // The recipe's read options (and type fixes) for the files on each side.
      read_plan: { left: { read: recipe.left.read, from }, right: { read: recipe.right.read, from } },
      filter_undo: pushFilterUndo(s),
      rules: recipe.rules,
      rules_explanation: `Loaded from ${from}.`,
      rules_sides_reversed: false,
    }));
  }
}

/** A recipe of what is decided before the sources are complete (no paths); needs at least one rule. */
function decidedSoFar(s: WorkspaceState): RecipeInput {
  if (!s.rules.length) throw new UserError('Add match rules before saving a recipe: a recipe needs at least one rule.', 'not_ready');
  return {
    version: RECIPE_VERSION,
    name: s.name,
    left: { alias: s.aliases.left },
    right: { alias: s.aliases.right },
    mappings: confirmedMappings(s.mapping),
    filters: s.filters,
    rules: s.rules,
  };
}

/** `March close: bank/AR` → `March close bank AR.recipe.json`: a name every file system takes. */
export function recipeFileName(workspaceName: string): string {
  const stem = workspaceName
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 80);
  return `${stem || 'recipe'}.recipe.json`;
}
