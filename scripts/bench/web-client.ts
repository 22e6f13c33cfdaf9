/**
 * The benches' browser-mode client: what the page does on load, over plain HTTP and a WebSocket —
 * wait for `kalla web --json` to print its URL, trade the launch secret for a session token, open the
 * WebSocket with it, and call IPC channels (`rpc`). One copy for bench:web-rss and bench:wide-app.
 */
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import WebSocket from 'ws';

/** The URL `kalla web --json` prints on its first JSON line. */
export function serverUrl(child: ChildProcess): Promise<URL> {
  return new Promise<URL>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('kalla web did not start in 60 s')), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((x) => x.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        ok(new URL((JSON.parse(line) as { url: string }).url));
      }
    });
  });
}

export interface WebClient {
  ws: WebSocket;
  rpc<T>(channel: string, input: unknown): Promise<T>;
}

/** A session for `base` (the launch secret from its fragment) and a WebSocket speaking the IPC contract. */
export async function connect(base: URL): Promise<WebClient> {
  const origin = `http://${base.host}`;
  const launch = new URLSearchParams(base.hash.slice(1)).get('launch');
  const session = await new Promise<string>((ok, fail) => {
    const req = request(`${origin}/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => ok((JSON.parse(text) as { session: string }).session));
    });
    req.on('error', fail);
    req.end(JSON.stringify({ launch }));
  });
  const ws = await new Promise<WebSocket>((ok, fail) => {
    const s = new WebSocket(`ws://${base.host}/ws`, ['kalla.v1', `kalla.session.${session}`], { headers: { origin } });
    s.once('open', () => ok(s));
    s.once('error', fail);
  });
  type Reply = { ok: boolean; value?: unknown; error?: { message: string } };
  let nextId = 1;
  const pending = new Map<number, (m: Reply) => void>();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as Reply & { type: string; id: number };
    if (msg.type === 'result') pending.get(msg.id)?.(msg);
  });
  return {
    ws,
    async rpc<T>(channel: string, input: unknown): Promise<T> {
      const id = nextId++;
      const msg = await new Promise<Reply>((ok) => {
        pending.set(id, ok);
        ws.send(JSON.stringify({ id, channel, input }));
      });
      pending.delete(id);
      if (!msg.ok) throw new Error(`${channel}: ${msg.error?.message}`);
      return msg.value as T;
    },
  };
}
