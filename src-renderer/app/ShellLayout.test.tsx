// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, Session } from '../../shared/contract/bridge';
import { ShellLayout } from './ShellLayout';
import { createAppStore } from './store';
import { FEATURE_FLAGS } from '../../shared/model/feature-flags';

// The shell over the bridge's transport: account menu, channel navigation, Settings.

const SESSION: Session = {
  mode: 'remote',
  platformUrl: 'http://127.0.0.1:1',
  signedIn: true,
  user: { uniqueId: 'u-1', email: 'editor@example.com', name: 'Demo', surname: 'Editor' },
  organizations: [{ id: 1, slug: 'demo', name: 'Demo', role: 'owner', channels: [
        {
          id: 1,
          title: 'The Weekly',
          channelSlug: 'weekly',
          brandId: 1,
          brandSlug: 'demo',
          accentColor: '#1c7ed6',
          defaultStyleBaseFontSize: 16,
          channelSquareLogo: null,
          channelName: 'The Weekly',
          timezone: { tzCode: 'America/New_York' },
          esp: 0,
        },
      ],
    },
  ],
};

let calls: string[] = [];
/** The channel's feature flags as the platform answers them. */
let flags: Record<string, boolean> = {};
const fakeBridge: Bridge = {
  async invoke(channel) {
    calls.push(channel);
    if (channel === 'auth.signOut') return { ok: true, data: { ...SESSION, signedIn: false, user: null, organizations: [] } } as never;
    if (channel === 'sync.status') return { ok: true, data: { state: 'synced', pending: 0, message: null } } as never;
    if (channel === 'app.session') return { ok: true, data: SESSION } as never;
    if (channel === 'featureFlags.get') return { ok: true, data: flags } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  calls = [];
  flags = {};
});
afterEach(cleanup);

const BASE = '/organizations/demo/channels/weekly';

function renderAt(path: string, session: Session = SESSION) {
  const router = createMemoryRouter(
    [{ path: '/', element: <ShellLayout session={session} />, children: [
        { path: 'organizations/:brandSlug/channels/:channelSlug/*', element: <p>Screen</p> },
        { path: 'organizations/:brandSlug/sending-domains', element: <p>Screen</p> },
        { path: '*', element: <p>Screen</p> },
      ],
    },
  ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return router;
}

/** What the organization or channel switcher shows (its label also names the Channel navigation). */
function switcherValue(label: string): string {
  return screen.getAllByLabelText(label).filter((element) => element instanceof HTMLInputElement).map((input) => (input as HTMLInputElement).value)[0] ?? '';
}

describe('the shell', () => {
  it("navigates to the channel's Newsletters, Templates, Dashboard, Curation and Channel settings, and to Settings, the local mailbox and the organization's Sending domains", async () => {
    const router = renderAt(`${BASE}/newsletters/templates`);
    const nav = screen.getByRole('navigation', { name: 'Channel' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Newsletters', 'Templates', 'Dashboard', 'Curation', 'Subscribers', 'Segments', 'Channel settings', 'Promotions']);
    expect(within(nav).getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Newsletters' }).getAttribute('aria-current')).toBeNull();

    await userEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(router.state.location.pathname).toBe(`${BASE}/metrics`);
    await userEvent.click(within(nav).getByRole('link', { name: 'Curation' }));
    expect(router.state.location.pathname).toBe(`${BASE}/curation`);
    await userEvent.click(within(nav).getByRole('link', { name: 'Channel settings' }));
    expect(router.state.location.pathname).toBe(`${BASE}/settings`);
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    await userEvent.click(screen.getByRole('link', { name: 'Local mailbox' }));
    expect(router.state.location.pathname).toBe('/local-mailbox');
    await userEvent.click(screen.getByRole('link', { name: 'Sending domains' }));
    expect(router.state.location.pathname).toBe('/organizations/demo/sending-domains');
    expect(screen.getByRole('link', { name: 'Sending domains' }).getAttribute('aria-current')).toBe('page');
  });

  it('gives every screen in the navigation an icon of its own', async () => {
    flags = { [FEATURE_FLAGS.composerPollBlock]: true };
    renderAt(`${BASE}/newsletters`);
    await screen.findByRole('link', { name: 'Polls' });
    const links = screen.getAllByRole('link').filter((link) => link.querySelector('svg.tabler-icon'));
    const icons = links.map((link) => [...link.querySelector('svg.tabler-icon')!.classList].find((name) => name.startsWith('tabler-icon-')));
    expect(links.length).toBeGreaterThanOrEqual(10);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('shows the signed-in user in the account menu, with Settings and Sign out', async () => {
    const router = renderAt(`${BASE}/newsletters`);
    await userEvent.click(screen.getByRole('button', { name: 'Demo Editor' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('editor@example.com');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(router.state.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('button', { name: 'Demo Editor' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(calls).toContain('auth.signOut'));
  });

  it('offers no Sign out for the platform on this computer, which signs its account in by itself', async () => {
    renderAt(`${BASE}/newsletters`, { ...SESSION, mode: 'embedded' });
    await userEvent.click(screen.getByRole('button', { name: 'Demo Editor' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Settings']);
  });

  it('opens only the promotions screens of an organization where the user advertises, and leads any other screen there', async () => {
    const advertiser: Session = { ...SESSION, organizations: SESSION.organizations.map((o) => ({ ...o, role: 'advertiser' as const })) };
    const router = renderAt(`${BASE}/newsletters`, advertiser);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/promotions`));
    const nav = screen.getByRole('navigation', { name: 'Channel' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Promotions']);
    expect(screen.queryByRole('navigation', { name: 'Organization' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Local mailbox' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Integrations' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sending domains' })).toBeNull();
    await router.navigate(`${BASE}/promotions/c-1`);
    expect(router.state.location.pathname).toBe(`${BASE}/promotions/c-1`);
    expect(screen.getByText('Screen')).toBeTruthy();
    await router.navigate(`${BASE}/metrics`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/promotions`));
    // Settings is outside any channel: the advertiser reaches it, and is not led back.
    await router.navigate('/settings');
    expect(router.state.location.pathname).toBe('/settings');
    expect(await screen.findByText('Screen')).toBeTruthy();
  });

  it('keeps the last organization and channel, and its navigation, on screens outside any channel', async () => {
    const router = renderAt(`${BASE}/curation`);
    await router.navigate('/settings');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page'));
    expect(switcherValue('Organization')).toBe('Demo');
    expect(switcherValue('Channel')).toBe('The Weekly');
    const nav = screen.getByRole('navigation', { name: 'Channel' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toContain('Newsletters');
    expect(within(nav).queryAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual([]);
    await userEvent.click(within(nav).getByRole('link', { name: 'Newsletters' }));
    expect(router.state.location.pathname).toBe(`${BASE}/newsletters`);
  });

  it('shows no channel on a screen outside any channel when none was opened yet', () => {
    renderAt('/settings');
    expect(switcherValue('Channel')).toBe('');
    expect(within(screen.getByRole('navigation', { name: 'Channel' })).queryAllByRole('link')).toEqual([]);
  });
});
