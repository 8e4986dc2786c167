import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/contract/bridge';
import type { Letter } from '../../shared/model/letter';
import { deliveryBlocks } from '../../src-server/testing/delivery-fixtures';
import { call, useTestPlatform, WEEKLY } from './testing/test-core';

// 'Preview as' through the core's bridge against a real platform: a subscriber found by
// part of their name, the letter as they will get it (subject and body filled, the subject
// as typed here and not yet sent); then, with the platform out of reach, the reader looked
// up before is still listed and the preview is filled on this computer from what it kept.

const UNREACHABLE = 'http://127.0.0.1:9';

const testPlatform = useTestPlatform();
const { tempDir } = testPlatform;

type Readers = ChannelOutput<'letters.previewAsReaders'>;
type PreviewAs = ChannelOutput<'letters.previewAs'>;

describe('preview as a subscriber through the core', () => {
  it('previews as a subscriber found by name, and offline as the one looked up before', async () => {
    const dataDir = tempDir();
    const online = await testPlatform.openCore({}, dataDir);
    const { core } = online;
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', {
      uniqueId: letter.uniqueId,
      changes: { title: 'Tides for {{ first_name | capitalize }}', subtitle: 'Hello {{ first_name | capitalize }}', blocks: deliveryBlocks() },
    });
    await call(core, 'audience.addSubscriber', { ...WEEKLY, subscriber: { email: 'rosalind.franklin@example.org', firstName: 'rosalind', lastName: 'Franklin' } });

    const found = await call<Readers>(core, 'letters.previewAsReaders', { uniqueId: letter.uniqueId, search: 'ROSAL' });
    expect(found.offline).toBe(false);
    expect(found.subscribers).toEqual([{ subscriberId: expect.any(Number), email: 'rosalind.franklin@example.org', name: 'rosalind Franklin' }]);
    const { subscriberId } = found.subscribers[0]!;

    const preview = await call<PreviewAs>(core, 'letters.previewAs', { uniqueId: letter.uniqueId, reader: { subscriberId } });
    expect(preview).toMatchObject({ offline: false, subject: 'Tides for Rosalind', preheader: 'Hello Rosalind' });
    expect(preview.html).toContain('Hello Rosalind, you read this at rosalind.franklin@example.org.');
    // Their unsubscribe link, signed by the platform, shown inert.
    expect(preview.html).toMatch(new RegExp(`href="#https?://[^"]+/unsubscribe/weekly/${preview.reader.uniqueId}\\?l=\\d+&amp;s=`));
    await online.close();

    // Offline: the reader previewed before is listed, and previewed from what this computer kept.
    const { core: offline } = await testPlatform.openCore({ url: UNREACHABLE }, dataDir);
    const recent = await call<Readers>(offline, 'letters.previewAsReaders', { uniqueId: letter.uniqueId, search: '' });
    expect(recent).toEqual({ subscribers: [], recent: [{ subscriberId, email: 'rosalind.franklin@example.org', name: 'rosalind Franklin' }], offline: true });
    await call(offline, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Offline tides for {{ first_name | capitalize }}' } });
    const kept = await call<PreviewAs>(offline, 'letters.previewAs', { uniqueId: letter.uniqueId, reader: { subscriberId } });
    expect(kept).toMatchObject({ offline: true, subject: 'Offline tides for Rosalind', preheader: 'Hello Rosalind' });
    expect(kept.html).toContain('Hello Rosalind, you read this at rosalind.franklin@example.org.');
    expect(kept.html).toMatch(new RegExp(`href="#https?://[^"]+/unsubscribe/weekly/${preview.reader.uniqueId}"`));

    // A reader never looked up here cannot be previewed offline, and it says why.
    const unknown = await offline.dispatch('letters.previewAs', { uniqueId: letter.uniqueId, reader: { subscriberId: subscriberId + 1000 } });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'offline', message: expect.stringMatching(/needs a connection to the platform, except for readers you previewed as before/) } });
  }, 60_000);
});
