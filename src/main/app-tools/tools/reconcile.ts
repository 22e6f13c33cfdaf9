/**
 * The Reconcile workspace through its public ReconcileService (never its
 * internals): the same sources, mapping review, filters, rules, runs and
 * exports the workspace shows. Every tool acts on the active workspace.
 */
import { z } from 'zod';
import { PAGE_CATEGORIES, type GroupPageItem, type Page, type RecordPageItem, type RunSummary } from '../../../shared/reconcile/sources-and-runs';
import type { MappingRow, WorkspaceState } from '../../../shared/reconcile/workspace';
import { AppToolRefusal, defineTool, type AppToolModule } from '../registry';
import type { ReconcileAccess } from '../context';

const Side = z.enum(['left', 'right']).describe('left = the first source, right = the second');

function describeState(s: WorkspaceState): string {
  const src = (side: 'left' | 'right') => {
    const x = s.sources[side];
    return x ? `${s.aliases[side]} = ${x.info.name} (${x.info.row_count} rows; columns ${x.info.columns.filter((c) => !c.derived).map((c) => c.name).join(', ')})` : `${side}: no file loaded`;
  };
  const m = s.mapping;
  const mapping = !m
    ? 'no mapping detected yet'
    : m.confirmed
      ? `mapping confirmed (${m.rows.filter((r) => r.decision === 'accepted').map((r) => `${r.field_a}↔${r.field_b}${r.key ? ' [key]' : ''}`).join(', ')})`
      : `mapping proposed, not confirmed (${m.rows.map((r) => `${r.field_a}↔${r.field_b} ${r.role} ${r.confidence.toFixed(2)} ${r.decision}`).join(', ')})`;
  return [
    `Workspace "${s.name}" (id ${s.id}).`,
    `Left: ${src('left')}.`,
    `Right: ${src('right')}.`,
    `Mapping: ${mapping}.`,
    `Filters: ${s.filters.length ? s.filters.map((f) => `${f.source}.${f.column} ${f.op} ${JSON.stringify(f.value)}`).join('; ') : 'none'}.`,
    `Rules: ${s.rules.length ? s.rules.map((r) => r.name).join(', ') : 'none'}.`,
    `Runs: ${s.runs.length}${s.last_run_id !== null ? `, last run ${s.last_run_id}` : ''}.`,
  ].join('\n');
}

/** Readiness for a run, in words the model can act on (undefined when ready). */
export function runReadiness(s: WorkspaceState): string | undefined {
  if (!s.sources.left || !s.sources.right) return 'Both sources must be loaded before a run. Ask the user to load them, or call reconcile_load_source with a full path.';
  if (!s.mapping) return 'The column mapping has not been detected yet. Call reconcile_detect_mappings, show the proposal to the user, then reconcile_confirm_mappings.';
  if (!s.mapping.confirmed) return 'The column mapping is not confirmed yet. Show the proposed pairs to the user and call reconcile_confirm_mappings; a run refuses until then.';
  if (!s.rules.length) return 'There are no match rules yet. Call reconcile_suggest_rules first.';
  return undefined;
}

