/** Pure parts of the viewmapper server: history window and prompt, Java version parsing and discovery. */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, secondsText } from '../../src/servers/viewmapper/config';
import { SessionHistories, buildPromptWithHistory, historyWindow } from '../../src/servers/viewmapper/history';
import { bundledJarCandidates, findJar, findJavaCandidate, parseJavaVersion } from '../../src/servers/viewmapper/java';
import { UPSTREAM_DEFAULT_CONNECTION, upstreamRun, withUrlUser } from '../../src/servers/viewmapper/upstream';

describe('history', () => {
  const limits = { turns: 3, chars: 200 };
  it('returns the query unchanged without history', () => {
    expect(buildPromptWithHistory([], 'Show me the diagram', limits)).toBe('Show me the diagram');
  });
  it('builds the seed prompt format', () => {
    const prompt = buildPromptWithHistory(
      [
        { role: 'user', content: 'What are the views?' },
        { role: 'assistant', content: 'There are 11 views...' },
      ],
      'Show me the diagram',
      limits,
    );
    expect(prompt).toBe('Previous conversation:\nUser: What are the views?\nAssistant: There are 11 views...\n\nCurrent question: Show me the diagram');
  });
  it('keeps the last 3 turns and truncates long answers', () => {
    const h = Array.from({ length: 5 }, (_, i) => [
      { role: 'user' as const, content: `q${i}` },
      { role: 'assistant' as const, content: 'x'.repeat(300) },
    ]).flat();
    const w = historyWindow(h, limits);
    expect(w.map((m) => m.content.slice(0, 2))).toEqual(['q2', 'xx', 'q3', 'xx', 'q4', 'xx']);
    expect(w[1].content).toBe(`${'x'.repeat(200)}...`);
    expect(historyWindow(h, { turns: 0, chars: 200 })).toEqual([]);
  });
  it('separates sessions', () => {
    const s = new SessionHistories(limits);
    s.record('a', 'qa', 'aa');
    s.record('b', 'qb', 'ab');
    expect(s.window('a')).toEqual([
      { role: 'user', content: 'qa' },
      { role: 'assistant', content: 'aa' },
    ]);
    expect(s.window('c')).toEqual([]);
  });
});

describe('config', () => {
  it('defaults and overrides', () => {
    expect(readConfig({})).toMatchObject({ connection: 'test://kalla_ecommerce', timeoutMs: 60_000, historyTurns: 3, historyChars: 200, verbose: false, engineMode: 'auto', apiKey: undefined });
    expect(readConfig({ KALLA_ENGINE: 'local', ANTHROPIC_API_KEY: 'k1', ANTHROPIC_API_KEY_FOR_VIEWMAPPER: 'k2' })).toMatchObject({ engineMode: 'local', apiKey: 'k2' });
    expect(readConfig({ VIEWMAPPER_CONNECTION: 'test://analytics_platform', VIEWMAPPER_TIMEOUT_MS: '5000', VIEWMAPPER_HISTORY_TURNS: '5', VIEWMAPPER_HISTORY_CHARS: '500', VIEWMAPPER_VERBOSE: '1' })).toMatchObject({
      connection: 'test://analytics_platform',
      timeoutMs: 5000,
      historyTurns: 5,
      historyChars: 500,
      verbose: true,
    });
    expect(readConfig({ VIEWMAPPER_TIMEOUT_MS: 'soon' }).timeoutMs).toBe(60_000);
    expect(secondsText(60_000)).toBe('60 seconds');
    expect(secondsText(1000)).toBe('1 second');
  });
});

