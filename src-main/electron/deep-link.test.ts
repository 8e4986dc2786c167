import { describe, expect, it } from 'vitest';
import { findDeepLinkInArgv, parseDeepLink } from './deep-link';

describe('parseDeepLink', () => {
  it('turns a letter link into the composer route', () => {
    expect(parseDeepLink('letterdesk://organizations/acme/channels/weekly/newsletters/42')).toEqual({
      kind: 'letter',
      brandSlug: 'acme',
      channelSlug: 'weekly',
      id: '42',
      path: '/organizations/acme/channels/weekly/newsletters/42',
    });
  });

  it('accepts a uniqueId, a trailing slash, a query and an upper-case scheme', () => {
    expect(parseDeepLink('letterdesk://organizations/acme/channels/weekly/newsletters/3f2a-9c_01/')?.path).toBe(
      '/organizations/acme/channels/weekly/newsletters/3f2a-9c_01',
    );
    expect(parseDeepLink('LetterDesk://organizations/acme/channels/weekly/newsletters/42?utm_source=mail#top')?.path).toBe(
      '/organizations/acme/channels/weekly/newsletters/42',
    );
  });

  it('opens a channel list when no letter is named', () => {
    expect(parseDeepLink('letterdesk://organizations/acme/channels/weekly/newsletters')).toMatchObject({
      kind: 'newsletters',
      path: '/organizations/acme/channels/weekly/newsletters',
    });
  });

  it('refuses hostile and malformed links', () => {
    for (const link of [
      undefined,
      42,
      '',
      'letterdesk:',
      'letterdesk://',
      'https://organizations/acme/channels/weekly/newsletters/42',
      'javascript:alert(1)//letterdesk://organizations/a/channels/b/newsletters/1',
      'letterdesk:organizations/acme/channels/weekly/newsletters/42',
      'letterdesk://organizations/../channels/weekly/newsletters/42',
      'letterdesk://organizations/%2e%2e/channels/weekly/newsletters/42',
      'letterdesk://organizations/acme/channels/weekly/newsletters/..%2f..%2fsettings',
      'letterdesk://organizations/acme/channels/weekly/newsletters/%2F%2Fevil.example',
      'letterdesk://organizations/acme/channels/weekly/newsletters/42/extra',
      'letterdesk://organizations/acme/channels/weekly/newsletters//42',
      'letterdesk://organizations/acme/channels//newsletters/42',
      'letterdesk://organizations/acme/channels/weekly/letters/42',
      'letterdesk://user:pass@organizations/acme/channels/weekly/newsletters/42',
      'letterdesk://organizations/acme/channels/weekly/newsletters/4 2',
      'letterdesk://organizations/acme/channels/weekly/newsletters/42\n',
      'letterdesk://organizations/acme/channels/weekly/newsletters/%00',
      'letterdesk://organizations/acme/channels/weekly/newsletters/%E0%A4%A',
      'letterdesk://organizations/acme\\..\\/channels/weekly/newsletters/42',
      'letterdesk://organizations/<script>/channels/weekly/newsletters/42',
      `letterdesk://organizations/acme/channels/weekly/newsletters/${'a'.repeat(3000)}`,
    ]) {
      expect(parseDeepLink(link), String(link)).toBeNull();
    }
  });
});

describe('findDeepLinkInArgv', () => {
  it('finds the link among the arguments a second instance was started with', () => {
    const argv = ['C:\\Program Files\\Letterdesk\\Letterdesk.exe', '--allow-file-access-from-files', 'letterdesk://organizations/acme/channels/weekly/newsletters/7'];
    expect(findDeepLinkInArgv(argv)?.path).toBe('/organizations/acme/channels/weekly/newsletters/7');
  });

  it('finds nothing in a plain launch and refuses a bad link', () => {
    expect(findDeepLinkInArgv(['/usr/bin/letterdesk', '--no-sandbox'])).toBeNull();
    expect(findDeepLinkInArgv(['/usr/bin/letterdesk', 'letterdesk://evil/../x'])).toBeNull();
  });
});
