/**
 * Servers workspace state: the live server list (pushed by status events),
 * per-server tool/resource/prompt caches and log tails.
 */
import { create } from 'zustand';
import type { ConfigProblem, LogLine, PromptInfo, ResourceInfo, ServerView, ToolInfo } from '../../../shared/mcp';
import { call, onEvent } from '../api/client';

const LOG_TAIL = 1000;

interface Lists {
  tools: ToolInfo[];
  resources: ResourceInfo[];
  prompts: PromptInfo[];
}

interface ServersState {
  loaded: boolean;
  servers: Record<string, ServerView>;
  order: string[];
  problems: ConfigProblem[];
  configPath: string;
  selected?: string;
  lists: Record<string, Lists>;
  logs: Record<string, LogLine[]>;
  select(name: string | undefined): void;
  refresh(): Promise<void>;
  loadLists(name: string): Promise<void>;
  loadLogs(name: string): Promise<void>;
  init(): () => void;
}

const upsert = (state: ServersState, server: ServerView): Partial<ServersState> => ({
  servers: { ...state.servers, [server.name]: server },
  order: state.order.includes(server.name) ? state.order : [...state.order, server.name],
});

export const useServers = create<ServersState>((set, get) => ({
  loaded: false,
  servers: {},
  order: [],
  problems: [],
  configPath: '',
  lists: {},
  logs: {},
  select(name) {
    set({ selected: name });
    if (name) {
      void get().loadLists(name);
      void get().loadLogs(name);
    }
  },
  async refresh() {
    const { servers, problems, configPath } = await call('servers.list', {});
    const map: Record<string, ServerView> = {};
    for (const s of servers) map[s.name] = s;
    const selected = get().selected;
    set({
      loaded: true,
      servers: map,
      order: servers.map((s) => s.name),
      problems,
      configPath,
      selected: selected && map[selected] ? selected : servers[0]?.name,
    });
    const now = get().selected;
    if (now) {
      void get().loadLists(now);
      void get().loadLogs(now);
    }
  },
  async loadLists(name) {
    const [t, r, p] = await Promise.all([
      call('servers.tools', { name }),
      call('servers.resources', { name }),
      call('servers.prompts', { name }),
    ]);
    set((s) => ({ lists: { ...s.lists, [name]: { tools: t.tools, resources: r.resources, prompts: p.prompts } } }));
  },
  async loadLogs(name) {
    const { lines } = await call('servers.logs', { name, limit: LOG_TAIL });
    set((s) => ({ logs: { ...s.logs, [name]: lines } }));
  },
  init() {
    const offs = [
      onEvent('servers.status', (server) => {
        set((s) => upsert(s, server));
        if (server.status === 'running' && get().selected === server.name) void get().loadLists(server.name);
      }),
      onEvent('servers.log', (line) =>
        set((s) => {
          const prev = s.logs[line.server] ?? [];
          const next = prev.length >= LOG_TAIL ? [...prev.slice(prev.length - LOG_TAIL + 1), line] : [...prev, line];
          return { logs: { ...s.logs, [line.server]: next } };
        }),
      ),
      onEvent('servers.lists', ({ server }) => void get().loadLists(server)),
      onEvent('servers.removed', ({ server }) =>
        set((s) => {
          const servers = { ...s.servers };
          delete servers[server];
          const order = s.order.filter((n) => n !== server);
          return { servers, order, selected: s.selected === server ? order[0] : s.selected };
        }),
      ),
      onEvent('servers.config', ({ problems }) => {
        set({ problems });
        void get().refresh();
      }),
    ];
    void get().refresh();
    return () => offs.forEach((off) => off());
  },
}));

