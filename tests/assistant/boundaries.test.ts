import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as assistant from '../../src/main/assistant';

const root = join(__dirname, '../../src/main/assistant');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('assistant module boundaries', () => {
  it('never imports electron (it runs in tests and the CLI too)', () => {
    const offenders = sources(root).filter((f) => /from ['"]electron['"]|require\(['"]electron['"]\)/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('exposes its API from one entry point', () => {
    expect(Object.keys(assistant).sort()).toEqual(
      [
        'AnthropicClient',
        'DEFAULT_MAX_TOOL_RESULT_CHARS',
        'DEFAULT_RETRY_POLICY',
        'DEFAULT_TIMEOUT_MS',
        'GeminiClient',
        'OpenAIClient',
        'ProviderError',
        'ToolNameMap',
        'availableTools',
        'buildSystemPrompt',
        'buildToolSpecs',
        'createProviderClient',
        'invalidArgumentsResult',
        'isFinalizingTool',
        'isReadOnlyTool',
        'refusedToolResult',
        'resolveToolPolicy',
        'runTurn',
        'toolResultText',
      ].sort(),
    );
  });
});
