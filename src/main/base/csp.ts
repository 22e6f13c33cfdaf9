/**
 * The renderer's Content Security Policy, the one definition for every entry point: the Electron
 * window's response header (src/main/session-policy.ts), browser mode's header (src/main/web/server.ts)
 * and the `<meta>` tag built into index.html (electron.vite.config.ts), which is the policy of the
 * packaged window's file:// page. They differ only where the transport does:
 * - `connect-src`: the Electron window talks over IPC ('self' only); browser mode over a WebSocket on
 *   its own loopback port; the meta tag cannot know that port, so it allows loopback WebSockets on any
 *   port and browser mode's header narrows it (a page obeys every policy it is given).
 * - `frame-ancestors`: ignored (and warned about) in a meta tag, so the meta tag leaves it out.
 */

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'];

/** The directives every entry point shares, in order; connect-src is filled in per transport. */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  // Mermaid writes inline styles into its SVG; nothing else needs inline style.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  // Audio returned by MCP tools plays from blob: URLs made in the page.
  ['media-src', 'blob:'],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
];

export interface CspOptions {
  /** The loopback port the page's WebSocket goes to (browser mode), `'*'` for any; none over IPC. */
  websocketPort?: number | '*';
  /** For a `<meta http-equiv>` tag: leaves out what a meta tag cannot carry. */
  meta?: boolean;
}

export function contentSecurityPolicy(opts: CspOptions = {}): string {
  const { websocketPort, meta = false } = opts;
  return DIRECTIVES.filter(([name]) => !(meta && name === 'frame-ancestors'))
    .map(([name, value]) => {
      if (name !== 'connect-src' || websocketPort === undefined) return `${name} ${value}`;
      return `${name} ${value} ${LOOPBACK_HOSTS.map((h) => `ws://${h}:${websocketPort}`).join(' ')}`;
    })
    .join('; ');
}

/** The placeholder index.html carries where the build writes the policy. */
export const CSP_PLACEHOLDER = '%KALLA_CSP%';

/** index.html with its meta tag's policy filled in; throws when the page has no placeholder. */
export function withCspMeta(html: string): string {
  if (!html.includes(CSP_PLACEHOLDER)) throw new Error(`index.html has no ${CSP_PLACEHOLDER} for the Content Security Policy`);
  return html.split(CSP_PLACEHOLDER).join(contentSecurityPolicy({ websocketPort: '*', meta: true }));
}
