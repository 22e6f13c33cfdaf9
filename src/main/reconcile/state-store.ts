/**
 * Workspace state persistence. Every Reconcile workspace is a folder `<dataDir>/workspaces/<id>/`
 * holding `state.json` (written atomically on every change) next to its engine folder `recon/`;
 * `active.json` says which one is open. States are cached after the first read.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WORKSPACE_VERSION, WorkspaceStateSchema, type WorkspaceList, type WorkspaceMeta, type WorkspaceState } from '../../shared/reconcile/workspace';
import { newerVersionError, UserError } from '../errors';
import { writeFileAtomic } from '../base/atomic-write';
import type { EngineRegistry } from './engines';
import type { ReconcileEmitter } from './events';
import { KeyedQueue } from '../base/keyed-queue';

export const UNTITLED = 'Untitled reconciliation';
const ID = /^[a-z0-9-]{1,64}$/;
const BACKUP = 'state.json.bak';

export const now = (): string => new Date().toISOString();

/** The revision a change was made from, carried through the whole operation (see `withRevision`). */
interface ExpectedRevision {
  id: string;
  revision: number;
  /** The first state write of the operation compares; later ones are the operation's own. */
  checked: boolean;
}
const expected = new AsyncLocalStorage<ExpectedRevision>();

export function conflictError(id: string): UserError {
  return new UserError(
    `This workspace was changed elsewhere (in another tab or window) after you last saw it, so your change was not applied and nothing was overwritten. ` +
      `It has been reloaded: check it and make the change again if it still applies. (workspace ${id})`,
    'conflict',
  );
}

/** The folder of workspace `id` under `root`; refuses anything that is not a workspace id (no path tricks). */
export function workspaceDir(root: string, id: string): string {
  if (!ID.test(id)) throw new UserError(`“${id}” is not a workspace id.`, 'invalid_input');
  return join(root, id);
}

export const INTERRUPTED_RUN_ERROR = 'the application stopped while this run was in progress; its partial results were removed — press Run to run it again';

/**
 * A run still 'running' in a state read from disk was cut off when the app stopped: this process
 * holds the data folder's lock, so nothing else can be running it. It is shown as interrupted
 * (the engine confirms it and removes its partial rows when it opens).
 */
/**
 * A state.json written by a newer Kalla (a `version` above WORKSPACE_VERSION): the sentence saying
 * so, `what` naming the workspace. Such a workspace is listed but never opened, recovered from its
 * backup or written by this Kalla (issue 27): that would drop what the newer one wrote.
 */
function newerWorkspaceError(version: number, what: string): UserError {
  return newerVersionError(what, 'workspace', version, WORKSPACE_VERSION, 'Update Kalla to open it.');
}

/** The version a parsed state.json claims when it is newer than this Kalla's, else null. */
function newerVersionOf(raw: unknown): number | null {
  const v = raw && typeof raw === 'object' ? (raw as { version?: unknown }).version : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v > WORKSPACE_VERSION ? v : null;
}

function markInterruptedRuns(s: WorkspaceState): WorkspaceState {
  if (!s.runs.some((r) => r.status === 'running')) return s;
  return { ...s, runs: s.runs.map((r) => (r.status === 'running' ? { ...r, status: 'interrupted', error: INTERRUPTED_RUN_ERROR } : r)) };
}

export class WorkspaceStore {
  private readonly states = new Map<string, WorkspaceState>();
  /** Read-modify-writes of a state, one at a time per workspace. */
  private readonly stateWrites = new KeyedQueue();
  /** Writes of state.json, in order per workspace. */
  private readonly fileWrites = new KeyedQueue();
  private activeId: string | null | undefined;

  constructor(
    readonly root: string,
    private readonly engines: EngineRegistry,
    private readonly events: ReconcileEmitter,
  ) {}

  dir(id: string): string {
    return workspaceDir(this.root, id);
  }

