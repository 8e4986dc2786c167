import { describe, expect, it } from 'vitest';
import type { Letter } from '../../shared/model/letter';
import { newSection } from '../../shared/model/section-factory';
import { paragraph } from '../testing/delivery-fixtures';
import { stubNetwork } from '../testing/fetch-guard-fixtures';
import { createLetterAs } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';
import { editionHtml } from './edition-html';
import { keepSendSnapshot, latestSendSnapshots, storedSendHtml } from './send-snapshots';

// The email a send used is kept once per send, on a real PostgreSQL: runs of the same send
// that render at once keep the first copy and send it; a later run takes the kept copy
// whatever changed since (here the channel's logo); another send of the letter (stopped,
// scheduled again: another publication instant) keeps its own, and is the latest.

const t = useDemoEditor();
const PUBLIC_URL = 'https://letters.example.com';
const FIRST_SEND = new Date('2099-06-01T13:00:00Z');
const SECOND_SEND = new Date('2099-06-08T13:00:00Z');

async function sentLetter(): Promise<Letter & { id: number }> {
  const footer = newSection('footer', 'footer') as Extract<ReturnType<typeof newSection>, { type: 'footer' }>;
  const blocks = JSON.stringify([paragraph('p', 'Harbour news.'), { ...footer, blockModel: { ...footer.blockModel, hasLogo: true } }]);
  const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Kept once', blocks });
  return { ...letter, id: letter.id! };
}

const variants = [{ variant: 'A' as const, subject: 'Kept once' }];
const rows = (letterId: number) => t.db.selectFrom('letterSendSnapshots').selectAll().where('letterId', '=', letterId).execute();

describe('keeping the email a send used', () => {
  it('keeps the first copy of a send: a second run of it keeps nothing and answers the first', async () => {
    const letter = await sentLetter();
    const send = { letterId: letter.id, publicationAt: FIRST_SEND, platformUrl: PUBLIC_URL, variants };
    const [first, second] = await Promise.all([
      keepSendSnapshot(t.db, { ...send, html: '<p>first run</p>' }),
      keepSendSnapshot(t.db, { ...send, html: '<p>second run</p>' }),
    ]);
    expect(second).toBe(first);
    expect(await keepSendSnapshot(t.db, { ...send, html: '<p>a retry</p>' })).toBe(first);
    expect((await rows(letter.id)).map((row) => row.html)).toEqual([first]);
  });

  it('keeps another send of the same letter apart, and answers the latest', async () => {
    const letter = await sentLetter();
    const send = { letterId: letter.id, platformUrl: PUBLIC_URL };
    await keepSendSnapshot(t.db, { ...send, publicationAt: SECOND_SEND, html: '<p>second send</p>', variants });
    await keepSendSnapshot(t.db, {
      ...send,
      publicationAt: FIRST_SEND,
      html: '<p>first send</p>',
      variants: [...variants, { variant: 'B', subject: 'Kept twice' }],
    });
    expect(await rows(letter.id)).toHaveLength(3);
    const latest = await latestSendSnapshots(t.db, letter.id);
    expect(latest.map(({ variant, html }) => ({ variant, html }))).toEqual([{ variant: 'A', html: '<p>second send</p>' }]);
    expect(await latestSendSnapshots(t.db, (await sentLetter()).id)).toEqual([]);
  });

  it("renders a send's email once: a later run sends the kept copy, not today's channel", async () => {
    const letter = await sentLetter();
    const logo = (url: string) => t.db.updateTable('channels').set({ channelSquareLogo: url }).where('id', '=', t.weekly.channelId).execute();
    const input = {
      db: t.db,
      letter,
      publicationAt: FIRST_SEND,
      publicUrl: PUBLIC_URL,
      fetchGuard: stubNetwork({}),
      abTest: true,
    };
    const channel = () => t.db.selectFrom('channels').selectAll().where('id', '=', t.weekly.channelId).executeTakeFirstOrThrow();
    await logo('https://cdn.example.com/at-first-run.png');
    const first = await editionHtml({ ...input, channel: await channel() });
    expect(first).toContain('https://cdn.example.com/at-first-run.png');
    await logo('https://cdn.example.com/set-mid-send.png');
    const resumed = await editionHtml({ ...input, channel: await channel() });
    expect(resumed).toBe(first);
    expect(await storedSendHtml(t.db, { letterId: letter.id, publicationAt: FIRST_SEND })).toBe(first);
    expect((await rows(letter.id)).map((row) => [row.variant, row.subject])).toEqual([
      ['A', 'Kept once'],
      ['B', 'Kept once'],
    ]);
  });
});
