// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { DeliverabilityCheck } from '../../../shared/contract/platform-sending';
import type { Organization } from '../../../shared/model/channel';
import { createAppStore } from '../../app/store';
import { ALL_CLEAR } from './DeliverabilityCard';
import { SettingsPage } from './SettingsPage';

// Settings' Deliverability card in the browser host (no desktop settings), over the
// bridge's transport: the fake answers each organization's checks as the platform would.

const organization = (slug: string, name: string, role: Organization['role']): Organization => ({ id: slug.length, slug, name, role, channels: [] });
let checks: Record<string, DeliverabilityCheck[]> = {};
let asked: string[] = [];

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel === 'sending.deliverabilityChecks') {
      const { brandSlug } = input as { brandSlug: string };
      asked.push(brandSlug);
      return { ok: true, data: checks[brandSlug] ?? [] } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  checks = {};
  asked = [];
});
afterEach(cleanup);

function renderSettings(organizations: Organization[]) {
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage platformUrl="http://127.0.0.1:4711" mode="embedded" organizations={organizations} /> }], {
    initialEntries: ['/settings'],
  });
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

describe('the Deliverability card', () => {
  it("shows an owner what the platform found, with a link to the organization's Sending domains", async () => {
    checks.demo = [
      { code: 'no-verified-domain', message: 'No sending domain of this organization is verified.' },
      { code: 'public-url-not-https', message: 'Readers reach the platform over http.' },
    ];
    renderSettings([organization('demo', 'Demo', 'owner')]);
    const card = await screen.findByRole('region', { name: 'Deliverability of Demo' });
    expect(await within(card).findByText('No sending domain of this organization is verified.')).toBeTruthy();
    expect(within(card).getByText('Readers reach the platform over http.')).toBeTruthy();
    expect(within(card).getByText('2 things need attention')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open Sending domains' }).getAttribute('href')).toBe('/organizations/demo/sending-domains');
  });

  it('says all is clear when nothing is found, and asks only for organizations the user owns or administers', async () => {
    renderSettings([organization('demo', 'Demo', 'admin'), organization('other', 'Other', 'editor'), organization('ads', 'Ads', 'advertiser')]);
    expect(await screen.findByText(ALL_CLEAR, { exact: false })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^Deliverability of/ }).map((region) => region.getAttribute('aria-label'))).toEqual(['Deliverability of Demo']);
    expect(asked).toEqual(['demo']);
  });

  it('is not shown to a user who owns no organization', () => {
    renderSettings([organization('other', 'Other', 'editor')]);
    expect(screen.queryByRole('heading', { name: 'Deliverability' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
