/**
 * WorkspaceService: the Reconcile workspace's main-process side. Several
 * workspaces live under `<dataDir>/workspaces/<id>/`, each a `state.json`
 * (written atomically on every change) plus a ReconEngine folder (DuckDB).
 * The AI steps call the built-in `kalla-recon` MCP server through the McpHost.
 * Plain Node: never imports electron. Used by the IPC handlers and by the
 * Assistant's app tools; see docs/reconcile-workspace.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { ToolCallResult } from '../../shared/mcp';
import { RECIPE_VERSION, RecipeSchema, type ColumnType, type FieldMapping, type MatchRule, type Recipe, type SourceFilter } from '../../shared/recon';
import type { ExportFormat, ExportResult, GroupPageItem, Page, PageCategory, RecordPageItem, RunProgress, RunSummary, Side, SourceInfo, SourceProfile } from '../../shared/recon-engine';
import {
  confirmedMappings,
  WorkspaceStateSchema,
  type ChatTurn,
  type MappingRow,
  type SourceError,
  type WorkspaceList,
  type WorkspaceMeta,
  type WorkspaceState,
} from '../../shared/reconcile';
import { DetectFieldMappingsOutputSchema, ParseNlFilterOutputSchema, SuggestMatchRulesOutputSchema } from '../../shared/recon-tools';
import { UserError, type ErrorCode } from '../errors';
import { writeFileAtomic } from '../mcp/atomic-write';
import type { McpHost } from '../mcp/host';
import { loadRecipe, ReconError, ReconEngine, safeName, saveRecipe, type ReadOptionsInput } from '../reconcile/engine';
import { sourceSchema } from '../reconcile/engine/auto-recipe';
import type { SettingsService } from '../settings/settings-service';

export const RECON_SERVER = 'kalla-recon';
const MAX_CHAT = 200;
const MAX_UNDO = 50;
const CHUNK_LIMIT = 4 * 1024 * 1024;
export const UNTITLED = 'Untitled reconciliation';

export type ReadInput = { delimiter?: string; encoding?: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'latin1'; header?: boolean; skip_bad_lines?: boolean };

export interface ServiceEvents {
  changed(id: string): void;
  progress(p: { workspace: string; callId?: string; kind: 'upload' | 'load' | 'run'; side?: Side; phase: string; fraction: number }): void;
}

interface Upload {
  id: string;
  workspace: string;
  side: Side;
  name: string;
  size: number;
  received: number;
  path: string;
  handle: FileHandle;
}

const now = () => new Date().toISOString();
const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');

/** A default alias from a file name: "Bank Statement 2026-10.csv" → "bank_statement_2026_10". */
export function aliasFromName(name: string): string {
  const stem = basename(name).replace(/\.(csv|tsv|txt)(\.gz)?$/i, '').replace(/\.gz$/i, '');
  const alias = stem.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return alias || 'source';
}

function textOf(r: ToolCallResult): string {
  return r.content
    .map((c) => (c.type === 'text' && 'text' in c ? String(c.text) : ''))
    .join('\n')
    .trim();
}

/** Engine errors in words a user understands, with the way out. */
export function explainSourceError(name: string, e: unknown): SourceError & { code: ErrorCode } {
  if (e instanceof ReconError) {
    const d = e.details as { count?: number; lines?: number[] };
    switch (e.code) {
      case 'ragged_rows':
        return {
          name,
          code: e.code,
          message: `“${name}” has ${d.count ?? 'some'} malformed line(s)${d.lines?.length ? ` (line ${[...new Set(d.lines)].slice(0, 5).join(', ')}${(d.count ?? 0) > 5 ? ', …' : ''})` : ''}: they have a different number of fields than the header. Skip them and load the rest?`,
          actions: [{ label: 'Skip bad lines and load', read: { skip_bad_lines: true } }],
        };
      case 'invalid_encoding':
        return {
          name,
          code: e.code,
          message: `“${name}” is not UTF-8 text. It is probably Windows-1252 (Excel on Windows); re-read it that way?`,
          actions: [
            { label: 'Re-read as Windows-1252', read: { encoding: 'windows-1252' } },
            { label: 'Re-read as Latin-1', read: { encoding: 'latin1' } },
          ],
        };
      case 'binary_file':
        return {
          name,
          code: e.code,
          message: `“${name}” contains NUL bytes, so it is either not a CSV file or a UTF-16 file without a byte-order mark. Re-read it as UTF-16?`,
          actions: [
            { label: 'Re-read as UTF-16 (LE)', read: { encoding: 'utf-16le' } },
            { label: 'Re-read as UTF-16 (BE)', read: { encoding: 'utf-16be' } },
          ],
        };
      case 'no_header':
        return { name, code: e.code, message: `The first row of “${name}” looks like data, not column names. Load it without a header (columns become column_1, column_2, …)?`, actions: [{ label: 'Load without header', read: { header: false } }] };
      case 'empty_file':
        return { name, code: e.code, message: `“${name}” is empty. Pick the export that contains the rows.`, actions: [] };
      case 'source_missing':
        return { name, code: e.code, message: `“${name}” cannot be found or read any more. Pick the file again.`, actions: [] };
      default:
        return { name, code: e.code, message: e.message, actions: [] };
    }
  }
  return { name, code: 'failed', message: `Could not load “${name}”: ${e instanceof Error ? e.message : String(e)}`, actions: [] };
}

