import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { call } from '../api/client';
import { transport, type ConnectionState } from '../api/transport';
import { useDisplay } from './display';

export const VIEWS = [
  { id: 'reconcile', label: 'Reconcile', key: '1' },
  { id: 'lineage', label: 'Lineage', key: '2' },
  { id: 'servers', label: 'Servers', key: '3' },
  { id: 'assistant', label: 'Assistant', key: '4' },
  { id: 'settings', label: 'Settings', key: '5' },
] as const;
export type ViewId = (typeof VIEWS)[number]['id'];

interface AppState {
  view: ViewId;
  info?: AppInfo;
  aboutOpen: boolean;
  connection: ConnectionState;
  setView(view: ViewId): void;
  setAboutOpen(open: boolean): void;
  init(): () => void;
}

/** Launch on the workspace shown last (Servers the very first time). */
const firstView = (): ViewId => VIEWS.find((v) => v.id === useDisplay.getState().lastView)?.id ?? 'servers';

export const useApp = create<AppState>((set) => ({
  view: firstView(),
  aboutOpen: false,
  connection: 'connecting',
  setView: (view) => {
    useDisplay.getState().rememberView(view);
    set({ view });
  },
  setAboutOpen: (aboutOpen) => set({ aboutOpen }),
  init() {
    const off = transport().onState((connection) => {
      set({ connection });
      if (connection === 'open') void call('app.info', {}).then((info) => set({ info }));
    });
    return off;
  },
}));
