/**
 * Builds a recipe when none is given (CLI without --recipe): field mappings
 * and match rules come from the kalla-recon local engines
 * (detectFieldMappingsLocal / suggestMatchRulesLocal). When those engines are
 * not available, a small fallback of our own is used and the recipe says so
 * in its name — see fallbackMappings/fallbackRules.
 */
import type { FieldMapping, MatchRule, Recipe, SourceSchema } from '../../shared/recon';
import { RECIPE_VERSION, RecipeSchema } from '../../shared/recon';
import type { ColumnTyping, SourceInfo } from '../../shared/recon-engine';
import type { ReconWorkspace } from './workspace';

export interface LocalEngines {
  detectFieldMappingsLocal(input: { schema_a: SourceSchema; schema_b: SourceSchema; sample_a?: Record<string, unknown>[]; sample_b?: Record<string, unknown>[] }): {
    mappings: FieldMapping[];
  };
  suggestMatchRulesLocal(input: { schema_a: SourceSchema; schema_b: SourceSchema; mappings: FieldMapping[]; sample_a?: Record<string, unknown>[]; sample_b?: Record<string, unknown>[] }): {
    rules: MatchRule[];
    explanation?: string;
  };
}

const DATA_TYPE: Record<ColumnTyping['type'], string> = { text: 'varchar', number: 'decimal', date: 'date', timestamp: 'timestamp', boolean: 'boolean' };

export function sourceSchema(alias: string, info: SourceInfo): SourceSchema {
  return { alias, columns: info.columns.map((c) => ({ name: c.name, data_type: DATA_TYPE[c.type] })) };
}

async function sample(ws: ReconWorkspace, side: 'left' | 'right'): Promise<Record<string, unknown>[]> {
  const page = await ws.preview(side, { offset: 0, limit: 20 });
  return page.items.map(({ __row_id: _drop, ...rest }) => rest);
}

export interface AutoRecipe {
  recipe: Recipe;
  engine: 'local' | 'fallback';
  explanation: string;
}

export async function buildAutoRecipe(ws: ReconWorkspace, engines: LocalEngines | null, name = 'auto'): Promise<AutoRecipe> {
  const left = (await ws.source('left'))!;
  const right = (await ws.source('right'))!;
  const schema_a = sourceSchema('left', left);
  const schema_b = sourceSchema('right', right);
  const sample_a = await sample(ws, 'left');
  const sample_b = await sample(ws, 'right');
  let mappings: FieldMapping[];
  let rules: MatchRule[];
  let explanation: string;
  let engine: AutoRecipe['engine'];
  if (engines) {
    mappings = engines.detectFieldMappingsLocal({ schema_a, schema_b, sample_a, sample_b }).mappings;
    const suggestion = engines.suggestMatchRulesLocal({ schema_a, schema_b, mappings, sample_a, sample_b });
    rules = suggestion.rules;
    explanation = suggestion.explanation ?? '';
    engine = 'local';
  } else {
    mappings = fallbackMappings(left.columns, right.columns);
    rules = fallbackRules(mappings);
    explanation = 'FALLBACK detection (kalla-recon local engines unavailable): name/type heuristics in src/main/recon/auto-recipe.ts';
    engine = 'fallback';
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
  return { recipe, engine, explanation };
}

// ── Fallback (used only when the local engines cannot be loaded) ─────────

const ROLE_WORDS: Record<'key' | 'amount' | 'date', RegExp> = {
  key: /(ref|reference|invoice|inv|id|number|no|doc|document|transaction|txn)/i,
  amount: /(amount|amt|value|total|sum|betrag|montant|net|gross)/i,
  date: /(date|booked|posted|value ?date|datum|time)/i,
};

function words(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean));
}

function nameScore(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  const shared = [...wa].filter((w) => wb.has(w)).length;
  return shared / Math.max(1, Math.max(wa.size, wb.size));
}

function roleOf(c: ColumnTyping): 'key' | 'amount' | 'date' | 'text' {
  if (c.type === 'number' && ROLE_WORDS.amount.test(c.name)) return 'amount';
  if (c.type === 'date' || c.type === 'timestamp') return 'date';
  if (c.type !== 'number' && ROLE_WORDS.key.test(c.name)) return 'key';
  if (c.type === 'number') return 'amount';
  return 'text';
}

export function fallbackMappings(left: ColumnTyping[], right: ColumnTyping[]): FieldMapping[] {
  const pairs: { a: ColumnTyping; b: ColumnTyping; score: number; role: ReturnType<typeof roleOf> }[] = [];
  for (const a of left) {
    for (const b of right) {
      const ra = roleOf(a);
      if (ra !== roleOf(b)) continue;
      const score = 0.5 + 0.5 * nameScore(a.name, b.name) + (a.derived || b.derived ? 0.1 : 0);
      pairs.push({ a, b, score, role: ra });
    }
  }
  pairs.sort((x, y) => y.score - x.score || x.a.name.localeCompare(y.a.name) || x.b.name.localeCompare(y.b.name));
  const usedA = new Set<string>();
  const usedB = new Set<string>();
  const roles = new Set<string>();
  const out: FieldMapping[] = [];
  for (const p of pairs) {
    if (usedA.has(p.a.name) || usedB.has(p.b.name)) continue;
    if (p.role !== 'text' && roles.has(p.role)) continue; // one key, one amount, one date
    usedA.add(p.a.name);
    usedB.add(p.b.name);
    roles.add(p.role);
    out.push({ field_a: p.a.name, field_b: p.b.name, confidence: Math.min(1, p.score), reason: 'fallback: same role and similar name', role: p.role });
  }
  return out;
}

export function fallbackRules(mappings: FieldMapping[]): MatchRule[] {
  const key = mappings.find((m) => m.role === 'key');
  const amount = mappings.find((m) => m.role === 'amount');
  const date = mappings.find((m) => m.role === 'date');
  const base = {
    keys: key ? [{ left: key.field_a, right: key.field_b, normalisers: [{ kind: 'trim' as const }, { kind: 'casefold' as const }] }] : [],
    ...(amount ? { amount: { left: amount.field_a, right: amount.field_b, tolerance_abs: 0.01, tolerance_pct: 0, flip_sign: false } } : {}),
    ...(date ? { date: { left: date.field_a, right: date.field_b, window_days: 5 } } : {}),
  };
  const rules: MatchRule[] = [{ id: 'exact', name: 'Reference, amount and date', ...base, cardinality: '1:1', auto_confirm: true }];
  if (amount && key) {
    rules.push({ id: 'split', name: 'Split payments', ...base, cardinality: '1:N', auto_confirm: false });
    rules.push({ id: 'batch', name: 'Batch payments', ...base, cardinality: 'N:1', auto_confirm: false });
  }
  return rules;
}
