/**
 * What services may ask of the host environment. Electron implements it with
 * `shell`, dialogs and safeStorage; browser mode and tests with plain Node.
 * Keeping this small is what lets every service run without `electron`.
 */
import type { SecretCodec } from './settings/secret-store';

export interface Platform {
  mode: 'electron' | 'browser';
  /** Versions shown in the About box (app runtime, Chromium, Node, …). */
  versions: Record<string, string>;
  /** Open an http(s) URL in the user's browser. */
  openExternal(url: string): Promise<void>;
  /** How API keys are protected at rest (OS keychain in Electron). */
  secrets: SecretCodec;
  /** Electron only: an open-file dialog (multi-select); resolves to [] when cancelled. */
  chooseFiles?(opts: { title: string; filters?: { name: string; extensions: string[] }[] }): Promise<string[]>;
  /** Electron only: an open-one-file dialog (recipes); resolves to null when cancelled. */
  chooseOpenFile?(opts: { title: string; filters?: { name: string; extensions: string[] }[] }): Promise<string | null>;
  /** Electron only: a save-file dialog (it asks before replacing a file); resolves to null when cancelled. */
  chooseSavePath?(opts: { title: string; defaultName: string; filters?: { name: string; extensions: string[] }[] }): Promise<string | null>;
  /** Electron only: a choose-folder dialog for exports; resolves to null when cancelled. */
  chooseSaveFolder?(opts: { title: string }): Promise<string | null>;
}
