import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, Menu, session, shell, type WebContents } from 'electron';
import { buildMenuTemplate, type DesktopPlatform } from '../../shared/commands';
import { APP_COMMAND_MESSAGE } from '../../shared/contract/ipc-messages';
import { PublicationStatus } from '../../shared/model/publication';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import type { PlatformConnection } from '../core/core-context';
import { APP_ORIGIN } from './app-protocol-path';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { contentSecurityPolicy } from './content-security-policy';
import { createCoreHost, type CoreHost } from './core-host';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform';
import { decideFrameNavigation, decideNavigation, decideWindowOpen, type NavigationPolicy } from './navigation-policy';
import { connectWindowToCore } from './window-bridge';
import { toElectronTemplate } from './menu-template';
import { createWindowOptions } from './window-options';

// The Electron host: the renderer served from app://, the core in a utility process reached
// over a MessagePort per window, and the embedded platform server in another utility process. See ARCHITECTURE.md, "Two hosts, one main".

const log = (message: string, detail?: unknown) => {
  if (detail === undefined) console.log(`[main] ${message}`);
  else console.log(`[main] ${message}`, detail);
};

// electron-vite builds this file to out/main/index.js, beside the other main entries.
const here = import.meta.dirname;
const PRELOAD_PATH = path.join(here, '../preload/index.cjs');
const RENDERER_DIR = path.join(here, '../renderer');
const CORE_ENTRY = path.join(here, 'core-process.js');
const PLATFORM_ENTRY = path.join(here, 'platform-server.js');

/** `electron-vite dev` serves the renderer with hot reload; a packaged app never does. */
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
/** A platform the user runs elsewhere; without it the app starts its own. */
const remotePlatformUrl = process.env.PLATFORM_URL?.trim() || undefined;

// Permissions a page may get. Copying to the clipboard (merge tags, links) is the only one
// the composer uses; camera, location, notifications and the rest are refused.
const ALLOWED_PERMISSIONS = new Set<string>(['clipboard-sanitized-write']);

let core: CoreHost | null = null;
let platform: EmbeddedPlatform | null = null;
let platformOrigin: string | null = remotePlatformUrl ? originOf(remotePlatformUrl) : null;
let quitState: 'running' | 'stopping' | 'stopped' = 'running';

