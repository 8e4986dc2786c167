import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { PREVIEW_AS_EMPTY_SEGMENT_MESSAGE, PreviewAsResponseSchema } from '../../shared/contract/platform-preview-as';
import type { PreviewAsResponse } from '../../shared/contract/platform-preview-as';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter } from '../../shared/model/letter';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelIdOf, createRival, insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { deliverySections, knowMemberCodeField, pollSection } from '../testing/delivery-fixtures';
import type { Poll } from '../../shared/contract/platform-polls';
import { channelId, createLetterAs, snapshot } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// POST …/letters/{id}/preview-as against a real database: the letter as one subscriber, or
// a segment's sample reader, will get it — their merge tags in the subject, preheader and
// body (a tag's default where a field is empty), their own signed unsubscribe link shown
// but inert, no tracking — and nothing stored or recorded. Another organization is refused.

let t: TestApp;
let editor: Headers;
let rival: Rival;
let weekly: { brand: string; channel: string; channelId: number };
let letter: Letter;
let poll: Poll;

const subscriberIdOf = async (email: string) =>
  (await t.db.selectFrom('subscribers').select(['id', 'uniqueId']).where('email', '=', email).where('channelId', '=', weekly.channelId).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  await knowMemberCodeField(t.db, weekly.channelId);
  await insertSubscriber(t.db, { channelId: weekly.channelId, email: 'ada.byron@example.org', firstName: 'ada', lastName: 'Lovelace', customFields: { member_code: 'an-7' } });
  await insertSubscriber(t.db, { channelId: weekly.channelId, email: 'nameless@example.org', tags: ['preview-sample'] });
  const created = await t.app.inject({
    method: 'POST',
    url: platformPaths.polls('demo'),
    headers: editor,
    payload: { title: 'Ferry poll', questionText: 'Should the ferry run on Sundays?', pollType: 1, options: [{ title: 'Yes' }, { title: 'No' }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  poll = created.json<Poll>();
  const sections = deliverySections();
  // The poll before the footer, as the composer places a block.
  sections.splice(sections.length - 1, 0, pollSection(poll));
  letter = await createLetterAs(t.app, editor, weekly, {
    title: 'News for {{ first_name | capitalize or "you" }}',
    subtitle: 'Tides, {{ first_name | capitalize or "reader" }}',
    blocks: JSON.stringify(sections),
  });
});
afterAll(async () => {
  await t?.close();
});

const previewAs = (app: FastifyInstance, payload: object, headers: Headers = editor, id = letter.id!) =>
  app.inject({ method: 'POST', url: platformPaths.previewAs(weekly.channelId, id), headers, payload });

async function preview(payload: object): Promise<PreviewAsResponse> {
  const response = await previewAs(t.app, payload);
  expect(response.statusCode, response.body).toBe(200);
  return PreviewAsResponseSchema.parse(response.json());
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('preview as a subscriber', () => {
  it('fills the subject, preheader and body with the subscriber’s fields, and shows their own unsubscribe link inert', async () => {
    const before = await snapshot(t.db, letter.id!);
    const ada = await subscriberIdOf('ada.byron@example.org');
    const answer = await preview({ reader: { subscriberId: ada.id } });

    expect(answer.subject).toBe('News for Ada');
    expect(answer.preheader).toBe('Tides, Ada');
    expect(answer.html).toContain('Hello Ada, you read this at ada.byron@example.org.');
    expect(answer.html).toContain('Member code: AN-7.');
    expect(answer.reader).toEqual({ subscriberId: ada.id, uniqueId: ada.uniqueId, email: 'ada.byron@example.org', firstName: 'ada', lastName: 'Lovelace', customFields: { member_code: 'an-7' } });

    // Their unsubscribe link, signed for them and this letter, written as a fragment: shown, and going nowhere.
    const unsubscribe = hrefs(answer.html).find((href) => href.includes(publicPagePaths.unsubscribe('weekly', ada.uniqueId)));
    expect(unsubscribe).toMatch(new RegExp(`^#https?://[^#]+/unsubscribe/weekly/${ada.uniqueId}\\?l=${letter.id}&s=[A-Za-z0-9_-]{22}$`));
    // Their poll answers, signed for them (the recipient token is the send's), inert too.
    const answers = hrefs(answer.html).filter((href) => href.includes(`/polls/${poll.id}/respond`));
    expect(answers).toHaveLength(2);
    for (const href of answers) {
      expect(href).toMatch(/^#https?:\/\/[^#]+\/polls\/\d+\/respond\?.*&s=[A-Za-z0-9_-]{22}(&|$)/);
      expect(href).toContain(ada.uniqueId);
    }
    // Nothing that would record an open or a click, and no bare reader page left clickable.
    expect(answer.html).not.toMatch(/\/t\/[oc]\//);
    expect(hrefs(answer.html).filter((href) => /\/(unsubscribe|opt-out|polls)\//.test(href) && !href.startsWith('#'))).toEqual([]);

    // Looking changes nothing on the letter and sends nothing.
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
    expect(await t.db.selectFrom('letterRecipients').select('subscriberId').where('letterId', '=', letter.id!).execute()).toEqual([]);
  });

  it('shows a tag’s default for an empty field, and takes the schedule step’s unsent subject', async () => {
    const nameless = await subscriberIdOf('nameless@example.org');
    const answer = await preview({ reader: { subscriberId: nameless.id }, subject: 'Only for {{ email }}' });
    expect(answer.subject).toBe('Only for nameless@example.org');
    expect(answer.preheader).toBe('Tides, reader');
    expect(answer.html).toContain('Hello friend, you read this at nameless@example.org.');
    expect(answer.html).toContain('Member code: none yet.');
  });

  it('previews a segment as its sample reader, and says so when the segment matches nobody', async () => {
    const segmentId = await insertTagSegment(t.db, weekly.channelId, 'preview-sample');
    expect((await preview({ reader: { segmentId } })).reader.email).toBe('nameless@example.org');

    const empty = await insertTagSegment(t.db, weekly.channelId, 'nobody-has-this');
    const response = await previewAs(t.app, { reader: { segmentId: empty } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: PREVIEW_AS_EMPTY_SEGMENT_MESSAGE });
  });

  it('refuses another organization’s editor, and a subscriber of another channel', async () => {
    const ada = await subscriberIdOf('ada.byron@example.org');
    expect((await previewAs(t.app, { reader: { subscriberId: ada.id } }, rival.headers)).statusCode).toBe(403);
    const dailyId = await channelIdOf(t.db, 'rival', 'daily');
    await insertSubscriber(t.db, { channelId: dailyId, email: 'reader@rival.test', firstName: 'Rita' });
    const other = await t.db.selectFrom('subscribers').select('id').where('channelId', '=', dailyId).executeTakeFirstOrThrow();
    expect((await previewAs(t.app, { reader: { subscriberId: other.id } })).statusCode).toBe(404);
  });
});
