/**
 * Realistic MCP tools for translation tests: nested objects, arrays of objects,
 * enums, optional fields, $defs/$ref (including a recursive one), nullable type
 * arrays, exclusive bounds, additionalProperties, oneOf/allOf, const.
 */
import type { ToolInfo } from '../../src/shared/mcp';

export const runReconciliation: ToolInfo = {
  name: 'run_reconciliation',
  title: 'Run reconciliation',
  description: 'Match rows of two CSV sources using the given rules.',
  annotations: { readOnlyHint: false },
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    additionalProperties: false,
    properties: {
      left: { $ref: '#/$defs/source' },
      right: { $ref: '#/$defs/source', description: 'The counterparty source.' },
      rules: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            leftField: { type: 'string', minLength: 1 },
            rightField: { type: 'string' },
            comparator: { type: 'string', enum: ['exact', 'fuzzy', 'numeric'], default: 'exact' },
            tolerance: { type: ['number', 'null'], exclusiveMinimum: 0, description: 'Allowed absolute difference.' },
          },
          required: ['leftField', 'rightField'],
        },
      },
      maxCandidates: { type: 'integer', exclusiveMinimum: 0, maximum: 50, default: 5 },
      filter: { $ref: '#/$defs/filter' },
      dryRun: { type: 'boolean', title: 'Dry run' },
      mode: { const: 'batch' },
      // A property whose *name* is a dropped keyword: names must survive.
      pattern: { type: 'string', description: 'Only rows whose id matches this glob.' },
      options: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['left', 'right', 'rules'],
    $defs: {
      source: {
        type: 'object',
        properties: {
          path: { type: 'string', format: 'uri', pattern: '^.+\\.csv$', description: 'CSV file path.' },
          delimiter: { type: 'string', maxLength: 1, examples: [',', ';'] },
          asOf: { type: 'string', format: 'date-time' },
        },
        required: ['path'],
      },
      filter: {
        type: 'object',
        description: 'Boolean filter over columns.',
        properties: {
          column: { type: 'string' },
          equals: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          and: { type: 'array', items: { $ref: '#/$defs/filter' } },
        },
      },
    },
  },
};

export const exportReport: ToolInfo = {
  name: 'export.report',
  description: 'Export the current result.',
  inputSchema: {
    type: 'object',
    properties: {
      target: {
        oneOf: [
          { type: 'object', properties: { kind: { const: 'file' }, path: { type: 'string' } }, required: ['kind', 'path'] },
          { type: 'object', properties: { kind: { const: 'clipboard' } }, required: ['kind'] },
        ],
      },
      columns: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      format: { allOf: [{ $ref: '#/definitions/format' }, { description: 'Output format.' }] },
      note: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
      pageSize: { type: 'integer', minimum: 10, exclusiveMaximum: 1000 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, format: 'double' },
      level: { type: 'integer', enum: [1, 2, 3] },
    },
    required: ['target', 'missing'],
    definitions: { format: { type: 'string', enum: ['csv', 'xlsx'] } },
  },
};

export const ping: ToolInfo = {
  name: 'ping',
  description: 'Check the server is alive.',
  inputSchema: { type: 'object' },
};
