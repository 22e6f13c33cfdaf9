/**
 * What the Electron shell sets on its session before the window opens: every permission request
 * refused, and the renderer's Content Security Policy (src/main/base/csp.ts) on every response.
 * Typed by the two calls it makes rather than by importing electron (only src/main/index.ts does),
 * so the policy the window gets is tested under plain Node.
 */
import { contentSecurityPolicy } from './base/csp';

type Headers = Record<string, string | string[]>;

export interface PolicySession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  webRequest: {
    onHeadersReceived(listener: (details: { responseHeaders?: Headers }, callback: (response: { responseHeaders?: Headers }) => void) => void): void;
  };
}

/** The Electron window talks to main over IPC: its policy allows no WebSocket. */
export const WINDOW_CSP = contentSecurityPolicy();

export function applySessionPolicy(session: PolicySession): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [WINDOW_CSP] } });
  });
}
