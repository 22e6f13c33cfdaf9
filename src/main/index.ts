/**
 * Electron entry: the only file of the main process that imports `electron`.
 * It builds the same core as browser mode and binds it to IPC, and locks the
 * window down: context isolation, sandbox, no Node in the renderer, a strict
 * CSP, no navigation, no new windows, no permissions.
 */
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, safeStorage, session, shell, type WebContents } from 'electron';
import { IPC_EVENT, IPC_INVOKE } from '../shared/contract';
import { APP_VERSION, MCP_SDK_VERSION } from '../shared/version';
import { selfLauncher } from './builtin-servers';
import { createCore, type Core } from './core';
import { electronOpener } from './external-url';
import { DataDirInUseError } from './instance-lock';
import { resolveAppPaths } from './paths';
import { applySessionPolicy } from './session-policy';
import type { Platform } from './platform';
import { plainFileCodec, type SecretCodec } from './settings/secret-store';

let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;

function isOwnPage(url: string): boolean {
  const dev = process.env.ELECTRON_RENDERER_URL;
  return url.startsWith('file://') || (dev !== undefined && url.startsWith(dev));
}

/** Every URL Kalla opens outside the app goes through this one allow-list (src/main/external-url.ts). */
const openExternal = electronOpener(shell);

function lockDown(contents: WebContents) {
  contents.setWindowOpenHandler(({ url }) => {
    // A refused scheme is simply not opened: the window never navigates either way.
    openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(url)) return;
    event.preventDefault();
    openExternal(url).catch(() => undefined);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function createWindow() {
  mainWindow = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Kalla Desktop',
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#14161a' : '#f7f7f8',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl) void mainWindow.loadURL(devUrl);
  else void mainWindow.loadFile(join(import.meta.dirname, '../renderer/index.html'));
}

async function boot() {
  const paths = resolveAppPaths(process.env, app.getPath('userData'));
  const platform: Platform = {
    mode: 'electron',
    versions: {
      electron: process.versions.electron ?? '',
      chromium: process.versions.chrome ?? '',
      node: process.versions.node,
      'mcp-sdk': MCP_SDK_VERSION,
    },
    openExternal,
    secrets: keychainCodec(),
    chooseFiles: async ({ title, filters }) => {
      const r = await dialog.showOpenDialog({ title, filters, properties: ['openFile', 'multiSelections'] });
      return r.canceled ? [] : r.filePaths;
    },
    chooseOpenFile: async ({ title, filters }) => {
      const r = await dialog.showOpenDialog({ title, filters, properties: ['openFile'] });
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    chooseSavePath: async ({ title, defaultName, filters }) => {
      const r = await dialog.showSaveDialog({ title, defaultPath: join(app.getPath('documents'), defaultName), filters, properties: ['createDirectory', 'showOverwriteConfirmation'] });
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    chooseSaveFolder: async ({ title }) => {
      const r = await dialog.showOpenDialog({ title, properties: ['openDirectory', 'createDirectory'] });
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
  };
  try {
    core = await createCore({
      paths,
      platform,
      self: selfLauncher(join(import.meta.dirname, 'cli.js'), true),
      appVersion: APP_VERSION,
    });
  } catch (e) {
    // Browser mode (`kalla web`) holds this data folder: say so instead of clobbering its files.
    if (!(e instanceof DataDirInUseError)) throw e;
    dialog.showErrorBox('Kalla is already running', e.message);
    app.exit(1);
    return;
  }

  ipcMain.handle(IPC_INVOKE, (event, channel: unknown, input: unknown) => {
    // Only our own page may call in; the dispatcher validates everything else.
    if (!event.senderFrame || !isOwnPage(event.senderFrame.url)) {
      return { ok: false, error: { code: 'forbidden', message: 'Calls are accepted from the app window only.' } };
    }
    return core!.dispatch(channel, input);
  });
  core.subscribe((name, payload) => {
    if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(IPC_EVENT, name, payload);
  });
  createWindow();
}

app.on('web-contents-created', (_e, contents) => lockDown(contents));

// One desktop instance per data folder: a second launch focuses the first window and exits. Electron
// keys its single-instance lock on userData, which is the data folder unless KALLA_DATA_DIR moves
// it; then the Chromium profile moves along, so the lock is per data folder again. Browser mode on
// the same folder is kept out by the data folder's lock (src/main/instance-lock.ts).
if (process.env.KALLA_DATA_DIR) app.setPath('userData', join(process.env.KALLA_DATA_DIR, 'electron-profile'));
if (!app.requestSingleInstanceLock()) app.exit(0);
app.on('second-instance', () => {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
});

app.whenReady().then(async () => {
  applySessionPolicy(session.defaultSession);
  app.setAboutPanelOptions({ applicationName: 'Kalla Desktop', applicationVersion: APP_VERSION });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate()));
  await boot();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}).catch((e: unknown) => {
  // Without a core there is no app to show: say why instead of leaving a process with no window.
  dialog.showErrorBox('Kalla Desktop could not start', e instanceof Error ? (e.stack ?? e.message) : String(e));
  app.exit(1);
});

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !core) return;
  // Stop the MCP servers we started before the process goes away.
  event.preventDefault();
  quitting = true;
  void core.dispose().finally(() => app.quit());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

/** safeStorage needs a keychain (e.g. no secret service on a bare Linux desktop): then fall back to a 0600 file. */
function keychainCodec(): SecretCodec {
  if (!safeStorage.isEncryptionAvailable()) return plainFileCodec;
  return {
    kind: 'os',
    encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
    decrypt: (stored) => safeStorage.decryptString(Buffer.from(stored, 'base64')),
  };
}

function menuTemplate(): Electron.MenuItemConstructorOptions[] {
  const isMac = process.platform === 'darwin';
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}
