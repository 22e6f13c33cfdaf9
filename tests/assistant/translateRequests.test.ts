import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/assistant';
import { buildToolSpecs } from '../../src/main/assistant/translate/toolSpecs';
import { toAnthropicRequest, toAnthropicTool } from '../../src/main/assistant/translate/anthropic';
import { toOpenAIRequest, toOpenAITool } from '../../src/main/assistant/translate/openai';
import { toGeminiRequest, toGeminiTools } from '../../src/main/assistant/translate/gemini';
import { toGeminiSchema } from '../../src/main/assistant/translate/geminiSchema';
import { invalidArgumentsResult } from '../../src/main/assistant/toolCallErrors';
import { exportReport, ping, runReconciliation } from './fixtures';
import { RECON_ARGS, SYSTEM, conversation } from './conversation';
import { findNonGeminiKeys } from './forbiddenKeys';

const { specs, names } = buildToolSpecs([
  { server: 'recon', tools: [runReconciliation, exportReport] },
  { server: 'files', tools: [ping] },
]);

describe('buildToolSpecs', () => {
  it('namespaces tools per server and keeps descriptions and schemas', () => {
    expect(specs).toEqual([
      {
        name: 'recon__run_reconciliation',
        description: 'Match rows of two CSV sources using the given rules.',
        inputSchema: runReconciliation.inputSchema,
      },
      { name: 'recon__export_report_79d2f842', description: 'Export the current result.', inputSchema: exportReport.inputSchema },
      { name: 'files__ping', description: 'Check the server is alive.', inputSchema: { type: 'object' } },
    ]);
    expect(names.resolve('recon__export_report_79d2f842')).toEqual({ server: 'recon', tool: 'export.report' });
  });

  it('falls back to the title, then to an empty description, and adds a missing object type', () => {
    const built = buildToolSpecs([
      {
        server: 's',
        tools: [
          { name: 'a', title: 'Title A', inputSchema: { properties: { q: { type: 'string' } } } },
          { name: 'b', inputSchema: { type: 'object' } },
        ],
      },
    ]);
    expect(built.specs).toEqual([
      { name: 's__a', description: 'Title A', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 's__b', description: '', inputSchema: { type: 'object' } },
    ]);
  });
});

describe('tool translation (golden)', () => {
  it('Anthropic: {name, description, input_schema} with the schema unchanged', () => {
    expect(specs.map(toAnthropicTool)).toEqual([
      {
        name: 'recon__run_reconciliation',
        description: 'Match rows of two CSV sources using the given rules.',
        input_schema: runReconciliation.inputSchema,
      },
      { name: 'recon__export_report_79d2f842', description: 'Export the current result.', input_schema: exportReport.inputSchema },
      { name: 'files__ping', description: 'Check the server is alive.', input_schema: { type: 'object' } },
    ]);
  });

  it('OpenAI: function tools, strict:false, properties added to a bare object schema', () => {
    expect(specs.map(toOpenAITool)).toEqual([
      {
        type: 'function',
        function: {
          name: 'recon__run_reconciliation',
          description: 'Match rows of two CSV sources using the given rules.',
          parameters: runReconciliation.inputSchema,
          strict: false,
        },
      },
      {
        type: 'function',
        function: {
          name: 'recon__export_report_79d2f842',
          description: 'Export the current result.',
          parameters: exportReport.inputSchema,
          strict: false,
        },
      },
      {
        type: 'function',
        function: { name: 'files__ping', description: 'Check the server is alive.', parameters: { type: 'object', properties: {} }, strict: false },
      },
    ]);
  });

  it('Gemini: one functionDeclarations entry, cleaned schemas, no parameters for a tool without any', () => {
    const tools = toGeminiTools(specs);
    expect(tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'recon__run_reconciliation',
            description: 'Match rows of two CSV sources using the given rules.',
            parameters: toGeminiSchema(runReconciliation.inputSchema), // golden-tested in geminiSchema.test.ts
          },
          {
            name: 'recon__export_report_79d2f842',
            description: 'Export the current result.',
            parameters: toGeminiSchema(exportReport.inputSchema),
          },
          { name: 'files__ping', description: 'Check the server is alive.' },
        ],
      },
    ]);
    expect(findNonGeminiKeys(tools[0].functionDeclarations.map((d) => d.parameters ?? {}))).toEqual([]);
    expect(toGeminiTools([])).toEqual([]);
  });
});

