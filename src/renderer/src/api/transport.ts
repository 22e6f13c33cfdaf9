/**
 * How the renderer reaches the main process. In Electron the preload bridge
 * (`window.kalla`); in browser mode a WebSocket to the loopback server, which
 * carries the very same channels and events.
 */
import type { KallaBridge } from '../../../shared/bridge';
import type { Envelope } from '../../../shared/contract';

/** `unauthorised`: browser mode without a session (the tab was not opened from the printed URL). */
export type ConnectionState = 'connecting' | 'open' | 'lost' | 'unauthorised';

export interface Transport {
  invoke(channel: string, input: unknown): Promise<Envelope<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  onState(listener: (state: ConnectionState) => void): () => void;
}

declare global {
  interface Window {
    kalla?: KallaBridge;
  }
}

function electronTransport(bridge: KallaBridge): Transport {
  return {
    invoke: (channel, input) => bridge.invoke(channel, input) as Promise<Envelope<unknown>>,
    on: (event, listener) => bridge.on(event, listener),
    onState: (listener) => {
      listener('open');
      return () => undefined;
    },
  };
}

type Pending = { resolve: (e: Envelope<unknown>) => void };

const SESSION_KEY = 'kalla.session';
/** Must match src/main/web/server.ts (the renderer cannot import main). */
const WS_PROTOCOL = 'kalla.v1';
const SESSION_PROTOCOL_PREFIX = 'kalla.session.';

/**
 * Browser mode's credential. The printed URL carries a launch secret in its
 * fragment (never sent to any server); it is exchanged once per tab for a
 * session token kept in sessionStorage, so reloads keep working and nothing
 * ambient (no cookie) exists that the browser would send to other ports.
 */
async function browserSession(): Promise<string | undefined> {
  const launch = new URLSearchParams(location.hash.slice(1)).get('launch');
  if (launch) {
    // Out of the address bar and history before anything else can read it.
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    try {
      const res = await fetch('/session', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ launch }),
      });
      if (res.ok) {
        const { session } = (await res.json()) as { session: string };
        sessionStorage.setItem(SESSION_KEY, session);
        return session;
      }
    } catch {
      // Fall back to a session this tab already holds.
    }
  }
  return sessionStorage.getItem(SESSION_KEY) ?? undefined;
}

/** A message from the server: a request's answer to its caller, or an event to its listeners. */
function deliver(text: string, pending: Map<number, Pending>, listeners: Map<string, Set<(payload: unknown) => void>>): void {
  const data = JSON.parse(text) as ({ type: 'result'; id: number } & Envelope<unknown>) | { type: 'event'; event: string; payload: unknown };
  if (data.type === 'result') {
    const p = pending.get(data.id);
    pending.delete(data.id);
    p?.resolve(data.ok ? { ok: true, value: data.value } : { ok: false, error: data.error });
  } else if (data.type === 'event') {
    for (const l of listeners.get(data.event) ?? []) l(data.payload);
  }
}

/** The connection is gone: every request still waiting gets a "disconnected" answer. */
function failPending(pending: Map<number, Pending>): void {
  for (const [id, p] of pending) {
    pending.delete(id);
    p.resolve({
      ok: false,
      error: { code: 'disconnected', message: 'Lost the connection to Kalla. Is `kalla web` still running?' },
    });
  }
}

function webSocketTransport(url: string): Transport {
  let socket: WebSocket | undefined;
  let state: ConnectionState = 'connecting';
  let nextId = 1;
  let retryMs = 500;
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const stateListeners = new Set<(s: ConnectionState) => void>();

  const setState = (s: ConnectionState) => {
    state = s;
    for (const l of stateListeners) l(s);
  };

  let session: string | undefined;
  const connect = () => {
    if (!session) return setState('unauthorised');
    socket = new WebSocket(url, [WS_PROTOCOL, `${SESSION_PROTOCOL_PREFIX}${session}`]);
    socket.onopen = () => {
      retryMs = 500;
      setState('open');
      for (const m of queue.splice(0)) socket!.send(m);
    };
    socket.onmessage = (msg) => deliver(String(msg.data), pending, listeners);
    socket.onclose = () => {
      setState('lost');
      failPending(pending);
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 10_000);
    };
  };
  // Opening the printed URL in a tab already on this origin only changes the fragment: start over with it.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(location.hash.slice(1)).has('launch')) location.reload();
  });
  void browserSession()
    .then((s) => {
      session = s;
      connect();
    })
    .catch(() => setState('unauthorised'));

  return {
    invoke(channel, input) {
      const id = nextId++;
      const message = JSON.stringify({ id, channel, input });
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        if (state === 'open' && socket?.readyState === WebSocket.OPEN) socket.send(message);
        else queue.push(message);
      });
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return () => listeners.get(event)?.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
  };
}

let current: Transport | undefined;

export function transport(): Transport {
  if (!current) {
    current = window.kalla
      ? electronTransport(window.kalla)
      : webSocketTransport(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  }
  return current;
}

