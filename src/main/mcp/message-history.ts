/**
 * What the MCP Inspector calls history: every JSON-RPC message exchanged with one server, in order,
 * with its raw JSON, so a power user can see exactly what was sent and answered. A ring buffer per
 * server (the newest MAX_ENTRIES), each message's JSON cut at MAX_JSON_CHARS so a 100 MiB result
 * cannot fill memory. Responses carry the time since their request.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { HistoryEntry } from '../../shared/mcp';

export const MAX_ENTRIES = 500;
export const MAX_JSON_CHARS = 20_000;

export class MessageHistory {
  private entries: HistoryEntry[] = [];
  private seq = 0;
  private readonly pending = new Map<string, { at: number; method: string }>();

  constructor(private readonly redact: (text: string) => string = (t) => t) {}

  record(direction: 'sent' | 'received', message: JSONRPCMessage): void {
    const m = message as { id?: string | number; method?: string; error?: { message?: string }; result?: unknown };
    const now = Date.now();
    let kind: HistoryEntry['kind'];
    let method = m.method;
    let durationMs: number | undefined;
    if (m.method !== undefined && m.id !== undefined) {
      kind = 'request';
      this.pending.set(`${direction}:${m.id}`, { at: now, method: m.method });
    } else if (m.method !== undefined) {
      kind = 'notification';
    } else {
      kind = m.error ? 'error' : 'response';
      // A response travels the other way from its request.
      const key = `${direction === 'sent' ? 'received' : 'sent'}:${m.id}`;
      const request = this.pending.get(key);
      if (request) {
        this.pending.delete(key);
        method = request.method;
        durationMs = now - request.at;
      }
    }
    let json = this.redact(JSON.stringify(message));
    const size = json.length;
    if (json.length > MAX_JSON_CHARS) json = `${json.slice(0, MAX_JSON_CHARS)}… (${size.toLocaleString('en')} characters in all)`;
    this.entries.push({
      seq: ++this.seq,
      at: new Date(now).toISOString(),
      direction,
      kind,
      ...(method !== undefined ? { method } : {}),
      ...(m.id !== undefined ? { id: String(m.id) } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
      json,
    });
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    if (this.pending.size > MAX_ENTRIES * 4) this.pending.clear(); // unanswered requests must not pile up
  }

  /** Entries after `afterSeq` (all when omitted), oldest first. */
  list(afterSeq = 0): HistoryEntry[] {
    return this.entries.filter((e) => e.seq > afterSeq);
  }

  clear(): void {
    this.entries = [];
    this.pending.clear();
  }
}

/**
 * Wraps a transport so every message through it is recorded. The SDK's Protocol sets the
 * wrapper's handlers before start(); the inner transport's events are forwarded to whatever
 * handlers the wrapper has at that moment.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    private readonly inner: Transport,
    private readonly history: MessageHistory,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.history.record('received', message);
      this.onmessage?.(message, extra);
    };
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.history.record('sent', message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