  /** All workspaces, most recently changed first, and the active one. */
  async list(): Promise<WorkspaceList> {
    await mkdir(this.root, { recursive: true });
    const metas: WorkspaceMeta[] = [];
    for (const entry of await readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory() || !ID.test(entry.name)) continue;
      const s = await this.tryLoad(entry.name);
      metas.push(s ? { id: s.id, name: s.name, created_at: s.created_at, updated_at: s.updated_at } : await this.damaged(entry.name));
    }
    metas.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
    const active = await this.active();
    const usable = metas.filter((m) => !m.damaged);
    return { active: active && usable.some((m) => m.id === active) ? active : (usable[0]?.id ?? null), workspaces: metas };
  }

  /** A new, empty workspace, made the active one. */
  async create(name: string): Promise<WorkspaceState> {
    const id = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    const t = now();
    const state: WorkspaceState = {
      version: WORKSPACE_VERSION,
      id,
      revision: 0,
      name: name.trim() || UNTITLED,
      created_at: t,
      updated_at: t,
      aliases: { left: 'left', right: 'right' },
      sources: { left: null, right: null },
      read_plan: { left: null, right: null },
      source_errors: { left: null, right: null },
      mapping: null,
      mapping_error: null,
      filters: [],
      filter_undo: [],
      chat: [],
      rules: [],
      rules_explanation: '',
      rules_sides_reversed: false,
      rules_error: null,
      runs: [],
      last_run_id: null,
    };
    try {
      await this.save(state, { create: true });
      await this.setActive(id);
    } catch (e) {
      // A create that failed half-way (a full disk after the folder was made, active.json not
      // writable) must not leave a workspace behind: it was listed as a damaged "state.json is
      // missing" workspace, or as a usable one the user was told was not created (issue 27).
      this.states.delete(id);
      await rm(this.dir(id), { recursive: true, force: true }).catch(() => undefined);
      if (e instanceof UserError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EROFS' || code === 'EACCES' || code === 'EPERM' ? 'the folder is not writable' : (e as Error).message;
      throw new UserError(`The workspace was not created (${why}; ${this.root}). Free some space or fix the folder, then try again.`, 'failed');
    }
    return state;
  }

  /**
   * A workspace whose state.json cannot be read (damaged disk, a hand edit, a crash of an older
   * version): listed with the reason instead of vanishing, so the user can recover or delete it.
   */
  private async damaged(id: string): Promise<WorkspaceMeta> {
    const file = join(this.dir(id), 'state.json');
    let reason: string;
    let raw: unknown = null;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
      const newer = newerVersionOf(raw);
      if (newer !== null) return this.newerMeta(id, raw as Partial<WorkspaceState>, newer);
      const parsed = WorkspaceStateSchema.safeParse(raw);
      const issue = parsed.success ? null : parsed.error.issues[0];
      reason = issue ? `state.json does not hold a valid workspace (${issue.path.join('.') || 'top level'}: ${issue.message})` : 'state.json could not be read';
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      reason = code === 'ENOENT' ? 'state.json is missing' : code ? `state.json cannot be read (${code})` : `state.json is not valid JSON (${(e as Error).message})`;
    }
    const backup = await this.readBackup(id);
    const named = backup ?? (raw && typeof raw === 'object' ? (raw as Partial<WorkspaceState>) : {});
    const when = (await stat(this.dir(id)).catch(() => null))?.mtime.toISOString() ?? new Date(0).toISOString();
    return {
      id,
      name: typeof named.name === 'string' ? named.name : id,
      created_at: typeof named.created_at === 'string' ? named.created_at : when,
      updated_at: typeof named.updated_at === 'string' ? named.updated_at : when,
      damaged: { reason, backup: backup !== null },
    };
  }

  /**
   * A workspace written by a newer Kalla, as listed: its name and times from its own state.json
   * (not the backup, which may be older), the sentence, and no backup offered.
   */
  private async newerMeta(id: string, raw: Partial<WorkspaceState>, version: number): Promise<WorkspaceMeta> {
    const when = (await stat(this.dir(id)).catch(() => null))?.mtime.toISOString() ?? new Date(0).toISOString();
    return {
      id,
      name: typeof raw.name === 'string' ? raw.name : id,
      created_at: typeof raw.created_at === 'string' ? raw.created_at : when,
      updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : when,
      damaged: { reason: newerWorkspaceError(version, 'This workspace').message, backup: false, newer: true },
    };
  }

  /** The sentence for a workspace whose state.json a newer Kalla wrote, or null when it is not one. */
  private async newerError(id: string): Promise<UserError | null> {
    try {
      const raw: unknown = JSON.parse(await readFile(join(this.dir(id), 'state.json'), 'utf8'));
      const version = newerVersionOf(raw);
      const name = (raw as { name?: unknown }).name;
      return version === null ? null : newerWorkspaceError(version, `Workspace “${typeof name === 'string' ? name : id}”`);
    } catch {
      // Missing or not JSON: not a newer workspace (get() says it does not exist).
      return null;
    }
  }

  /** The last state that was saved successfully (state.json.bak), if it is a valid workspace. */
  private async readBackup(id: string): Promise<WorkspaceState | null> {
    try {
      const parsed = WorkspaceStateSchema.safeParse(JSON.parse(await readFile(join(this.dir(id), BACKUP), 'utf8')));
      return parsed.success && parsed.data.id === id ? parsed.data : null;
    } catch {
      // No backup (a workspace from before backups, or never saved twice): recovery is not offered.
      return null;
    }
  }

  /** Puts a damaged workspace's last good copy back; the damaged file is kept as state.json.damaged. */
  async recover(id: string): Promise<WorkspaceState> {
    if (!ID.test(id)) throw new UserError(`There is no workspace “${id}”.`, 'not_found');
    if (await this.tryLoad(id)) throw new UserError('This workspace is not damaged; nothing to recover.', 'invalid_input');
    // Its backup is what this Kalla (or the newer one) saved before: putting it back would drop what the newer Kalla wrote.
    const newer = await this.newerError(id);
    if (newer) throw newer;
    const backup = await this.readBackup(id);
    if (!backup) throw new UserError('There is no saved copy of this workspace to recover from. Delete it and start again with your files (they were not changed).', 'not_found');
    const file = join(this.dir(id), 'state.json');
    await rm(`${file}.damaged`, { force: true });
    await readFile(file, 'utf8').then((text) => writeFileAtomic(`${file}.damaged`, text), () => undefined);
    this.states.delete(id);
    await this.save(markInterruptedRuns(backup));
    return this.get(id);
  }

  /** Closes the workspace's engine and removes its folder (a damaged one too). */
  async delete(id: string): Promise<void> {
    if (!ID.test(id) || !(await stat(this.dir(id)).catch(() => null))?.isDirectory()) await this.get(id);
    await this.engines.close(id);
    await this.fileWrites.settled(id);
    this.states.delete(id);
    await rm(this.dir(id), { recursive: true, force: true });
    if ((await this.active()) === id) {
      this.activeId = null;
      await writeFileAtomic(join(this.root, 'active.json'), JSON.stringify({ active: null }));
    }
  }

  async active(): Promise<string | null> {
    if (this.activeId !== undefined) return this.activeId;
    try {
      const v = JSON.parse(await readFile(join(this.root, 'active.json'), 'utf8')) as { active?: unknown };
      this.activeId = typeof v.active === 'string' ? v.active : null;
    } catch {
      // No or unreadable active.json: nothing is active yet (list() falls back to the newest).
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
    if (!s) throw (ID.test(id) ? await this.newerError(id) : null) ?? new UserError(`There is no workspace “${id}” (it may have been deleted).`, 'not_found');
    return s;
  }

  /**
   * Compare-and-set for a change made from revision `revision` (what the caller saw): refused with
   * `conflict` if the workspace has moved on, before anything is done, and again atomically at the
   * operation's first state write (two tabs sending at the same moment). Without a revision the
   * change applies to the current state (in-process callers such as the Assistant's tools).
   */
  async withRevision<T>(id: string, revision: number | undefined, f: () => Promise<T>): Promise<T> {
    if (revision === undefined) return f();
    if ((await this.get(id)).revision !== revision) throw conflictError(id);
    return expected.run({ id, revision, checked: false }, f);
  }

  /**
   * Read-modify-write of a workspace's state, one at a time per workspace: two changes arriving
   * together (two quick clicks, or a rename during a load) must not overwrite each other. Separate
   * from the workspace lock, which long operations hold while they call this. The run list is
   * re-read from the engine when it is open (it is the engine's fact; the state keeps a copy).
   */
  update(id: string, change: (s: WorkspaceState) => WorkspaceState, opts: { edit?: boolean } = {}): Promise<WorkspaceState> {
    return this.stateWrites.run(id, async () => {
      const s = await this.get(id);
      const expectation = expected.getStore();
      if (expectation?.id === id && !expectation.checked) {
        expectation.checked = true;
        if (s.revision !== expectation.revision) throw conflictError(id);
      }
      const engine = await this.engines.ifOpen(id);
      const runs = engine ? await engine.runs() : s.runs;
      // The revision counts what a tab's edit could conflict with. Run bookkeeping (a run started,
      // finished or failed) is not such a change: bumping for it made every click sent during a
      // run look stale to compare-and-set.
      const state = { ...change(s), runs, updated_at: now(), revision: opts.edit === false ? s.revision : s.revision + 1 };
      await this.save(state);
      return state;
    });
  }

  /**
   * The workspace's folder was deleted or moved while it was open (another program, a sync tool, a
   * user in the file manager). Its engine is closed and its state forgotten (once no run or load is
   * using it), so nothing writes a
   * half workspace back (the run that just ended lived in the deleted engine file). The sentence
   * says what is lost and the next step; the list no longer shows it.
   */
  private async gone(state: WorkspaceState): Promise<UserError> {
    // A run or load still going on ends on its own (its own state write then lands here again):
    // closing its database under it would turn this sentence into a raw DuckDB error.
    if (!(await this.engines.ifOpen(state.id))?.busy) {
      this.states.delete(state.id);
      await this.engines.close(state.id);
    }
    if (this.activeId === state.id) this.activeId = null;
    return new UserError(
      `The folder of workspace “${state.name}” was deleted or moved while it was open (${this.dir(state.id)}), so this change and its results could not be kept. Your own files were not changed: create a new workspace and add them again, or put the folder back and reopen the workspace.`,
      'workspace_gone',
    );
  }

  /** Waits for pending state writes (app shutdown). */
  async flush(): Promise<void> {
    await this.fileWrites.allSettled();
  }

  private async tryLoad(id: string): Promise<WorkspaceState | null> {
    const cached = this.states.get(id);
    if (cached) return cached;
    try {
      const parsed = WorkspaceStateSchema.safeParse(JSON.parse(await readFile(join(this.dir(id), 'state.json'), 'utf8')));
      if (!parsed.success) return null;
      const state = markInterruptedRuns(parsed.data);
      this.states.set(id, state);
      return state;
    } catch {
      // Missing, unreadable or not JSON: not a workspace (list() skips it, get() says so).
      return null;
    }
  }

  /**
   * Writes state.json, then makes the state current. A write that fails (full disk, read-only
   * folder) leaves the state as it was, in memory too: the change is refused, not half-applied
   * and quietly written by the next save.
   */
  private async save(state: WorkspaceState, opts: { create?: boolean } = {}): Promise<void> {
    const text = `${JSON.stringify(state, null, 1)}\n`;
    const file = join(this.dir(state.id), 'state.json');
    try {
      // The backup is the same text, written after state.json succeeded: the last good state, for
      // recovery when state.json is later found damaged. Its failure does not undo the save (an
      // older backup is still a good state to recover to).
      // Only create() makes the folder: a workspace folder deleted while it was open is not made
      // again around a state whose sources and runs went with it (issue 27).
      await this.fileWrites.run(state.id, async () => {
        await writeFileAtomic(file, text, { createDir: opts.create === true });
        await writeFileAtomic(join(this.dir(state.id), BACKUP), text, { createDir: false }).catch(() => undefined);
      });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && !opts.create) throw await this.gone(state);
      const why = code === 'ENOSPC' ? 'the disk is full' : code === 'EROFS' || code === 'EACCES' || code === 'EPERM' ? 'the folder is not writable' : (e as Error).message;
      throw new UserError(`Could not save the workspace (${why}; ${file}), so the change was not applied. Free some space or fix the folder, then try again.`, 'failed');
    }
    this.states.set(state.id, state);
    this.events.state(state);
  }
}
