import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { toJson } from '../db/database';
import { linkedSubscriberState } from '../testing/subscriber-link-fixtures';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// The links a really sent email carries (a scheduled send by the job runner, verified by the
// app, one platform secret between them as start.ts passes it): the behaviour opt-out of a
// letter to an engagement segment works from the email, altered it does nothing, and a test
// email — sent to no subscriber — carries links that change nobody.

let h: TrackingHarness;
let email: (name: string) => string;

const form = { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada', 'bob']);
  email = audience.email;
  await h.t.db.updateTable('segments').set({ isEngagementSegment: true }).where('id', '=', audience.segmentId).execute();
  await h.sendLetter(audience.segmentId);
});
afterAll(async () => {
  await h?.close();
});

const uniqueIdOf = async (address: string) =>
  (await h.t.db.selectFrom('subscribers').select('uniqueId').where('email', '=', address).executeTakeFirstOrThrow()).uniqueId;

describe('the behaviour opt-out link of a sent email', () => {
  it('opts its reader out and back in, through the page and its forms', async () => {
    const link = pathOf(hrefsOf(h.mailTo(email('ada'))).find((href) => href.startsWith(`${PUBLIC_URL}/opt-out/weekly/`))!);
    expect(link).toMatch(/^\/opt-out\/weekly\/[0-9a-f-]{36}\?l=\d+&s=[A-Za-z0-9_-]{22}$/);
    const uniqueId = await uniqueIdOf(email('ada'));
    const page = await h.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(formActions(page.body)).toEqual([link]);
    const done = await h.app.inject({ method: 'POST', url: link, ...form });
    expect(done.statusCode).toBe(200);
    expect((await linkedSubscriberState(h.t.db, uniqueId)).behaviourOptOut).toBe(true);
    const [undo] = formActions(done.body);
    expect((await h.app.inject({ method: 'POST', url: undo!, ...form })).statusCode).toBe(200);
    expect((await linkedSubscriberState(h.t.db, uniqueId)).behaviourOptOut).toBe(false);
  });

  it("does nothing for another reader's id with this link's signature", async () => {
    const link = pathOf(hrefsOf(h.mailTo(email('ada'))).find((href) => href.startsWith(`${PUBLIC_URL}/opt-out/weekly/`))!);
    const ada = await uniqueIdOf(email('ada'));
    const bob = await uniqueIdOf(email('bob'));
    const response = await h.app.inject({ method: 'POST', url: link.replace(ada, bob), ...form });
    expect(response.statusCode).toBe(404);
    expect((await linkedSubscriberState(h.t.db, bob)).behaviourOptOut).toBe(false);
  });
});

describe('a test email', () => {
  it('carries links to the test-email page, which unsubscribe no one, even a subscriber whose id is its stand-in', async () => {
    // The test subscriber's stand-in id ('test') given to a real reader: the worst case.
    await h.t.db
      .insertInto('subscribers')
      .values({ channelId: h.weekly.channelId, uniqueId: 'test', email: 'standin@example.com', firstName: '', lastName: '', status: 'active', tags: [], customFields: toJson({}) })
      .execute();
    const letter = await h.draftLetter();
    const sent = await h.app.inject({
      method: 'POST',
      url: platformPaths.sendTestEmail(h.weekly.channelId, letter.id!),
      headers: h.editor,
      payload: { toEmail: 'qa@example.com' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // A test send links to the address the editor's request came to.
    const hrefs = hrefsOf(h.mailTo('qa@example.com'));
    expect(hrefs.some((href) => href.includes('/unsubscribe/'))).toBe(false);
    const testPage = new URL(hrefs.find((href) => href.endsWith('/test-email'))!).pathname;
    for (const method of ['GET', 'POST'] as const) {
      const page = await h.app.inject({ method, url: testPage, ...form });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This is a test email: nothing was recorded.');
      // The stand-in's bare address, unsigned, is no link at all.
      const bare = await h.app.inject({ method, url: '/unsubscribe/weekly/test', ...form });
      expect(bare.statusCode).toBe(404);
      expect(bare.body).toContain('This link is no longer valid.');
    }
    expect((await linkedSubscriberState(h.t.db, 'test')).status).toBe('active');
  });
});
