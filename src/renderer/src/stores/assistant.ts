/**
 * Assistant state per conversation scope (a workspace). The main process owns
 * the conversation; this store mirrors its snapshots (`assistant.changed`)
 * and appends streamed text (`assistant.delta`) as it arrives.
 */
import { create } from 'zustand';
import type { AssistantState, ConfirmRemember } from '../../../shared/contract/assistant';
import { call, errorMessage, onEvent } from '../api/client';
import { syncWorkspaces } from '../features/assistant/workspaceSync';

interface AssistantStore {
  states: Record<string, AssistantState>;
  errors: Record<string, string | undefined>;
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  load(scope: string): Promise<void>;
  send(scope: string, text: string): Promise<boolean>;
  cancel(scope: string): Promise<void>;
  confirm(scope: string, confirmationId: string, approve: boolean, remember?: ConfirmRemember): Promise<void>;
  clear(scope: string): Promise<void>;
  init(): () => void;
}

export const useAssistant = create<AssistantStore>((set, get) => {
  const put = (s: AssistantState) => set((st) => ({ states: { ...st.states, [s.scope]: s } }));
  const fail = (scope: string, e: unknown) => set((st) => ({ errors: { ...st.errors, [scope]: errorMessage(e) } }));
  const ok = (scope: string) => set((st) => ({ errors: { ...st.errors, [scope]: undefined } }));
  return {
    states: {},
    errors: {},
    panelOpen: false,
    setPanelOpen: (panelOpen) => set({ panelOpen }),
    async load(scope) {
      try {
        put(await call('assistant.state', { scope }));
        ok(scope);
      } catch (e) {
        fail(scope, e);
      }
    },
    async send(scope, text) {
      try {
        put(await call('assistant.send', { scope, text }));
        ok(scope);
        return true;
      } catch (e) {
        fail(scope, e);
        return false;
      }
    },
    async cancel(scope) {
      try {
        await call('assistant.cancel', { scope });
      } catch (e) {
        fail(scope, e);
      }
    },
    async confirm(scope, confirmationId, approve, remember) {
      try {
        await call('assistant.confirm', { confirmationId, approve, ...(remember && remember !== 'once' ? { remember } : {}) });
        ok(scope);
      } catch (e) {
        fail(scope, e);
      }
    },
    async clear(scope) {
      try {
        put(await call('assistant.clear', { scope }));
        ok(scope);
      } catch (e) {
        fail(scope, e);
      }
    },
    init() {
      const offs = [
        onEvent('assistant.changed', (s) => {
          const prev = get().states[s.scope];
          put(s);
          syncWorkspaces(prev, s);
        }),
        onEvent('assistant.delta', ({ scope, entryId, delta }) => {
          const s = get().states[scope];
          if (!s) return;
          const entries = s.entries.map((e) => (e.id === entryId && e.kind === 'assistant' ? { ...e, text: e.text + delta } : e));
          put({ ...s, entries });
        }),
        // Provider settings decide whether the chat can be used; refresh every loaded scope.
        onEvent('settings.changed', () => {
          for (const scope of Object.keys(get().states)) void get().load(scope);
        }),
      ];
      return () => offs.forEach((off) => off());
    },
  };
});
