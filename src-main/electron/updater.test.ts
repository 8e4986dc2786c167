import { describe, expect, it } from 'vitest';
import { UPDATER_SETTINGS, applyUpdaterSettings, checkOutcomeMessage, createUpdateController, updateReadyPrompt, type MessageBox, type UpdaterSettings } from './updater';

describe('the updater', () => {
  it('never downgrades and never takes prereleases', () => {
    const updater: UpdaterSettings = { autoDownload: false, autoInstallOnAppQuit: false, allowDowngrade: true, allowPrerelease: true, disableWebInstaller: false, forceDevUpdateConfig: true };
    applyUpdaterSettings(updater);
    expect(updater).toEqual(UPDATER_SETTINGS);
    expect(updater.allowDowngrade).toBe(false);
    expect(updater.allowPrerelease).toBe(false);
    expect(updater.forceDevUpdateConfig).toBe(false);
  });

  function controller(check: () => Promise<{ isUpdateAvailable: boolean; version: string } | null>, answer = 0, isPackaged = true) {
    const shown: MessageBox[] = [];
    let restarts = 0;
    const updates = createUpdateController({
      isPackaged,
      currentVersion: '0.1.0',
      check,
      show: async (box) => (shown.push(box), answer),
      restartAndInstall: () => restarts++,
      log: () => undefined,
    });
    return { updates, shown, restarts: () => restarts };
  }

  it('reports every outcome of a check from the menu', async () => {
    const upToDate = controller(async () => ({ isUpdateAvailable: false, version: '0.1.0' }));
    await upToDate.updates.checkFromMenu();
    expect(upToDate.shown[0]).toMatchObject({ message: 'Letterdesk is up to date', detail: 'You have the latest version (0.1.0).' });

    const available = controller(async () => ({ isUpdateAvailable: true, version: '0.2.0' }));
    await available.updates.checkFromMenu();
    expect(available.shown[0]?.message).toBe('Letterdesk 0.2.0 is available');

    const offline = controller(async () => {
      throw new Error('net::ERR_INTERNET_DISCONNECTED');
    });
    await offline.updates.checkFromMenu();
    expect(offline.shown[0]).toMatchObject({ type: 'warning', message: 'Letterdesk could not check for updates' });

    const dev = controller(async () => {
      throw new Error('should not be called');
    }, 0, false);
    await dev.updates.checkFromMenu();
    expect(dev.shown[0]?.message).toBe(checkOutcomeMessage({ kind: 'not-installed' }).message);
  });

  it('asks before restarting for a downloaded update, once per version', async () => {
    const accepted = controller(async () => null, 0);
    await accepted.updates.updateDownloaded('0.2.0');
    await accepted.updates.updateDownloaded('0.2.0');
    expect(accepted.shown).toEqual([updateReadyPrompt('0.2.0')]);
    expect(accepted.restarts()).toBe(1);

    const later = controller(async () => null, 1);
    await later.updates.updateDownloaded('0.2.0');
    expect(later.restarts()).toBe(0);
    expect(updateReadyPrompt('0.2.0').buttons[updateReadyPrompt('0.2.0').cancelId]).toBe('Later');
  });

  it('checks quietly at start, and not at all in development', async () => {
    let checks = 0;
    const packaged = controller(async () => (checks++, null));
    packaged.updates.checkAtStart();
    const dev = controller(async () => (checks++, null), 0, false);
    dev.updates.checkAtStart();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(checks).toBe(1);
    expect(packaged.shown).toEqual([]);
  });
});
