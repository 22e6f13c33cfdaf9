/**
 * The JSON scanner that places a syntax error for the servers-file editor: it must call text valid
 * exactly when JSON.parse does, and place an error inside the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, positionOf } from '../../src/main/mcp/json-position';

/** JSON text with up to three characters inserted, removed or replaced. */
const editedJson = fc
  .tuple(
    fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(0, 1, 2), fc.constantFrom(...'{}[],:"\\ \nu0159aeftrlns.-+E')), { maxLength: 3 }),
  )
  .map(([text, edits]) =>
    edits.reduce((s, [at, op, c]) => {
      const p = at % (s.length + 1);
      return op === 0 ? s.slice(0, p) + c + s.slice(p) : op === 1 ? s.slice(0, p) + s.slice(p + 1) : s.slice(0, p) + c + s.slice(p + 1);
    }, text),
  );

describe('jsonErrorOffset', () => {
  it('finds no error in any JSON.stringify output', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonErrorOffset(JSON.stringify(v)) === undefined));
  });

  it('calls edited text valid exactly when JSON.parse does, and places an error inside the text', () => {
    fc.assert(
      fc.property(editedJson, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const offset = jsonErrorOffset(text);
        expect(offset === undefined).toBe(parses);
        if (offset !== undefined) expect(offset).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('places errors where a reader looks for them', () => {
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('{"a": tru}')).toBe(9);
    expect(jsonErrorOffset('["\\u12G4"]')).toBe(6);
    expect(jsonErrorOffset('[1 2]')).toBe(3);
    expect(jsonErrorOffset('{"a": "x\n"}')).toBe(8);
    expect(jsonErrorOffset('[1] x')).toBe(4);
    expect(positionOf('{\n  "a": 1,\n}', jsonErrorOffset('{\n  "a": 1,\n}')!)).toMatchObject({ line: 3, column: 1 });
  });
});
