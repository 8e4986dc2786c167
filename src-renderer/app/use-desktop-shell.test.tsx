// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommandState } from '../../shared/commands';
import type { Bridge, EventName } from '../../shared/contract/bridge';
import { PublicationStatus } from '../../shared/model/publication';
import { testLetter } from '../testing/composer-test-support';
import { runCommand } from './command-bus';
import { createAppStore } from './store';
import { useDesktopShell } from './use-desktop-shell';

// The shell's desktop wiring against a stand-in for the preload at window.bridge: what the
// window reports for the native menu, and the routes main asks it to show.

const reported: CommandState[] = [];
const listeners = new Map<EventName, Array<(payload: unknown) => void>>();
const scheduled = testLetter({ uniqueId: 'letter-42', id: 42, publicationStatus: PublicationStatus.scheduled });

const bridge: Bridge = {
  invoke: (async (channel: string) => {
    if (channel === 'letters.get') return { ok: true, data: scheduled };
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  }) as Bridge['invoke'],
  on: ((event: EventName, listener: (payload: unknown) => void) => {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener));
  }) as Bridge['on'],
  desktop: {
    getSettings: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }),
    saveSettings: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }),
    relaunch: async () => ({ ok: true, data: null }),
    reportCommandState: (state) => void reported.push(state),
  },
};

beforeAll(() => {
  window.bridge = bridge;
});
beforeEach(() => {
  reported.length = 0;
});
afterEach(cleanup);

function Shell() {
  useDesktopShell();
  return <div data-testid="location">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Shell /> },
      { path: '/settings', element: <Shell /> },
      { path: '/organizations/:brandSlug/channels/:channelSlug/newsletters', element: <Shell /> },
      { path: '/organizations/:brandSlug/channels/:channelSlug/newsletters/:id', element: <Shell /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('useDesktopShell', () => {
  it("reports the open letter's state for the native menu", async () => {
    renderAt('/organizations/demo/channels/weekly/newsletters/42');
    await waitFor(() => expect(reported.at(-1)).toEqual({ channelOpen: true, letter: { publicationStatus: PublicationStatus.scheduled, esp: 0, isCompanyLevel: false } }));
    // Before the letter arrived the window said so: a channel, no letter.
    expect(reported[0]).toEqual({ channelOpen: true, letter: null });
  });

  it('reports an empty window outside a channel', async () => {
    renderAt('/settings');
    await waitFor(() => expect(reported.at(-1)).toEqual({ channelOpen: false, letter: null }));
  });

  it('shows the route of a letterdesk:// link, and Settings… opens the settings screen', async () => {
    renderAt('/');
    act(() => {
      for (const listener of listeners.get('app.navigate') ?? []) listener({ path: '/organizations/demo/channels/weekly/newsletters' });
    });
    expect(await screen.findByText('/organizations/demo/channels/weekly/newsletters')).toBeTruthy();
    act(() => {
      expect(runCommand('app.settings')).toBe(true);
    });
    expect(await screen.findByText('/settings')).toBeTruthy();
  });
});
