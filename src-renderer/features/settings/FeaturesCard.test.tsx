// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { FEATURE_FLAG_DETAILS, FEATURE_FLAG_NAMES, type FeatureFlagName } from '../../../shared/model/feature-flags';
import type { Organization } from '../../../shared/model/channel';
import { renderInApp } from '../../testing/app-test-support';
import { FEATURES_READ_ONLY, FeaturesCard } from './FeaturesCard';

// Settings → Features over the bridge's transport: the fake keeps each organization's flags
// and who may change them, as the platform would.

const organization = (slug: string, name: string, role: Organization['role']): Organization => ({ id: slug.length, slug, name, role, channels: [] });
let flags: Record<string, Record<FeatureFlagName, boolean>> = {};
let managers: string[] = [];
let sets: unknown[] = [];

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel === 'featureFlags.organization') {
      const { brandSlug } = input as { brandSlug: string };
      const items = FEATURE_FLAG_NAMES.map((name) => ({ name, enabled: flags[brandSlug]![name] }));
      return { ok: true, data: { items, canChange: managers.includes(brandSlug) } } as never;
    }
    if (channel === 'featureFlags.set') {
      const { brandSlug, name, enabled } = input as { brandSlug: string; name: FeatureFlagName; enabled: boolean };
      sets.push(input);
      if (!managers.includes(brandSlug)) return { ok: false, error: { code: 'platform_error', message: 'Only owners and admins of the organization can change its features.' } };
      flags[brandSlug]![name] = enabled;
      return { ok: true, data: { name, enabled } } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

/** A switch's name: its label, then its description (Mantine puts both in the label element). */
const named = (label: string) => (name: string) => name.startsWith(label);

const allOn = () => Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, name !== 'globalCurationTags'])) as Record<FeatureFlagName, boolean>;

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  flags = { demo: allOn(), other: allOn() };
  managers = [];
  sets = [];
});
afterEach(cleanup);

function renderCard(organizations: Organization[]) {
  renderInApp(<FeaturesCard organizations={organizations} />);
}

describe('the Features section', () => {
  it('lists every flag the spec names with a switch, and lets an owner turn Polls off', async () => {
    managers = ['demo'];
    renderCard([organization('demo', 'Demo', 'owner')]);
    expect(screen.getByRole('heading', { name: 'Features', level: 2 })).toBeTruthy();
    const polls = await screen.findByRole('switch', { name: named('Polls') });
    expect(screen.getAllByRole('switch')).toHaveLength(FEATURE_FLAG_NAMES.length);
    for (const name of FEATURE_FLAG_NAMES) expect(screen.getByRole('switch', { name: named(FEATURE_FLAG_DETAILS[name].label) })).toBeTruthy();
    expect((polls as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: named('Global curation tags') }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(FEATURES_READ_ONLY)).toBeNull();

    await userEvent.click(polls);
    await waitFor(() => expect((screen.getByRole('switch', { name: named('Polls') }) as HTMLInputElement).checked).toBe(false));
    expect(sets).toEqual([{ brandSlug: 'demo', name: 'composerPollBlock', enabled: false }]);
    expect(flags.demo!.composerPollBlock).toBe(false);
  });

  it('shows an editor the features as they are, without a switch they can use', async () => {
    renderCard([organization('demo', 'Demo', 'editor')]);
    const utm = await screen.findByRole('switch', { name: named('UTM tracking') });
    expect((utm as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(FEATURES_READ_ONLY)).toBeTruthy();
    for (const toggle of screen.getAllByRole('switch')) expect((toggle as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(utm);
    expect(sets).toEqual([]);
  });

  it('names each organization when the user belongs to several, and leaves out those they only advertise with', async () => {
    managers = ['demo'];
    renderCard([organization('demo', 'Demo', 'admin'), organization('other', 'Other', 'editor'), organization('ads', 'Ads', 'advertiser')]);
    const demo = await screen.findByRole('region', { name: 'Features of Demo' });
    const other = screen.getByRole('region', { name: 'Features of Other' });
    expect(screen.queryByRole('region', { name: 'Features of Ads' })).toBeNull();
    await waitFor(() => expect(within(other).getAllByRole('switch')).toHaveLength(FEATURE_FLAG_NAMES.length));
    expect((within(demo).getByRole('switch', { name: named('Polls') }) as HTMLInputElement).disabled).toBe(false);
    expect((within(other).getByRole('switch', { name: named('Polls') }) as HTMLInputElement).disabled).toBe(true);
  });
});
