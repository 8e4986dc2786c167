// Updates through electron-updater: the feed is electron-builder.yml's `publish` (a generic
// https server; electron-builder writes it into the app as app-update.yml), checked once at
// start and whenever the user chooses Check for Updates…; a downloaded update waits for
// the user to choose Restart Now, or installs when the app next quits. The settings and the
// dialogs are plain data here, and the flow takes its effects as functions, so it is tested
// without Electron.

/** Applied to electron-updater's autoUpdater before anything else touches it. */
export const UPDATER_SETTINGS = {
  autoDownload: true,
  autoInstallOnAppQuit: true,
  // An older build from the feed is never installed over a newer one: a compromised or
  // misconfigured feed must not be able to roll users back to a version with known holes.
  allowDowngrade: false,
  allowPrerelease: false,
  // Only full NSIS installers; no web installer that fetches its payload later.
  disableWebInstaller: true,
  // Development builds do not update themselves.
  forceDevUpdateConfig: false,
} as const;

export type UpdaterSettings = { -readonly [K in keyof typeof UPDATER_SETTINGS]: boolean };

export function applyUpdaterSettings(updater: UpdaterSettings): void {
  Object.assign(updater, UPDATER_SETTINGS);
}

export interface MessageBox {
  type: 'info' | 'warning' | 'error';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  defaultId: number;
  cancelId: number;
}

export function updateReadyPrompt(version: string): MessageBox {
  return {
    type: 'info',
    title: 'Update Ready',
    message: `Letterdesk ${version} is ready to install`,
    detail: 'Restart Letterdesk to use the new version. Your work is saved first. If you choose Later, the update installs when you quit.',
    buttons: ['Restart Now', 'Later'],
    defaultId: 0,
    cancelId: 1,
  };
}

export type CheckOutcome =
  | { kind: 'up-to-date'; currentVersion: string }
  | { kind: 'downloading'; version: string }
  | { kind: 'failed'; message: string }
  | { kind: 'not-installed' };

/** What the user reads after choosing Check for Updates…. */
export function checkOutcomeMessage(outcome: CheckOutcome): MessageBox {
  const box = (type: MessageBox['type'], message: string, detail: string): MessageBox => ({ type, title: 'Check for Updates', message, detail, buttons: ['OK'], defaultId: 0, cancelId: 0 });
  switch (outcome.kind) {
    case 'up-to-date':
      return box('info', 'Letterdesk is up to date', `You have the latest version (${outcome.currentVersion}).`);
    case 'downloading':
      return box('info', `Letterdesk ${outcome.version} is available`, 'It is downloading now. You will be asked to restart when it is ready.');
    case 'failed':
      return box('warning', 'Letterdesk could not check for updates', outcome.message);
    case 'not-installed':
      return box('info', 'Updates are not available in development builds', 'Install Letterdesk to receive updates.');
  }
}

export interface UpdateControllerDeps {
  /** Packaged builds update; development ones do not. */
  isPackaged: boolean;
  currentVersion: string;
  /** electron-updater's checkForUpdates, reduced to what the flow needs. */
  check(): Promise<{ isUpdateAvailable: boolean; version: string } | null>;
  /** Shows a message box; resolves with the index of the button chosen. */
  show(box: MessageBox): Promise<number>;
  /** Saves, pushes and stops the services, then electron-updater's quitAndInstall. */
  restartAndInstall(): void;
  log(message: string, detail?: unknown): void;
}

export function createUpdateController(deps: UpdateControllerDeps) {
  let prompting = false;
  let announcedVersion: string | null = null;

  async function check(): Promise<CheckOutcome> {
    if (!deps.isPackaged) return { kind: 'not-installed' };
    try {
      const result = await deps.check();
      if (result?.isUpdateAvailable) return { kind: 'downloading', version: result.version };
      return { kind: 'up-to-date', currentVersion: deps.currentVersion };
    } catch (error) {
      deps.log('Checking for updates failed', error);
      return { kind: 'failed', message: 'Check your internet connection and try again later.' };
    }
  }

  return {
    /** Quietly, at start: only a downloaded update is ever shown. */
    checkAtStart(): void {
      if (deps.isPackaged) void check();
    },
    /** From the menu: every outcome is shown. */
    async checkFromMenu(): Promise<void> {
      await deps.show(checkOutcomeMessage(await check()));
    },
    /** electron-updater's 'update-downloaded': ask once per version. */
    async updateDownloaded(version: string): Promise<void> {
      if (prompting || announcedVersion === version) return;
      prompting = true;
      announcedVersion = version;
      try {
        const prompt = updateReadyPrompt(version);
        const choice = await deps.show(prompt);
        if (choice === prompt.defaultId) deps.restartAndInstall();
      } finally {
        prompting = false;
      }
    },
  };
}
