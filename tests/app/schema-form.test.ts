import { describe, expect, it } from 'vitest';
import { buildArgs, fieldsFromSchema } from '../../src/renderer/src/features/servers/schema-form';

const schema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Where' },
    depth: { type: 'integer', default: 2 },
    ratio: { type: 'number' },
    recursive: { type: 'boolean' },
    mode: { type: 'string', enum: ['fast', 'exact'] },
    tags: { type: 'array', items: { type: 'string' } },
    filter: { type: 'object', properties: { q: { type: 'string' } } },
    maybe: { type: ['string', 'null'] },
  },
  required: ['path', 'mode'],
};

describe('tool form from a JSON Schema', () => {
  const fields = fieldsFromSchema(schema);

  it('makes one input per property with the right kind', () => {
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['path', 'string', true],
      ['depth', 'integer', false],
      ['ratio', 'number', false],
      ['recursive', 'boolean', false],
      ['mode', 'enum', true],
      ['tags', 'string-list', false],
      ['filter', 'json', false],
      ['maybe', 'string', false],
    ]);
    expect(fields[1].initial).toBe('2');
  });

  it('builds typed arguments and leaves empty optional fields out', () => {
    const { args, errors } = buildArgs(fields, { path: '/tmp', mode: 'exact', tags: 'a\n\n b ', filter: '{"q":"x"}', recursive: 'true' });
    expect(errors).toEqual({});
    expect(args).toEqual({ path: '/tmp', depth: 2, recursive: true, mode: 'exact', tags: ['a', 'b'], filter: { q: 'x' } });
  });

  it('reports each bad field instead of calling the tool', () => {
    const { errors } = buildArgs(fields, { depth: '2.5', ratio: 'abc', mode: 'slow', filter: '{' });
    expect(Object.keys(errors).sort()).toEqual(['depth', 'filter', 'mode', 'path', 'ratio']);
    expect(errors.path).toBe('Required.');
    expect(errors.depth).toBe('Enter a whole number.');
  });
});
