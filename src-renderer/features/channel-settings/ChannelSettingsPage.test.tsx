// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import type { ChannelSenderResponse, SendingDomain } from '../../../shared/contract/platform-sending';
import { CHANNEL_SETTINGS_MESSAGES, type ChannelSettings } from '../../../shared/model/channel-settings';
import { SENDING_MESSAGES, fromDomainUnknownMessage, fromDomainUnverifiedMessage } from '../../../shared/rules/sending-identity';
import { createAppStore } from '../../app/store';
import { CHANNEL_SETTINGS_SAVED, ChannelSettingsPage } from './ChannelSettingsPage';
import { SENDING_IDENTITY_SAVED } from './SendingIdentityCard';
import { DOUBLE_OPT_IN_DESCRIPTION, DOUBLE_OPT_IN_LABEL } from './SignUpCard';

// The channel settings screen over the bridge's transport: the fake stands in for the core
// at window.bridge and records what the screen asks of it.

const STORED: ChannelSettings = {
  title: 'The Weekly',
  logoUrl: null,
  accentColor: '#1c7ed6',
  fontColor: '#202a33',
  backgroundColor: '#ffffff',
  baseFontSize: 16,
  timezone: 'America/New_York',
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', postal: '62701', country: 'USA' },
  footerLanguage: 'en',
  madeWithCredit: true,
  viewInBrowserLink: true,
};

const DOMAIN: SendingDomain = {
  id: 7,
  domain: 'news.example.com',
  returnPathDomain: 'bounces.news.example.com',
  dkimSelector: 'ld2611a',
  verified: false,
  verifiedAt: null,
  checkedAt: null,
  records: [],
  createdAt: '2026-11-27T10:00:00.000Z',
};

let saves: Array<Record<string, unknown>> = [];
let answerSave: (input: Record<string, unknown>) => Result<unknown>;
let sender: ChannelSenderResponse;
let senderSaves: Array<Record<string, unknown>> = [];
let answerSenderSave: (input: Record<string, unknown>) => Result<unknown>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as Record<string, unknown>;
    if (channel === 'channels.getSettings') return { ok: true, data: STORED } as never;
    if (channel === 'channels.saveSettings') {
      saves.push(args);
      return answerSave(args) as never;
    }
    if (channel === 'sending.getSender') return { ok: true, data: sender } as never;
    if (channel === 'sending.listDomains') return { ok: true, data: [DOMAIN] } as never;
    if (channel === 'sending.saveSender') {
      senderSaves.push(args);
      return answerSenderSave(args) as never;
    }
    if (channel === 'app.session') return { ok: true, data: { mode: 'embedded', platformUrl: '', signedIn: true, user: null, organizations: [] } } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  saves = [];
  answerSave = (args) => ({ ok: true, data: args.settings });
  sender = { fromName: '', fromAddress: '', replyTo: '', effectiveFrom: 'Letterdesk <letters@localhost>', fromDomainVerified: false };
  senderSaves = [];
  answerSenderSave = (args) => {
    const saved = args.sender as { fromName: string; fromAddress: string; replyTo: string };
    sender = { ...saved, effectiveFrom: 'Letterdesk <letters@localhost>', fromDomainVerified: false };
    return { ok: true, data: sender };
  };
});
afterEach(() => {
  notifications.clean();
  cleanup();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/organizations/:brandSlug/channels/:channelSlug/settings', element: <ChannelSettingsPage /> }], {
    initialEntries: ['/organizations/demo/channels/weekly/settings'],
  });
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

