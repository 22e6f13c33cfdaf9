/**
 * The one check for anything Kalla hands to the OS to open (the OAuth sign-in page, a link in a
 * tool result, `app.openExternal`): `https:` always, `http:` only to a loopback host (a local
 * sign-in page or dev server). Everything else (`file:`, `smb:`, `javascript:`, custom schemes) is
 * refused, because the OS handler of such a URL can run or mount things. A remote MCP server's
 * OAuth metadata chooses the authorization URL, so this is where a hostile one is stopped.
 * No `electron` import: the Electron opener is built here around an injected `shell`.
 */
import { UserError } from './errors';

function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return m !== null && m.slice(1).every((p) => Number(p) <= 255);
}

/** The URL, parsed, when it may be opened outside the app; a UserError saying why not otherwise. */
export function checkExternalUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError(`Refused to open "${url.slice(0, 200)}": it is not a valid URL.`, 'invalid_input');
  }
  if (parsed.protocol === 'https:') return parsed;
  if (parsed.protocol === 'http:') {
    if (isLoopbackHost(parsed.hostname)) return parsed;
    throw new UserError(
      `Refused to open ${parsed.origin}: plain http:// links are opened only for this computer (localhost, 127.0.0.1, [::1]); use https://.`,
      'invalid_input',
    );
  }
  throw new UserError(
    `Refused to open a ${parsed.protocol} link: only https:// links (and http:// to this computer) are opened outside Kalla.`,
    'invalid_input',
  );
}

/** The part of Electron's `shell` the opener uses. */
export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

/** Platform.openExternal for Electron: every URL goes through checkExternalUrl before `shell`. */
export function electronOpener(shell: ShellLike): (url: string) => Promise<void> {
  return async (url) => {
    const checked = checkExternalUrl(url);
    await shell.openExternal(checked.href);
  };
}
