// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { createAppStore } from '../../app/store';
import { EVVNT_TOKEN_SAVED, IntegrationsPage } from './IntegrationsPage';

// The integrations page over the bridge: the stand-in for the core keeps one token.

let stored: string | null = null;
let saves: Array<Record<string, unknown>> = [];
const shown = () => ({ kind: 'evvnt', configured: stored !== null, tokenEnding: stored ? stored.slice(-4) : null, updatedAt: stored ? '2026-11-24T10:00:00.000Z' : null });

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as Record<string, unknown>;
    if (channel === 'app.session') {
      return { ok: true, data: { mode: 'embedded', platformUrl: '', signedIn: true, user: null, organizations: [{ id: 1, slug: 'demo', name: 'Demo', channels: [] }] } } as never;
    }
    if (channel === 'integrations.getEvvnt') return { ok: true, data: shown() } as never;
    if (channel === 'integrations.saveEvvnt') {
      saves.push(args);
      stored = String(args.token);
      return { ok: true, data: shown() } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  stored = null;
  saves = [];
});
afterEach(cleanup);

describe('IntegrationsPage', () => {
  it('saves a token and shows back only its ending; an empty token is refused', async () => {
    render(
      <Provider store={createAppStore()}>
        <MantineProvider env="test">
          <IntegrationsPage />
        </MantineProvider>
      </Provider>,
    );
    expect(await screen.findByText('No Evvnt token is saved.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save token' }));
    expect(screen.getByText('Enter your Evvnt token.')).toBeTruthy();
    expect(saves).toEqual([]);
    await userEvent.type(screen.getByLabelText('Evvnt token'), 'secret-token-9876');
    await userEvent.click(screen.getByRole('button', { name: 'Save token' }));
    expect(await screen.findByText(EVVNT_TOKEN_SAVED)).toBeTruthy();
    expect(saves).toEqual([{ brandSlug: 'demo', token: 'secret-token-9876' }]);
    expect(await screen.findByText('A token ending in 9876 is saved.')).toBeTruthy();
    expect((screen.getByLabelText('Evvnt token') as HTMLInputElement).value).toBe('');
  });
});
