/**
 * One structured call to Claude: the answer is forced through a tool whose
 * input_schema is the JSON schema of the expected output (JSON in a text or
 * fenced block is accepted too), validated with zod, with one corrective retry
 * that tells the model what was wrong (seed 000).
 *
 * The SDK runs with maxRetries 0: auto mode has a local fallback, so waiting out
 * 429/529 back-offs would only delay an answer the user can have now.
 */
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ReconServerConfig } from '../../config';

export type LlmFailureKind = 'no_key' | 'timeout' | 'rate_limited' | 'overloaded' | 'http' | 'network' | 'invalid_output';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface StructuredCall<T> {
  system: string;
  user: string;
  toolName: string;
  toolDescription: string;
  schema: z.ZodType<T>;
}

type MessageParam = Anthropic.MessageParam;
type ContentBlock = Anthropic.ContentBlock;

/** JSON from a text answer: raw, fenced (```json … ```), or the outermost {...}. */
export function parseJsonText(text: string): unknown {
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)\n?```/.exec(text);
  const candidates = [fenced?.[1], text, text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)];
  for (const c of candidates) {
    if (!c || !c.trim()) continue;
    try {
      return JSON.parse(c.trim());
    } catch {
      // try the next shape
    }
  }
  throw new Error(`the answer is not JSON: ${text.slice(0, 120)}`);
}

function extractPayload(content: ContentBlock[], toolName: string): { payload: unknown; toolUseId?: string } {
  const toolUse = content.find((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use' && b.name === toolName);
  if (toolUse) return { payload: toolUse.input, toolUseId: toolUse.id };
  const text = content
    .filter((b): b is Anthropic.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n');
  if (!text.trim()) throw new Error(`no ${toolName} tool call and no text in the answer`);
  return { payload: parseJsonText(text) };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function classify(error: unknown, timedOut: boolean): LlmError {
  if (error instanceof LlmError) return error;
  if (timedOut || error instanceof Anthropic.APIUserAbortError || error instanceof Anthropic.APIConnectionTimeoutError) {
    return new LlmError('timeout', 'Claude did not answer in time');
  }
  if (error instanceof Anthropic.APIError && error.status !== undefined) {
    if (error.status === 429) return new LlmError('rate_limited', 'Claude API rate limit reached (HTTP 429)');
    if (error.status === 529) return new LlmError('overloaded', 'Claude API is overloaded (HTTP 529)');
    if (error.status === 401) return new LlmError('http', 'Claude API rejected the key (HTTP 401): check ANTHROPIC_API_KEY');
    return new LlmError('http', `Claude API error (HTTP ${error.status}): ${error.message.slice(0, 200)}`);
  }
  if (error instanceof Anthropic.APIConnectionError) return new LlmError('network', `cannot reach the Claude API: ${error.message}`);
  return new LlmError('http', error instanceof Error ? error.message : String(error));
}

export class ClaudeStructuredClient {
  private readonly client: Anthropic;

  constructor(private readonly config: ReconServerConfig) {
    if (!config.apiKey) throw new LlmError('no_key', 'ANTHROPIC_API_KEY is not set');
    this.client = new Anthropic({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      maxRetries: 0,
      timeout: config.timeoutMs,
    });
  }

  /** Ask, validate, correct once; the whole exchange shares one deadline. */
  async call<T>(req: StructuredCall<T>): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.config.timeoutMs);
    try {
      // The API wants a plain object schema: drop the "$schema" dialect marker zod adds.
      const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(req.schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
      const tool: Anthropic.Tool = {
        name: req.toolName,
        description: req.toolDescription,
        input_schema: inputSchema as Anthropic.Tool.InputSchema,
      };
      const send = (messages: MessageParam[]) =>
        this.client.messages.create(
          {
            model: this.config.model,
            max_tokens: 4096,
            system: req.system,
            messages,
            tools: [tool],
            tool_choice: { type: 'tool', name: req.toolName },
          },
          { signal: controller.signal },
        );

      const messages: MessageParam[] = [{ role: 'user', content: req.user }];
      const first = await send(messages);
      let problem: string;
      let toolUseId: string | undefined;
      try {
        const extracted = extractPayload(first.content, req.toolName);
        toolUseId = extracted.toolUseId;
        const parsed = req.schema.safeParse(extracted.payload);
        if (parsed.success) return parsed.data;
        problem = `the answer does not match the required schema: ${describeIssues(parsed.error)}`;
      } catch (e) {
        problem = e instanceof Error ? e.message : String(e);
      }

      const correction = `Your previous answer had a problem: ${problem}. Call the ${req.toolName} tool again with input that matches its input_schema exactly. Use only column names from the schemas given.`;
      const retryMessages: MessageParam[] = [
        ...messages,
        { role: 'assistant', content: first.content as Anthropic.ContentBlockParam[] },
        toolUseId
          ? { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUseId, content: correction, is_error: true }] }
          : { role: 'user', content: correction },
      ];
      const second = await send(retryMessages);
      let secondProblem: string;
      try {
        const parsed = req.schema.safeParse(extractPayload(second.content, req.toolName).payload);
        if (parsed.success) return parsed.data;
        secondProblem = describeIssues(parsed.error);
      } catch (e) {
        secondProblem = e instanceof Error ? e.message : String(e);
      }
      throw new LlmError('invalid_output', `Claude's answer was invalid twice (${secondProblem})`);
    } catch (error) {
      throw classify(error, timedOut);
    } finally {
      clearTimeout(timer);
    }
  }
}
