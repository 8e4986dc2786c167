import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_SETTINGS, DesktopSettingsSchema, REMOTE_URL_INVALID, REMOTE_URL_NOT_HTTPS, REMOTE_URL_REQUIRED } from '../../shared/contract/desktop';
import { choosePlatform, coreDataDirName, loadDesktopSettings, saveDesktopSettings, settingsView } from './desktop-settings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-settings-'));
  dirs.push(dir);
  return path.join(dir, 'settings.json');
}

describe('desktop settings', () => {
  it('defaults to the embedded platform and keeps a saved remote choice', () => {
    const file = tempFile();
    expect(loadDesktopSettings(file)).toEqual(DEFAULT_DESKTOP_SETTINGS);
    const remote = DesktopSettingsSchema.parse({ platform: { mode: 'remote', url: ' https://Letterdesk.Example.com/api/ ' } });
    expect(remote).toEqual({ platform: { mode: 'remote', url: 'https://letterdesk.example.com/api' } });
    saveDesktopSettings(file, remote);
    expect(loadDesktopSettings(file)).toEqual(remote);
  });

  it('reads a damaged or tampered file as the default', () => {
    const file = tempFile();
    for (const text of ['nope', '{"platform":{"mode":"remote","url":"http://evil.example"}}', '{"platform":{"mode":"cloud"}}']) {
      fs.writeFileSync(file, text);
      expect(loadDesktopSettings(file), text).toEqual(DEFAULT_DESKTOP_SETTINGS);
    }
  });

  it('accepts https servers, and plain http only on this computer', () => {
    const url = (value: string) => DesktopSettingsSchema.safeParse({ platform: { mode: 'remote', url: value } });
    expect(url('https://letterdesk.example.com').success).toBe(true);
    expect(url('http://127.0.0.1:3000').success).toBe(true);
    expect(url('http://localhost:3000/').success).toBe(true);
    const message = (value: string) => {
      const parsed = url(value);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message('')).toBe(REMOTE_URL_REQUIRED);
    expect(message('http://letterdesk.example.com')).toBe(REMOTE_URL_NOT_HTTPS);
    for (const bad of ['letterdesk.example.com', 'ftp://x.example', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@x.example', 'https://x.example/?a=1']) {
      expect(message(bad), bad).toBe(REMOTE_URL_INVALID);
    }
    expect(DesktopSettingsSchema.safeParse({ platform: { mode: 'embedded', url: 'https://x.example' } }).success).toBe(false);
  });

  it('lets PLATFORM_URL win and says a saved change needs a restart', () => {
    const saved = DesktopSettingsSchema.parse({ platform: { mode: 'remote', url: 'https://a.example' } });
    expect(choosePlatform(saved, undefined)).toEqual({ choice: saved.platform, fromEnvironment: false });
    expect(choosePlatform(saved, ' http://10.0.0.5:3000/ ')).toEqual({ choice: { mode: 'remote', url: 'http://10.0.0.5:3000' }, fromEnvironment: true });

    const running = choosePlatform(DEFAULT_DESKTOP_SETTINGS, undefined);
    const view = settingsView({ saved, running, runningUrl: 'http://127.0.0.1:4711', tokenStorage: 'encrypted' });
    expect(view).toEqual({
      saved,
      active: { mode: 'embedded', url: 'http://127.0.0.1:4711' },
      restartNeeded: true,
      overriddenByEnvironment: false,
      tokenStorage: 'encrypted',
    });
    expect(settingsView({ saved: DEFAULT_DESKTOP_SETTINGS, running, runningUrl: 'x', tokenStorage: 'memory-only' }).restartNeeded).toBe(false);
    const other = DesktopSettingsSchema.parse({ platform: { mode: 'remote', url: 'https://b.example' } });
    expect(settingsView({ saved: other, running: choosePlatform(saved, undefined), runningUrl: 'https://a.example', tokenStorage: 'encrypted' }).restartNeeded).toBe(true);
    expect(settingsView({ saved, running: choosePlatform(saved, 'http://dev:1'), runningUrl: 'http://dev:1', tokenStorage: 'encrypted' })).toMatchObject({
      restartNeeded: false,
      overriddenByEnvironment: true,
    });
  });
});

describe('coreDataDirName', () => {
  it('gives each platform its own local cache folder', () => {
    expect(coreDataDirName({ mode: 'embedded' })).toBe('desktop');
    const a = coreDataDirName({ mode: 'remote', url: 'https://a.example' });
    const b = coreDataDirName({ mode: 'remote', url: 'https://a.example/team2' });
    expect(a).toMatch(/^desktop-remote-a\.example-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
    expect(coreDataDirName({ mode: 'remote', url: 'http://[::1]:3000' })).toMatch(/^desktop-remote-[A-Za-z0-9._-]+$/);
    expect(coreDataDirName({ mode: 'remote', url: 'not a url/../..' })).toMatch(/^desktop-remote-server-[0-9a-f]{12}$/);
  });
});
