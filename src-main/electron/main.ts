import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, safeStorage, type WebContents } from 'electron';
import electronUpdater from 'electron-updater';
import { buildMenuTemplate, type CommandId, type CommandState, type DesktopPlatform } from '../../shared/commands';
import type { SyncStatus } from '../../shared/contract/bridge';
import type { DesktopSettings } from '../../shared/contract/desktop';
import { APP_COMMAND_MESSAGE } from '../../shared/contract/ipc-messages';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import { settingsPath } from '../../shared/app-paths';
import type { PlatformConnection } from '../core/core-context';
import { APP_ORIGIN } from './app-protocol-path';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { contentSecurityPolicy } from './content-security-policy';
import { localImagesDir } from '../core/images/local-image-url';
import { createAppWindows } from './app-windows';
import { createCoreHost, type CoreHost } from './core-host';
import { createDeliveryNotifier } from './delivery-notifications';
import { findDeepLinkInArgv, parseDeepLink, DEEP_LINK_SCHEME } from './deep-link';
import { registerDesktopHandlers } from './desktop-ipc';
import { choosePlatform, coreDataDirName, loadDesktopSettings, saveDesktopSettings, settingsView } from './desktop-settings';
import { startEmbeddedPlatform, type EmbeddedPlatform } from './embedded-platform';
import { NOTHING_OPEN, applyCommandState } from './menu-state';
import { toElectronTemplate } from './menu-template';
import type { NavigationPolicy } from './navigation-policy';
import { hardenWebContents, refusePermissions } from './web-contents-guards';
import { createQuitSequence } from './quit-sequence';
import { createElectronTokenVault } from './token-vault';
import { overlayDotBitmap, unsyncedIndicator } from './unsynced-badge';
import { applyUpdaterSettings, createUpdateController } from './updater';
import { connectWindowToCore } from './window-bridge';

// The Electron host: the renderer served from app://, the core in a utility process reached
// over a MessagePort per window, and the embedded platform server in another utility
// process. See ARCHITECTURE.md, "Two hosts, one main". The decisions live in small pure
// modules beside this file; this one wires them to Electron.

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

const desktopPlatform = process.platform as DesktopPlatform;
/** `electron-vite dev` serves the renderer with hot reload; a packaged app never does. */
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

const { autoUpdater } = electronUpdater;

let core: CoreHost | null = null;
let platform: EmbeddedPlatform | null = null;
let platformUrl: string | null = null;
let platformOrigin: string | null = null;
/** What each window shows, by web contents id, for the native menu. */
const commandStates = new Map<number, CommandState>();

// Every renderer runs in Chromium's sandbox, whatever a window's options say.
app.enableSandbox();

const windows = createAppWindows({
  preloadPath: PRELOAD_PATH,
  windowStateFile: () => userFile('window-state.json'),
  devServerUrl,
  connectCore,
  syncStatus: () => core?.syncStatus ?? null,
  flush: (timeLimitMs) => void core?.flush(timeLimitMs),
  quitting: () => quitSequence.quitting,
  showUnsyncedOn: (window) => showUnsyncedOn(window, core?.syncStatus ?? null),
  closed: (contentsId) => {
    commandStates.delete(contentsId);
    refreshMenuState(BrowserWindow.getFocusedWindow()?.webContents.id ?? null);
  },
  log,
});

const quitSequence = createQuitSequence({
  closeWindows: () => windows.closeAll(),
  syncStatus: () => core?.syncStatus ?? null,
  flush: (timeLimitMs) => core?.flush(timeLimitMs) ?? Promise.resolve(null),
  stopServices,
  quit: () => app.quit(),
  log,
});

if (!app.requestSingleInstanceLock()) {
  // Two instances would open one SQLite cache and one PostgreSQL cluster twice; the first
  // instance gets this one's arguments (and so its letterdesk:// link) as 'second-instance'.
  app.quit();
} else {
  registerAppScheme();
  // Windows groups taskbar entries and notifications by this id; it must match the appId
  // in electron-builder.yml. The method exists only on Windows.
  if (process.platform === 'win32') app.setAppUserModelId('app.letterdesk.desktop');
  // Windows and Linux pass a link to a fresh launch on the command line; macOS uses open-url.
  windows.rememberRoute(findDeepLinkInArgv(process.argv)?.path ?? null);
  app.on('second-instance', (_event, argv) => windows.openRoute(findDeepLinkInArgv(argv)?.path ?? null));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = parseDeepLink(url);
    if (!route) log(`Ignored a letterdesk link that is not a letter or channel: ${url.slice(0, 200)}`);
    windows.openRoute(route?.path ?? null);
  });
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, navigationPolicy, log));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    // Before start() has run, start() itself opens the first window.
    if (core && BrowserWindow.getAllWindows().length === 0) windows.open();
  });
  app.on('browser-window-focus', (_event, window) => refreshMenuState(window.webContents.id));
  app.on('before-quit', (event) => {
    if (!quitSequence.beforeQuit()) event.preventDefault();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => fail('Letterdesk could not start', error));
}

