import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { storeInLocalMailbox } from '../delivery/local-mailbox';
import { PUBLIC_URL, STORY_URL, TIDES_URL, hrefsOf, startTrackingHarness } from './tracking-test-support';
import type { TrackingHarness } from './tracking-test-support';

// Issue 37: a sent email kept in the local mailbox is shown without its open pixel and with
// its tracked links leading straight to their destinations, so viewing it (or clicking in
// it) is never counted as the reader's open or click.

let h: TrackingHarness;
let ada: string;
let letterId: number;
let preview: string;
let sentHtml: string;

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada']);
  ada = audience.email('ada');
  const settings = { ...defaultLetterSettings(), utmEnabled: true, utm: [{ key: 'utm_source', value: 'news-{{ first_name | default or "reader" }}' }] };
  letterId = (await h.sendLetter(audience.segmentId, { settings: JSON.stringify(settings) })).id!;
  const mail = h.mailTo(ada);
  sentHtml = typeof mail.mail.html === 'string' ? mail.mail.html : '';
  const { organizationId } = await h.t.db.selectFrom('channels').select('organizationId').where('id', '=', h.weekly.channelId).executeTakeFirstOrThrow();
  await storeInLocalMailbox(h.t.db, { organizationId, channelId: h.weekly.channelId, letterId, sentByUserId: null, from: 'news@weekly.example', to: ada, subject: 'Kept', html: sentHtml });
  const response = await h.app.inject({ method: 'GET', url: platformPaths.localMailbox(), headers: h.editor });
  expect(response.statusCode, response.body).toBe(200);
  preview = LocalMailboxResponseSchema.parse(response.json()).items.find((item) => item.subject === 'Kept')!.html;
});
afterAll(async () => {
  await h?.close();
});

describe('the local mailbox preview of a tracked email', () => {
  it('was given a tracked email to begin with (pixel and tracked links)', () => {
    expect(sentHtml).toContain(`${PUBLIC_URL}/t/o/`);
    expect(hrefsOf(h.mailTo(ada)).some((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))).toBe(true);
  });

  it('has no open pixel and no tracked link; the links lead to their destinations with the reader’s UTMs', () => {
    expect(preview).not.toContain('/t/o/');
    expect(preview).not.toContain('/t/c/');
    const hrefs = [...preview.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const story = new URL(hrefs.find((href) => href.startsWith(STORY_URL.split('?')[0]!))!);
    expect(story.searchParams.get('issue')).toBe('7');
    expect(story.searchParams.get('utm_source')).toBe('news-reader');
    expect(hrefs.some((href) => href.startsWith(TIDES_URL))).toBe(true);
  });

  it('records no open or click for the reader', async () => {
    const row = await h.t.db
      .selectFrom('letterRecipients')
      .select(['opens', 'clicks', 'firstOpenedAt'])
      .where('letterId', '=', letterId)
      .where('email', '=', ada)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ opens: 0, clicks: 0, firstOpenedAt: null });
  });
});
