import { describe, expect, it } from 'vitest';
import { isSecretName } from '../../src/main/base/secrets';
import { HIDDEN, maskDocument, restoreDocument, restoreEnv } from '../../src/main/ipc/secret-mask';

describe('secret masking of the server file', () => {
  const file = JSON.stringify({ mcpServers: { a: { command: 'x', env: { GITHUB_TOKEN: 'ghp_abc', PATH_EXTRA: '/opt/bin', DB_PASSWORD: 'pw' } } }, other: 1 });

  it('hides secret-looking values and keeps the rest', () => {
    const masked = JSON.parse(maskDocument(file));
    expect(masked.mcpServers.a.env).toEqual({ GITHUB_TOKEN: HIDDEN, PATH_EXTRA: '/opt/bin', DB_PASSWORD: HIDDEN });
    expect(masked.other).toBe(1);
  });

  it('hides secrets even in a file that is not valid JSON', () => {
    const broken = '{"mcpServers": {"a": {"env": {"OPENAI_API_KEY": "sk-123"}}';
    expect(maskDocument(broken)).not.toContain('sk-123');
  });

  it('restores placeholders from the stored file and refuses to invent a value', () => {
    const edited = maskDocument(file).replace('/opt/bin', '/usr/local/bin');
    expect(JSON.parse(restoreDocument(edited, file)).mcpServers.a.env).toEqual({ GITHUB_TOKEN: 'ghp_abc', PATH_EXTRA: '/usr/local/bin', DB_PASSWORD: 'pw' });
    expect(() => restoreEnv({ NEW_TOKEN: HIDDEN }, {})).toThrow('NEW_TOKEN has no stored value');
  });

  it('hides every header value, also in a file that is not valid JSON, and restores them', () => {
    const withHeaders = JSON.stringify({ mcpServers: { r: { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer abc', 'X-Tenant': 'acme' } } } });
    const masked = maskDocument(withHeaders);
    expect(JSON.parse(masked).mcpServers.r.headers).toEqual({ Authorization: HIDDEN, 'X-Tenant': HIDDEN });
    expect(JSON.parse(restoreDocument(masked, withHeaders)).mcpServers.r.headers).toEqual({ Authorization: 'Bearer abc', 'X-Tenant': 'acme' });
    const broken = '{"mcpServers": {"r": {"url": "https://x.example", "headers": {"X-Tenant": "acme", "Authorization": "Bearer abc"}}';
    expect(maskDocument(broken)).not.toMatch(/acme|Bearer abc/);
  });

  it('hides the same names whether the file parses or not (one secret-name rule)', () => {
    const names = ['SESSION_ID', 'AUTH_COOKIE', 'DB_PASSWD', 'GITHUB_TOKEN', 'PRIVATE_PEM', 'PATH_EXTRA', 'REGION'];
    const env = Object.fromEntries(names.map((n, i) => [n, `value-${i}-xyz`]));
    const text = JSON.stringify({ mcpServers: { a: { command: 'x', env } } });
    const parsed = JSON.parse(maskDocument(text)).mcpServers.a.env as Record<string, string>;
    const broken = maskDocument(text.slice(0, -1));
    for (const [i, name] of names.entries()) {
      const hidden = isSecretName(name);
      expect(parsed[name] === HIDDEN, name).toBe(hidden);
      expect(broken.includes(`value-${i}-xyz`), name).toBe(!hidden);
    }
  });
});