describe('java discovery', () => {
  it('parses version banners', () => {
    expect(parseJavaVersion('openjdk version "17.0.15" 2025-04-15')).toEqual({ version: '17.0.15', major: 17 });
    expect(parseJavaVersion('java version "1.8.0_392"')).toEqual({ version: '1.8.0_392', major: 8 });
    expect(parseJavaVersion('openjdk version "21" 2023-09-19')).toEqual({ version: '21', major: 21 });
    expect(parseJavaVersion('openjdk version "24-ea" 2025-03-18')).toEqual({ version: '24-ea', major: 24 });
    expect(parseJavaVersion('no java here')).toBeUndefined();
  });

  function javaIn(dir: string): string {
    mkdirSync(dir, { recursive: true });
    const p = join(dir, 'java');
    writeFileSync(p, '#!/bin/sh\n');
    chmodSync(p, 0o755);
    return p;
  }

  it('prefers VIEWMAPPER_JAVA, then JAVA_HOME, then PATH', () => {
    const root = mkdtempSync(join(tmpdir(), 'jd-'));
    const explicit = javaIn(join(root, 'explicit'));
    const home = join(root, 'jdk');
    const homeJava = javaIn(join(home, 'bin'));
    const onPath = javaIn(join(root, 'path'));
    const env = { VIEWMAPPER_JAVA: explicit, JAVA_HOME: home, PATH: join(root, 'path') };
    expect(findJavaCandidate(env, 'linux')).toEqual({ path: explicit, source: 'VIEWMAPPER_JAVA' });
    expect(findJavaCandidate({ ...env, VIEWMAPPER_JAVA: undefined }, 'linux')).toEqual({ path: homeJava, source: 'JAVA_HOME' });
    expect(findJavaCandidate({ JAVA_HOME: join(root, 'none'), PATH: join(root, 'path') }, 'linux')).toEqual({ path: onPath, source: 'PATH' });
    // A JDK folder in VIEWMAPPER_JAVA works too; a wrong explicit path is reported, not skipped.
    expect(findJavaCandidate({ VIEWMAPPER_JAVA: home }, 'linux')).toEqual({ path: homeJava, source: 'VIEWMAPPER_JAVA' });
    expect(findJavaCandidate({ VIEWMAPPER_JAVA: join(root, 'nope'), PATH: join(root, 'path') }, 'linux')).toEqual({ looked: [`VIEWMAPPER_JAVA=${join(root, 'nope')} (not an executable file)`] });
  });

  it('finds the bundled jar from the source tree and from the bundle folder', () => {
    const fromSource = findJar({}, new URL('../../src/servers/viewmapper/java.ts', import.meta.url).href);
    expect(fromSource).toMatchObject({ custom: false, path: expect.stringMatching(/resources\/viewmapper\/viewmapper\.jar$/) });
    const fromBundle = bundledJarCandidates(new URL('../../out/main/chunks/x.js', import.meta.url).href);
    expect(fromBundle.some((p) => p.endsWith('/main/resources/viewmapper/viewmapper.jar') || p.endsWith('resources/viewmapper/viewmapper.jar'))).toBe(true);
    expect(findJar({ VIEWMAPPER_JAR: '/nope.jar' })).toEqual({ looked: ['VIEWMAPPER_JAR=/nope.jar'], custom: true });
  });
});

describe('upstream run contract (VIEWMAPPER_JAR)', () => {
  const UPSTREAM_OPTIONS = new Set(['--connection', '--schema', '--output', '--verbose']);
  const options = (args: string[]) => args.filter((a) => a.startsWith('--'));

  it('passes only the options upstream knows, in the seed order', () => {
    expect(upstreamRun({ prompt: 'leaf views', connection: 'test://simple_ecommerce', verbose: false })).toEqual({
      args: ['leaf views', '--connection', 'test://simple_ecommerce', '--output', 'text'],
      env: { VIEWMAPPER_COMPAT: 'upstream' },
    });
    const all = upstreamRun({ prompt: 'q', connection: 'jdbc:trino://h:8080', catalog: 'viewzoo', schema: 'example', user: 'ann', password: 's3cret', verbose: true });
    for (const o of options(all.args)) expect(UPSTREAM_OPTIONS.has(o), o).toBe(true);
    expect(all.args).toEqual(['q', '--connection', 'jdbc:trino://h:8080?user=ann', '--output', 'text', '--schema', 'viewzoo.example', '--verbose']);
    expect(all.args.join(' ')).not.toContain('s3cret');
    expect(all.env).toEqual({ VIEWMAPPER_COMPAT: 'upstream', VIEWMAPPER_USER: 'ann', VIEWMAPPER_PASSWORD: 's3cret' });
  });

  it('keeps catalog.schema as given and adds the user only to a Trino URL without one', () => {
    expect(upstreamRun({ prompt: 'q', connection: 'test://x', schema: 'viewzoo.example', verbose: false }).args).toContain('viewzoo.example');
    expect(withUrlUser('jdbc:trino://h:8080/cat?SSL=true', 'a b')).toBe('jdbc:trino://h:8080/cat?SSL=true&user=a%20b');
    expect(withUrlUser('jdbc:trino://h:8080?user=bob', 'ann')).toBe('jdbc:trino://h:8080?user=bob');
    expect(withUrlUser('jdbc:postgresql://h/db', 'ann')).toBe('jdbc:postgresql://h/db');
    expect(withUrlUser('jdbc:trino://h:8080', undefined)).toBe('jdbc:trino://h:8080');
  });

  it("defaults to upstream's own dataset name", () => {
    expect(UPSTREAM_DEFAULT_CONNECTION).toBe('test://simple_ecommerce');
  });
});
