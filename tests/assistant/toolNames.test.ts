import { describe, expect, it } from 'vitest';
import { TOOL_NAME_PATTERN, ToolNameMap } from '../../src/main/assistant/translate/toolNames';

const ANTHROPIC_OPENAI = /^[a-zA-Z0-9_-]{1,64}$/;
const GEMINI = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

describe('ToolNameMap', () => {
  it('uses plain server__tool names when they are valid and unambiguous', () => {
    const map = ToolNameMap.build([
      { server: 'recon', tool: 'run_reconciliation' },
      { server: 'files', tool: 'read-file' },
      { server: 'a', tool: '__b' },
    ]);
    expect(map.toProviderName('recon', 'run_reconciliation')).toBe('recon__run_reconciliation');
    expect(map.toProviderName('files', 'read-file')).toBe('files__read-file');
    expect(map.toProviderName('a', '__b')).toBe('a____b');
    expect(map.resolve('a____b')).toEqual({ server: 'a', tool: '__b' });
  });

  it('gives distinct names to tools whose sanitized names collide, across servers', () => {
    const map = ToolNameMap.build([
      { server: 'a.b', tool: 'x' }, // sanitizes to a_b__x
      { server: 'a_b', tool: 'x' }, // is a_b__x
      { server: 'a_', tool: '_b' }, // would be a____b, like (a, __b)
      { server: 'a', tool: '__b' },
      { server: 'recon', tool: 'export.report' },
      { server: 'recon', tool: 'export_report' },
    ]);
    expect(map.entries()).toEqual([
      { name: 'a____b', server: 'a', tool: '__b' },
      { name: 'a_b__x', server: 'a_b', tool: 'x' },
      { name: 'recon__export_report', server: 'recon', tool: 'export_report' },
      { name: 'a_b__x_c6f9c73b', server: 'a.b', tool: 'x' },
      { name: 'a____b_0a2588ef', server: 'a_', tool: '_b' },
      { name: 'recon__export_report_79d2f842', server: 'recon', tool: 'export.report' },
    ]);
    for (const e of map.entries()) expect(map.resolve(e.name)).toEqual({ server: e.server, tool: e.tool });
  });

  it('re-hashes when a hashed name equals a plain name (collisions impossible, not just unlikely)', () => {
    const map = ToolNameMap.build([
      { server: 'recon', tool: 'export.report' }, // hashes to recon__export_report_79d2f842 ...
      { server: 'recon', tool: 'export_report_79d2f842' }, // ... which is this plain name
    ]);
    expect(map.toProviderName('recon', 'export_report_79d2f842')).toBe('recon__export_report_79d2f842');
    const hashed = map.toProviderName('recon', 'export.report')!;
    expect(hashed).not.toBe('recon__export_report_79d2f842');
    expect(hashed).toMatch(/^recon__export_report_[0-9a-f]{8}$/);
    expect(map.resolve(hashed)).toEqual({ server: 'recon', tool: 'export.report' });
    expect(map.size).toBe(2);
  });

  it('truncates long names with a hash suffix, keeping them distinct', () => {
    const server = 'very-long-server-name-for-testing';
    const map = ToolNameMap.build([
      { server, tool: 'a_tool_name_that_is_definitely_too_long_to_fit' },
      { server, tool: 'a_tool_name_that_is_definitely_too_long_to_fit_2' },
    ]);
    expect(map.toProviderName(server, 'a_tool_name_that_is_definitely_too_long_to_fit')).toBe(
      'very-long-server-name-for-testing__a_tool_name_that_is__c61485a6',
    );
    expect(map.toProviderName(server, 'a_tool_name_that_is_definitely_too_long_to_fit_2')).toBe(
      'very-long-server-name-for-testing__a_tool_name_that_is__0b28185e',
    );
  });

  it('makes names start with a letter or underscore and drops characters no provider allows', () => {
    const map = ToolNameMap.build([
      { server: '1password', tool: 'get' },
      { server: 'srv', tool: 'résumé/parse' },
    ]);
    expect(map.toProviderName('1password', 'get')).toBe('_1password__get_8b1e5eb5');
    expect(map.toProviderName('srv', 'résumé/parse')).toBe('srv__r_sum__parse_95b7bcf1');
  });

  it('emits only names valid for Anthropic, OpenAI and Gemini alike', () => {
    const weird = ['x', 'a.b.c', 'ünïcødé', '-dash', '9lives', 'spaces in name', 'y'.repeat(100), '__', 'a/b:c'];
    const pairs = weird.flatMap((server) => weird.map((tool) => ({ server, tool })));
    const map = ToolNameMap.build(pairs);
    expect(map.size).toBe(pairs.length);
    for (const { name } of map.entries()) {
      expect(name).toMatch(TOOL_NAME_PATTERN);
      expect(name).toMatch(ANTHROPIC_OPENAI);
      expect(name).toMatch(GEMINI);
    }
  });

  it('is independent of input order and ignores duplicates', () => {
    const pairs = [
      { server: 'a.b', tool: 'x' },
      { server: 'a_b', tool: 'x' },
      { server: 'q', tool: 'r' },
    ];
    const forward = ToolNameMap.build(pairs).entries();
    const backward = ToolNameMap.build([...pairs].reverse().concat(pairs)).entries();
    expect(backward).toEqual(forward);
  });

  it('answers undefined for unknown names and tools', () => {
    const map = ToolNameMap.build([{ server: 's', tool: 't' }]);
    expect(map.resolve('s__u')).toBeUndefined();
    expect(map.toProviderName('s', 'u')).toBeUndefined();
  });
});
