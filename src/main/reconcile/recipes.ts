/**
 * Recipes: the workspace's decisions (aliases, confirmed mappings, filters, rules, and for a run the
 * sources' paths and read options) as one validated `Recipe`; saved to and loaded from a file.
 */
import { basename, isAbsolute, resolve } from 'node:path';
import { RECIPE_VERSION, type RecipeInput } from '../../shared/reconcile/recipe';
import { confirmedMappings, type WorkspaceState } from '../../shared/reconcile/workspace';
import { UserError } from '../errors';
import type { ReconcileContext } from './context';
import { loadRecipe, saveRecipe } from './engine';
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

  async save(id: string, path: string, overwrite = false): Promise<{ path: string }> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    const s = await this.ctx.store.get(id);
    let recipe: RecipeInput;
    try {
      recipe = await this.current(id);
    } catch {
      // A recipe can be saved before the first run: whatever is decided so far.
      recipe = decidedSoFar(s);
    }
    await saveRecipe(resolve(path), recipe, { overwrite });
    return { path: resolve(path) };
  }

  /** Applies a recipe file: aliases, confirmed mappings, filters and rules (sources stay). */
  async load(id: string, path: string): Promise<WorkspaceState> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    const recipe = await loadRecipe(resolve(path));
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
      read_plan: { left: { read: recipe.left.read, from: basename(path) }, right: { read: recipe.right.read, from: basename(path) } },
      filter_undo: pushFilterUndo(s),
      rules: recipe.rules,
      rules_explanation: `Loaded from ${basename(path)}.`,
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