function readOverrides(info: SourceInfo): Record<string, { type: ColumnType; format?: string }> {
  const out: Record<string, { type: ColumnType; format?: string }> = {};
  for (const c of info.columns) if (c.overridden && !c.derived) out[c.name] = { type: c.type, ...(c.format ? { format: c.format } : {}) };
  return out;
}

function swapRule(r: MatchRule): MatchRule {
  const flipCard = { '1:1': '1:1', '1:N': 'N:1', 'N:1': '1:N', 'N:M': 'N:M' } as const;
  return {
    ...r,
    keys: r.keys.map((k) => ({ ...k, left: k.right, right: k.left })),
    ...(r.amount ? { amount: { ...r.amount, left: r.amount.right, right: r.amount.left } } : {}),
    ...(r.date ? { date: { ...r.date, left: r.date.right, right: r.date.left } } : {}),
    ...(r.description ? { description: { ...r.description, left: r.description.right, right: r.description.left } } : {}),
    cardinality: flipCard[r.cardinality],
  };
}

export class WorkspaceService {
  private readonly root: string;
  private readonly states = new Map<string, WorkspaceState>();
  private readonly engines = new Map<string, Promise<ReconEngine>>();
  private readonly stateWrites = new Map<string, Promise<unknown>>();
  private readonly writes = new Map<string, Promise<unknown>>();
  private readonly uploads = new Map<string, Upload>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private activeId: string | null | undefined;
  private listeners: Partial<ServiceEvents>[] = [];

  constructor(
    private readonly host: McpHost,
    private readonly settings: Pick<SettingsService, 'get'>,
    private readonly dataDir: string,
  ) {
    this.root = join(dataDir, 'workspaces');
  }

  /** Subscribe to `changed` (state saved) and `progress` (upload/load/run) notifications. */
  on(listener: Partial<ServiceEvents>): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  private emitChanged(id: string) {
    for (const l of this.listeners) l.changed?.(id);
  }
  private emitProgress(p: Parameters<ServiceEvents['progress']>[0]) {
    for (const l of this.listeners) l.progress?.(p);
  }

  // ── Workspaces ─────────────────────────────────────────────────────────