describe('conversation translation (golden)', () => {
  it('Anthropic: system on top, tool_use blocks, tool_result blocks with is_error merged with the next user text', () => {
    expect(
      toAnthropicRequest({ model: 'claude-x', maxTokens: 1024, system: SYSTEM, messages: conversation, tools: specs.slice(2) }),
    ).toEqual({
      model: 'claude-x',
      max_tokens: 1024,
      stream: true,
      system: SYSTEM,
      tools: [{ name: 'files__ping', description: 'Check the server is alive.', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Reconcile bank.csv against ledger.csv' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Running it.' },
            { type: 'tool_use', id: 'call_1', name: 'recon__run_reconciliation', input: RECON_ARGS },
            { type: 'tool_use', id: 'call_2', name: 'files__ping', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: '{"matched":41,"unmatched":2}', is_error: false },
            { type: 'tool_result', tool_use_id: 'call_2', content: 'server not running', is_error: true },
            { type: 'text', text: 'Export it' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_3', name: 'recon__export_report_79d2f842', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_3', content: 'bad arguments', is_error: true }] },
      ],
    });
  });

  it('Anthropic: no system or tools keys when there are none', () => {
    expect(toAnthropicRequest({ model: 'm', maxTokens: 1, system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] })).toEqual({
      model: 'm',
      max_tokens: 1,
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
  });

  it('OpenAI: system message first, JSON-string arguments (raw when unreadable), role:tool results', () => {
    expect(toOpenAIRequest({ model: 'gpt-x', system: SYSTEM, messages: conversation, tools: specs.slice(2), maxTokens: 500 })).toEqual({
      model: 'gpt-x',
      stream: false,
      max_tokens: 500,
      tool_choice: 'auto',
      tools: [
        {
          type: 'function',
          function: { name: 'files__ping', description: 'Check the server is alive.', parameters: { type: 'object', properties: {} }, strict: false },
        },
      ],
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Reconcile bank.csv against ledger.csv' },
        {
          role: 'assistant',
          content: 'Running it.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'recon__run_reconciliation', arguments: JSON.stringify(RECON_ARGS) } },
            { id: 'call_2', type: 'function', function: { name: 'files__ping', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"matched":41,"unmatched":2}' },
        { role: 'tool', tool_call_id: 'call_2', content: 'Error: server not running' },
        { role: 'user', content: 'Export it' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'recon__export_report_79d2f842', arguments: '{"target":' } }],
        },
        { role: 'tool', tool_call_id: 'call_3', content: 'Error: bad arguments' },
      ],
    });
  });

  it('OpenAI: an empty assistant turn is left out (content is required without tool_calls)', () => {
    const messages: ChatMessage[] = [
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: '', toolCalls: [] },
      { role: 'user', text: 'hello?' },
    ];
    expect(toOpenAIRequest({ model: 'm', system: '', messages, tools: [] }).messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'hello?' },
    ]);
  });

  it('OpenAI: no tools key when there are no tools (an empty array is rejected)', () => {
    expect(toOpenAIRequest({ model: 'm', system: '', messages: [{ role: 'user', text: 'hi' }], tools: [] })).toEqual({
      model: 'm',
      stream: false,
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('Gemini: systemInstruction, model role, functionCall/functionResponse parts, merged user turns', () => {
    const withSignature = conversation.map((m, i) =>
      i === 1 && m.role === 'assistant'
        ? { ...m, toolCalls: m.toolCalls.map((c, j) => (j === 0 ? { ...c, thoughtSignature: 'sig-abc' } : c)) }
        : m,
    );
    expect(toGeminiRequest({ system: SYSTEM, messages: withSignature, tools: specs.slice(2), maxTokens: 256 })).toEqual({
      systemInstruction: { parts: [{ text: SYSTEM }] },
      generationConfig: { maxOutputTokens: 256 },
      tools: [{ functionDeclarations: [{ name: 'files__ping', description: 'Check the server is alive.' }] }],
      contents: [
        { role: 'user', parts: [{ text: 'Reconcile bank.csv against ledger.csv' }] },
        {
          role: 'model',
          parts: [
            { text: 'Running it.' },
            { functionCall: { name: 'recon__run_reconciliation', args: RECON_ARGS }, thoughtSignature: 'sig-abc' },
            { functionCall: { name: 'files__ping', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'recon__run_reconciliation', response: { output: '{"matched":41,"unmatched":2}' } } },
            { functionResponse: { name: 'files__ping', response: { error: 'server not running' } } },
            { text: 'Export it' },
          ],
        },
        { role: 'model', parts: [{ functionCall: { name: 'recon__export_report_79d2f842', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'recon__export_report_79d2f842', response: { error: 'bad arguments' } } }],
        },
      ],
    });
  });
});

describe('invalidArgumentsResult', () => {
  it('turns a call with unreadable arguments into an error result for the model', () => {
    const call = conversation[4].role === 'assistant' ? conversation[4].toolCalls[0] : undefined;
    expect(invalidArgumentsResult(call!)).toEqual({
      callId: 'call_3',
      name: 'recon__export_report_79d2f842',
      isError: true,
      outcome: 'invalid',
      content:
        'The tool was not run: arguments are not valid JSON: Unexpected end of JSON input. Arguments received: {"target":. ' +
        'Call the tool again with a single JSON object that matches its input schema.',
    });
    expect(invalidArgumentsResult({ id: 'x', name: 'y', arguments: {} })).toBeUndefined();
  });
});

describe('tool-call ids across providers', () => {
  // A history recorded with one provider, replayed to another.
  const history: ChatMessage[] = [
    { role: 'user', text: 'go' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        { id: 'gemini_12_3_recon__run_reconciliation_all', name: 'recon__run_reconciliation', arguments: {} },
        { id: 'fc:9/x', name: 'files__ping', arguments: {} },
      ],
    },
    {
      role: 'tool',
      results: [
        { callId: 'gemini_12_3_recon__run_reconciliation_all', name: 'recon__run_reconciliation', content: 'ok', isError: false },
        { callId: 'fc:9/x', name: 'files__ping', content: 'pong', isError: false },
      ],
    },
  ];

  it('OpenAI: ids over 40 characters are shortened deterministically, on the call and its result', () => {
    const messages = toOpenAIRequest({ model: 'm', system: '', messages: history, tools: specs }).messages;
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_d45868fb3fa42f4d244b2ecf', type: 'function', function: { name: 'recon__run_reconciliation', arguments: '{}' } },
          { id: 'fc:9/x', type: 'function', function: { name: 'files__ping', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_d45868fb3fa42f4d244b2ecf', content: 'ok' },
      { role: 'tool', tool_call_id: 'fc:9/x', content: 'pong' },
    ]);
  });

  it('Anthropic: ids with characters outside [a-zA-Z0-9_-] are replaced deterministically', () => {
    const messages = toAnthropicRequest({ model: 'm', maxTokens: 1, system: '', messages: history, tools: specs }).messages;
    expect(messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'gemini_12_3_recon__run_reconciliation_all', name: 'recon__run_reconciliation', input: {} },
          { type: 'tool_use', id: 'toolu_6fdfb3283cd23f64f99c1939', name: 'files__ping', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'gemini_12_3_recon__run_reconciliation_all', content: 'ok', is_error: false },
          { type: 'tool_result', tool_use_id: 'toolu_6fdfb3283cd23f64f99c1939', content: 'pong', is_error: false },
        ],
      },
    ]);
  });
});

