/**
 * The two sources of a workspace: loading a file (from a path or an upload), re-reading it with
 * other options (an error's way out), removing, renaming (alias), re-typing a column, swapping
 * sides, and reading a side back (profile, preview). Loads hold the workspace lock.
 */
import { proposeAlias } from '../../shared/source-roles';
import { rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { ColumnType, MatchRule, ReadOptions } from '../../shared/reconcile/recipe';
import type { Page, ColumnTypePreview, ReadPreview, Side, SourceInfo, SourceProfile } from '../../shared/reconcile/sources-and-runs';
import { ReadOptionsSchema } from '../../shared/reconcile/recipe';
import { previewRead } from './engine/read-preview';
import type { WorkspaceState } from '../../shared/reconcile/workspace';
import { errorMessage, ReconError, UserError } from '../errors';
import type { ReconcileContext } from './context';
import type { ReadOptionsInput } from './engine';
import { explainSourceError } from './source-errors';
import { formatProblem } from '../../shared/column-formats';
import { planDoesNotFit, planNotices, readOverrides, typeFixesOnly, withPlan, type ReadInput } from './read-plan';
import { UNTITLED } from './state-store';


const other = (side: Side): Side => (side === 'left' ? 'right' : 'left');

const withoutTypeFixes = (read: ReadOptionsInput): Record<string, unknown> => {
  const { column_overrides: _fixes, ...rest } = read;
  return rest;
};

/** A default alias from a file name: "Bank Statement 2026-10.csv" → "bank_statement_2026_10". */
/**
 * Duplicate for next month with the files chosen in the other order (issue 28): while the other
 * side still waits for its file (its read plan is pending) and the carried mapping names every
 * column of the other side in this file's header — and not this side's — the file belongs on the
 * other side. Read from the header alone (the first 256 KiB), before anything is loaded; files
 * whose header cannot be previewed (Excel, bank statements) stay where they were chosen.
 */
async function sideByColumns(s: WorkspaceState, side: Side, path: string, read: ReadInput): Promise<Side> {
  const to = other(side);
  const rows = s.mapping?.rows.filter((m) => m.decision !== 'rejected') ?? [];
  if (rows.length === 0 || !s.read_plan[to] || s.sources[to]) return side;
  const header = await previewRead(path, ReadOptionsSchema.parse(withPlan(s.read_plan[to], read)))
    .then((p) => new Set(p.columns))
    .catch(() => null);
  if (!header) return side;
  const names = (x: Side) => rows.map((m) => (x === 'left' ? m.field_a : m.field_b));
  const fits = (x: Side) => names(x).every((c) => header.has(c));
  return fits(to) && !fits(side) ? to : side;
}

export function aliasFromName(name: string): string {
  const stem = basename(name).replace(/\.(csv|tsv|txt|xlsx|xlsm|xml|camt|sta|mt940|mt942|940|942|swi|bai2?|ofx|qfx)(\.gz)?$/i, '').replace(/\.gz$/i, '');
  // Latin letters an alias cannot hold are written as ASCII, not dropped ("Viðskiptamannafærslur"
  // was "vi_skiptamannaf"): accents go, and the letters NFD does not decompose are spelled out.
  const ascii = stem
    .toLowerCase()
    .replace(/[ðđ]/g, 'd')
    .replace(/þ/g, 'th')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  const alias = ascii.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return alias || 'source';
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

export class Sources {
  constructor(
    private readonly ctx: ReconcileContext,
    /** Runs once both sides are loaded and the mapping no longer fits (the mappings step). */
    private readonly detectMappings: (id: string) => Promise<WorkspaceState>,
  ) {}

  /** Loads a file the user picked or dropped (Electron gives us its path). */
  async addFromPath(id: string, side: Side, path: string, read: ReadInput = {}): Promise<WorkspaceState> {
    if (!isAbsolute(path)) throw new UserError(`Give the full path of the file, not “${path}”.`, 'invalid_input');
    return this.load(id, side, resolve(path), basename(path), read);
  }

  /** Loads the file that failed (or is loaded) on `side` again with other read options (the error's way out). */
  /**
   * The side's file to read again (a failed load's, else the loaded one) and the options it was
   * read with; `what` names the action for the error when there is none.
   */
  private async rereadTarget(id: string, side: Side, what: string): Promise<{ path: string; name: string; previous: ReadInput }> {
    const s = await this.ctx.store.get(id);
    const failed = s.source_errors[side];
    const path = failed?.path ?? s.sources[side]?.info.path;
    const name = failed?.name ?? s.sources[side]?.info.name;
    if (!path || !name) throw new UserError(`Nothing to ${what} on the ${side} side; drop a file there first.`, 'invalid_input');
    const loaded = failed ? null : s.sources[side];
    // Type fixes live on the columns, not in the read options: carried so a re-read keeps them.
    const previous = loaded ? ({ ...loaded.read, column_overrides: readOverrides(loaded.info) } as ReadInput) : ((failed?.read ?? {}) as ReadInput);
    return { path, name, previous };
  }

  async retry(id: string, side: Side, read: ReadInput): Promise<WorkspaceState> {
    const { path, name, previous } = await this.rereadTarget(id, side, 're-read');
    return this.load(id, side, path, name, { ...previous, ...read });
  }

  /** The side's file read with `read` on top of its current options, shown before reading it again. */
  async previewRead(id: string, side: Side, read: ReadInput): Promise<ReadPreview> {
    const { path, previous } = await this.rereadTarget(id, side, 'preview');
    try {
      return await previewRead(path, ReadOptionsSchema.parse({ ...previous, ...read }));
    } catch (error) {
      if (error instanceof ReconError) throw new UserError(`The preview cannot be shown: ${error.message}.`, 'invalid_input');
      throw error;
    }
  }

  async remove(id: string, side: Side): Promise<WorkspaceState> {
    return this.ctx.store.update(id, (s) => ({
      ...s,
      sources: { ...s.sources, [side]: null },
      source_errors: { ...s.source_errors, [side]: null },
    }));
  }

  async setAlias(id: string, side: Side, alias: string): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    const clean = alias.trim();
    if (clean === s.aliases[other(side)]) throw new UserError(`“${clean}” is already the name of the other source; the two need different names.`, 'invalid_input');
    const old = s.aliases[side];
    return this.ctx.store.update(id, (st) => ({
      ...st,
      aliases: { ...st.aliases, [side]: clean },
      filters: st.filters.map((f) => (f.source === old ? { ...f, source: clean } : f)),
    }));
  }

  /** Fixes a column's type or date/number format (re-typed from the loaded data, no re-read). */
  async setColumnType(id: string, side: Side, column: string, type: ColumnType, format?: string): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    const src = s.sources[side];
    if (!src) throw new UserError(`Load a file on the ${side} side first.`, 'invalid_input');
    const problem = formatProblem(type, format);
    if (problem) throw new UserError(`The type of “${column}” was not changed: ${problem}.`, 'invalid_input');
    const engine = await this.ctx.engines.open(id);
    const overrides = { ...readOverrides(src.info), [column]: { type, ...(format ? { format } : {}) } };
    let info: SourceInfo;
    try {
      info = await engine.setColumnOverrides(side, overrides);
    } catch (e) {
      if (e instanceof ReconError && e.code === 'cancelled') throw new UserError(`Changing the type of “${column}” was cancelled; the column keeps its type.`, 'cancelled');
      throw new UserError(errorMessage(e), 'invalid_input');
    }
    // The engine names the workspace copy; the card keeps showing the user's file name.
    return this.ctx.store.update(id, (st) => ({ ...st, sources: { ...st.sources, [side]: { ...src, info: { ...info, name: src.info.name } } } }));
  }

  /** The column read with a type and format, nothing changed: the mapping step's format picker shows it before it is applied. */
  async previewColumnType(id: string, side: Side, column: string, type: 'number' | 'date', format: string): Promise<ColumnTypePreview> {
    const s = await this.ctx.store.get(id);
    if (!s.sources[side]) throw new UserError(`Load a file on the ${side} side first.`, 'invalid_input');
    const problem = formatProblem(type, format);
    if (problem) throw new UserError(`No preview of “${column}”: ${problem}.`, 'invalid_input');
    const engine = await this.ctx.engines.open(id);
    return engine.previewColumnType(side, column, type, format);
  }

  /** Left becomes right and right becomes left: sources are re-read, mappings, aliases and rules mirrored. */
  async swap(id: string): Promise<WorkspaceState> {
    return this.ctx.locks.run(id, async () => {
      const s = await this.ctx.store.get(id);
      const engine = await this.ctx.engines.open(id);
      const { left, right } = s.sources;
      if (right) await engine.addSourceFromPath('left', right.info.path, { ...right.read, column_overrides: readOverrides(right.info) } as ReadOptionsInput);
      if (left) await engine.addSourceFromPath('right', left.info.path, { ...left.read, column_overrides: readOverrides(left.info) } as ReadOptionsInput);
      const newLeft = right ? { info: { ...((await engine.source('left')) as SourceInfo), name: right.info.name }, read: right.read } : null;
      const newRight = left ? { info: { ...((await engine.source('right')) as SourceInfo), name: left.info.name }, read: left.read } : null;
      return this.ctx.store.update(id, (st) => ({
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
        // The sides the last suggestion asked to swap are swapped now.
        rules_sides_reversed: false,
      }));
    });
  }

  async profile(id: string, side: Side): Promise<SourceProfile> {
    await this.requireSource(id, side);
    return (await this.ctx.engines.open(id)).profile(side);
  }

  async preview(id: string, side: Side, req: { offset: number; limit: number; orderBy?: string; descending?: boolean }): Promise<Page<Record<string, unknown>>> {
    await this.requireSource(id, side);
    return (await this.ctx.engines.open(id)).preview(side, req);
  }

  /** Stops a load or re-typing of a side in progress; the side keeps the source it had. */
  async cancelLoad(id: string, side: Side): Promise<boolean> {
    const engine = await this.ctx.engines.ifOpen(id);
    return engine ? engine.cancelLoad(side) > 0 : false;
  }

  /** Loads `path` (shown as `name`) on `side`; a failure is kept in the state with its way out. */
  async load(id: string, side: Side, path: string, name: string, read: ReadInput): Promise<WorkspaceState> {
    const { store, engines, events, locks } = this.ctx;
    return locks.run(id, async () => {
      const s = await store.get(id);
      const engine = await engines.open(id);
      // Next month's file dropped on the side where last month's *other* file was: it goes where it belongs.
      const intended = side;
      side = await sideByColumns(s, side, path, read);
      events.progress({ workspace: id, kind: 'load', side, phase: `Reading ${name}`, fraction: 0 });
      const size = (await stat(path).catch(() => null))?.size ?? 0;
      let info: SourceInfo;
      // Options carried from a duplicated workspace or a loaded recipe apply under the user's own.
      const plan = s.read_plan[side];
      let used = withPlan(plan, read);
      try {
        let fallback: { error: string } | null = null;
        try {
          info = await engine.addSourceFromPath(side, path, used);
        } catch (e) {
          if (!planDoesNotFit(plan, e)) throw e;
          // The carried layout does not fit this file: read it as detected, keeping the type fixes.
          fallback = { error: errorMessage(e) };
          used = typeFixesOnly(plan!, read);
          info = await engine.addSourceFromPath(side, path, used);
        }
        info = { ...info, name, ...(plan ? { notices: [...planNotices(plan, info, fallback), ...info.notices] } : {}) };
        if (side !== intended) info = { ...info, notices: [sideSwapped(name, intended, side, s.aliases), ...info.notices] };
      } catch (e) {
        return this.loadFailed(id, s, side, { path, name, read }, e);
      }
      events.progress({ workspace: id, kind: 'load', side, phase: `Loaded ${name} (${size} bytes)`, fraction: 1 });
      return this.recordLoaded(id, s, side, path, { info, read: withoutTypeFixes(used) });
    });
  }

  /** A load that failed: a cancel says what the side keeps; anything else is kept in the state with its way out. */
  private async loadFailed(id: string, s: WorkspaceState, side: Side, file: { path: string; name: string; read: ReadInput }, e: unknown): Promise<never> {
    const { store, events } = this.ctx;
    const { path, name, read } = file;
    if (e instanceof ReconError && e.code === 'cancelled') {
      // Not a failure of the file: no error to show or retry; an uploaded copy is not needed any more.
      if (dirname(path) === join(store.dir(id), 'uploads')) await rm(path, { force: true });
      events.progress({ workspace: id, kind: 'load', side, phase: 'cancelled', fraction: 1 });
      const was = s.sources[side];
      const kept = was ? `keeps “${was.info.name}”` : 'stays empty';
      throw new UserError(`Loading “${name}” was cancelled; the ${side} source ${kept}.`, 'cancelled');
    }
    // The options of this attempt are kept: "Skip bad lines and load" after choosing `;` and a
    // header must not fall back to detection (it did, and looped on the same error).
    const err = { ...explainSourceError(name, e), path, read: withoutTypeFixes(read) };
    await store.update(id, (st) => ({ ...st, source_errors: { ...st.source_errors, [side]: err } }));
    events.progress({ workspace: id, kind: 'load', side, phase: 'failed', fraction: 1 });
    throw new UserError(err.message, err.code);
  }

  /** A loaded source into the state (alias, workspace name, filters renamed), the replaced upload removed, the mapping kept or detected. */
  private async recordLoaded(id: string, s: WorkspaceState, side: Side, path: string, loaded: { info: SourceInfo; read: ReadInput }): Promise<WorkspaceState> {
    const { store } = this.ctx;
    const { info } = loaded;
    const fresh = !s.sources[side] && s.aliases[side] === side;
    // A long file name ("UMSAETZE_GIROKONTO_DE89…") gives way to the file's role ("bank", "invoices").
    let alias = fresh ? proposeAlias(aliasFromName(info.name), info.columns.map((c) => c.name)) : s.aliases[side];
    if (alias === s.aliases[other(side)]) alias = `${alias}_${side}`;
    const oldAlias = s.aliases[side];
    let next = await store.update(id, (st) => ({
      ...st,
      // An untitled workspace is named after its files once both are there ("bank_statement vs invoices").
      name: st.name === UNTITLED && st.sources[other(side)] ? (side === 'left' ? `${alias} vs ${st.aliases.right}` : `${st.aliases.left} vs ${alias}`) : st.name,
      aliases: { ...st.aliases, [side]: alias },
      filters: st.filters.map((f) => (f.source === oldAlias ? { ...f, source: alias } : f)),
      // The options it was read with (the plan's included, type fixes aside: those live on the columns).
      sources: { ...st.sources, [side]: loaded },
      source_errors: { ...st.source_errors, [side]: null },
      read_plan: { ...st.read_plan, [side]: null },
    }));
    // An upload the side no longer reads is removed now, not at the next start: uploads are read
    // in place (stored once), so a replaced one would otherwise keep its full size on disk.
    const replaced = s.sources[side]?.info.path;
    const uploads = join(store.dir(id), 'uploads');
    if (replaced && replaced !== path && dirname(replaced) === uploads && next.sources[other(side)]?.info.path !== replaced) await rm(replaced, { force: true });
    // Both sides loaded: keep a mapping whose columns still exist (e.g. a duplicated workspace), otherwise detect.
    if (next.sources.left && next.sources.right) {
      const l = new Set(next.sources.left.info.columns.map((c) => c.name));
      const r = new Set(next.sources.right.info.columns.map((c) => c.name));
      const stillValid = next.mapping?.rows.length && next.mapping.rows.every((m) => m.decision === 'rejected' || (l.has(m.field_a) && r.has(m.field_b)));
      // A failed detection is already in the state (mapping_error); the load itself succeeded.
      if (!stillValid) next = await this.detectMappings(id).catch(() => store.get(id));
    }
    return next;
  }

  private async requireSource(id: string, side: Side): Promise<WorkspaceState> {
    const s = await this.ctx.store.get(id);
    if (!s.sources[side]) throw new UserError(`Load a file on the ${side} side first.`, 'not_ready');
    return s;
  }
}

/** Next month's file dropped on the other file's side: what the source card says about reading it where it belongs. */
function sideSwapped(name: string, intended: Side, side: Side, aliases: Record<Side, string>): SourceInfo['notices'][number] {
  return {
    code: 'side_swapped',
    message: `“${name}” was chosen for the ${intended} side, but it has the columns of ${aliases[side]} (the ${side} side's file last month), so it is read as ${aliases[side]} on the ${side} side; the ${intended} side is for the ${aliases[intended]} file`,
  };
}