if (!app.requestSingleInstanceLock()) {
  // Two instances would open one SQLite cache and one PostgreSQL cluster twice.
  app.quit();
} else {
  registerAppScheme();
  // Windows groups taskbar entries and notifications by this id; it must match the appId
  // in electron-builder.yml. The method exists only on Windows.
  if (process.platform === 'win32') app.setAppUserModelId('app.letterdesk.desktop');
  app.on('second-instance', () => focusOrCreateWindow());
  // letterdesk:// links (registered by the installer) only bring the app forward for now.
  app.on('open-url', (event) => {
    event.preventDefault();
    focusOrCreateWindow();
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    // Before start() has run, start() itself opens the first window.
    if (core && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('before-quit', (event) => {
    if (quitState === 'stopped') return;
    // Quit only once the core has flushed its store and the platform has stopped PostgreSQL.
    event.preventDefault();
    if (quitState === 'stopping') return;
    quitState = 'stopping';
    void stopServices().finally(() => {
      quitState = 'stopped';
      app.quit();
    });
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => fail('Letterdesk could not start', error));
}

async function start(): Promise<void> {
  if (app.isPackaged) app.setAsDefaultProtocolClient('letterdesk');
  refusePermissions();
  installMenu();
  handleAppProtocol({
    rendererDir: RENDERER_DIR,
    contentSecurityPolicy: () => contentSecurityPolicy({ platformOrigin }),
    log,
  });

  core = createCoreHost({
    entryPath: CORE_ENTRY,
    log,
    onRestarted: () => {
      for (const window of BrowserWindow.getAllWindows()) connectCore(window.webContents);
    },
    onFatal: (message) => fail('Letterdesk cannot open its local data', message),
  });
  // The window opens at once; its first requests wait in the core until the platform is
  // known and the core is built.
  createWindow();

  const connection = await connectPlatform();
  core.init({ dataDir: path.join(app.getPath('userData'), 'desktop'), platform: connection });
}

/** The embedded server's URL once it listens; if it cannot start, the core runs offline. */
async function connectPlatform(): Promise<PlatformConnection> {
  if (remotePlatformUrl) return { mode: 'remote', url: remotePlatformUrl };
  let url: string;
  try {
    platform = await startEmbeddedPlatform({
      entryPath: PLATFORM_ENTRY,
      dataDir: path.join(app.getPath('userData'), 'platform'),
      log,
    });
    platformOrigin = originOf(platform.requestedUrl);
    url = await platform.ready;
  } catch (error) {
    log('The embedded platform server did not start; working from the local store', error);
    url = platform?.requestedUrl ?? 'http://127.0.0.1:0';
  }
  platformOrigin = originOf(url);
  return { mode: 'embedded', url, account: { ...EMBEDDED_ACCOUNT } };
}

/**
 * The native menu from the command registry. Items are enabled by default and a window
 * that has no handler for a command ignores it; following the focused window's letter
 * state (greying items out) comes with the desktop-shell work.
 */
function installMenu(): void {
  const template = buildMenuTemplate({
    platform: process.platform as DesktopPlatform,
    isDevelopment: !app.isPackaged,
    state: { channelOpen: true, letter: { publicationStatus: PublicationStatus.draft, esp: 0, isCompanyLevel: false } },
  });
  const send = (commandId: string) => BrowserWindow.getFocusedWindow()?.webContents.send(APP_COMMAND_MESSAGE, commandId);
  Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronTemplate(template, send)));
}

function createWindow(): BrowserWindow {
  const iconPath = path.join(app.getAppPath(), 'resources', 'icon.png');
  const window = new BrowserWindow(
    createWindowOptions({
      preloadPath: PRELOAD_PATH,
      devTools: !app.isPackaged,
      ...(fs.existsSync(iconPath) ? { iconPath } : {}),
    }),
  );
  window.once('ready-to-show', () => window.show());
  // Every load (first, reload, dev-server refresh) starts a preload that needs a new port.
  window.webContents.on('dom-ready', () => connectCore(window.webContents));
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/`).catch((error: unknown) => log('Loading the renderer failed', error));
  return window;
}

function connectCore(contents: WebContents): void {
  if (core) connectWindowToCore(contents, core);
}

function focusOrCreateWindow(): void {
  if (!core) return; // still starting: the first window is on its way
  const [window] = BrowserWindow.getAllWindows();
  if (!window) {
    createWindow();
    return;
  }
  if (window.isMinimized()) window.restore();
  window.focus();
}

function navigationPolicy(): NavigationPolicy {
  return {
    appOrigins: devServerUrl ? [APP_ORIGIN, devServerUrl] : [APP_ORIGIN],
    externalOrigins: platformOrigin ? [platformOrigin] : [],
  };
}

/** Applies to every web contents: windows, the preview's frames, and anything else. */
function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url, navigationPolicy()) === 'open-external') openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, navigationPolicy());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openExternal(event.url);
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return; // will-navigate above decides for the main frame
    const decision = decideFrameNavigation(event.url, navigationPolicy());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openExternal(event.url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function openExternal(url: string): void {
  shell.openExternal(url).catch((error: unknown) => log(`Could not open ${url}`, error));
}

function refusePermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}

async function stopServices(): Promise<void> {
  // The core first: closing may push the last edits to the platform.
  try {
    await core?.stop();
  } catch (error) {
    log('Stopping the core failed', error);
  }
  try {
    await platform?.stop();
  } catch (error) {
    log('Stopping the platform server failed', error);
  }
}

function fail(title: string, detail: unknown): void {
  const message = detail instanceof Error ? detail.message : String(detail);
  log(`${title}: ${message}`, detail instanceof Error ? detail : undefined);
  dialog.showErrorBox(title, message);
  app.quit();
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}
