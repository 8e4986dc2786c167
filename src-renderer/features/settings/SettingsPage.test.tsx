// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import {
  DEFAULT_DESKTOP_SETTINGS,
  DesktopSettingsSchema,
  REMOTE_URL_NOT_HTTPS,
  type DesktopBridge,
  type DesktopSettings,
  type DesktopSettingsView,
} from '../../../shared/contract/desktop';
import { fieldMessages } from '../../../shared/contract/errors';
import { EMBEDDED_LABEL, REMOTE_LABEL, SettingsPage } from './SettingsPage';

// The Settings screen against a stand-in for main at the window.bridge.desktop boundary:
// it validates with the same schema main uses and keeps what was saved.

let saved: DesktopSettings;
let relaunches = 0;
let tokenStorage: DesktopSettingsView['tokenStorage'] = 'encrypted';
const running = { mode: 'embedded' as const, url: 'http://127.0.0.1:4711' };

const view = (): DesktopSettingsView => ({
  saved,
  active: running,
  restartNeeded: saved.platform.mode !== running.mode,
  overriddenByEnvironment: false,
  tokenStorage,
});

const desktop: DesktopBridge = {
  getSettings: async () => ({ ok: true, data: view() }),
  saveSettings: async (input) => {
    const parsed = DesktopSettingsSchema.safeParse(input);
    if (!parsed.success) {
      return { ok: false, error: { code: 'invalid_input', message: parsed.error.issues[0]?.message ?? '', fields: fieldMessages(parsed.error.issues) } };
    }
    saved = parsed.data;
    return { ok: true, data: view() };
  },
  relaunch: async () => (relaunches++, { ok: true, data: null }),
  reportCommandState: () => undefined,
};

const bridge: { -readonly [K in keyof Bridge]: Bridge[K] } = {
  invoke: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }),
  on: () => () => {},
  desktop,
};

beforeAll(() => {
  window.bridge = bridge;
});
beforeEach(() => {
  saved = DEFAULT_DESKTOP_SETTINGS;
  relaunches = 0;
  tokenStorage = 'encrypted';
  bridge.desktop = desktop;
});
afterEach(cleanup);

function renderPage() {
  return render(
    <MantineProvider>
      <SettingsPage platformUrl="http://127.0.0.1:4711" mode="embedded" />
    </MantineProvider>,
  );
}

describe('SettingsPage', () => {
  it('shows the saved choice: the platform on this computer by default', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(EMBEDDED_LABEL).checked).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>(REMOTE_LABEL).checked).toBe(false);
    expect(screen.getByText(/Now using the platform on this computer \(http:\/\/127\.0\.0\.1:4711\)/)).toBeTruthy();
    expect(screen.queryByLabelText('Server address')).toBeNull();
  });

  it('refuses a plain-http server elsewhere with the message main gives, saving nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByLabelText(REMOTE_LABEL));
    await user.type(screen.getByLabelText('Server address'), 'http://letterdesk.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REMOTE_URL_NOT_HTTPS)).toBeTruthy();
    expect(saved).toEqual(DEFAULT_DESKTOP_SETTINGS);
  });

  it('saves a remote server and offers the restart that applies it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByLabelText(REMOTE_LABEL));
    await user.type(screen.getByLabelText('Server address'), 'https://Letterdesk.example.com/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Restart to switch platforms')).toBeTruthy();
    expect(saved).toEqual({ platform: { mode: 'remote', url: 'https://letterdesk.example.com' } });
    expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('https://letterdesk.example.com');
    await user.click(screen.getByRole('button', { name: 'Restart now' }));
    expect(relaunches).toBe(1);
  });

  it('warns that a remote sign-in is not remembered without a secret store', async () => {
    tokenStorage = 'memory-only';
    saved = { platform: { mode: 'remote', url: 'https://a.example' } };
    renderPage();
    expect(await screen.findByText('Sign-in not remembered')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Server address').value).toBe('https://a.example');
  });

  it('explains the browser host, which has no desktop settings', () => {
    delete bridge.desktop;
    renderPage();
    // What to ask for, never the setting's name (issue 37).
    expect(screen.getByText(/ask your administrator to start it with that server's address/)).toBeTruthy();
    expect(screen.queryByText(/PLATFORM_URL/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
