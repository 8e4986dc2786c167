import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformChecks, startupWarnings } from '../src-server/sending/deliverability-checks';
import { sendingSettingsOf } from '../src-server/sending/sending-settings';

// Editors never read a setting's name (issue 37): the app's words say what to ask an
// administrator for. The names are gathered from what the platform and the core read from
// their environment, so a new setting is covered without touching this test. Comments may
// name settings; text the editor can read may not.

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)testing\//.test(file) && !/test-support/.test(file))
    .map((file) => path.join(dir, file));
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The source without its comments; `//` after a colon is a URL, not a comment. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Names the platform and the core read from their environment; the operating system's own are not ours. */
const OS_NAMES = new Set(['APPDATA', 'XDG_DATA_HOME', 'NODE_ENV', 'HOME']);
const SETTINGS = [
  ...new Set(
    [...sources('src-server'), ...sources('src-main')].flatMap((file) =>
      [...read(file).matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!),
    ),
  ),
].filter((name) => !OS_NAMES.has(name));

function namesIn(text: string): string[] {
  return SETTINGS.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
}

describe("the editor's text", () => {
  it('knows the settings it looks for', () => {
    expect(SETTINGS).toEqual(expect.arrayContaining(['AI_BASE_URL', 'PLATFORM_URL', 'SMTP_URL', 'PUBLIC_URL', 'MAIL_FROM', 'NEWS_API_URL']));
  });

  it.each([
    ['the renderer', 'src-renderer'],
    ['the messages the core and the platform share with the app', 'shared'],
  ])('in %s names no setting', (_what, dir) => {
    const found = sources(dir).flatMap((file) => namesIn(withoutComments(read(file))).map((name) => `${file}: ${name}`));
    expect(found).toEqual([]);
  });

  it("in the platform's and the core's errors names no setting", () => {
    // Start-up refusals (`throw new Error`) are read by whoever starts the platform; errors
    // that reach the app are HttpError and AppError.
    const found = [...sources('src-server'), ...sources('src-main/core')].flatMap((file) =>
      withoutComments(read(file))
        .split('\n')
        .filter((line) => /\b(HttpError|AppError)\(/.test(line))
        .flatMap((line) => namesIn(line).map((name) => `${file}: ${name}`)),
    );
    expect(found).toEqual([]);
  });

  it('in the deliverability checks says what to ask for, while the start-up log names the setting', () => {
    const settings = sendingSettingsOf({ publicUrl: 'http://letters.example.com' });
    const checks = platformChecks(settings);
    expect(checks.map((check) => check.code)).toEqual(['public-url-not-https', 'default-from']);
    for (const check of checks) {
      expect(namesIn(check.message)).toEqual([]);
      expect(check.message.toLowerCase()).toContain('ask your administrator');
    }
    const log = startupWarnings(settings);
    expect(log[0]).toContain('(setting: PUBLIC_URL)');
    expect(log[1]).toContain('(setting: MAIL_FROM)');
  });
});
