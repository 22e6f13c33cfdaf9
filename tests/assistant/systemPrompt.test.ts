import { describe, expect, it } from 'vitest';
import { buildSystemPrompt, MAX_SERVER_INSTRUCTIONS_CHARS, UNTRUSTED_NOTE } from '../../src/main/assistant/systemPrompt';

describe('buildSystemPrompt', () => {
  it('appends server instructions under a heading per server', () => {
    expect(
      buildSystemPrompt('You are Kalla.', [
        { name: 'recon', instructions: 'Call detect_field_mappings before suggest_match_rules.\n' },
        { name: 'fs' },
        { name: 'blank', instructions: '   ' },
      ]),
    ).toBe(
      `You are Kalla.\n\n${UNTRUSTED_NOTE}\n\n# Instructions from tool servers\n\n## Server "recon"\nCall detect_field_mappings before suggest_match_rules.`,
    );
  });

  it('returns the base prompt and the untrusted-text note when no server has instructions', () => {
    expect(buildSystemPrompt('Base.', [{ name: 'fs' }])).toBe(`Base.\n\n${UNTRUSTED_NOTE}`);
  });

  it('caps each server\'s instructions and all of them together', () => {
    const huge = 'x'.repeat(1_000_000);
    const prompt = buildSystemPrompt('Base.', [
      { name: 'a', instructions: huge },
      { name: 'b', instructions: huge },
      { name: 'c', instructions: huge },
      { name: 'd', instructions: huge },
      { name: 'e', instructions: 'short' },
    ]);
    expect(prompt.length).toBeLessThan(13_000);
    expect(prompt).toContain(`… [cut: ${1_000_000 - MAX_SERVER_INSTRUCTIONS_CHARS} more characters from this server]`);
    expect(prompt).toMatch(/## Server "d"\n… \[cut: 1000000 more/);
  });
});
