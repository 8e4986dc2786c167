// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import { CHANNEL_SETTINGS_MESSAGES, type ChannelSettings } from '../../../shared/model/channel-settings';
import { createAppStore } from '../../app/store';
import { CHANNEL_SETTINGS_SAVED, ChannelSettingsPage } from './ChannelSettingsPage';

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

let saves: Array<Record<string, unknown>> = [];
let answerSave: (input: Record<string, unknown>) => Result<unknown>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as Record<string, unknown>;
    if (channel === 'channels.getSettings') return { ok: true, data: STORED } as never;
    if (channel === 'channels.saveSettings') {
      saves.push(args);
      return answerSave(args) as never;
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

  it("shows the platform's refusal, and that it needs a connection", async () => {
    answerSave = () => ({ ok: false, error: { code: 'offline', message: 'Channel settings need a connection to the platform.' } });
    renderPage();
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain('Channel settings need a connection to the platform.');
    expect(screen.queryByText(CHANNEL_SETTINGS_SAVED)).toBeNull();
  });
});
