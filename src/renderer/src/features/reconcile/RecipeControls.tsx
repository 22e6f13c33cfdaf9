import { useRef } from 'react';
import { downloadBlob } from '../../components/download';
import { selectBusy, selectDialogs, useReconcile } from '../../stores/reconcile';
import type { WorkspaceState } from '../../../../shared/reconcile/workspace';

/** Same limit as the contract's: real recipes are a few kB. */
const MAX_RECIPE_BYTES = 2_000_000;

/** What a loaded recipe brought, in a sentence. */
function loadedSentence(name: string, st: WorkspaceState): string {
  const pairs = st.mapping?.rows.length ?? 0;
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return `Loaded recipe “${name}”: ${n(pairs, 'mapped column pair', 'mapped column pairs')}, ${n(st.filters.length, 'filter', 'filters')}, ${n(st.rules.length, 'rule', 'rules')}.`;
}

function showError(message: string) {
  useReconcile.setState((s) => ({ errors: { ...s.errors, workspace: message } }));
}

/**
 * "Save recipe…" and "Load recipe…" through file choosers.
 *
 * Desktop: main opens the native save/open dialog and writes or reads the chosen file itself, so
 * no path crosses from the renderer. Browser mode has no native dialog and the server may not
 * write where the browser's user would look, so the recipe is a download (save) and an
 * `<input type="file">` upload (load): the browser's own file choosers. Errors are the
 * workspace banner's sentences.
 */
export function RecipeControls({ ws, onDone }: { ws: WorkspaceState | null; onDone: (sentence: string | null) => void }) {
  const dialogs = useReconcile(selectDialogs);
  const busy = useReconcile(selectBusy('workspace'));
  const { act } = useReconcile.getState();
  const input = useRef<HTMLInputElement>(null);
  const loadButton = useRef<HTMLButtonElement>(null);
  const setDone = onDone;

  const save = async () => {
    if (!ws) return;
    setDone(null);
    if (dialogs) {
      const r = await act('workspace', 'Saving recipe…', 'reconcile.saveRecipeDialog', { id: ws.id });
      if (r?.path) setDone(`Saved the recipe to ${r.path}.`);
      return;
    }
    const r = await act('workspace', 'Saving recipe…', 'reconcile.recipeFile', { id: ws.id });
    if (!r) return;
    downloadBlob(new Blob([r.text], { type: 'application/json' }), r.name);
    setDone(`Downloaded the recipe as “${r.name}” (your browser’s downloads folder).`);
  };

  const load = async () => {
    if (!ws) return;
    setDone(null);
    if (!dialogs) {
      // The browser's file chooser; the choice arrives in onChange.
      input.current?.click();
      return;
    }
    const r = await act('workspace', 'Loading recipe…', 'reconcile.loadRecipeDialog', { id: ws.id });
    if (r?.state && r.name) setDone(loadedSentence(r.name, r.state));
  };

  const upload = async (file: File | undefined) => {
    if (!ws || !file) return;
    if (file.size > MAX_RECIPE_BYTES) {
      showError(`“${file.name}” is ${(file.size / 1e6).toFixed(1)} MB, too large for a recipe (a few kB of .json saved with “Save recipe…”). Choose the recipe file.`);
      return;
    }
    const text = await file.text();
    const st = await act('workspace', 'Loading recipe…', 'reconcile.loadRecipeText', { id: ws.id, name: file.name, text });
    if (st) setDone(loadedSentence(file.name, st));
    loadButton.current?.focus();
  };

  return (
    <>
      <button disabled={!ws || Boolean(busy)} onClick={() => void save()}>
        Save recipe…
      </button>
      <button ref={loadButton} disabled={!ws || Boolean(busy)} onClick={() => void load()}>
        Load recipe…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="recipe-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file chosen again is a new choice.
          e.target.value = '';
          void upload(file);
        }}
      />
    </>
  );
}
