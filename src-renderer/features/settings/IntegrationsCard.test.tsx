// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Organization } from '../../../shared/model/channel';
import { renderInApp } from '../../testing/app-test-support';
import { ITERABLE_KEY_REMOVED, IntegrationsCard } from './IntegrationsCard';

// Settings → Integrations over the bridge's transport: the fake keeps each organization's
// key as the platform does, answering only its ending.

const organization = (slug: string, name: string, role: Organization['role']): Organization => ({ id: slug.length, slug, name, role, channels: [] });
let keys: Record<string, string | undefined> = {};
let calls: { channel: string; input: unknown }[] = [];

const shown = (brandSlug: string) => {
  const key = keys[brandSlug];
  return { kind: 'iterable', configured: key !== undefined, keyEnding: key?.slice(-4) ?? null, updatedAt: key ? '2026-11-27T21:00:00.000Z' : null, canManage: true };
};

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    const { brandSlug, apiKey } = input as { brandSlug: string; apiKey?: string };
    if (channel === 'sending.getIterableKey') return { ok: true, data: shown(brandSlug) } as never;
    if (channel === 'sending.saveIterableKey') {
      keys[brandSlug] = apiKey;
      return { ok: true, data: shown(brandSlug) } as never;
    }
    if (channel === 'sending.removeIterableKey') {
      keys[brandSlug] = undefined;
      return { ok: true, data: shown(brandSlug) } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  keys = {};
  calls = [];
});
afterEach(cleanup);

function renderCard(organizations: Organization[]) {
  renderInApp(<IntegrationsCard organizations={organizations} />);
}

describe('the Integrations section', () => {
  it('saves an owner’s Iterable API key, shows only its ending, and removes it', async () => {
    renderCard([organization('demo', 'Demo', 'owner')]);
    expect(screen.getByRole('heading', { name: 'Iterable', level: 2 })).toBeTruthy();
    const field = await screen.findByLabelText('Iterable API key');
    expect(field.getAttribute('type')).toBe('password');
    await userEvent.type(field, 'secret-key-1a2b');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Saved, ending in 1a2b')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(calls.find((call) => call.channel === 'sending.saveIterableKey')?.input).toEqual({ brandSlug: 'demo', apiKey: 'secret-key-1a2b' });
    expect(document.body.textContent).not.toContain('secret-key-1a2b');

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(ITERABLE_KEY_REMOVED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Saved, ending in/)).toBeNull());
    expect(keys.demo).toBeUndefined();
  });

  it('refuses an empty key with the field’s message and saves nothing', async () => {
    renderCard([organization('demo', 'Demo', 'admin')]);
    await screen.findByLabelText('Iterable API key');
    await userEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Enter your Iterable API key.')).toBeTruthy();
    expect(calls.some((call) => call.channel === 'sending.saveIterableKey')).toBe(false);
  });

  it('is not shown to an editor', () => {
    renderCard([organization('demo', 'Demo', 'editor')]);
    expect(screen.queryByRole('heading', { name: 'Iterable' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
