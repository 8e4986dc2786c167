import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../../shared/contract/bridge';
import { FEATURE_FLAGS } from '../../../shared/model/feature-flags';
import { FEATURES_OFFLINE_MESSAGE } from './feature-flags';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// Settings → Features through the core against a real platform: the organization's switches
// read and set, what a channel's flags then say, and what offline says.

const testPlatform = useTestPlatform({ faultyProxy: true });
const DEMO = { brandSlug: 'demo' } as const;

describe("an organization's features through the core", () => {
  it('switches a feature for the organization, and the channel reads it so', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const features = await call<ChannelOutput<'featureFlags.organization'>>(core, 'featureFlags.organization', DEMO);
    expect(features.canChange).toBe(true);
    expect(features.items.find((item) => item.name === FEATURE_FLAGS.utmTracking)?.enabled).toBe(true);

    expect(await call(core, 'featureFlags.set', { ...DEMO, name: FEATURE_FLAGS.utmTracking, enabled: false })).toEqual({ name: 'utmTracking', enabled: false });
    expect((await call<ChannelOutput<'featureFlags.get'>>(core, 'featureFlags.get', WEEKLY)).utmTracking).toBe(false);
    const again = await call<ChannelOutput<'featureFlags.organization'>>(core, 'featureFlags.organization', DEMO);
    expect(again.items.find((item) => item.name === FEATURE_FLAGS.utmTracking)?.enabled).toBe(false);

    await call(core, 'featureFlags.set', { ...DEMO, name: FEATURE_FLAGS.utmTracking, enabled: true });
    expect((await call<ChannelOutput<'featureFlags.get'>>(core, 'featureFlags.get', WEEKLY)).utmTracking).toBe(true);
  });

  it('says the features need the platform when it cannot be reached, and changes nothing', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    testPlatform.proxy().mode = 'down';
    try {
      const answer = await core.dispatch('featureFlags.set', { ...DEMO, name: FEATURE_FLAGS.composerPollBlock, enabled: false });
      expect(answer).toEqual({ ok: false, error: { code: 'offline', message: FEATURES_OFFLINE_MESSAGE } });
    } finally {
      testPlatform.proxy().mode = 'pass';
    }
    expect((await call<ChannelOutput<'featureFlags.get'>>(core, 'featureFlags.get', WEEKLY)).composerPollBlock).toBe(true);
  });
});
