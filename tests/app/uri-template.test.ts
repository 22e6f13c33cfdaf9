import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expandTemplate, templateVariables } from '../../src/shared/uri-template';

describe('URI templates (RFC 6570) for resource templates', () => {
  it('expands the RFC examples of levels 1–3', () => {
    const v = { var: 'value', hello: 'Hello World!', path: '/foo/bar', x: '1024', y: '768', empty: '' };
    expect(expandTemplate('{var}', v)).toBe('value');
    expect(expandTemplate('{hello}', v)).toBe('Hello%20World%21');
    expect(expandTemplate('{+path}/here', v)).toBe('/foo/bar/here');
    expect(expandTemplate('X{#var}', v)).toBe('X#value');
    expect(expandTemplate('map?{x,y}', v)).toBe('map?1024,768');
    expect(expandTemplate('{/var,x}/here', v)).toBe('/value/1024/here');
    expect(expandTemplate('{;x,y,empty}', v)).toBe(';x=1024;y=768;empty');
    expect(expandTemplate('{?x,y,empty}', v)).toBe('?x=1024&y=768');
    expect(expandTemplate('?fixed=yes{&x}', v)).toBe('?fixed=yes&x=1024');
    expect(expandTemplate('{var:3}', v)).toBe('val');
    expect(expandTemplate('demo://resource/dynamic/text/{index}', { index: '7' })).toBe('demo://resource/dynamic/text/7');
  });

  it('names each variable once, in order', () => {
    expect(templateVariables('search://{?q,lang}{&q}/{+path}{id:3}{list*}')).toEqual(['q', 'lang', 'path', 'id', 'list']);
  });

  it('a simple variable never lets a value add a path segment or a query (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const uri = expandTemplate('demo://r/{id}/end', { id: value });
        expect(uri.startsWith('demo://r/') && uri.endsWith('/end')).toBe(true);
        expect(uri.slice('demo://r/'.length, -'/end'.length)).not.toMatch(/[/?#]/);
        expect(decodeURIComponent(uri.slice('demo://r/'.length, -'/end'.length))).toBe(value);
      }),
    );
  });
});
