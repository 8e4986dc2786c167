import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxPreviewSchema, LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { createAccount } from '../db/accounts';
import { storeInLocalMailbox } from '../delivery/local-mailbox';
import { withoutOpenPixels } from '../delivery/local-mailbox-preview';
import type { Headers } from '../testing/letter-fixtures';
import { signIn } from '../testing/test-app';
import { PUBLIC_URL, STORY_URL, TIDES_URL, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// The Local mailbox screen's preview of a kept email (issue 37): a scheduled send kept for a
// reader carries that reader's open pixel and tracked links, and the preview must show it
// without them, so viewing it records no open and following a link no click. The kept
// email itself (the list's html, which tests read links from) stays as it would be sent.

let h: TrackingHarness;
let ada: string;
let letterId: number;
let keptId: number;
let rival: Headers;

const UTMS = [
  { key: 'utm_source', value: 'weekly' },
  { key: 'utm_content', value: '{{ email }}' },
];

const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada']);
  ada = audience.email('ada');
  const settings = { ...defaultLetterSettings(), utmEnabled: true, utm: UTMS };
  letterId = (await h.sendLetter(audience.segmentId, { title: 'Kept for Ada', settings: JSON.stringify(settings) })).id!;
  // Ada's email as the platform built it, kept as a platform without a mail server keeps it.
  const html = String(h.mailTo(ada).mail.html);
  const organization = await h.t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  await storeInLocalMailbox(h.t.db, {
    organizationId: organization.id,
    channelId: h.weekly.channelId,
    letterId,
    sentByUserId: null,
    from: 'The Weekly <news@weekly.example>',
    to: ada,
    subject: 'Kept for Ada',
    html,
  });
  const listed = await h.app.inject({ method: 'GET', url: platformPaths.localMailbox(), headers: h.editor });
  keptId = LocalMailboxResponseSchema.parse(listed.json()).items.find((item) => item.letterId === letterId)!.id;
  await createAccount(h.t.db, { tenantName: 'Rival', brandSlug: 'rival', channelSlug: 'weekly', email: 'o@rival.test', password: 'rival-password' });
  rival = await signIn(h.app, 'o@rival.test', 'rival-password');
});
afterAll(async () => {
  await h?.close();
});

async function counts() {
  const row = await sql<{ opens: string; clicks: string }>`
    SELECT (SELECT count(*) FROM recipient_opens WHERE letter_id = ${letterId}) AS opens,
           (SELECT count(*) FROM recipient_clicks WHERE letter_id = ${letterId}) AS clicks`.execute(h.t.db);
  return { opens: Number(row.rows[0]!.opens), clicks: Number(row.rows[0]!.clicks) };
}

describe('the preview of a kept email', () => {
  it('shows the email without its open pixel, its tracked links pointing where they lead, and records nothing', async () => {
    const response = await h.app.inject({ method: 'GET', url: platformPaths.localMailboxPreview(keptId), headers: h.editor });
    expect(response.statusCode, response.body).toBe(200);
    const { html } = LocalMailboxPreviewSchema.parse(response.json());
    expect(html).not.toContain('/t/o/');
    expect(html).not.toContain('/t/c/');
    const utm = `utm_source=weekly&utm_content=${encodeURIComponent(ada)}`;
    // Where the redirect would send Ada: the letter's address with her UTM parameters.
    expect(hrefs(html)).toContain(`${STORY_URL}&${utm}`);
    expect(hrefs(html)).toContain(`${TIDES_URL}?${utm}`);
    expect(html).toContain('Read the story');
    expect(await counts()).toEqual({ opens: 0, clicks: 0 });
  });

  it('leaves the kept email itself as it would have been sent', async () => {
    const listed = await h.app.inject({ method: 'GET', url: platformPaths.localMailbox(), headers: h.editor });
    const kept = LocalMailboxResponseSchema.parse(listed.json()).items.find((item) => item.id === keptId)!;
    expect(kept.html).toMatch(new RegExp(`src="${PUBLIC_URL}/t/o/[0-9a-f]+\\.gif"`));
    expect(hrefs(kept.html).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`)).length).toBeGreaterThan(1);
  });

  it('is not found for another tenant, nor for an email that does not exist', async () => {
    const other = await h.app.inject({ method: 'GET', url: platformPaths.localMailboxPreview(keptId), headers: rival });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Read the story');
    const missing = await h.app.inject({ method: 'GET', url: platformPaths.localMailboxPreview(keptId + 1000), headers: h.editor });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This email is not in your local mailbox.' });
  });
});

describe('withoutOpenPixels', () => {
  it('takes out open pixels however their tag is written, and leaves other images', () => {
    const html = [
      '<p>Hi</p>',
      `<img src="${PUBLIC_URL}/t/o/abc123.gif" width="1" height="1" alt="" />`,
      `<IMG alt='x>y' SRC='http://127.0.0.1:4400/t/o/def456.gif'>`,
      `<img src="${PUBLIC_URL}/media/logo.png" alt="Logo">`,
      '</body>',
    ].join('');
    expect(withoutOpenPixels(html)).toBe(`<p>Hi</p><img src="${PUBLIC_URL}/media/logo.png" alt="Logo"></body>`);
  });
});
