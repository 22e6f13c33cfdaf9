/**
 * The bridge between the sandboxed renderer and the main process. It exposes
 * exactly the contract's channel and event names — nothing else of Electron or
 * Node reaches the page.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type { KallaBridge } from '../shared/bridge';
import { CHANNEL_NAMES, EVENT_NAMES, IPC_EVENT, IPC_INVOKE } from '../shared/contract';

const channels = new Set<string>(CHANNEL_NAMES);
const events = new Set<string>(EVENT_NAMES);

const bridge: KallaBridge = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    if (!channels.has(channel)) return Promise.reject(new Error(`Unknown channel "${channel}".`));
    return ipcRenderer.invoke(IPC_INVOKE, channel, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!events.has(event)) throw new Error(`Unknown event "${event}".`);
    const wrapped = (_e: IpcRendererEvent, name: string, payload: unknown) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(IPC_EVENT, wrapped);
    return () => ipcRenderer.removeListener(IPC_EVENT, wrapped);
  },
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
};

contextBridge.exposeInMainWorld('kalla', bridge);
