import { describe, expect, it } from 'vitest';
import { toolResultText, truncateText } from '../../src/main/assistant/toolResultText';

describe('toolResultText', () => {
  it('flattens MCP content blocks to text and describes what it leaves out', () => {
    expect(
      toolResultText({
        content: [
          { type: 'text', text: 'matched 41' },
          { type: 'image', mimeType: 'image/png', data: 'AAAA' },
          { type: 'resource', resource: { uri: 'file:///r.csv', mimeType: 'text/csv', text: 'a,b\n1,2' } },
          { type: 'resource', resource: { uri: 'file:///r.xlsx', mimeType: 'application/vnd.ms-excel', blob: 'AAAA' } },
          { type: 'resource_link', uri: 'file:///out.pdf', name: 'report' },
          { type: 'mystery', value: 1 },
        ],
      }),
    ).toBe(
      [
        'matched 41',
        '[image image/png, 3 bytes omitted]',
        'a,b\n1,2',
        '[resource file:///r.xlsx (application/vnd.ms-excel) omitted]',
        '[resource link file:///out.pdf: report]',
        '{"type":"mystery","value":1}',
      ].join('\n'),
    );
  });

  it('falls back to structured content when there is no content', () => {
    expect(toolResultText({ content: [], structuredContent: { matched: 41 } })).toBe('{"matched":41}');
    expect(toolResultText({ content: [] })).toBe('(no output)');
  });

  it('truncates long results and says by how much', () => {
    expect(truncateText('abcdefghij', 4)).toBe('abcd\n… [truncated: 6 more characters]');
    expect(toolResultText({ content: [{ type: 'text', text: 'x'.repeat(10) }] }, 5)).toBe('xxxxx\n… [truncated: 5 more characters]');
    expect(truncateText('abc', 3)).toBe('abc');
  });
});
