import { describe, expect, it } from 'vitest';
import { checkExternalUrl, electronOpener } from '../../src/main/external-url';
import { openInSystemBrowser } from '../../src/main/platform-node';

/** Electron's shell.openExternal stand-in: records what would have reached the OS handler. */
function fakeShell() {
  const opened: string[] = [];
  return { opened, shell: { openExternal: async (url: string) => void opened.push(url) } };
}

describe('the allow-list for URLs opened outside the app', () => {
  it('passes https anywhere and http only to loopback hosts', () => {
    for (const ok of ['https://auth.example.com/authorize?x=1', 'http://127.0.0.1:4711/cb', 'http://127.9.8.7/', 'http://localhost:3000/', 'http://[::1]:8080/']) {
      expect(checkExternalUrl(ok).href).toBe(new URL(ok).href);
    }
  });

  it('refuses every other scheme and remote http with a clear error', () => {
    expect(() => checkExternalUrl('file:///etc/passwd')).toThrow(/Refused to open a file: link/);
    expect(() => checkExternalUrl('smb://attacker.example/share')).toThrow(/smb:/);
    expect(() => checkExternalUrl('javascript:alert(1)')).toThrow(/javascript:/);
    expect(() => checkExternalUrl('ms-settings:privacy')).toThrow(/only https/);
    expect(() => checkExternalUrl('http://evil.example/')).toThrow(/plain http:\/\/ links are opened only for this computer/);
    expect(() => checkExternalUrl('http://127.0.0.1.evil.example/')).toThrow(/plain http/);
    expect(() => checkExternalUrl('not a url')).toThrow(/not a valid URL/);
  });

  it('the Electron opener hands shell.openExternal only allowed URLs', async () => {
    const { opened, shell } = fakeShell();
    const open = electronOpener(shell);
    await open('https://auth.example.com/authorize');
    await expect(open('file:///C:/Windows/System32/calc.exe')).rejects.toThrow(/file:/);
    await expect(open('smb://10.0.0.5/share/payload.exe')).rejects.toThrow(/smb:/);
    await expect(open('http://auth.example.com/authorize')).rejects.toThrow(/plain http/);
    expect(opened).toEqual(['https://auth.example.com/authorize']);
  });

  it('the browser-mode opener applies the same list', async () => {
    await expect(openInSystemBrowser('http://evil.example/')).rejects.toThrow(/plain http/);
    await expect(openInSystemBrowser('file:///etc/passwd')).rejects.toThrow(/file:/);
  });
});
