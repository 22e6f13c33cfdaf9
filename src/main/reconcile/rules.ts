/** The rules step: kalla-recon's suggest_match_rules proposes rules over the confirmed mappings; the user edits them. */
import type { MatchRule } from '../../shared/reconcile/recipe';
import { confirmedMappings, type WorkspaceState } from '../../shared/reconcile/workspace';
import { errorMessage, UserError } from '../errors';
import { alignedSampleQuestion, sourceSchema, withCashRules } from './engine/auto-recipe';
import { untypedEvidence, withoutUnprovenAutoConfirm } from './engine/evidence';
import { bothSources, type ReconcileContext } from './context';
import { plainRow, sampleRows } from './kalla-recon';

export class Rules {
  constructor(private readonly ctx: ReconcileContext) {}

  /** Asks suggest_match_rules for rules over the confirmed mappings. */
  async suggest(id: string): Promise<WorkspaceState> {
    const { store, engines, settings, kallaRecon } = this.ctx;
    const s = await store.get(id);
    const { left, right } = bothSources(s);
    const mappings = confirmedMappings(s.mapping);
    if (!mappings.length) throw new UserError('Confirm the column mapping first; rules are built from it.', 'not_ready');
    const { sampleRows: n, engineMode } = await settings.get();
    try {
      // Rules are read off records present on both sides (pairs, lags, repeated references).
      const engine = await engines.open(id);
      const question = alignedSampleQuestion(mappings);
      const aligned = question ? await engine.keyAlignedSample(question.key, question.columns) : null;
      const out = await kallaRecon.suggestMatchRules({
        schema_a: sourceSchema(s.aliases.left, left),
        schema_b: sourceSchema(s.aliases.right, right),
        mappings,
        sample_a: aligned ? aligned.left.map(plainRow) : await sampleRows(engine, 'left', Math.max(n, 20)),
        sample_b: aligned ? aligned.right.map(plainRow) : await sampleRows(engine, 'right', Math.max(n, 20)),
        max_sample_rows: Math.min(50, n),
        engine: engineMode,
      });
      const cash = await withCashRules(engine, mappings, out.rules, out.explanation, out.engine);
      // An amount column that could not be typed: said, and no rule confirms on a key alone (evidence.ts).
      const evidence = untypedEvidence({ left, right }, mappings);
      const guarded = withoutUnprovenAutoConfirm({ rules: cash.rules }, evidence);
      const explanation =
        evidence.length > 0
          ? `${cash.explanation} Not compared: ${evidence.map((w) => w.message).join(' ')}${guarded.downgraded.length > 0 ? ` Rule(s) ${guarded.downgraded.join(', ')} therefore only suggest.` : ''}`
          : cash.explanation;
      return store.update(id, (st) => ({ ...st, rules: guarded.recipe.rules, rules_explanation: explanation, rules_sides_reversed: cash.reversed, rules_error: null }));
    } catch (e) {
      await store.update(id, (st) => ({ ...st, rules_error: errorMessage(e) }));
      throw e;
    }
  }

  async set(id: string, rules: MatchRule[]): Promise<WorkspaceState> {
    return this.ctx.store.update(id, (s) => ({ ...s, rules }));
  }
}