function userFile(...parts: string[]): string {
  return path.join(app.getPath('userData'), ...parts);
}

async function start(): Promise<void> {
  // In development the OS would start a bare Electron for links: only installed builds register.
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  refusePermissions();
  installMenu();

  const settingsFile = userFile('settings.json');
  const running = choosePlatform(loadDesktopSettings(settingsFile), process.env.PLATFORM_URL);
  const remote = running.choice.mode === 'remote';
  // Each platform has its own cache and token, so switching never mixes their letters.
  const dataDir = userFile(coreDataDirName(running.choice));
  handleAppProtocol({
    rendererDir: RENDERER_DIR,
    contentSecurityPolicy: () => contentSecurityPolicy({ platformOrigin }),
    log,
    localImagesDir: localImagesDir(dataDir),
  });
  const tokenVault = createElectronTokenVault({
    file: path.join(dataDir, 'platform-token.json'),
    // The embedded platform's port changes every run; its token stays valid across them.
    scope: running.choice.mode === 'remote' ? running.choice.url : 'embedded',
    safeStorage,
    platform: process.platform,
    onInsecure: () => {
      // The embedded platform signs in by itself: only a remote sign-in is worth telling about.
      if (remote) void showSignInNotKept();
    },
    log,
  });

  registerDesktopHandlers(
    ipcMain,
    {
      settingsView: () =>
        settingsView({ saved: loadDesktopSettings(settingsFile), running, runningUrl: platformUrl ?? '', tokenStorage: tokenVault.storage() }),
      saveSettings: (settings: DesktopSettings) => {
        saveDesktopSettings(settingsFile, settings);
        return settingsView({ saved: settings, running, runningUrl: platformUrl ?? '', tokenStorage: tokenVault.storage() });
      },
      relaunch: () => {
        // After the answer has gone back to the window.
        setImmediate(() => {
          app.relaunch();
          app.quit();
        });
      },
      commandState: (windowId, state) => {
        commandStates.set(windowId, state);
        if (BrowserWindow.getFocusedWindow()?.webContents.id === windowId) refreshMenuState(windowId);
      },
    },
    { appOrigins: navigationPolicy().appOrigins, log: (message, detail) => log(`[ipc] ${message}`, detail) },
  );

  core = createCoreHost({
    entryPath: CORE_ENTRY,
    log,
    tokenVault,
    onSyncStatus: showUnsynced,
    onDeliveryEvent: (event) => deliveryNotifier.notify(event),
    onRestarted: () => {
      for (const window of BrowserWindow.getAllWindows()) connectCore(window.webContents);
    },
    onFatal: (message) => fail('Letterdesk cannot open its local data', message),
  });
  // The window opens at once; its first requests wait in the core until the platform is
  // known and the core is built.
  windows.openFirst();

  const connection = running.choice.mode === 'remote' ? remoteConnection(running.choice.url) : await connectEmbeddedPlatform();
  platformUrl = connection.url;
  core.init({ dataDir, platform: connection });
  startUpdater();
}

function remoteConnection(url: string): PlatformConnection {
  platformOrigin = originOf(url);
  return { mode: 'remote', url };
}

/** The embedded server's URL once it listens; if it cannot start, the core runs offline. */
async function connectEmbeddedPlatform(): Promise<PlatformConnection> {
  let url: string;
  try {
    platform = await startEmbeddedPlatform({ entryPath: PLATFORM_ENTRY, dataDir: userFile('platform'), log });
    platformOrigin = originOf(platform.requestedUrl);
    url = await platform.ready;
  } catch (error) {
    log('The embedded platform server did not start; working from the local store', error);
    url = platform?.requestedUrl ?? 'http://127.0.0.1:0';
  }
  platformOrigin = originOf(url);
  return { mode: 'embedded', url, account: { ...EMBEDDED_ACCOUNT } };
}

