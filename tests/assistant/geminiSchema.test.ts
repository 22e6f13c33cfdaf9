import { describe, expect, it } from 'vitest';
import { toGeminiSchema } from '../../src/main/assistant/translate/geminiSchema';
import { exportReport, runReconciliation } from './fixtures';
import { FORBIDDEN_FOR_GEMINI, allKeys, findNonGeminiKeys } from './forbiddenKeys';

const source = (description?: string) => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties: {
    path: { type: 'string', description: 'CSV file path.' },
    delimiter: { type: 'string' },
    asOf: { type: 'string', format: 'date-time' },
  },
  required: ['path'],
});

const filterProperties = (and: unknown) => ({
  column: { type: 'string' },
  equals: { anyOf: [{ type: 'string' }, { type: 'number' }] },
  and,
});

describe('toGeminiSchema (golden)', () => {
  it('rewrites the reconciliation schema: $ref inlined, recursion cut, nullable, bounds, enums', () => {
    expect(toGeminiSchema(runReconciliation.inputSchema)).toEqual({
      type: 'object',
      properties: {
        left: source(),
        right: source('The counterparty source.'),
        rules: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              leftField: { type: 'string' },
              rightField: { type: 'string' },
              comparator: { type: 'string', format: 'enum', enum: ['exact', 'fuzzy', 'numeric'] },
              tolerance: { type: 'number', description: 'Allowed absolute difference.', minimum: 0, nullable: true },
            },
            required: ['leftField', 'rightField'],
          },
        },
        maxCandidates: { type: 'integer', minimum: 1, maximum: 50 },
        filter: {
          type: 'object',
          description: 'Boolean filter over columns.',
          properties: filterProperties({
            type: 'array',
            items: {
              type: 'object',
              description: 'Boolean filter over columns.',
              properties: filterProperties({
                type: 'array',
                items: { type: 'object', description: 'Boolean filter over columns. (recursive structure, nesting limit reached)' },
              }),
            },
          }),
        },
        dryRun: { type: 'boolean', description: 'Dry run' },
        mode: { type: 'string', format: 'enum', enum: ['batch'] },
        pattern: { type: 'string', description: 'Only rows whose id matches this glob.' },
        options: { type: 'object' },
      },
      required: ['left', 'right', 'rules'],
    });
  });

  it('rewrites the export schema: oneOf→anyOf, allOf merged, const→enum, nullable anyOf, numeric enum', () => {
    expect(toGeminiSchema(exportReport.inputSchema)).toEqual({
      type: 'object',
      properties: {
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
        columns: { type: 'array', items: { type: 'string' } },
        format: { type: 'string', format: 'enum', enum: ['csv', 'xlsx'], description: 'Output format.' },
        note: { type: 'string', nullable: true },
        pageSize: { type: 'integer', minimum: 10, maximum: 999 },
        ratio: { type: 'number', format: 'double', minimum: 0, maximum: 1 },
        level: { type: 'integer', description: 'Allowed values: 1, 2, 3.' },
      },
      // "missing" is not a property: Gemini rejects required names it cannot find.
      required: ['target'],
    });
  });

  it('leaves no keyword outside the Gemini subset anywhere in the tree', () => {
    for (const tool of [runReconciliation, exportReport]) {
      const out = toGeminiSchema(tool.inputSchema);
      expect(findNonGeminiKeys(out)).toEqual([]);
      // Property names are data: a property called "pattern" survives; no schema node carries these keywords.
      const keys = allKeys(out);
      for (const k of FORBIDDEN_FOR_GEMINI.filter((k) => k !== 'pattern')) expect(keys.has(k), k).toBe(false);
    }
  });

  it('turns multi-type arrays into anyOf and keeps null as nullable', () => {
    expect(toGeminiSchema({ type: ['string', 'integer', 'null'], description: 'Id or number.' })).toEqual({
      description: 'Id or number.',
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      nullable: true,
    });
  });

  it('handles draft-4 boolean exclusive bounds', () => {
    expect(toGeminiSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 9,
    });
    expect(toGeminiSchema({ type: 'number', minimum: 0.5, exclusiveMinimum: true })).toEqual({ type: 'number', minimum: 0.5 });
  });

  it('keeps the stricter of minimum and exclusiveMinimum', () => {
    expect(toGeminiSchema({ type: 'integer', minimum: 5, exclusiveMinimum: 2 })).toEqual({ type: 'integer', minimum: 5 });
    expect(toGeminiSchema({ type: 'integer', minimum: 1, exclusiveMinimum: 2 })).toEqual({ type: 'integer', minimum: 3 });
  });

  it('merges allOf object parts, unioning properties and required', () => {
    expect(
      toGeminiSchema({
        allOf: [
          { $ref: '#/$defs/base' },
          { type: 'object', properties: { extra: { type: 'boolean' } }, required: ['extra'] },
        ],
        $defs: { base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } },
      }),
    ).toEqual({
      type: 'object',
      properties: { id: { type: 'string' }, extra: { type: 'boolean' } },
      required: ['id', 'extra'],
    });
  });

  it('cuts recursion through the root reference "#" at the configured depth', () => {
    const tree = {
      type: 'object',
      description: 'A tree node.',
      properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
    };
    expect(toGeminiSchema(tree, { maxRefRepeats: 1 })).toEqual({
      type: 'object',
      description: 'A tree node.',
      properties: {
        label: { type: 'string' },
        children: {
          type: 'array',
          items: {
            type: 'object',
            description: 'A tree node.',
            properties: {
              label: { type: 'string' },
              children: {
                type: 'array',
                items: { type: 'object', description: 'A tree node. (recursive structure, nesting limit reached)' },
              },
            },
          },
        },
      },
    });
  });

  it('drops unresolvable references but keeps sibling keywords, and gives arrays items', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          ext: { $ref: 'https://example.com/schema.json', description: 'External.' },
          list: { type: 'array' },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: { ext: { description: 'External.' }, list: { type: 'array', items: { type: 'string' } } },
    });
  });

  it('drops formats Gemini does not understand and keeps those it does', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          at: { type: 'string', format: 'date-time' },
          n: { type: 'integer', format: 'int64' },
          x: { type: 'number', format: 'int32' },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string' },
        at: { type: 'string', format: 'date-time' },
        n: { type: 'integer', format: 'int64' },
        x: { type: 'number' },
      },
    });
  });

  it('treats property names as data: "__proto__" survives, inherited names are not "required"', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__","toString"]}');
    const out = toGeminiSchema(schema);
    expect(Object.keys(out.properties!)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(out.properties, '__proto__')?.value).toEqual({ type: 'string' });
    expect(out.required).toEqual(['__proto__']);
  });

  it('bounds the output when definitions refer to each other', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    const $defs = Object.fromEntries(
      names.map((n) => [n, { type: 'object', description: n, properties: Object.fromEntries(names.map((m) => [m, { $ref: `#/$defs/${m}` }])) }]),
    );
    const schema = { type: 'object', properties: { root: { $ref: '#/$defs/a' } }, $defs };
    const countNodes = (v: unknown): number =>
      typeof v === 'object' && v !== null ? 1 + Object.values(v).reduce<number>((n, x) => n + countNodes(x), 0) : 0;
    // Without the total budget this would expand to millions of nodes.
    expect(countNodes(toGeminiSchema(schema))).toBeLessThan(5_000);

    expect(toGeminiSchema({ type: 'object', properties: { root: { $ref: '#/$defs/a' } }, $defs }, { maxRefExpansions: 1 })).toEqual({
      type: 'object',
      properties: {
        root: {
          type: 'object',
          description: 'a',
          properties: Object.fromEntries(
            names.map((m) => [m, { type: 'object', description: `${m} (recursive structure, nesting limit reached)` }]),
          ),
        },
      },
    });
  });
});
