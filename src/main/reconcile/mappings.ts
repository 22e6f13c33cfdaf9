/**
 * The column mapping step: kalla-recon proposes pairs, the user accepts, rejects or changes each,
 * then confirms. Confirmed pairs become the recipe's mappings.
 */
import type { Side } from '../../shared/reconcile/sources-and-runs';
import type { FieldMapping } from '../../shared/reconcile/recipe';
import { confirmedMappings, type MappingRow, type WorkspaceState } from '../../shared/reconcile/workspace';
import { errorMessage, UserError } from '../errors';
import { alignedSampleQuestion, sourceSchema } from './engine/auto-recipe';
import { untypedEvidence } from './engine/evidence';
import { bothSources, type ReconcileContext } from './context';
import { sampleRows } from './kalla-recon';

export class Mappings {
  constructor(
    private readonly ctx: ReconcileContext,
    /** Runs after a confirmation when the workspace has no rules yet (the rules step). */
    private readonly suggestRules: (id: string) => Promise<WorkspaceState>,
  ) {}

  /** Asks kalla-recon's detect_field_mappings (schemas + `sampleRows` rows of each side) and stores the proposals for review. */
  async detect(id: string): Promise<WorkspaceState> {
    const { store, engines, settings, kallaRecon } = this.ctx;
    const s = await store.get(id);
    const { left, right } = bothSources(s);
    const { sampleRows: n, engineMode } = await settings.get();
    const engine = await engines.open(id);
    const [sample_a, sample_b] = await Promise.all([sampleRows(engine, 'left', n), sampleRows(engine, 'right', n)]);
    try {
      const out = await kallaRecon.detectFieldMappings({
        schema_a: sourceSchema(s.aliases.left, left),
        schema_b: sourceSchema(s.aliases.right, right),
        sample_a,
        sample_b,
        max_sample_rows: Math.min(50, n),
        engine: engineMode,
      });
      // The amount pair is checked against the whole data (a name-less pair such as Brutto ↔ Betrag,
      // or a statement amount that has a signed form); the user still decides each row.
      const checked = await engine.withAmountMapping(out.mappings);
      // An amount or date column that could not be typed is said here, with its fix (evidence.ts).
      const evidence = untypedEvidence({ left, right }, checked.mappings).map((w) => w.message);
      const rows: MappingRow[] = checked.mappings.map((m) => ({ ...m, role: m.role ?? 'other', engine: out.engine, decision: 'pending', key: m.role === 'key' }));
      // The cash learning behind "Confirm mapping → rules" depends only on the two sources and the
      // mapping: it starts now, for the mapping as proposed, while the user reviews it (issue 30), and
      // the click finds it done or joins it. A changed pair asks another question (another key).
      // Local rules only: an LLM's rules bring their own sign, so their question is known later.
      // The rows the rules are read off (keyAlignedSample) depend on the mapping alone: read ahead too.
      const proposed = proposedMappings(rows);
      const question = alignedSampleQuestion(proposed);
      if (question) engine.prefetchAlignedSample(question.key, question.columns);
      if (out.engine === 'local') engine.prefetchCash(proposed, null);
      return store.update(id, (st) => ({
        ...st,
        mapping: {
          rows,
          unmapped_a: out.unmapped_a,
          unmapped_b: out.unmapped_b,
          engine: out.engine,
          ...(out.fallback_reason ? { fallback_reason: out.fallback_reason } : {}),
          warnings: [...(out.warnings ?? []), ...evidence],
          confirmed: false,
        },
        mapping_error: null,
      }));
    } catch (e) {
      await store.update(id, (st) => ({ ...st, mapping_error: errorMessage(e) }));
      throw e;
    }
  }

  /** Saves the review in progress (decisions, changed sides, key marks) without confirming. */
  async saveReview(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    return this.ctx.store.update(id, (s) => ({ ...s, mapping: reviewWith(s, rows, false) }));
  }

  /**
   * Confirms the mapping: accepted rows become the recipe's mappings. Pending rows are not
   * allowed (the user must decide each one); columns must exist; each column is used once.
   * When there are no rules yet, suggest_match_rules runs right after.
   */
  async confirm(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    const { store } = this.ctx;
    const s = await store.get(id);
    const { left, right } = bothSources(s);
    const pending = rows.filter((r) => r.decision === 'pending');
    if (pending.length) throw new UserError(`Accept or reject every proposed pair first (${pending.length} still open, e.g. ${pending[0].field_a} ↔ ${pending[0].field_b}).`, 'invalid_input');
    const accepted = rows.filter((r) => r.decision === 'accepted');
    if (!accepted.length) throw new UserError('Accept at least one pair of columns: without a mapping there is nothing to match on.', 'invalid_input');
    const leftCols = new Set(left.columns.map((c) => c.name));
    const rightCols = new Set(right.columns.map((c) => c.name));
    const usedA = new Set<string>();
    const usedB = new Set<string>();
    for (const r of accepted) {
      if (!leftCols.has(r.field_a)) throw new UserError(`“${r.field_a}” is not a column of ${s.aliases.left}.`, 'invalid_input');
      if (!rightCols.has(r.field_b)) throw new UserError(`“${r.field_b}” is not a column of ${s.aliases.right}.`, 'invalid_input');
      if (usedA.has(r.field_a) || usedB.has(r.field_b))
        throw new UserError(`A column is mapped twice (${usedA.has(r.field_a) ? r.field_a : r.field_b}); each column can be paired once.`, 'invalid_input');
      usedA.add(r.field_a);
      usedB.add(r.field_b);
    }
    const next = await store.update(id, (st) => ({ ...st, mapping: reviewWith(st, rows, true) }));
    // A failed suggestion is already in the state (rules_error); the confirmation itself succeeded.
    if (next.rules.length === 0) return this.suggestRules(id).catch(() => store.get(id));
    return next;
  }
}

/** The mappings `confirm` stores when every proposed pair is accepted as it is. */
export function proposedMappings(rows: MappingRow[]): FieldMapping[] {
  return confirmedMappings({ rows: rows.map((r) => ({ ...r, decision: 'accepted' as const })), unmapped_a: [], unmapped_b: [], engine: null, warnings: [], confirmed: true });
}

function reviewWith(s: WorkspaceState, rows: MappingRow[], confirmed: boolean): NonNullable<WorkspaceState['mapping']> {
  const cols = (side: Side) => s.sources[side]?.info.columns.filter((c) => !c.derived).map((c) => c.name) ?? [];
  const used = (f: (r: MappingRow) => string) => new Set(rows.filter((r) => r.decision !== 'rejected').map(f));
  const ua = used((r) => r.field_a);
  const ub = used((r) => r.field_b);
  return {
    engine: s.mapping?.engine ?? null,
    warnings: s.mapping?.warnings ?? [],
    ...(s.mapping?.fallback_reason ? { fallback_reason: s.mapping.fallback_reason } : {}),
    rows,
    unmapped_a: cols('left').filter((c) => !ua.has(c)),
    unmapped_b: cols('right').filter((c) => !ub.has(c)),
    confirmed,
  };
}