async function showSignInNotKept(): Promise<void> {
  await dialog.showMessageBox({
    type: 'warning',
    title: 'Sign-in not remembered',
    message: 'Letterdesk cannot store your sign-in securely on this computer',
    detail:
      'No secret store (such as GNOME Keyring or KWallet) is available, so your sign-in is kept only until you quit and you will be asked to sign in again next time. Install or unlock a keyring to have it remembered.',
    buttons: ['OK'],
  });
}

// --- Menus ------------------------------------------------------------------------------

/** Commands main carries out itself; every other one goes to the focused window. */
const MAIN_COMMANDS: Partial<Record<CommandId, () => void>> = {
  'app.checkForUpdates': () => void updates.checkFromMenu(),
};

function installMenu(): void {
  // Built once, with every window-dependent item greyed out; refreshMenuState then follows
  // the focused window (menu-state.ts).
  const template = buildMenuTemplate({ platform: desktopPlatform, isDevelopment: !app.isPackaged, state: NOTHING_OPEN });
  const send = (commandId: CommandId) => {
    const own = MAIN_COMMANDS[commandId];
    if (own) {
      own();
      return;
    }
    const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
    if (window) window.webContents.send(APP_COMMAND_MESSAGE, commandId);
    else if (commandId === 'app.settings') windows.open(settingsPath);
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(toElectronTemplate(template, send)));
}

function refreshMenuState(windowId: number | null): void {
  const menu = Menu.getApplicationMenu();
  if (!menu) return;
  applyCommandState(menu, (windowId !== null && commandStates.get(windowId)) || NOTHING_OPEN);
}

// --- Scheduled sends as native notifications -------------------------------------------

const deliveryNotifier = createDeliveryNotifier({
  isSupported: () => Notification.isSupported(),
  create: (options) => new Notification(options),
  openRoute: (route) => windows.openRoute(route),
  log,
});

function connectCore(contents: WebContents): void {
  if (core) connectWindowToCore(contents, core);
}

// --- Unsynced changes on the badge ------------------------------------------------------

let overlayDot: Electron.NativeImage | null = null;

function showUnsynced(status: SyncStatus): void {
  const indicator = unsyncedIndicator(status, desktopPlatform);
  if (indicator.surface === 'badge') app.setBadgeCount(indicator.count);
  else for (const window of BrowserWindow.getAllWindows()) showUnsyncedOn(window, status);
}

function showUnsyncedOn(window: BrowserWindow, status: SyncStatus | null): void {
  const indicator = unsyncedIndicator(status, desktopPlatform);
  if (indicator.surface !== 'overlay') return;
  overlayDot ??= nativeImage.createFromBitmap(overlayDotBitmap(16), { width: 16, height: 16 });
  window.setOverlayIcon(indicator.count > 0 ? overlayDot : null, indicator.description);
}

// --- Updates ----------------------------------------------------------------------------

const updates = createUpdateController({
  isPackaged: app.isPackaged,
  currentVersion: app.getVersion(),
  check: async () => {
    const result = await autoUpdater.checkForUpdates();
    return result ? { isUpdateAvailable: result.isUpdateAvailable, version: result.updateInfo.version } : null;
  },
  show: async (box) => {
    const window = BrowserWindow.getFocusedWindow();
    const answer = window ? await dialog.showMessageBox(window, box) : await dialog.showMessageBox(box);
    return answer.response;
  },
  // Save and push first, then let electron-updater start the installer and quit.
  restartAndInstall: () => quitSequence.quitThen(() => autoUpdater.quitAndInstall()),
  log,
});

function startUpdater(): void {
  applyUpdaterSettings(autoUpdater);
  autoUpdater.logger = { info: () => undefined, warn: (message: unknown) => log(`[updater] ${String(message)}`), error: (message: unknown) => log(`[updater] ${String(message)}`), debug: () => undefined };
  autoUpdater.on('update-downloaded', (info) => void updates.updateDownloaded(info.version));
  autoUpdater.on('error', (error) => log('Updating failed', error));
  updates.checkAtStart();
}

// --- Security ---------------------------------------------------------------------------

function navigationPolicy(): NavigationPolicy {
  return {
    appOrigins: devServerUrl ? [APP_ORIGIN, devServerUrl] : [APP_ORIGIN],
    externalOrigins: platformOrigin ? [platformOrigin] : [],
  };
}

// --- Stopping ---------------------------------------------------------------------------

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