function summaryText(s: RunSummary, leftAlias: string, rightAlias: string): string {
  return [
    `Run ${s.run_id} (${s.status}) of "${s.recipe_name}": ${s.left_rows} ${leftAlias} rows, ${s.right_rows} ${rightAlias} rows.`,
    `Matched: ${s.matched_groups} groups (${s.matched.left.count} ${leftAlias} / ${s.matched.right.count} ${rightAlias} rows).`,
    `Suggested (needs review): ${s.suggested_groups} groups.`,
    `Exceptions: ${s.exceptions.left.count} ${leftAlias}, ${s.exceptions.right.count} ${rightAlias}.`,
    `Unmatched: ${s.unmatched.left.count} ${leftAlias} rows (amount ${s.unmatched.left.amount}), ${s.unmatched.right.count} ${rightAlias} rows (amount ${s.unmatched.right.amount}).`,
    s.error ? `Error: ${s.error}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function rowsText(page: Page<GroupPageItem> | Page<RecordPageItem>): string {
  const lines = page.items.slice(0, 25).map((item) => JSON.stringify('row' in item ? item.row : item));
  return `${page.total} in total${page.total > lines.length ? `, first ${lines.length}` : ''}:\n${lines.join('\n')}`;
}

export function reconcileModule(ws: ReconcileAccess): AppToolModule {
  const active = async (): Promise<WorkspaceState> => {
    const id = (await ws.list()).active;
    if (!id) throw new AppToolRefusal('No Reconcile workspace is open. Ask the user to open or create one in the Reconcile workspace.');
    return ws.get(id);
  };
  const runOf = (s: WorkspaceState, runId: number | undefined): number => {
    const id = runId ?? s.last_run_id;
    if (id === null || id === undefined) throw new AppToolRefusal('This workspace has no run yet. Call reconcile_run first.');
    return id;
  };
  return {
    id: 'reconcile',
    instructions:
      'Reconcile: reconcile_status → (reconcile_load_source) → reconcile_detect_mappings → reconcile_confirm_mappings → (reconcile_set_filters) → reconcile_run → reconcile_summary and reconcile_results for what did not match → (reconcile_export). A run refuses until the mapping is confirmed.',
    tools: [
      defineTool({
        name: 'reconcile_status',
        title: 'Reconcile workspace status',
        description: 'The active Reconcile workspace: loaded sources (file, rows, columns), mapping review, filters, rules and runs.',
        usageHint: 'Call first for any reconciliation request: it tells what is loaded and what is missing before a run.',
        exampleFlow: 'reconcile_status → reconcile_detect_mappings → reconcile_confirm_mappings → reconcile_run → reconcile_summary',
        scoped: 'reconcile',
        finalizing: false,
        input: {},
        async run() {
          const s = await active();
          const ready = runReadiness(s);
          return { text: `${describeState(s)}\n${ready ? `Not ready to run: ${ready}` : 'Ready to run.'}`, structured: { id: s.id, name: s.name, ready: !ready } };
        },
      }),
      defineTool({
        name: 'reconcile_load_source',
        title: 'Load a source file',
        description: 'Loads a CSV/TSV/XLSX file into the left or right side of the active workspace (replacing what that side had).',
        usageHint: 'Only for files the user named with a full path; replaces the side’s current file, so it asks first.',
        exampleFlow: 'reconcile_status → reconcile_load_source(left) → reconcile_load_source(right) → reconcile_detect_mappings',
        scoped: 'reconcile',
        finalizing: false,
        input: { side: Side, path: z.string().min(1).max(4096).describe('Absolute path of the file') },
        async run({ side, path }) {
          const s = await active();
          const next = await ws.addSourceFromPath(s.id, side, path);
          const src = next.sources[side];
          if (!src) throw new AppToolRefusal(next.source_errors[side]?.message ?? `The file could not be loaded.`);
          return { text: `Loaded ${src.info.name} as ${next.aliases[side]}: ${src.info.row_count} rows.`, structured: { side, name: src.info.name, rows: src.info.row_count } };
        },
      }),
      defineTool({
        name: 'reconcile_profile_source',
        title: 'Profile a source',
        description: 'Column types, null and distinct counts, min/max and top values of one loaded source.',
        usageHint: 'Use to understand the data before choosing mappings or filters (e.g. date ranges, currencies).',
        exampleFlow: 'reconcile_status → reconcile_profile_source → reconcile_set_filters',
        scoped: 'reconcile',
        finalizing: false,
        input: { side: Side },
        async run({ side }) {
          const s = await active();
          if (!s.sources[side]) throw new AppToolRefusal(`No file is loaded on the ${side} side.`);
          const p = await ws.profile(s.id, side);
          const cols = p.columns.map((c) => `- ${c.name} (${c.type}): ${c.nulls} nulls, ~${c.distinct} distinct, min ${c.min ?? '—'}, max ${c.max ?? '—'}`);
          return { text: `${p.name}: ${p.row_count} rows\n${cols.join('\n')}`, structured: { name: p.name, rows: p.row_count, columns: p.columns.map((c) => ({ name: c.name, type: c.type })) } };
        },
      }),
      defineTool({
        name: 'reconcile_detect_mappings',
        title: 'Detect column mappings',
        description: 'Proposes which columns of the two sources correspond (kalla-recon’s detect_field_mappings on the loaded files) and puts the proposal up for review in the workspace.',
        usageHint: 'Replaces an unconfirmed proposal. Show the pairs to the user; they must be confirmed before a run.',
        exampleFlow: 'reconcile_detect_mappings → reconcile_confirm_mappings → reconcile_run',
        scoped: 'reconcile',
        finalizing: false,
        input: {},
        async run() {
          const s = await active();
          const next = await ws.detectMappings(s.id);
          const rows = next.mapping?.rows ?? [];
          return {
            text: `Proposed ${rows.length} pairs (${next.mapping?.engine ?? 'unknown'} engine):\n${rows.map((r) => `- ${r.field_a} ↔ ${r.field_b} (${r.role}, confidence ${r.confidence.toFixed(2)}): ${r.reason}`).join('\n')}${next.mapping?.unmapped_a.length ? `\nUnmapped left: ${next.mapping.unmapped_a.join(', ')}` : ''}${next.mapping?.unmapped_b.length ? `\nUnmapped right: ${next.mapping.unmapped_b.join(', ')}` : ''}`,
            structured: { pairs: rows.map((r) => ({ field_a: r.field_a, field_b: r.field_b, role: r.role, confidence: r.confidence })) },
          };
        },
      }),
      defineTool({
        name: 'reconcile_confirm_mappings',
        title: 'Set and confirm mappings',
        description: 'Confirms the column mapping of the active workspace. Without `pairs`, accepts every proposed pair; with `pairs`, exactly those (others rejected). Rules are suggested right after when there are none.',
        usageHint: 'Only after the user has seen the proposal (or named the pairs). Confirming unlocks runs.',
        exampleFlow: 'reconcile_detect_mappings → reconcile_confirm_mappings → reconcile_run',
        scoped: 'reconcile',
        finalizing: false,
        input: {
          pairs: z
            .array(z.object({ field_a: z.string().min(1), field_b: z.string().min(1), key: z.boolean().optional() }))
            .max(500)
            .optional()
            .describe('Pairs to keep (left column, right column); omit to accept the proposal'),
        },
        async run({ pairs }) {
          const s = await active();
          const proposed = s.mapping?.rows ?? [];
          if (!proposed.length && !pairs) throw new AppToolRefusal('There is no proposal to accept. Call reconcile_detect_mappings first, or give the pairs.');
          const rows: MappingRow[] = pairs
            ? [
                ...pairs.map((p): MappingRow => {
                  const known = proposed.find((r) => r.field_a === p.field_a && r.field_b === p.field_b);
                  return known
                    ? { ...known, decision: 'accepted', key: p.key ?? known.key }
                    : { field_a: p.field_a, field_b: p.field_b, confidence: 1, reason: 'Set by the Assistant at the user’s request', role: p.key ? 'key' : 'text', engine: 'manual', decision: 'accepted', key: p.key ?? false };
                }),
                ...proposed.filter((r) => !pairs.some((p) => p.field_a === r.field_a && p.field_b === r.field_b)).map((r): MappingRow => ({ ...r, decision: 'rejected' })),
              ]
            : proposed.map((r): MappingRow => ({ ...r, decision: 'accepted' }));
          const next = await ws.confirmMappings(s.id, rows);
          return {
            text: `Mapping confirmed: ${rows.filter((r) => r.decision === 'accepted').map((r) => `${r.field_a}↔${r.field_b}`).join(', ')}. Rules: ${next.rules.map((r) => r.name).join(', ') || 'none yet'}.`,
            structured: { confirmed: next.mapping?.confirmed ?? false, rules: next.rules.length },
          };
        },
      }),
      defineTool({
        name: 'reconcile_set_filters',
        title: 'Set filters',
        description: 'Narrows the records to reconcile with a sentence (e.g. "only March 2024, amounts over 100"), parsed into filter chips by kalla-recon; or clears them.',
        usageHint: 'mode "add" keeps existing filters, "replace" starts over; clear=true removes all (undoable in the workspace).',
        exampleFlow: 'reconcile_confirm_mappings → reconcile_set_filters → reconcile_run',
        scoped: 'reconcile',
        finalizing: false,
        input: {
          text: z.string().min(1).max(2000).optional().describe('The filter in words'),
          mode: z.enum(['add', 'replace']).optional(),
          clear: z.boolean().optional(),
        },
        async run({ text, mode, clear }) {
          const s = await active();
          if (clear) {
            await ws.setFilters(s.id, []);
            return { text: 'All filters removed.', structured: { filters: 0 } };
          }
          if (!text) throw new AppToolRefusal('Give the filter in words (text), or clear=true.');
          const next = await ws.parseFilter(s.id, text, mode ?? 'add');
          const turn = next.chat.at(-1);
          if (turn?.status === 'pending') {
            return {
              text: `${turn.explanation}\nNot applied yet: the filter step shows this reading and waits for the user to apply or discard it${turn.doubts?.length ? ` (unsure: ${turn.doubts.join(' ')})` : ''}${turn.unparsed.length ? `\nNot understood: ${turn.unparsed.join(', ')}` : ''}`,
              structured: { filters: next.filters.length, pending: true },
            };
          }
          return {
            text: `${turn?.explanation ?? ''}\nFilters now: ${next.filters.map((f) => `${f.source}.${f.column} ${f.op} ${JSON.stringify(f.value)}`).join('; ') || 'none'}${turn?.unparsed.length ? `\nNot understood: ${turn.unparsed.join(', ')}` : ''}`.trim(),
            structured: { filters: next.filters.length },
          };
        },
      }),
      defineTool({
        name: 'reconcile_suggest_rules',
        title: 'Suggest match rules',
        description: 'Suggests match rules (keys, amount and date tolerances) from the confirmed mapping, replacing the current rules.',
        usageHint: 'Needs a confirmed mapping. Confirming a mapping already suggests rules when there are none.',
        exampleFlow: 'reconcile_confirm_mappings → reconcile_suggest_rules → reconcile_run',
        scoped: 'reconcile',
        finalizing: false,
        input: {},
        async ready() {
          const s = await active();
          return s.mapping?.confirmed ? undefined : 'Rules are built from the confirmed mapping: confirm it first (reconcile_detect_mappings → reconcile_confirm_mappings).';
        },
        async run() {
          const s = await active();
          const next = await ws.suggestRules(s.id);
          return { text: `${next.rules_explanation}\nRules: ${next.rules.map((r) => r.name).join(', ')}`, structured: { rules: next.rules.length } };
        },
      }),
      defineTool({
        name: 'reconcile_run',
        title: 'Run the reconciliation',
        description: 'Matches the two sources with the confirmed mapping, filters and rules, and records a new run in the workspace.',
        usageHint: 'Refuses until both files are loaded, the mapping is confirmed and there are rules. Always asks the user first.',
        exampleFlow: 'reconcile_confirm_mappings → reconcile_run → reconcile_summary → reconcile_results',
        scoped: 'reconcile',
        finalizing: true,
        input: {},
        async ready() {
          return runReadiness(await active());
        },
        async run(_args, ctx) {
          const s = await active();
          const gate = runReadiness(s);
          if (gate) throw new AppToolRefusal(gate);
          const { run_id, summary } = await ws.run(s.id, { signal: ctx.signal });
          return { text: summaryText(summary, s.aliases.left, s.aliases.right), structured: { run_id, status: summary.status } };
        },
      }),
      defineTool({
        name: 'reconcile_summary',
        title: 'Summarise a run',
        description: 'Counts and amounts of matched, suggested, exception and unmatched records of a run (default: the last one).',
        usageHint: 'Call after reconcile_run; use reconcile_results to list what did not match.',
        exampleFlow: 'reconcile_run → reconcile_summary → reconcile_results(unmatched_left / unmatched_right)',
        scoped: 'reconcile',
        finalizing: false,
        input: { run_id: z.number().int().min(1).optional() },
        async run({ run_id }) {
          const s = await active();
          const id = runOf(s, run_id);
          const summary = await ws.summary(s.id, id);
          return { text: summaryText(summary, s.aliases.left, s.aliases.right), structured: { run_id: id } };
        },
      }),
      defineTool({
        name: 'reconcile_results',
        title: 'List run results',
        description: `Records of one category of a run: ${PAGE_CATEGORIES.join(', ')} (up to 25 per call; use offset for more).`,
        usageHint: 'unmatched_left / unmatched_right answer "what didn’t match".',
        exampleFlow: 'reconcile_summary → reconcile_results(unmatched_left) → reconcile_results(unmatched_right)',
        scoped: 'reconcile',
        finalizing: false,
        input: {
          category: z.enum(PAGE_CATEGORIES as [string, ...string[]]),
          run_id: z.number().int().min(1).optional(),
          offset: z.number().int().min(0).optional(),
        },
        async run({ category, run_id, offset }) {
          const s = await active();
          const id = runOf(s, run_id);
          const page = await ws.page(s.id, id, category as (typeof PAGE_CATEGORIES)[number], { offset: offset ?? 0, limit: 25 });
          return { text: `${category} of run ${id}: ${rowsText(page)}`, structured: { total: page.total } };
        },
      }),
      defineTool({
        name: 'reconcile_export',
        title: 'Export a run',
        description: 'Writes the results of a run (default: the last) as CSV files, an XLSX workbook and/or an evidence pack into a folder (default: Kalla’s exports folder).',
        usageHint: 'Produces the deliverable and may overwrite files, so it always asks first.',
        exampleFlow: 'reconcile_summary → reconcile_export',
        scoped: 'reconcile',
        finalizing: true,
        destructive: true,
        input: {
          run_id: z.number().int().min(1).optional(),
          formats: z.array(z.enum(['csv', 'xlsx', 'evidence'])).min(1).max(3).optional(),
          dir: z.string().max(4096).optional().describe('Absolute folder path'),
          overwrite: z.boolean().optional(),
        },
        async run({ run_id, formats, dir, overwrite }) {
          const s = await active();
          const id = runOf(s, run_id);
          const out = await ws.export(s.id, id, { formats: formats ?? ['xlsx'], ...(dir ? { dir } : {}), ...(overwrite !== undefined ? { overwrite } : {}) });
          return { text: `Exported run ${id} to ${out.dir}: ${out.result.files.join(', ')}${out.result.notices.length ? `\n${out.result.notices.join('\n')}` : ''}`, structured: { dir: out.dir, files: out.result.files } };
        },
      }),
    ],
  };
}
