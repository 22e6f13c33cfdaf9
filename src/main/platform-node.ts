/**
 * Platform for browser mode and tests: plain Node, no Electron.
 */
import { spawn } from 'node:child_process';
import { checkExternalUrl } from './external-url';
import type { Platform } from './platform';
import { plainFileCodec } from './settings/secret-store';

/** Opens an https (or loopback http) URL with the OS's handler, never through a shell. */
export async function openInSystemBrowser(raw: string): Promise<void> {
  const url = checkExternalUrl(raw).href;
  // $BROWSER (the Unix convention: a command, "%s" for the URL or the URL appended) wins where it is
  // set, so a machine without xdg-utils, or a test, can name its browser.
  const custom = process.platform !== 'win32' ? process.env.BROWSER?.split(':')[0]?.trim() : undefined;
  const [command, args] = custom
    ? [custom.split(/\s+/)[0], [...custom.split(/\s+/).slice(1).map((a) => a.replace('%s', url)), ...(custom.includes('%s') ? [] : [url])]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (e) => reject(new Error(`Could not open a browser (${command}: ${e.message}). Open ${url} yourself.`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

export function nodePlatform(): Platform {
  return {
    mode: 'browser',
    versions: { node: process.versions.node, v8: process.versions.v8 },
    openExternal: openInSystemBrowser,
    secrets: plainFileCodec,
  };
}
