/** Handlers for the Reconcile workspace: thin calls into the ReconcileService. */
import type { HandlerDeps, HandlersFor } from '../handler-types';
import { UserError } from '../../errors';
import { BANK_EXTENSIONS } from '../../reconcile/engine/bank-formats';

export function reconcileHandlers({ workspaces, platform, assistant }: HandlerDeps): HandlersFor<'reconcile.'> {
  /** Changes the renderer made from a revision it saw: compare-and-set (REVISIONED_CHANNELS). */
  const cas = <T>(id: string, revision: number | undefined, f: () => Promise<T>) => workspaces.withRevision(id, revision, f);
  return {
    'reconcile.list': async () => workspaces.list(),
    'reconcile.get': async ({ id }) => workspaces.get(id),
    'reconcile.create': async ({ name }) => workspaces.create(name),
    'reconcile.rename': async ({ id, name, revision }) => cas(id, revision, () => workspaces.rename(id, name)),
    'reconcile.duplicate': async ({ id, name }) => workspaces.duplicate(id, name),
    // The workspace's own Assistant conversation goes with it (it talks about its files).
    'reconcile.delete': async ({ id }) => {
      const result = await workspaces.delete(id);
      await assistant.clear(`reconcile:${id}`);
      return result;
    },
    'reconcile.recover': async ({ id }) => workspaces.recover(id),
    'reconcile.rebuildEngine': async ({ id }) => workspaces.rebuildEngine(id),
    'reconcile.setActive': async ({ id }) => workspaces.setActive(id),
    'reconcile.capabilities': async () => ({ dialogs: Boolean(platform.chooseFiles && platform.chooseSaveFolder), mode: platform.mode }),
    'reconcile.chooseFiles': async () => {
      if (!platform.chooseFiles) throw new UserError('File dialogs are only available in the desktop app; drop the files on the window instead.', 'unavailable');
      return {
        paths: await platform.chooseFiles({
          title: 'Choose up to two CSV, Excel or bank statement files',
          filters: [
            { name: 'CSV, Excel and bank statements', extensions: ['csv', 'tsv', 'txt', 'gz', 'xlsx', 'xlsm', ...BANK_EXTENSIONS] },
            { name: 'Bank statements (camt.053/054, MT940/942, BAI2, OFX)', extensions: BANK_EXTENSIONS },
            { name: 'All files', extensions: ['*'] },
          ],
        }),
      };
    },
    'reconcile.chooseFolder': async () => {
      if (!platform.chooseSaveFolder) throw new UserError('Folder dialogs are only available in the desktop app; type the folder instead.', 'unavailable');
      return { path: await platform.chooseSaveFolder({ title: 'Export to folder' }) };
    },
    'reconcile.addSourcePath': async ({ id, side, path, read }) => workspaces.addSourceFromPath(id, side, path, read),
    'reconcile.uploadBegin': async ({ id, side, name, size }) => ({ uploadId: await workspaces.uploadBegin(id, side, name, size) }),
    'reconcile.uploadChunk': async ({ uploadId, offset, data }) => ({ received: await workspaces.uploadChunk(uploadId, offset, data) }),
    'reconcile.uploadCommit': async ({ uploadId, read }) => workspaces.uploadCommit(uploadId, read),
    'reconcile.uploadCancel': async ({ uploadId }) => {
      await workspaces.uploadCancel(uploadId);
      return { ok: true as const };
    },
    'reconcile.cancelLoad': async ({ id, side }) => ({ cancelled: await workspaces.cancelLoad(id, side) }),
    'reconcile.retrySource': async ({ id, side, read, revision }) => cas(id, revision, () => workspaces.retrySource(id, side, read)),
    'reconcile.previewRead': async ({ id, side, read }) => workspaces.previewRead(id, side, read),
    'reconcile.removeSource': async ({ id, side, revision }) => cas(id, revision, () => workspaces.removeSource(id, side)),
    'reconcile.setAlias': async ({ id, side, alias, revision }) => cas(id, revision, () => workspaces.setAlias(id, side, alias)),
    'reconcile.setColumnType': async ({ id, side, column, type, format, revision }) => cas(id, revision, () => workspaces.setColumnType(id, side, column, type, format)),
    'reconcile.swapSides': async ({ id, revision }) => cas(id, revision, () => workspaces.swapSides(id)),
    'reconcile.profile': async ({ id, side }) => workspaces.profile(id, side),
    'reconcile.preview': async ({ id, side, ...req }) => workspaces.preview(id, side, req),
    'reconcile.detectMappings': async ({ id, revision }) => cas(id, revision, () => workspaces.detectMappings(id)),
    'reconcile.saveMappingReview': async ({ id, rows, revision }) => cas(id, revision, () => workspaces.saveMappingReview(id, rows)),
    'reconcile.confirmMappings': async ({ id, rows, revision }) => cas(id, revision, () => workspaces.confirmMappings(id, rows)),
    'reconcile.parseFilter': async ({ id, text, mode, revision }) => cas(id, revision, () => workspaces.parseFilter(id, text, mode)),
    'reconcile.resolveFilter': async ({ id, turnId, apply }) => workspaces.resolveFilter(id, turnId, apply),
    'reconcile.setFilters': async ({ id, filters, revision }) => cas(id, revision, () => workspaces.setFilters(id, filters)),
    'reconcile.undoFilters': async ({ id, revision }) => cas(id, revision, () => workspaces.undoFilters(id)),
    'reconcile.filterCounts': async ({ id, filters }) => workspaces.filterCounts(id, filters),
    'reconcile.suggestRules': async ({ id, revision }) => cas(id, revision, () => workspaces.suggestRules(id)),
    'reconcile.setRules': async ({ id, rules, revision }) => cas(id, revision, () => workspaces.setRules(id, rules)),
    // The engine alone decides that a run is busy and owns its cancellation.
    'reconcile.run': async ({ id, callId }) => workspaces.run(id, callId ? { callId } : {}),
    'reconcile.cancelRun': async ({ id }) => {
      await workspaces.cancelRun(id);
      return { ok: true as const };
    },
    'reconcile.summary': async ({ id, runId }) => workspaces.summary(id, runId),
    'reconcile.history': async ({ id }) => ({ entries: await workspaces.history(id) }),
    'reconcile.page': async ({ id, runId, category, offset, limit, search, sort, queue }) =>
      workspaces.page(id, runId, category, { offset, limit, ...(search ? { search } : {}), ...(sort ? { sort } : {}), ...(queue ? { queue } : {}) }),
    'reconcile.groupIds': async ({ id, runId, category, search }) => workspaces.groupIds(id, runId, category, search),
    'reconcile.review': async ({ id, runId, action, groupIds, note, reason }) => workspaces.review(id, runId, action, groupIds, note, reason),
    'reconcile.undoReview': async ({ id, runId }) => workspaces.undoReview(id, runId),
    'reconcile.matchManual': async ({ id, runId, left, right, note }) => workspaces.matchManual(id, runId, left, right, note),
    'reconcile.annotate': async ({ id, runId, side, rowId, reason, note }) => {
      await workspaces.annotate(id, runId, side, rowId, reason, note);
      return { ok: true as const };
    },
    'reconcile.updateException': async ({ id, runId, side, rowId, update }) => {
      await workspaces.updateException(id, runId, side, rowId, update);
      return { ok: true as const };
    },
    'reconcile.export': async ({ id, runId, dir, formats, overwrite }) => workspaces.export(id, runId, { ...(dir ? { dir } : {}), formats, overwrite }),
    'reconcile.downloadExport': async ({ id, path }) => workspaces.downloadExport(id, path),
    'reconcile.saveRecipe': async ({ id, path, overwrite }) => workspaces.saveRecipe(id, path, overwrite),
    'reconcile.loadRecipe': async ({ id, path, revision }) => cas(id, revision, () => workspaces.loadRecipe(id, path)),
  };
}