describe('tool history without tool definitions', () => {
  it('is sent as text to every provider (Anthropic rejects tool blocks without tools)', () => {
    const history: ChatMessage[] = [
      conversation[0],
      conversation[1],
      conversation[2],
      { role: 'user', text: 'Thanks' },
    ];
    expect(toAnthropicRequest({ model: 'm', maxTokens: 1, system: '', messages: history, tools: [] }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Reconcile bank.csv against ledger.csv' }] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: `Running it.\n[called recon__run_reconciliation ${JSON.stringify(RECON_ARGS)}]\n[called files__ping {}]` }],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[recon__run_reconciliation returned: {"matched":41,"unmatched":2}]\n[files__ping failed: server not running]' },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
    expect(toOpenAIRequest({ model: 'm', system: '', messages: [conversation[4], conversation[5]], tools: [] }).messages).toEqual([
      { role: 'assistant', content: '[called recon__export_report_79d2f842 {"target":]' },
      { role: 'user', content: '[recon__export_report_79d2f842 failed: bad arguments]' },
    ]);
    expect(toGeminiRequest({ system: '', messages: [conversation[1], conversation[2]], tools: [] }).contents).toEqual([
      { role: 'model', parts: [{ text: `Running it.\n[called recon__run_reconciliation ${JSON.stringify(RECON_ARGS)}]\n[called files__ping {}]` }] },
      { role: 'user', parts: [{ text: '[recon__run_reconciliation returned: {"matched":41,"unmatched":2}]\n[files__ping failed: server not running]' }] },
    ]);
  });
});