  /** All workspaces, most recently changed first, and the active one. */
  async list(): Promise<WorkspaceList> {
    await mkdir(this.root, { recursive: true });
    const metas: WorkspaceMeta[] = [];
    for (const entry of await readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^[a-z0-9-]{1,64}$/.test(entry.name)) continue;
      const s = await this.tryLoad(entry.name);
      if (s) metas.push({ id: s.id, name: s.name, created_at: s.created_at, updated_at: s.updated_at });
    }
    metas.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const active = await this.active();
    return { active: active && metas.some((m) => m.id === active) ? active : (metas[0]?.id ?? null), workspaces: metas };
  }

  async create(name: string): Promise<WorkspaceState> {
    const id = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const t = now();
    const state: WorkspaceState = {
      version: 1,
      id,
      name: name.trim() || UNTITLED,
      created_at: t,
      updated_at: t,
      aliases: { left: 'left', right: 'right' },
      sources: { left: null, right: null },
      source_errors: { left: null, right: null },
      mapping: null,
      mapping_error: null,
      filters: [],
      filter_undo: [],
      chat: [],
      rules: [],
      rules_explanation: '',
      rules_error: null,
      runs: [],
      last_run_id: null,
    };
    await this.save(state);
    await this.setActive(id);
    return state;
  }

  async rename(id: string, name: string): Promise<WorkspaceState> {
    return this.update(id, (s) => ({ ...s, name: name.trim() }));
  }

  /** Same aliases, mappings, filters, chat and rules; no sources and no runs (e.g. next month's files). */
  async duplicate(id: string, name: string): Promise<WorkspaceState> {
    const src = await this.get(id);
    const copy = await this.create(name);
    return this.update(copy.id, (s) => ({
      ...s,
      aliases: src.aliases,
      mapping: src.mapping,
      filters: src.filters,
      chat: src.chat,
      rules: src.rules,
      rules_explanation: src.rules_explanation,
    }));
  }

  async delete(id: string): Promise<WorkspaceList> {
    await this.get(id);
    const engine = this.engines.get(id);
    this.engines.delete(id);
    if (engine) (await engine.catch(() => null))?.close();
    await this.writes.get(id)?.catch(() => undefined);
    this.states.delete(id);
    await rm(this.dir(id), { recursive: true, force: true });
    if ((await this.active()) === id) {
      this.activeId = null;
      await writeFileAtomic(join(this.root, 'active.json'), JSON.stringify({ active: null }));
    }
    return this.list();
  }

  async active(): Promise<string | null> {
    if (this.activeId !== undefined) return this.activeId;
    try {
      const v = JSON.parse(await readFile(join(this.root, 'active.json'), 'utf8')) as { active?: unknown };
      this.activeId = typeof v.active === 'string' ? v.active : null;
    } catch {
      this.activeId = null;
    }
    return this.activeId;
  }

  async setActive(id: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    this.activeId = id;
    await writeFileAtomic(join(this.root, 'active.json'), JSON.stringify({ active: id }));
    return s;
  }

  /** The full state: sources, mapping review, filters and chat, rules, runs. */
  async get(id: string): Promise<WorkspaceState> {
    const s = await this.tryLoad(id);
    if (!s) throw new UserError(`There is no workspace “${id}” (it may have been deleted).`, 'not_found');
    return s;
  }

  // ── Sources ────────────────────────────────────────────────────────────

  /** Loads a file the user picked or dropped (Electron gives us its path). */
  async addSourceFromPath(id: string, side: Side, path: string, read: ReadInput = {}): Promise<WorkspaceState> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the file, not “${path}”.`, 'invalid_input');
    return this.loadSide(id, side, resolve(path), basename(path), read);
  }

  /** Loads bytes (browser mode, tests, the Assistant): written into the workspace folder first. */
  async addSourceFromBytes(id: string, side: Side, name: string, bytes: Uint8Array, read: ReadInput = {}): Promise<WorkspaceState> {
    await this.get(id);
    const target = await this.uploadTarget(id, side, name);
    const fh = await open(target, 'w');
    try {
      await fh.write(bytes);
    } finally {
      await fh.close();
    }
    return this.loadSide(id, side, target, name, read);
  }

  /** Browser-mode upload, step 1: reserve a file in the workspace folder. */
  async uploadBegin(id: string, side: Side, name: string, size: number): Promise<string> {
    await this.get(id);
    const path = await this.uploadTarget(id, side, name);
    const handle = await open(path, 'w');
    const uploadId = randomUUID();
    this.uploads.set(uploadId, { id: uploadId, workspace: id, side, name, size, received: 0, path, handle });
    this.emitProgress({ workspace: id, kind: 'upload', side, phase: `Uploading ${name}`, fraction: 0 });
    return uploadId;
  }

  /** Step 2: one base64 chunk of ≤ 4 MiB, in order. */
  async uploadChunk(uploadId: string, offset: number, base64: string): Promise<number> {
    const u = this.uploads.get(uploadId);
    if (!u) throw new UserError('This upload was cancelled or has finished; drop the file again.', 'not_found');
    if (offset !== u.received) throw new UserError(`Upload chunks arrived out of order (expected offset ${u.received}, got ${offset}).`, 'invalid_input');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > CHUNK_LIMIT) throw new UserError('Upload chunks are limited to 4 MiB.', 'invalid_input');
    if (u.received + bytes.length > u.size) throw new UserError('The upload is larger than announced.', 'invalid_input');
    await u.handle.write(bytes, 0, bytes.length, offset);
    u.received += bytes.length;
    this.emitProgress({ workspace: u.workspace, kind: 'upload', side: u.side, phase: `Uploading ${u.name}`, fraction: u.size ? u.received / u.size : 1 });
    return u.received;
  }

  /** Step 3: all bytes are there; load the file. */
  async uploadCommit(uploadId: string, read: ReadInput = {}): Promise<WorkspaceState> {
    const u = this.uploads.get(uploadId);
    if (!u) throw new UserError('This upload was cancelled or has finished; drop the file again.', 'not_found');
    this.uploads.delete(uploadId);
    await u.handle.close();
    if (u.received !== u.size) {
      await rm(u.path, { force: true });
      throw new UserError(`The upload of “${u.name}” is incomplete (${u.received} of ${u.size} bytes). Drop the file again.`, 'invalid_input');
    }
    return this.loadSide(u.workspace, u.side, u.path, u.name, read);
  }

  async uploadCancel(uploadId: string): Promise<void> {
    const u = this.uploads.get(uploadId);
    if (!u) return;
    this.uploads.delete(uploadId);
    await u.handle.close().catch(() => undefined);
    await rm(u.path, { force: true });
  }

  /** Loads the file that failed (or is loaded) on `side` again with other read options (the error's way out). */
  async retrySource(id: string, side: Side, read: ReadInput): Promise<WorkspaceState> {
    const s = await this.get(id);
    const failed = s.source_errors[side];
    const path = failed?.path ?? s.sources[side]?.info.path;
    const name = failed?.name ?? s.sources[side]?.info.name;
    if (!path || !name) throw new UserError(`Nothing to re-read on the ${side} side; drop a file there first.`, 'invalid_input');
    const previous = failed ? {} : (s.sources[side]?.read ?? {});
    return this.loadSide(id, side, path, name, { ...(previous as ReadInput), ...read });
  }

  async removeSource(id: string, side: Side): Promise<WorkspaceState> {
    return this.update(id, (s) => ({
      ...s,
      sources: { ...s.sources, [side]: null },
      source_errors: { ...s.source_errors, [side]: null },
    }));
  }

  async setAlias(id: string, side: Side, alias: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    const clean = alias.trim();
    if (clean === s.aliases[other(side)]) throw new UserError(`“${clean}” is already the name of the other source; the two need different names.`, 'invalid_input');
    const old = s.aliases[side];
    return this.update(id, (st) => ({
      ...st,
      aliases: { ...st.aliases, [side]: clean },
      filters: st.filters.map((f) => (f.source === old ? { ...f, source: clean } : f)),
    }));
  }

  /** Fixes a column's type or date/number format (re-typed from the loaded data, no re-read). */
  async setColumnType(id: string, side: Side, column: string, type: ColumnType, format?: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    const src = s.sources[side];
    if (!src) throw new UserError(`Load a file on the ${side} side first.`, 'invalid_input');
    const ws = await this.engine(id);
    const overrides = { ...readOverrides(src.info), [column]: { type, ...(format ? { format } : {}) } };
    let info: SourceInfo;
    try {
      info = await ws.setColumnOverrides(side, overrides);
    } catch (e) {
      if (e instanceof ReconError && e.code === 'cancelled') throw new UserError(`Changing the type of “${column}” was cancelled; the column keeps its type.`, 'cancelled');
      throw new UserError(e instanceof Error ? e.message : String(e), 'invalid_input');
    }
    return this.update(id, (st) => ({ ...st, sources: { ...st.sources, [side]: { ...src, info } } }));
  }

  /** Left becomes right and right becomes left: sources are re-read, mappings, aliases and rules mirrored. */
  async swapSides(id: string): Promise<WorkspaceState> {
    return this.locked(id, async () => {
      const s = await this.get(id);
      const ws = await this.engine(id);
      const { left, right } = s.sources;
      if (right) await ws.addSourceFromPath('left', right.info.path, { ...right.read, column_overrides: readOverrides(right.info) } as ReadOptionsInput);
      if (left) await ws.addSourceFromPath('right', left.info.path, { ...left.read, column_overrides: readOverrides(left.info) } as ReadOptionsInput);
      const newLeft = right ? { info: { ...((await ws.source('left')) as SourceInfo), name: right.info.name }, read: right.read } : null;
      const newRight = left ? { info: { ...((await ws.source('right')) as SourceInfo), name: left.info.name }, read: left.read } : null;
      return this.update(id, (st) => ({
        ...st,
        aliases: { left: st.aliases.right, right: st.aliases.left },
        sources: { left: newLeft, right: newRight },
        source_errors: { left: st.source_errors.right, right: st.source_errors.left },
        mapping: st.mapping && {
          ...st.mapping,
          rows: st.mapping.rows.map((r) => ({ ...r, field_a: r.field_b, field_b: r.field_a })),
          unmapped_a: st.mapping.unmapped_b,
          unmapped_b: st.mapping.unmapped_a,
        },
        rules: st.rules.map(swapRule),
      }));
    });
  }

  async profile(id: string, side: Side): Promise<SourceProfile> {
    await this.requireSource(id, side);
    return (await this.engine(id)).profile(side);
  }

  async preview(id: string, side: Side, req: { offset: number; limit: number; orderBy?: string; descending?: boolean }): Promise<Page<Record<string, unknown>>> {
    await this.requireSource(id, side);
    return (await this.engine(id)).preview(side, req);
  }

  // ── Mappings ───────────────────────────────────────────────────────────

  /** Asks kalla-recon's detect_field_mappings (schemas + `sampleRows` rows of each side) and stores the proposals for review. */
  async detectMappings(id: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    const { left, right } = await this.bothSources(s);
    const { sampleRows, engineMode } = await this.settings.get();
    const [sample_a, sample_b] = await Promise.all([this.sample(id, 'left', sampleRows), this.sample(id, 'right', sampleRows)]);
    try {
      const out = DetectFieldMappingsOutputSchema.parse(
        await this.tool('detect_field_mappings', {
          schema_a: sourceSchema(s.aliases.left, left),
          schema_b: sourceSchema(s.aliases.right, right),
          sample_a,
          sample_b,
          max_sample_rows: Math.min(50, sampleRows),
          engine: engineMode,
        }),
      );
      const rows: MappingRow[] = out.mappings.map((m) => ({ ...m, engine: out.engine, decision: 'pending', key: m.role === 'key' }));
      return this.update(id, (st) => ({
        ...st,
        mapping: {
          rows,
          unmapped_a: out.unmapped_a,
          unmapped_b: out.unmapped_b,
          engine: out.engine,
          ...(out.fallback_reason ? { fallback_reason: out.fallback_reason } : {}),
          warnings: out.warnings ?? [],
          confirmed: false,
        },
        mapping_error: null,
      }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await this.update(id, (st) => ({ ...st, mapping_error: message }));
      throw e;
    }
  }

  /** Saves the review in progress (decisions, changed sides, key marks) without confirming. */
  async saveMappingReview(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    return this.update(id, (s) => ({ ...s, mapping: this.reviewWith(s, rows, false) }));
  }

  /**
   * Confirms the mapping: accepted rows become the recipe's mappings. Pending rows are not
   * allowed (the user must decide each one); columns must exist; each column is used once.
   * When there are no rules yet, suggest_match_rules runs right after.
   */
  async confirmMappings(id: string, rows: MappingRow[]): Promise<WorkspaceState> {
    const s = await this.get(id);
    const { left, right } = await this.bothSources(s);
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
      if (usedA.has(r.field_a) || usedB.has(r.field_b)) throw new UserError(`A column is mapped twice (${usedA.has(r.field_a) ? r.field_a : r.field_b}); each column can be paired once.`, 'invalid_input');
      usedA.add(r.field_a);
      usedB.add(r.field_b);
    }
    const next = await this.update(id, (st) => ({ ...st, mapping: this.reviewWith(st, rows, true) }));
    if (next.rules.length === 0) return this.suggestRules(id).catch(() => this.get(id));
    return next;
  }

  private reviewWith(s: WorkspaceState, rows: MappingRow[], confirmed: boolean): NonNullable<WorkspaceState['mapping']> {
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

  // ── Filters ────────────────────────────────────────────────────────────

  /** Turns a sentence into filter chips with parse_nl_filter; `add` appends, `replace` starts over. The turn is kept in the chat. */
  async parseFilter(id: string, text: string, mode: 'add' | 'replace', today?: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    const { left, right } = await this.bothSources(s);
    const { engineMode } = await this.settings.get();
    const turn: ChatTurn = { id: randomUUID(), at: now(), text, mode, filters: [], explanation: '', unparsed: [], engine: null };
    try {
      const out = ParseNlFilterOutputSchema.parse(
        await this.tool('parse_nl_filter', {
          text,
          schema_a: sourceSchema(s.aliases.left, left),
          schema_b: sourceSchema(s.aliases.right, right),
          current_mappings: confirmedMappings(s.mapping).length ? confirmedMappings(s.mapping) : (s.mapping?.rows.filter((r) => r.decision !== 'rejected') ?? []).map(({ field_a, field_b, confidence, reason, role }) => ({ field_a, field_b, confidence, reason, role })),
          ...(today ? { today } : {}),
          engine: engineMode,
        }),
      );
      Object.assign(turn, { filters: out.filters, explanation: out.explanation, unparsed: out.unparsed, engine: out.engine });
    } catch (e) {
      turn.error = e instanceof Error ? e.message : String(e);
      await this.update(id, (st) => ({ ...st, chat: [...st.chat, turn].slice(-MAX_CHAT) }));
      throw e;
    }
    return this.update(id, (st) => {
      const filters = mode === 'replace' ? turn.filters : [...st.filters, ...turn.filters.filter((f) => !st.filters.some((g) => JSON.stringify(g) === JSON.stringify(f)))];
      return { ...st, chat: [...st.chat, turn].slice(-MAX_CHAT), filters, filter_undo: [...st.filter_undo, st.filters].slice(-MAX_UNDO) };
    });
  }

  /** Replaces the filter set (chip edits and removals); undoable. */
  async setFilters(id: string, filters: SourceFilter[]): Promise<WorkspaceState> {
    const s = await this.get(id);
    for (const f of filters) {
      if (f.source !== s.aliases.left && f.source !== s.aliases.right) throw new UserError(`Filter source “${f.source}” is neither ${s.aliases.left} nor ${s.aliases.right}.`, 'invalid_input');
    }
    return this.update(id, (st) => ({ ...st, filters, filter_undo: [...st.filter_undo, st.filters].slice(-MAX_UNDO) }));
  }

  async undoFilters(id: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    if (!s.filter_undo.length) throw new UserError('Nothing to undo.', 'invalid_input');
    return this.update(id, (st) => ({ ...st, filters: st.filter_undo[st.filter_undo.length - 1], filter_undo: st.filter_undo.slice(0, -1) }));
  }

  /** Rows per source before and after the filters (counted in DuckDB). `filters` defaults to the workspace's. */
  async filterCounts(id: string, filters?: SourceFilter[]): Promise<{ left: { total: number; filtered: number } | null; right: { total: number; filtered: number } | null; error: string | null }> {
    const s = await this.get(id);
    const set = filters ?? s.filters;
    const ws = await this.engine(id);
    const out: { left: { total: number; filtered: number } | null; right: { total: number; filtered: number } | null; error: string | null } = { left: null, right: null, error: null };
    for (const side of ['left', 'right'] as const) {
      const src = s.sources[side];
      if (!src) continue;
      const mine = set.filter((f) => f.source === s.aliases[side] || f.source === side);
      try {
        out[side] = { total: src.info.row_count, filtered: await ws.countFiltered(side, mine) };
      } catch (e) {
        out[side] = { total: src.info.row_count, filtered: src.info.row_count };
        out.error = e instanceof Error ? e.message : String(e);
      }
    }
    return out;
  }

  // ── Rules and runs ─────────────────────────────────────────────────────

  /** Asks suggest_match_rules for rules over the confirmed mappings. */
  async suggestRules(id: string): Promise<WorkspaceState> {
    const s = await this.get(id);
    const { left, right } = await this.bothSources(s);
    const mappings = confirmedMappings(s.mapping);
    if (!mappings.length) throw new UserError('Confirm the column mapping first; rules are built from it.', 'not_ready');
    const { sampleRows, engineMode } = await this.settings.get();
    try {
      // Rules are read off records present on both sides (pairs, lags, repeated references).
      const key = mappings.find((m) => m.role === 'key');
      const aligned = key ? await (await this.engine(id)).keyAlignedSample({ left: key.field_a, right: key.field_b }) : null;
      const out = SuggestMatchRulesOutputSchema.parse(
        await this.tool('suggest_match_rules', {
          schema_a: sourceSchema(s.aliases.left, left),
          schema_b: sourceSchema(s.aliases.right, right),
          mappings,
          sample_a: aligned ? aligned.left.map(plainRow) : await this.sample(id, 'left', Math.max(sampleRows, 20)),
          sample_b: aligned ? aligned.right.map(plainRow) : await this.sample(id, 'right', Math.max(sampleRows, 20)),
          max_sample_rows: Math.min(50, sampleRows),
          engine: engineMode,
        }),
      );
      return this.update(id, (st) => ({ ...st, rules: out.rules, rules_explanation: out.explanation, rules_error: null }));
    } catch (e) {
      await this.update(id, (st) => ({ ...st, rules_error: e instanceof Error ? e.message : String(e) }));
      throw e;
    }
  }

  async setRules(id: string, rules: MatchRule[]): Promise<WorkspaceState> {
    return this.update(id, (s) => ({ ...s, rules }));
  }

  /** The recipe the workspace would run now (throws a UserError saying what is missing). */
  async recipe(id: string): Promise<Recipe> {
    const s = await this.get(id);
    if (!s.sources.left || !s.sources.right) {
      const missing = [!s.sources.left && `left (${s.aliases.left})`, !s.sources.right && `right (${s.aliases.right})`].filter(Boolean).join(' and ');
      throw new UserError(`Load both sources before running: ${missing} is missing.`, 'not_ready');
    }
    if (!s.mapping?.confirmed) throw new UserError('Confirm the column mapping before running: review the proposed pairs and press “Confirm mapping”.', 'not_ready');
    if (!s.rules.length) throw new UserError('Add at least one match rule before running (press “Suggest rules”).', 'not_ready');
    const parsed = RecipeSchema.safeParse({
      version: RECIPE_VERSION,
      name: s.name,
      left: { alias: s.aliases.left, path: s.sources.left.info.path, read: { ...s.sources.left.read, column_overrides: readOverrides(s.sources.left.info) } },
      right: { alias: s.aliases.right, path: s.sources.right.info.path, read: { ...s.sources.right.read, column_overrides: readOverrides(s.sources.right.info) } },
      mappings: confirmedMappings(s.mapping),
      filters: s.filters,
      rules: s.rules,
    });
    if (!parsed.success) throw new UserError(`The recipe is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'invalid_input');
    return parsed.data;
  }

  /** Runs the reconciliation. Refuses until both sources are loaded, the mapping is confirmed and there are rules. */
  async run(id: string, opts: { onProgress?: (p: RunProgress) => void; signal?: AbortSignal; callId?: string } = {}): Promise<{ run_id: number; state: WorkspaceState }> {
    const recipe = await this.recipe(id);
    const ws = await this.engine(id);
    try {
      const result = await ws.run(recipe, {
        signal: opts.signal,
        onProgress: (p) => {
          opts.onProgress?.(p);
          this.emitProgress({ workspace: id, ...(opts.callId ? { callId: opts.callId } : {}), kind: 'run', phase: p.phase, fraction: p.fraction });
        },
      });
      const state = await this.update(id, (s) => ({ ...s, last_run_id: result.run_id }));
      return { run_id: result.run_id, state };
    } catch (e) {
      // Record the failed or cancelled run in the state (runs are re-read from the engine).
      await this.update(id, (s) => s).catch(() => undefined);
      if (e instanceof ReconError && e.code === 'cancelled') throw new UserError('The run was cancelled. Nothing was kept; press Run to start again.', 'cancelled');
      if (e instanceof ReconError) throw new UserError(e.message, e.code);
      throw e;
    }
  }

  /** Stops a load or re-typing of a side in progress; the side keeps the source it had. */
  async cancelLoad(id: string, side: Side): Promise<boolean> {
    const e = this.engines.get(id);
    return e ? (await e).cancelLoad(side) > 0 : false;
  }

  async cancelRun(id: string): Promise<void> {
    const e = this.engines.get(id);
    if (e) (await e).cancelRunning();
  }

  async summary(id: string, runId: number): Promise<RunSummary> {
    return this.engineCall(id, (ws) => ws.summary(runId));
  }

  async page(id: string, runId: number, category: PageCategory, req: { offset: number; limit: number }): Promise<Page<GroupPageItem> | Page<RecordPageItem>> {
    return this.engineCall(id, (ws) => ws.page(runId, category, req));
  }

  /** Accepts, rejects or unmatches groups (one or many); reports the ones that failed. */
  async review(id: string, runId: number, action: 'accept' | 'reject' | 'unmatch', groupIds: number[]): Promise<{ done: number; failed: string[] }> {
    const ws = await this.engine(id);
    let done = 0;
    const failed: string[] = [];
    for (const g of groupIds) {
      try {
        if (action === 'accept') await ws.accept(runId, g);
        else if (action === 'reject') await ws.reject(runId, g);
        else await ws.unmatch(runId, g);
        done += 1;
      } catch (e) {
        failed.push(`group ${g}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    this.emitChanged(id);
    return { done, failed };
  }

  async matchManual(id: string, runId: number, left: number[], right: number[], note?: string): Promise<{ group_id: number }> {
    const g = await this.engineCall(id, (ws) => ws.matchManual(runId, { left, right, ...(note ? { note } : {}) }));
    this.emitChanged(id);
    return { group_id: g.group_id };
  }

  async annotate(id: string, runId: number, side: Side, rowId: number, reason: string, note?: string): Promise<void> {
    await this.engineCall(id, (ws) => ws.annotate(runId, side, rowId, { reason, ...(note ? { note } : {}) }));
    this.emitChanged(id);
  }

  /** Default export folder: `<dataDir>/exports/<workspace name>/run-<n>`. */
  defaultExportDir(s: Pick<WorkspaceState, 'name' | 'id'>, runId: number): string {
    const safe = s.name.replace(/[^A-Za-z0-9._ -]+/g, '_').trim() || s.id;
    return join(this.dataDir, 'exports', safe, `run-${runId}`);
  }

  async export(id: string, runId: number, opts: { dir?: string; formats: ExportFormat[]; overwrite?: boolean }): Promise<{ dir: string; result: ExportResult }> {
    const s = await this.get(id);
    const dir = opts.dir ?? this.defaultExportDir(s, runId);
    if (!isAbsolute(dir)) throw new UserError(`Give the full path of the export folder, not “${dir}”.`, 'invalid_input');
    await mkdir(dir, { recursive: true });
    const result = await this.engineCall(id, (ws) => ws.export(runId, { dir, formats: opts.formats, overwrite: opts.overwrite ?? false }));
    return { dir, result };
  }

  // ── Recipes ────────────────────────────────────────────────────────────

  async saveRecipe(id: string, path: string, overwrite = false): Promise<{ path: string }> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    const s = await this.get(id);
    let recipe: Recipe;
    try {
      recipe = await this.recipe(id);
    } catch {
      // A recipe can be saved before the first run: whatever is decided so far.
      recipe = RecipeSchema.parse({
        version: RECIPE_VERSION,
        name: s.name,
        left: { alias: s.aliases.left },
        right: { alias: s.aliases.right },
        mappings: confirmedMappings(s.mapping),
        filters: s.filters,
        rules: s.rules.length ? s.rules : (() => {
          throw new UserError('Add match rules before saving a recipe: a recipe needs at least one rule.', 'not_ready');
        })(),
      });
    }
    await this.mapEngineErrors(() => saveRecipe(resolve(path), recipe, { overwrite }));
    return { path: resolve(path) };
  }

  /** Applies a recipe file: aliases, confirmed mappings, filters and rules (sources stay). */
  async loadRecipe(id: string, path: string): Promise<WorkspaceState> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the recipe file, not “${path}”.`, 'invalid_input');
    const recipe = await this.mapEngineErrors(() => loadRecipe(resolve(path)));
    return this.update(id, (s) => ({
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
      filter_undo: [...s.filter_undo, s.filters].slice(-MAX_UNDO),
      rules: recipe.rules,
      rules_explanation: `Loaded from ${basename(path)}.`,
    }));
  }

  /** Closes every DuckDB handle (app shutdown). */
  async dispose(): Promise<void> {
    for (const u of this.uploads.values()) await u.handle.close().catch(() => undefined);
    this.uploads.clear();
    for (const e of this.engines.values()) (await e.catch(() => null))?.close();
    this.engines.clear();
    await Promise.all([...this.writes.values()].map((w) => w.catch(() => undefined)));
  }

  // ── internals ──────────────────────────────────────────────────────────

  private dir(id: string): string {
    if (!/^[a-z0-9-]{1,64}$/.test(id)) throw new UserError(`“${id}” is not a workspace id.`, 'invalid_input');
    return join(this.root, id);
  }

  private async tryLoad(id: string): Promise<WorkspaceState | null> {
    const cached = this.states.get(id);
    if (cached) return cached;
    try {
      const parsed = WorkspaceStateSchema.safeParse(JSON.parse(await readFile(join(this.dir(id), 'state.json'), 'utf8')));
      if (!parsed.success) return null;
      this.states.set(id, parsed.data);
      return parsed.data;
    } catch {
      return null;
    }
  }

  private save(state: WorkspaceState): Promise<void> {
    this.states.set(state.id, state);
    const text = `${JSON.stringify(state, null, 1)}\n`;
    const file = join(this.dir(state.id), 'state.json');
    return enqueue(this.writes, state.id, () => writeFileAtomic(file, text)).then(() => this.emitChanged(state.id));
  }

  /**
   * Read-modify-write of a workspace's state, one at a time per workspace: two changes arriving
   * together (two quick clicks, or a rename during a load) must not overwrite each other. Separate
   * from `locked`, which long operations hold while they call this.
   */
  private update(id: string, change: (s: WorkspaceState) => WorkspaceState): Promise<WorkspaceState> {
    return enqueue(this.stateWrites, id, async () => {
      const s = await this.get(id);
      const ws = this.engines.has(id) ? await this.engine(id) : null;
      const runs = ws ? await ws.runs() : s.runs;
      const state = { ...change(s), runs, updated_at: now() };
      await this.save(state);
      return state;
    });
  }

  private engine(id: string): Promise<ReconEngine> {
    let e = this.engines.get(id);
    if (!e) {
      e = ReconEngine.open(join(this.dir(id), 'recon'));
      e.catch(() => this.engines.delete(id));
      this.engines.set(id, e);
    }
    return e;
  }

  private async engineCall<T>(id: string, f: (ws: ReconEngine) => Promise<T>): Promise<T> {
    await this.get(id);
    const ws = await this.engine(id);
    return this.mapEngineErrors(() => f(ws));
  }

  private async mapEngineErrors<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (e) {
      if (e instanceof ReconError) throw new UserError(e.message, e.code === 'not_found' ? 'not_found' : e.code);
      throw e;
    }
  }

  private locked<T>(id: string, f: () => Promise<T>): Promise<T> {
    return enqueue(this.locks, id, f);
  }

  private async uploadTarget(id: string, side: Side, name: string): Promise<string> {
    const dir = join(this.dir(id), 'uploads');
    await mkdir(dir, { recursive: true });
    return join(dir, `${side}-${Date.now().toString(36)}-${safeName(name)}`);
  }

  private async requireSource(id: string, side: Side): Promise<WorkspaceState> {
    const s = await this.get(id);
    if (!s.sources[side]) throw new UserError(`Load a file on the ${side} side first.`, 'not_ready');
    return s;
  }

  private async bothSources(s: WorkspaceState): Promise<{ left: SourceInfo; right: SourceInfo }> {
    if (!s.sources.left || !s.sources.right) throw new UserError('Load both sources first (drop two CSV files on the window).', 'not_ready');
    return { left: s.sources.left.info, right: s.sources.right.info };
  }

  private async sample(id: string, side: Side, n: number): Promise<Record<string, unknown>[]> {
    if (n <= 0) return [];
    const page = await (await this.engine(id)).preview(side, { offset: 0, limit: Math.min(n, 1000) });
    return page.items.map(({ __row_id: _drop, ...rest }) => plainRow(rest));
  }

  /** Calls a kalla-recon tool, starting the built-in server if needed; errors become UserErrors. */
  private async tool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
    const server = this.host.get(RECON_SERVER);
    if (!server) throw new UserError('The built-in kalla-recon server is missing from this build of Kalla.', 'unavailable');
    if (server.disabled) throw new UserError('The kalla-recon server is disabled. Enable it in the Servers workspace to detect mappings and parse filters.', 'unavailable');
    if (server.status !== 'running') {
      try {
        await this.host.startServer(RECON_SERVER);
      } catch (e) {
        throw new UserError(`The kalla-recon server could not start: ${e instanceof Error ? e.message : String(e)}. See its log in the Servers workspace.`, 'unavailable');
      }
    }
    const r = await this.host.callTool(RECON_SERVER, name, args, { timeoutMs: 120_000 });
    if (r.isError) throw new UserError(textOf(r) || `${name} failed`, 'tool_error');
    if (!r.structuredContent) throw new UserError(`kalla-recon answered ${name} without data.`, 'tool_error');
    return r.structuredContent;
  }

  private async loadSide(id: string, side: Side, path: string, name: string, read: ReadInput): Promise<WorkspaceState> {
    return this.locked(id, async () => {
      const s = await this.get(id);
      const ws = await this.engine(id);
      this.emitProgress({ workspace: id, kind: 'load', side, phase: `Reading ${name}`, fraction: 0 });
      const size = (await stat(path).catch(() => null))?.size ?? 0;
      let info: SourceInfo;
      try {
        info = await ws.addSourceFromPath(side, path, read);
        info = { ...info, name };
      } catch (e) {
        if (e instanceof ReconError && e.code === 'cancelled') {
          // Not a failure of the file: no error to show or retry; an uploaded copy is not needed any more.
          if (dirname(path) === join(this.dir(id), 'uploads')) await rm(path, { force: true });
          this.emitProgress({ workspace: id, kind: 'load', side, phase: 'cancelled', fraction: 1 });
          const kept = s.sources[side] ? `keeps “${s.sources[side].info.name}”` : 'stays empty';
          throw new UserError(`Loading “${name}” was cancelled; the ${side} source ${kept}.`, 'cancelled');
        }
        const err = { ...explainSourceError(name, e), path };
        await this.update(id, (st) => ({ ...st, source_errors: { ...st.source_errors, [side]: err } }));
        this.emitProgress({ workspace: id, kind: 'load', side, phase: 'failed', fraction: 1 });
        throw new UserError(err.message, err.code);
      }
      this.emitProgress({ workspace: id, kind: 'load', side, phase: `Loaded ${name} (${size} bytes)`, fraction: 1 });
      const fresh = !s.sources[side] && s.aliases[side] === side;
      let alias = fresh ? aliasFromName(name) : s.aliases[side];
      if (alias === s.aliases[other(side)]) alias = `${alias}_${side}`;
      const oldAlias = s.aliases[side];
      let next = await this.update(id, (st) => ({
        ...st,
        // An untitled workspace is named after its files once both are there ("bank_statement vs invoices").
        name: st.name === UNTITLED && st.sources[other(side)] ? (side === 'left' ? `${alias} vs ${st.aliases.right}` : `${st.aliases.left} vs ${alias}`) : st.name,
        aliases: { ...st.aliases, [side]: alias },
        filters: st.filters.map((f) => (f.source === oldAlias ? { ...f, source: alias } : f)),
        sources: { ...st.sources, [side]: { info, read: read as Record<string, unknown> } },
        source_errors: { ...st.source_errors, [side]: null },
      }));
      // Both sides loaded: keep a mapping whose columns still exist (e.g. a duplicated workspace), otherwise detect.
      if (next.sources.left && next.sources.right) {
        const l = new Set(next.sources.left.info.columns.map((c) => c.name));
        const r = new Set(next.sources.right.info.columns.map((c) => c.name));
        const stillValid = next.mapping?.rows.length && next.mapping.rows.every((m) => m.decision === 'rejected' || (l.has(m.field_a) && r.has(m.field_b)));
        if (!stillValid) next = await this.detectMappings(id).catch(() => this.get(id));
      }
      return next;
    });
  }
}

/** Runs `f` after everything queued under `id` before it (a failure does not block the queue). */
function enqueue<T>(queues: Map<string, Promise<unknown>>, id: string, f: () => Promise<T>): Promise<T> {
  const next = (queues.get(id) ?? Promise.resolve()).catch(() => undefined).then(f);
  queues.set(id, next);
  return next;
}

/** A sample row as tools take it: plain JSON values. */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v instanceof Date ? v.toISOString().slice(0, 10) : v]));
}

/** Confirmed FieldMappings of a workspace (for callers that build their own recipes). */
export function workspaceMappings(s: WorkspaceState): FieldMapping[] {
  return confirmedMappings(s.mapping);
}
