import { describe, expect, it } from 'vitest';
import type { SocialNetwork } from '../model/enums';
import { checkProfileLink, checkSocialGap, isProfileUrl, profileLinkMessage } from './social';

describe('profile links match their network', () => {
  it.each<[SocialNetwork, string]>([
    ['facebook', 'https://www.facebook.com/letterdesk'],
    ['facebook', 'https://fb.com/letterdesk'],
    ['instagram', 'https://instagram.com/letterdesk'],
    ['linkedin', 'https://www.linkedin.com/company/letterdesk'],
    ['x', 'https://x.com/letterdesk'],
    ['x', 'https://twitter.com/letterdesk'],
    ['x', 'https://mobile.twitter.com/letterdesk'],
    ['youtube', 'https://youtu.be/abc'],
    ['tiktok', 'https://www.tiktok.com/@letterdesk'],
  ])('%s accepts %s', (network, url) => {
    expect(checkProfileLink(network, url)).toEqual({ ok: true, value: url });
  });

  it.each<[SocialNetwork, string]>([
    ['facebook', 'http://www.facebook.com/letterdesk'],
    ['facebook', 'https://facebook.com.evil.com/x'],
    ['facebook', 'https://notfacebook.com/x'],
    ['instagram', 'https://twitter.com/letterdesk'],
    ['x', 'https://facebook.com/letterdesk'],
    ['reddit', 'reddit.com/r/x'],
    ['reddit', 'https://user@reddit.com.evil/x'],
  ])('%s refuses %s', (network, url) => {
    expect(checkProfileLink(network, url)).toEqual({ ok: false, message: profileLinkMessage(network) });
  });

  it('needs a link', () => {
    expect(checkProfileLink('facebook', '  ')).toEqual({ ok: false, message: 'Link is required.' });
  });

  it('names the network in the spec sentence', () => {
    expect(profileLinkMessage('instagram')).toBe('Only Instagram links (https) are allowed here.');
    expect(isProfileUrl('x', 'https://x.com')).toBe(true);
  });
});

describe('checkSocialGap: at least 0, negatives taken as 0', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['16', 16],
    ['-1', 0],
    ['-40', 0],
    ['2.5', 2.5],
  ])('%j gives %d', (input, value) => {
    expect(checkSocialGap(input)).toEqual({ ok: true, value });
  });

  it('is required and numeric', () => {
    expect(checkSocialGap('')).toEqual({ ok: false, message: 'Gap is required.' });
    expect(checkSocialGap('wide')).toEqual({ ok: false, message: 'Gap must be a number.' });
  });
});