describe('the channel settings screen', () => {
  it('shows the stored settings and saves every change', async () => {
    renderPage();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('The Weekly');
    expect((screen.getByRole('textbox', { name: 'Accent color' }) as HTMLInputElement).value).toBe('#1c7ed6');
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Springfield');

    await userEvent.clear(name);
    await userEvent.type(name, 'The Weekly Tide');
    await userEvent.type(screen.getByRole('textbox', { name: /Logo URL/ }), 'https://cdn.example.com/tide.png');
    await userEvent.click(screen.getByRole('combobox', { name: 'Footer language' }));
    await userEvent.click(screen.getByRole('option', { name: 'Spanish' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      brandSlug: 'demo',
      channelSlug: 'weekly',
      settings: { ...STORED, title: 'The Weekly Tide', logoUrl: 'https://cdn.example.com/tide.png', footerLanguage: 'sp' },
    });
    expect(await screen.findByText(CHANNEL_SETTINGS_SAVED)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo of The Weekly Tide' })).toBeTruthy();
  });

  it('shows double opt-in off for a channel that never set it, and saves it switched on', async () => {
    renderPage();
    const optIn = await screen.findByRole<HTMLInputElement>('switch', { name: new RegExp(DOUBLE_OPT_IN_LABEL) });
    expect(optIn.checked).toBe(false);
    expect(screen.getByText(DOUBLE_OPT_IN_DESCRIPTION)).toBeTruthy();
    await userEvent.click(optIn);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({ brandSlug: 'demo', channelSlug: 'weekly', settings: { ...STORED, doubleOptIn: true } });
    expect(optIn.checked).toBe(true);
  });

  it('says what is wrong with each field and saves nothing', async () => {
    renderPage();
    const accent = await screen.findByRole('textbox', { name: 'Accent color' });
    await userEvent.clear(accent);
    await userEvent.type(accent, 'blueish');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CHANNEL_SETTINGS_MESSAGES.color)).toBeTruthy();
    expect(screen.getByText(CHANNEL_SETTINGS_MESSAGES.title)).toBeTruthy();
    expect(saves).toEqual([]);
  });

  it('takes a colour message away once the colour is valid again, and keeps the others', async () => {
    renderPage();
    const accent = await screen.findByRole('textbox', { name: 'Accent color' });
    await userEvent.clear(accent);
    await userEvent.type(accent, 'blueish');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CHANNEL_SETTINGS_MESSAGES.color)).toBeTruthy();

    await userEvent.clear(accent);
    await userEvent.type(accent, '#1c7ed6');
    await waitFor(() => expect(screen.queryByText(CHANNEL_SETTINGS_MESSAGES.color)).toBeNull());
    expect(screen.getByText(CHANNEL_SETTINGS_MESSAGES.title)).toBeTruthy();
  });

  it("shows the platform's refusal, and that it needs a connection", async () => {
    answerSave = () => ({ ok: false, error: { code: 'offline', message: 'Channel settings need a connection to the platform.' } });
    renderPage();
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain('Channel settings need a connection to the platform.');
    expect(screen.queryByText(CHANNEL_SETTINGS_SAVED)).toBeNull();
  });

  describe('the sending identity card', () => {
    const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    const card = () => screen.getByRole('region', { name: 'Sending identity' });

    it("checks each field as it is typed, with the shared rules' words, and saves nothing wrong", async () => {
      renderPage();
      await waitFor(() => expect(field('From address').value).toBe(''));
      await userEvent.type(field('Reply-To'), 'editor at example');
      expect(await screen.findByText(SENDING_MESSAGES.replyTo, {}, { timeout: 2000 })).toBeTruthy();
      await userEvent.type(field('From address'), 'letters@elsewhere.org');
      expect(await screen.findByText(fromDomainUnknownMessage('elsewhere.org'), {}, { timeout: 2000 })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Save sending identity' }));
      expect(senderSaves).toEqual([]);
      // The organization's domains are named beside the field's rule.
      expect(card().textContent).toContain('news.example.com');
    });

    it('saves a From on a sending domain and says when its domain is not verified yet', async () => {
      renderPage();
      await waitFor(() => expect(field('From address').value).toBe(''));
      await userEvent.type(field('From name'), 'Harbour Weekly');
      await userEvent.type(field('From address'), 'letters@news.example.com');
      await userEvent.type(field('Reply-To'), 'editor@example.org');
      await userEvent.click(screen.getByRole('button', { name: 'Save sending identity' }));
      await waitFor(() => expect(senderSaves).toHaveLength(1));
      expect(senderSaves[0]).toEqual({
        brandSlug: 'demo',
        channelSlug: 'weekly',
        sender: { fromName: 'Harbour Weekly', fromAddress: 'letters@news.example.com', replyTo: 'editor@example.org' },
      });
      expect(await screen.findByText(SENDING_IDENTITY_SAVED)).toBeTruthy();
      expect(await screen.findByText(fromDomainUnverifiedMessage('news.example.com'))).toBeTruthy();
      expect(within(card()).getByRole('link', { name: 'Open Sending domains' }).getAttribute('href')).toBe('/organizations/demo/sending-domains');
    });

    it("shows the platform's field refusal under the field", async () => {
      const refusal = 'The platform says no to this address.';
      answerSenderSave = () => ({ ok: false, error: { code: 'invalid_input', message: 'Check the highlighted fields.', fields: { fromAddress: [refusal] } } });
      renderPage();
      await waitFor(() => expect(field('From address').value).toBe(''));
      await userEvent.type(field('From address'), 'letters@news.example.com');
      await userEvent.click(screen.getByRole('button', { name: 'Save sending identity' }));
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(screen.queryByText(SENDING_IDENTITY_SAVED)).toBeNull();
    });

    it('shows the effective From of a verified domain', async () => {
      sender = { fromName: 'Harbour', fromAddress: 'letters@news.example.com', replyTo: '', effectiveFrom: '"Harbour" <letters@news.example.com>', fromDomainVerified: true };
      renderPage();
      const status = await screen.findByRole('status', { name: 'Effective From' });
      expect(status.textContent).toContain('"Harbour" <letters@news.example.com>');
      expect(status.textContent).toContain('Verified domain');
      expect(screen.queryByText(fromDomainUnverifiedMessage('news.example.com'))).toBeNull();
    });
  });
});
