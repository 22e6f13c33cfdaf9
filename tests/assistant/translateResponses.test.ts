import { describe, expect, it } from 'vitest';
import type Anthropic from '@anthropic-ai/sdk';
import { AnthropicStreamAccumulator } from '../../src/main/assistant/translate/anthropic';
import { fromOpenAIResponse, fromOpenAIToolCall } from '../../src/main/assistant/translate/openai';
import { fromGeminiResponse, geminiCallId, nextGeminiTurnIndex } from '../../src/main/assistant/translate/gemini';
import { anthropicStreamEvents } from '../fixtures/fake-providers/anthropic';
import { RECON_ARGS, conversation } from './conversation';

function accumulate(events: Array<{ data: unknown }>): { acc: AnthropicStreamAccumulator; deltas: string[] } {
  const acc = new AnthropicStreamAccumulator();
  const deltas: string[] = [];
  for (const e of events) {
    const d = acc.push(e.data as Anthropic.RawMessageStreamEvent);
    if (d !== undefined) deltas.push(d);
  }
  return { acc, deltas };
}

describe('Anthropic stream → ToolCall', () => {
  it('reassembles text deltas and input_json_delta fragments into a turn', () => {
    const { acc, deltas } = accumulate(
      anthropicStreamEvents({
        chunk: 3,
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool_use', id: 'toolu_01', name: 'recon__run_reconciliation', input: RECON_ARGS },
          { type: 'tool_use', id: 'toolu_02', name: 'files__ping', input: {} },
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: 321, output_tokens: 54 },
      }),
    );
    expect(deltas).toEqual(['Let', ' me', ' ch', 'eck', '.']);
    expect(acc.complete).toBe(true);
    expect(acc.result()).toEqual({
      text: 'Let me check.',
      toolCalls: [
        { id: 'toolu_01', name: 'recon__run_reconciliation', arguments: RECON_ARGS },
        { id: 'toolu_02', name: 'files__ping', arguments: {} },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 321, outputTokens: 54 },
    });
  });

  it('reports tool input that is not valid JSON instead of dropping it', () => {
    const { acc } = accumulate(
      anthropicStreamEvents({
        content: [{ type: 'tool_use_raw', id: 'toolu_03', name: 'files__ping', json: '{"a": tru' }],
        stop_reason: 'tool_use',
      }),
    );
    const [call] = acc.result().toolCalls;
    expect(call.id).toBe('toolu_03');
    expect(call.arguments).toEqual({});
    expect(call.argumentsError?.raw).toBe('{"a": tru');
    expect(call.argumentsError?.message).toMatch(/^tool input is not valid JSON: /);
  });

  it('is incomplete until message_stop arrives', () => {
    const events = anthropicStreamEvents({ content: [{ type: 'text', text: 'cut' }], stop_reason: 'end_turn' });
    const { acc } = accumulate(events.slice(0, -1));
    expect(acc.complete).toBe(false);
  });
});

