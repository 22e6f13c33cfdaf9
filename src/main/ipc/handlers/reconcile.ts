/** Handlers for the Reconcile workspace: thin calls into the ReconcileService. */
import type { HandlerDeps, HandlersFor } from '../handler-types';
import { UserError } from '../../errors';
import { basename } from 'node:path';
import { BANK_EXTENSIONS } from '../../reconcile/engine/bank-row';

const RECIPE_FILTERS = [
  { name: 'Kalla recipes (.json)', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

export function reconcileHandlers({ reconcile, platform, assistant }: HandlerDeps): HandlersFor<'reconcile.'> {
  /** Changes the renderer made from a revision it saw: compare-and-set (REVISIONED_CHANNELS). */
  const cas = <T>(id: string, revision: number | undefined, f: () => Promise<T>) => reconcile.withRevision(id, revision, f);
  return {
    'reconcile.list': async () => reconcile.list(),
    'reconcile.get': async ({ id }) => reconcile.get(id),
    'reconcile.create': async ({ name }) => reconcile.create(name),
    'reconcile.rename': async ({ id, name, revision }) => cas(id, revision, () => reconcile.rename(id, name)),
    'reconcile.duplicate': async ({ id, name }) => reconcile.duplicate(id, name),
    // The workspace's own Assistant conversation goes with it (it talks about its files).
    'reconcile.delete': async ({ id }) => {
      const result = await reconcile.delete(id);
      await assistant.clear(`reconcile:${id}`);
      return result;
    },
    'reconcile.recover': async ({ id }) => reconcile.recover(id),
    'reconcile.rebuildEngine': async ({ id }) => reconcile.rebuildEngine(id),
    'reconcile.setActive': async ({ id }) => reconcile.setActive(id),
    'reconcile.capabilities': async () => ({ dialogs: Boolean(platform.chooseFiles && platform.chooseSaveFolder && platform.chooseOpenFile && platform.chooseSavePath), mode: platform.mode }),
    'reconcile.chooseFiles': async () => {
      if (!platform.chooseFiles) throw new UserError('File dialogs are only available in the desktop app; drop the files on the window instead.', 'unavailable');
      return {
        paths: await platform.chooseFiles({
          title: 'Choose up to two CSV, Excel or bank statement files',
          filters: [
            { name: 'CSV, Excel and bank statements', extensions: ['csv', 'tsv', 'txt', 'gz', 'xlsx', 'xlsm', ...BANK_EXTENSIONS] },
            { name: 'Bank statements (camt.053/054, MT940/942, BAI2, OFX, BgMax, CFONB 120, Norma 43, 1C)', extensions: [...BANK_EXTENSIONS, 'txt'] },
            { name: 'All files', extensions: ['*'] },
          ],
        }),
      };
    },
    'reconcile.chooseFolder': async () => {
      if (!platform.chooseSaveFolder) throw new UserError('Folder dialogs are only available in the desktop app; type the folder instead.', 'unavailable');
      return { path: await platform.chooseSaveFolder({ title: 'Export to folder' }) };
    },
    'reconcile.addSourcePath': async ({ id, side, path, read }) => reconcile.addSourceFromPath(id, side, path, read),
    'reconcile.uploadBegin': async ({ id, side, name, size }) => ({ uploadId: await reconcile.uploadBegin(id, side, name, size) }),
    'reconcile.uploadChunk': async ({ uploadId, offset, data }) => ({ received: await reconcile.uploadChunk(uploadId, offset, data) }),
    'reconcile.uploadCommit': async ({ uploadId, read }) => reconcile.uploadCommit(uploadId, read),
    'reconcile.uploadCancel': async ({ uploadId }) => {
      await reconcile.uploadCancel(uploadId);
      return { ok: true as const };
    },
    'reconcile.dbConnection': async () => reconcile.dbConnection(),
    'reconcile.dbConnect': async (input) => reconcile.dbConnect(input),
    'reconcile.dbForget': async () => reconcile.dbForget(),
    'reconcile.dbTables': async () => reconcile.dbTables(),
    'reconcile.dbPreview': async ({ source }) => reconcile.dbPreview(source),
    'reconcile.addSourceFromDatabase': async ({ id, side, source }) => reconcile.addSourceFromDatabase(id, side, source),
    'reconcile.cancelLoad': async ({ id, side }) => ({ cancelled: await reconcile.cancelLoad(id, side) }),
    'reconcile.retrySource': async ({ id, side, read, revision }) => cas(id, revision, () => reconcile.retrySource(id, side, read)),
    'reconcile.previewRead': async ({ id, side, read }) => reconcile.previewRead(id, side, read),
    'reconcile.removeSource': async ({ id, side, revision }) => cas(id, revision, () => reconcile.removeSource(id, side)),
    'reconcile.setAlias': async ({ id, side, alias, revision }) => cas(id, revision, () => reconcile.setAlias(id, side, alias)),
    'reconcile.setColumnType': async ({ id, side, column, type, format, revision }) => cas(id, revision, () => reconcile.setColumnType(id, side, column, type, format)),
    'reconcile.previewColumnType': async ({ id, side, column, type, format }) => reconcile.previewColumnType(id, side, column, type, format),
    'reconcile.swapSides': async ({ id, revision }) => cas(id, revision, () => reconcile.swapSides(id)),
    'reconcile.profile': async ({ id, side }) => reconcile.profile(id, side),
    'reconcile.preview': async ({ id, side, ...req }) => reconcile.preview(id, side, req),
    'reconcile.detectMappings': async ({ id, revision }) => cas(id, revision, () => reconcile.detectMappings(id)),
    'reconcile.saveMappingReview': async ({ id, rows, revision }) => cas(id, revision, () => reconcile.saveMappingReview(id, rows)),
    'reconcile.confirmMappings': async ({ id, rows, revision }) => cas(id, revision, () => reconcile.confirmMappings(id, rows)),
    'reconcile.parseFilter': async ({ id, text, mode, revision }) => cas(id, revision, () => reconcile.parseFilter(id, text, mode)),
    'reconcile.resolveFilter': async ({ id, turnId, apply }) => reconcile.resolveFilter(id, turnId, apply),
    'reconcile.setFilters': async ({ id, filters, revision }) => cas(id, revision, () => reconcile.setFilters(id, filters)),
    'reconcile.undoFilters': async ({ id, revision }) => cas(id, revision, () => reconcile.undoFilters(id)),
    'reconcile.filterCounts': async ({ id, filters }) => reconcile.filterCounts(id, filters),
    'reconcile.suggestRules': async ({ id, revision }) => cas(id, revision, () => reconcile.suggestRules(id)),
    'reconcile.setRules': async ({ id, rules, revision }) => cas(id, revision, () => reconcile.setRules(id, rules)),
    // The engine alone decides that a run is busy and owns its cancellation.
    'reconcile.run': async ({ id, callId }) => reconcile.run(id, callId ? { callId } : {}),
    'reconcile.cancelRun': async ({ id }) => {
      await reconcile.cancelRun(id);
      return { ok: true as const };
    },
    'reconcile.summary': async ({ id, runId }) => reconcile.summary(id, runId),
    'reconcile.history': async ({ id }) => ({ entries: await reconcile.history(id) }),
    'reconcile.page': async ({ id, runId, category, offset, limit, search, sort, queue }) =>
      reconcile.page(id, runId, category, { offset, limit, ...(search ? { search } : {}), ...(sort ? { sort } : {}), ...(queue ? { queue } : {}) }),
    'reconcile.groupIds': async ({ id, runId, category, search }) => reconcile.groupIds(id, runId, category, search),
    'reconcile.review': async ({ id, runId, action, groupIds, note, reason }) => reconcile.review(id, runId, action, groupIds, note, reason),
    'reconcile.undoReview': async ({ id, runId }) => reconcile.undoReview(id, runId),
    'reconcile.matchManual': async ({ id, runId, left, right, note }) => reconcile.matchManual(id, runId, left, right, note),
    'reconcile.annotate': async ({ id, runId, side, rowId, reason, note }) => {
      await reconcile.annotate(id, runId, side, rowId, reason, note);
      return { ok: true as const };
    },
    'reconcile.updateException': async ({ id, runId, side, rowId, update }) => {
      await reconcile.updateException(id, runId, side, rowId, update);
      return { ok: true as const };
    },
    'reconcile.export': async ({ id, runId, dir, formats, overwrite }) => reconcile.export(id, runId, { ...(dir ? { dir } : {}), formats, overwrite }),
    'reconcile.downloadExport': async ({ id, path }) => reconcile.downloadExport(id, path),
    // Desktop: the chosen path stays in this process (dialog → file), it never comes from the renderer.
    'reconcile.saveRecipeDialog': async ({ id }) => {
      if (!platform.chooseSavePath) throw new UserError('The save dialog is only in the desktop app; in the browser, “Save recipe…” downloads the file instead.', 'unavailable');
      // A workspace that cannot give a recipe yet says so before the user picks a file.
      const { name } = await reconcile.recipeFile(id);
      const path = await platform.chooseSavePath({ title: 'Save recipe', defaultName: name, filters: RECIPE_FILTERS });
      if (!path) return { path: null };
      // The dialog has already asked before replacing an existing file.
      return reconcile.saveRecipe(id, path, true);
    },
    'reconcile.loadRecipeDialog': async ({ id, revision }) => {
      if (!platform.chooseOpenFile) throw new UserError('The open dialog is only in the desktop app; in the browser, “Load recipe…” asks for the file to upload instead.', 'unavailable');
      const path = await platform.chooseOpenFile({ title: 'Load recipe', filters: RECIPE_FILTERS });
      if (!path) return { name: null, state: null };
      return { name: basename(path), state: await cas(id, revision, () => reconcile.loadRecipe(id, path)) };
    },
    'reconcile.recipeFile': async ({ id }) => reconcile.recipeFile(id),
    // Only the file's own name is kept from what the browser reports: it names the recipe in messages.
    'reconcile.loadRecipeText': async ({ id, name, text, revision }) => cas(id, revision, () => reconcile.loadRecipeText(id, basename(name.replace(/\\/g, '/')), text)),
  };
}
