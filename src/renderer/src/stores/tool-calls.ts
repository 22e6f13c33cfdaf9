/**
 * The last "try a tool" call per server/tool. Kept outside the component so a
 * result survives tab switches and the server restarting under it (its tool
 * list empties while it restarts, which unmounts the form).
 */
import { create } from 'zustand';
import type { ProgressEvent, ToolCallResult } from '../../../shared/mcp';
import { call, errorMessage, newCallId, onEvent } from '../api/client';

export interface ToolCallState {
  callId?: string;
  progress?: ProgressEvent;
  result?: ToolCallResult;
  failure?: string;
}

interface ToolCallsState {
  byKey: Record<string, ToolCallState>;
  run(server: string, tool: string, args: Record<string, unknown>): Promise<void>;
  cancel(server: string, tool: string): void;
  init(): () => void;
}

export const callKey = (server: string, tool: string) => `${server}\u0000${tool}`;

export const useToolCalls = create<ToolCallsState>((set, get) => ({
  byKey: {},
  async run(server, tool, args) {
    const key = callKey(server, tool);
    const callId = newCallId();
    set((s) => ({ byKey: { ...s.byKey, [key]: { callId } } }));
    let next: ToolCallState;
    try {
      next = { result: await call('servers.callTool', { server, tool, args, callId }) };
    } catch (e) {
      next = { failure: errorMessage(e) };
    }
    set((s) => ({ byKey: { ...s.byKey, [key]: next } }));
  },
  cancel(server, tool) {
    const callId = get().byKey[callKey(server, tool)]?.callId;
    if (callId) void call('servers.cancelCall', { callId });
  },
  init() {
    return onEvent('servers.progress', (p) =>
      set((s) => {
        const entry = Object.entries(s.byKey).find(([, v]) => v.callId === p.callId);
        return entry ? { byKey: { ...s.byKey, [entry[0]]: { ...entry[1], progress: p } } } : {};
      }),
    );
  },
}));