describe('OpenAI response → ToolCall', () => {
  const response = (message: unknown, finish_reason = 'tool_calls') => ({
    choices: [{ index: 0, message, finish_reason }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });

  it('parses JSON-string arguments', () => {
    expect(
      fromOpenAIResponse(
        response({
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'recon__run_reconciliation', arguments: JSON.stringify(RECON_ARGS) } }],
        }),
      ),
    ).toEqual({
      text: '',
      toolCalls: [{ id: 'call_a', name: 'recon__run_reconciliation', arguments: RECON_ARGS }],
      stopReason: 'tool_use',
      usage: { inputTokens: 100, outputTokens: 20 },
    });
  });

  it('reports invalid JSON and non-object JSON with the raw text', () => {
    expect(fromOpenAIToolCall({ id: 'c1', function: { name: 'n', arguments: '{"path": "a.csv"' } }, 0)).toEqual({
      id: 'c1',
      name: 'n',
      arguments: {},
      argumentsError: { raw: '{"path": "a.csv"', message: expect.stringMatching(/^arguments are not valid JSON: /) },
    });
    expect(fromOpenAIToolCall({ id: 'c2', function: { name: 'n', arguments: '["a.csv"]' } }, 0)).toEqual({
      id: 'c2',
      name: 'n',
      arguments: {},
      argumentsError: { raw: '["a.csv"]', message: 'arguments are not a JSON object' },
    });
  });

  it('accepts object arguments and empty strings from compatible servers, and fills a missing id', () => {
    expect(fromOpenAIToolCall({ id: 'c3', function: { name: 'n', arguments: { q: 1 } } }, 0)).toEqual({ id: 'c3', name: 'n', arguments: { q: 1 } });
    expect(fromOpenAIToolCall({ function: { name: 'n', arguments: '' } }, 4)).toEqual({ id: 'call_4', name: 'n', arguments: {} });
  });

  it('maps finish reasons and text', () => {
    expect(fromOpenAIResponse(response({ role: 'assistant', content: 'Done.' }, 'stop'))).toEqual({
      text: 'Done.',
      toolCalls: [],
      stopReason: 'end_turn',
      usage: { inputTokens: 100, outputTokens: 20 },
    });
    expect(fromOpenAIResponse(response({ role: 'assistant', content: 'Trunc' }, 'length')).stopReason).toBe('max_tokens');
    expect(() => fromOpenAIResponse({ choices: [] })).toThrow('response has no choices[0].message');
  });
});

describe('Gemini response → ToolCall', () => {
  it('derives stable ids from turn index, part index and name; skips thoughts; keeps signatures', () => {
    const body = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'planning…', thought: true },
              { text: 'Checking both files.' },
              { functionCall: { name: 'recon__run_reconciliation', args: RECON_ARGS }, thoughtSignature: 'sig-1' },
              { functionCall: { name: 'files__ping' } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 10, thoughtsTokenCount: 5 },
    };
    const expected = {
      text: 'Checking both files.',
      toolCalls: [
        { id: 'gemini_2_2_recon__run_reconciliation', name: 'recon__run_reconciliation', arguments: RECON_ARGS, thoughtSignature: 'sig-1' },
        { id: 'gemini_2_3_files__ping', name: 'files__ping', arguments: {} },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 50, outputTokens: 15 },
    };
    expect(fromGeminiResponse(body, 2)).toEqual(expected);
    // Deterministic: the same response parses to the same ids.
    expect(fromGeminiResponse(body, 2)).toEqual(expected);
    expect(geminiCallId(2, 3, 'files__ping')).toBe('gemini_2_3_files__ping');
  });

  it('uses the id Gemini sends when it sends one', () => {
    const body = { candidates: [{ content: { parts: [{ functionCall: { id: 'fc-9', name: 'files__ping', args: {} } }] }, finishReason: 'STOP' }] };
    expect(fromGeminiResponse(body, 0).toolCalls).toEqual([{ id: 'fc-9', name: 'files__ping', arguments: {} }]);
  });

  it('counts the next turn index from assistant messages in the history', () => {
    expect(nextGeminiTurnIndex([])).toBe(0);
    expect(nextGeminiTurnIndex(conversation)).toBe(2);
  });

  it('maps a blocked prompt to refusal and safety stops to refusal', () => {
    expect(fromGeminiResponse({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 7 } }, 0)).toEqual({
      text: '',
      toolCalls: [],
      stopReason: 'refusal',
      usage: { inputTokens: 7, outputTokens: 0 },
    });
    expect(fromGeminiResponse({ candidates: [{ content: { parts: [] }, finishReason: 'SAFETY' }] }, 0).stopReason).toBe('refusal');
    expect(fromGeminiResponse({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: 'MAX_TOKENS' }] }, 0).stopReason).toBe(
      'max_tokens',
    );
    expect(() => fromGeminiResponse({}, 0)).toThrow('response has no candidates');
  });
});
