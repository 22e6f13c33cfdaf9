/**
 * Builds a recipe when none is given (CLI without --recipe): field mappings
 * and match rules come from the kalla-recon MCP server's offline engines
 * (detectFieldMappingsLocal / suggestMatchRulesLocal), fed with the detected
 * column types, the first rows of each source for the mappings, and rows that
 * share references across the two sources for the rules.
 */
import type { FieldMapping, MatchRule, Recipe, SourceSchema } from '../../../shared/reconcile/recipe';
import { RECIPE_VERSION, RecipeSchema } from '../../../shared/reconcile/recipe';
import type { ColumnTyping, SourceInfo } from '../../../shared/reconcile/sources-and-runs';
import { detectFieldMappingsLocal, suggestMatchRulesLocal } from '../../../engines/recon-local';
import { UserError } from '../../errors';
import type { ReconEngine } from './engine';
import { cashRules } from './cash-rules';
import { untypedEvidence, withoutUnprovenAutoConfirm } from './evidence';

const DATA_TYPE: Record<ColumnTyping['type'], string> = { text: 'varchar', number: 'decimal', date: 'date', timestamp: 'timestamp', boolean: 'boolean' };

export function sourceSchema(alias: string, info: SourceInfo): SourceSchema {
  return { alias, columns: info.columns.map((c) => ({ name: c.name, data_type: DATA_TYPE[c.type] })) };
}

/** The columns a mapping names, per side: what rules can be read off (keyAlignedSample). */
export function mappedColumns(mappings: FieldMapping[]): { left: string[]; right: string[] } {
  return { left: mappings.map((m) => m.field_a), right: mappings.map((m) => m.field_b) };
}

/**
 * What `keyAlignedSample` is asked for a mapping (its key pair and mapped columns), or null when it
 * has no key: one place, so the mapping step's prefetch and the rules step ask the same question.
 */
export function alignedSampleQuestion(mappings: FieldMapping[]): { key: { left: string; right: string }; columns: { left: string[]; right: string[] } } | null {
  const key = mappings.find((m) => m.role === 'key');
  return key ? { key: { left: key.field_a, right: key.field_b }, columns: mappedColumns(mappings) } : null;
}

async function sample(ws: ReconEngine, side: 'left' | 'right'): Promise<Record<string, unknown>[]> {
  const page = await ws.preview(side, { offset: 0, limit: 20 });
  return page.items.map(({ __row_id: _drop, ...rest }) => rest);
}

export interface AutoRecipe {
  recipe: Recipe;
  explanation: string;
  /** The sources were swapped before the recipe was built (the open items had been given second). */
  swapped: boolean;
  /** Amount or date columns that could not be typed, each with its fix (evidence.ts); empty when none. */
  warnings: string[];
}

/**
 * Without a recipe nobody is there to press "Swap sides": when the data says the open items are
 * the right source (side-roles.ts), the sources are swapped once and the recipe is built again,
 * and the explanation says so.
 */
export async function buildAutoRecipe(ws: ReconEngine, name = 'auto'): Promise<AutoRecipe> {
  const first = await buildAutoRecipeOnce(ws, name);
  if (!first.reversed) return { recipe: first.recipe, explanation: first.explanation, swapped: false, warnings: first.warnings };
  await ws.swapSides();
  const second = await buildAutoRecipeOnce(ws, name);
  const why = first.reasons.length > 0 ? ` (${first.reasons.join('; ')})` : '';
  return { recipe: second.recipe, explanation: `The sources were swapped: the open items are the second file${why}. ${second.explanation}`, swapped: true, warnings: second.warnings };
}

