import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../src/main/assistant/systemPrompt';

describe('buildSystemPrompt', () => {
  it('appends server instructions under a heading per server', () => {
    expect(
      buildSystemPrompt('You are Kalla.', [
        { name: 'recon', instructions: 'Call detect_field_mappings before suggest_match_rules.\n' },
        { name: 'fs' },
        { name: 'blank', instructions: '   ' },
      ]),
    ).toBe(
      'You are Kalla.\n\n# Instructions from tool servers\n\n## Server "recon"\nCall detect_field_mappings before suggest_match_rules.',
    );
  });

  it('returns the base prompt untouched when no server has instructions', () => {
    expect(buildSystemPrompt('Base.', [{ name: 'fs' }])).toBe('Base.');
  });
});
