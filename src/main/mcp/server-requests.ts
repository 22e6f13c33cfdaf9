/**
 * The servers' requests to the user: elicitation (a form or a web page) and sampling (the user's
 * model), with the per-server sampling policy saved in `<dataDir>/mcp-sampling.json`. Owns the
 * dialogs waiting for an answer (the broker) and the sampler; McpHost hands each connection the
 * `forServer(name)` answers and forwards the events.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode, McpError, type CreateMessageRequest, type CreateMessageResult, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ClientAnswer, ClientRequest, SamplingPolicy } from '../../shared/mcp';
import { UserError } from '../errors';
import { writeFileAtomic } from '../base/atomic-write';
import { ClientRequestBroker } from './client-requests';
import { elicitationProblem } from './elicitation';

/** Sends a server's sampling request to the model the user configured (the Assistant's provider). */
export interface Sampler {
  /** The model that would answer, or null when no provider is configured. */
  model(): Promise<string | null>;
  complete(request: { system: string; messages: Array<{ role: 'user' | 'assistant'; text: string }>; maxTokens: number; signal: AbortSignal }): Promise<{ text: string; model: string; stopReason: string }>;
}

export interface ServerRequestEvents {
  /** A dialog opened (every window shows it). */
  added(request: ClientRequest): void;
  /** A dialog was answered, withdrawn or timed out. */
  settled(id: string): void;
  /** A server's sampling policy changed (its view shows it). */
  policyChanged(server: string): void;
  /** A line for the server's log. */
  log(server: string, text: string): void;
}

/** The answers a connection gives its server's requests. */
export interface ServerRequestAnswers {
  elicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  sample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
}

const SAMPLING_FILE = 'mcp-sampling.json';
/** Upper bound on what a server may ask the user's model for in one sampling request. */
const MAX_SAMPLING_TOKENS = 4096;

export class ServerRequests {
  private readonly broker: ClientRequestBroker;
  private sampler?: Sampler;
  private policies: Record<string, SamplingPolicy> = {};

  constructor(
    private readonly dataDir: string,
    private readonly events: ServerRequestEvents,
    answerTimeoutMs?: number,
  ) {
    this.broker = new ClientRequestBroker({ added: (request) => events.added(request), settled: (id) => events.settled(id) }, answerTimeoutMs);
  }

  /** Reads the saved sampling policies. */
  async load(): Promise<void> {
    this.policies = await readSamplingPolicies(join(this.dataDir, SAMPLING_FILE));
  }

  /** The model the user configured, for sampling requests (set once the Assistant exists). */
  setSampler(sampler: Sampler): void {
    this.sampler = sampler;
  }

  forServer(server: string): ServerRequestAnswers {
    return { elicit: (params, signal) => this.elicit(server, params, signal), sample: (params, signal) => this.sample(server, params, signal) };
  }

  /** Questions from servers waiting for the user (a window that opens late shows them too). */
  pending(): ClientRequest[] {
    return this.broker.pending();
  }

  /**
   * The user's answer to a server's question. A form answer is checked against the schema the server
   * asked with first: a wrong one throws (the dialog stays open and says why) and never reaches the server.
   */
  answer(id: string, answer: ClientAnswer): void {
    const request = this.broker.pending().find((r) => r.id === id);
    if (!request) throw new UserError('This request was already answered, withdrawn by the server, or timed out.', 'not_found');
    if (request.kind === 'elicitForm' && answer.action === 'accept') {
      const problem = elicitationProblem(request.requestedSchema, answer.content ?? {});
      if (problem) throw new UserError(`The answer does not fit what ${request.server} asked for: ${problem}.`, 'invalid_input');
    }
    this.broker.answer(id, answer);
  }

  policy(server: string): SamplingPolicy {
    return this.policies[server] ?? 'ask';
  }

  /** Saved in `<dataDir>/mcp-sampling.json`; "ask" is the default and is not stored. */
  async setPolicy(server: string, policy: SamplingPolicy): Promise<void> {
    const next = { ...this.policies };
    if (policy === 'ask') delete next[server];
    else next[server] = policy;
    await writeFileAtomic(join(this.dataDir, SAMPLING_FILE), `${JSON.stringify(next, null, 2)}\n`);
    this.policies = next;
    this.events.policyChanged(server);
  }

  private async elicit(server: string, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult> {
    if (params.mode === 'url') {
      // Only web addresses: a javascript: or file: URL from a server is never offered to the user.
      if (!/^https?:\/\//i.test(params.url)) {
        this.events.log(server, `declined an elicitation with a URL that is not http(s): ${params.url.slice(0, 200)}`);
        return { action: 'decline' };
      }
      const a = await this.broker.ask({ server, kind: 'elicitUrl', message: params.message, url: params.url }, signal);
      return { action: a.action };
    }
    const a = await this.broker.ask({ server, kind: 'elicitForm', message: params.message, requestedSchema: params.requestedSchema as Record<string, unknown> }, signal);
    if (a.action !== 'accept') return { action: a.action };
    return { action: 'accept', content: (a.content ?? {}) as ElicitResult['content'] };
  }

  private async sample(server: string, params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult> {
    const refuse = (text: string) => new McpError(ErrorCode.InvalidRequest, text);
    const policy = this.policy(server);
    if (policy === 'never') throw refuse(`Kalla's user does not let ${server} use their model (sampling is set to "never" for this server).`);
    const model = this.sampler ? await this.sampler.model() : null;
    if (!this.sampler || !model) throw refuse('No model is configured in Kalla (Settings → Assistant), so it cannot answer sampling requests.');
    const messages = params.messages.map((m) => ({ role: m.role, text: samplingText(m.content) }));
    const maxTokens = Math.min(params.maxTokens, MAX_SAMPLING_TOKENS);
    if (policy === 'ask') {
      const a = await this.broker.ask(
        { server, kind: 'sampling', messages, ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}), ...(params.modelPreferences ? { modelPreferences: params.modelPreferences as Record<string, unknown> } : {}), maxTokens, model },
        signal,
      );
      if (a.action !== 'accept') throw refuse('The user declined to send this request to their model.');
    }
    const answer = await this.sampler.complete({ system: params.systemPrompt ?? '', messages, maxTokens, signal });
    let text = answer.text;
    if (policy === 'ask') {
      const r = await this.broker.ask({ server, kind: 'samplingReview', text: answer.text, model: answer.model }, signal);
      if (r.action !== 'accept') throw refuse("The user did not send the model's answer back.");
      text = r.text ?? answer.text;
    }
    return { role: 'assistant', content: { type: 'text', text }, model: answer.model, stopReason: answer.stopReason };
  }
}

/** Sampling messages as text for the provider: text as is, other content named. */
function samplingText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((b) => {
      const block = b as { type?: string; text?: string };
      return block.type === 'text' ? (block.text ?? '') : `[${block.type ?? 'content'} not sent: Kalla passes text only]`;
    })
    .join('\n');
}

/** Unreadable or unknown entries fall back to "ask": the safe answer. */
async function readSamplingPolicies(path: string): Promise<Record<string, SamplingPolicy>> {
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, SamplingPolicy] => e[1] === 'always' || e[1] === 'never'));
  } catch {
    return {};
  }
}