async function buildAutoRecipeOnce(ws: ReconEngine, name: string): Promise<AutoRecipe & { reversed: boolean; reasons: string[] }> {
  const left = (await ws.source('left'))!;
  const right = (await ws.source('right'))!;
  const schema_a = sourceSchema('left', left);
  const schema_b = sourceSchema('right', right);
  const sample_a = await sample(ws, 'left');
  const sample_b = await sample(ws, 'right');
  // Names and 20 rows propose the pairs; the amounts are checked against the whole data.
  const amounts = await ws.withAmountMapping(detectFieldMappingsLocal({ schema_a, schema_b, sample_a, sample_b }).mappings);
  const mappings: FieldMapping[] = amounts.mappings;
  // Rules are read off records present on both sides (pairs, lags, repeated references).
  const question = alignedSampleQuestion(mappings);
  const aligned = question ? await ws.keyAlignedSample(question.key, question.columns) : { left: sample_a, right: sample_b };
  const suggestion = suggestMatchRulesLocal({ schema_a, schema_b, mappings, sample_a: aligned.left, sample_b: aligned.right });
  const cash = await withCashRules(ws, mappings, suggestion.rules, suggestion.explanation);
  // An amount column that could not be typed: said, with its fix, and no rule confirms without it.
  const evidence = untypedEvidence({ left, right }, mappings);
  const guarded = withoutUnprovenAutoConfirm({ rules: cash.rules }, evidence);
  const rules: MatchRule[] = guarded.recipe.rules;
  if (rules.length === 0) {
    // Said in words with what to do, never as a schema dump of an empty rule list.
    const why = evidence.length > 0 ? evidence.map((w) => w.message).join(' ') : 'no pair of columns shares values between the two files (no amount, reference or name in common).';
    throw new UserError(`No match rule could be proposed for ${left.path} and ${right.path}: ${why} Fix the column types (--left-type/--right-type, or the mapping step's format choice), or give a recipe.`, 'not_ready');
  }
  const recipe = RecipeSchema.parse({
    version: RECIPE_VERSION,
    name,
    left: { alias: 'left', path: left.path },
    right: { alias: 'right', path: right.path },
    mappings,
    filters: [],
    rules,
  });
  let explanation = amounts.note ? `${cash.explanation} Amounts: ${amounts.note}.` : cash.explanation;
  if (evidence.length > 0) explanation += ` Not compared: ${evidence.map((w) => w.message).join(' ')}${guarded.downgraded.length > 0 ? ` Rule(s) ${guarded.downgraded.join(', ')} therefore only suggest.` : ''}`;
  return { recipe, explanation, swapped: false, reversed: cash.reversed, reasons: cash.reasons, warnings: evidence.map((w) => w.message) };
}

/**
 * The suggested cascade with the cash-application rules learned over the whole loaded data
 * (references in text, recurring fees and discounts, instalments, multi-invoice and counterparty
 * batch payments). The MCP tool sees ≤ 50 sample rows, too few to learn these, so the host adds
 * them; the tool's own rules stay where the facts do not apply.
 */
export async function withCashRules(
  ws: ReconEngine,
  mappings: FieldMapping[],
  rules: MatchRule[],
  explanation: string,
  engine: 'local' | 'llm' = 'local',
): Promise<{ rules: MatchRule[]; explanation: string; reversed: boolean; reasons: string[] }> {
  // The sign relation is read off the data (20,000 rows a side), not the suggested rules' 20-row
  // sample, where "no equal amounts seen" reads as "same signs" (a Turkish list of (B) balances
  // against a statement's credits). An LLM's rules were written for these files: their sign stands.
  const flip = engine === 'llm' ? (rules.find((r) => r.amount)?.amount?.flip_sign ?? null) : null;
  const facts = await ws.learnCash(mappings, flip);
  const cash = cashRules(facts, mappings, rules);
  const reasons = facts.roles?.reasons ?? [];
  if (cash.notes.length === 0) return { rules, explanation, reversed: false, reasons };
  if (facts.reversed) return { rules, explanation: `${explanation} Note: ${cash.notes.join('; ')}.`, reversed: true, reasons };
  if (engine === 'llm') {
    // The model's rules were written for these files by the user's LLM: they lead, and the learned
    // rules follow as a safety net for what they do not cover.
    const ids = new Set(rules.map((r) => r.id));
    const learned = cash.rules.filter((r) => !ids.has(r.id) && !rules.includes(r));
    return { rules: [...rules, ...learned], explanation: `${explanation} Then, learned from the data: ${cash.notes.join('; ')}.`, reversed: false, reasons };
  }
  return { rules: cash.rules, explanation: `${cash.rules.length} rules, strict to loose, learned from the data: ${cash.notes.join('; ')}.`, reversed: false, reasons };
}
