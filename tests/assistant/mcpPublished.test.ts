import { describe, expect, it } from 'vitest';
import { buildToolSpecs } from '../../src/main/assistant/translate/toolSpecs';
import { toGeminiTools } from '../../src/main/assistant/translate/gemini';
import { toAnthropicTool } from '../../src/main/assistant/translate/anthropic';
import { toOpenAITool } from '../../src/main/assistant/translate/openai';
import { publishedTools } from './mcpPublished';
import { findNonGeminiKeys } from './forbiddenKeys';

const filterLevel = (and: unknown) => ({
  type: 'object',
  properties: { column: { type: 'string' }, and: { type: 'array', items: and } },
  required: ['column'],
});

describe('schemas as the MCP SDK publishes them', () => {
  it('translate to Gemini exactly, with nothing Gemini rejects left in', async () => {
    const { specs } = buildToolSpecs([{ server: 'recon', tools: await publishedTools() }]);
    const tools = toGeminiTools(specs);
    expect(tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'recon__match',
            description: 'Match rows.',
            parameters: {
              type: 'object',
              properties: {
                path: { type: 'string', description: 'CSV path' },
                tolerance: { type: 'number', minimum: 0, nullable: true },
                mode: { type: 'string', format: 'enum', enum: ['exact', 'fuzzy'] },
                rules: {
                  type: 'array',
                  minItems: 1,
                  items: {
                    type: 'object',
                    properties: {
                      left: { type: 'string' },
                      right: { type: 'string' },
                      weight: { type: 'integer', minimum: 1, maximum: 10 },
                    },
                    required: ['left', 'right'],
                  },
                },
                options: { type: 'object' },
                asOf: { type: 'string', format: 'date-time' },
                target: {
                  anyOf: [
                    {
                      type: 'object',
                      properties: { kind: { type: 'string', format: 'enum', enum: ['file'] }, path: { type: 'string' } },
                      required: ['kind', 'path'],
                    },
                    {
                      type: 'object',
                      properties: { kind: { type: 'string', format: 'enum', enum: ['clipboard'] } },
                      required: ['kind'],
                    },
                  ],
                },
                // allOf:[{$ref}] recursion is cut after two expansions, like a direct $ref.
                filter: filterLevel(filterLevel({ type: 'object', description: 'Recursive structure, nesting limit reached.' })),
              },
              required: ['path', 'rules', 'target'],
            },
          },
        ],
      },
    ]);
    expect(findNonGeminiKeys(tools[0].functionDeclarations[0].parameters)).toEqual([]);
  });

  it('pass through unchanged to Anthropic and OpenAI', async () => {
    const [tool] = await publishedTools();
    const { specs } = buildToolSpecs([{ server: 'recon', tools: [tool] }]);
    expect(toAnthropicTool(specs[0]).input_schema).toEqual(tool.inputSchema);
    expect(toOpenAITool(specs[0]).function.parameters).toEqual(tool.inputSchema);
    expect(tool.inputSchema).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#' });
  });
});
