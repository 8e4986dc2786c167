import { describe, expect, it } from 'vitest';
import { CHANNEL_SETTINGS_MESSAGES, ChannelSettingsSchema, isKnownTimezone, type ChannelSettings } from './channel-settings';

const valid: ChannelSettings = {
  title: 'The Weekly',
  logoUrl: 'https://cdn.example.com/logo.png',
  accentColor: '#1c7ed6',
  fontColor: '#222',
  backgroundColor: '#ffffff',
  baseFontSize: 16,
  timezone: 'Europe/Madrid',
  address: { street: '1 Harbour Road', city: 'Portsmouth', state: 'Hampshire', postal: 'PO1 2AB', country: 'United Kingdom' },
  footerLanguage: 'sp',
  madeWithCredit: true,
  viewInBrowserLink: false,
};

const messages = (input: unknown) => {
  const parsed = ChannelSettingsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('channel settings', () => {
  it('accepts a complete set, and no logo', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, logoUrl: null })).toEqual([]);
  });

  it('refuses each bad field with its message', () => {
    expect(messages({ ...valid, title: '  ' })).toEqual([`title: ${CHANNEL_SETTINGS_MESSAGES.title}`]);
    expect(messages({ ...valid, accentColor: 'blue' })).toEqual([`accentColor: ${CHANNEL_SETTINGS_MESSAGES.color}`]);
    expect(messages({ ...valid, fontColor: '#12345' })).toEqual([`fontColor: ${CHANNEL_SETTINGS_MESSAGES.color}`]);
    expect(messages({ ...valid, logoUrl: 'javascript:alert(1)' })).toEqual([`logoUrl: ${CHANNEL_SETTINGS_MESSAGES.logo}`]);
    expect(messages({ ...valid, baseFontSize: 9 })).toEqual([`baseFontSize: ${CHANNEL_SETTINGS_MESSAGES.baseFontSize}`]);
    expect(messages({ ...valid, baseFontSize: 16.5 })).toEqual([`baseFontSize: ${CHANNEL_SETTINGS_MESSAGES.baseFontSize}`]);
    expect(messages({ ...valid, timezone: 'Mars/Olympus' })).toEqual([`timezone: ${CHANNEL_SETTINGS_MESSAGES.timezone}`]);
    expect(messages({ ...valid, footerLanguage: 'fr' })).toHaveLength(1);
  });

  it('knows IANA zones', () => {
    expect(isKnownTimezone('America/New_York')).toBe(true);
    expect(isKnownTimezone('UTC')).toBe(true);
    expect(isKnownTimezone('')).toBe(false);
    expect(isKnownTimezone('Nowhere/Land')).toBe(false);
  });
});
