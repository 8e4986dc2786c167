import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter, LetterSummary } from '../../shared/model/letter';
import { startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// Who can read a sent letter on the web: a letter to a segment (or specific emails) is
// private unless an editor makes it public, one to all active subscribers public unless made
// private; update-private takes effect on the archive page and its index at once, and the
// letter lists carry the mark. Letters really scheduled and sent (job runner, SMTP on loopback).

let h: TrackingHarness;
let segmentLetter: Letter;
let everyoneLetter: Letter;

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada', 'bob']);
  segmentLetter = await h.sendLetter(audience.segmentId, { title: 'For the segment' });
  everyoneLetter = await h.sendLetter(0, { title: 'For everyone' });
});
afterAll(async () => {
  await h?.close();
});

const page = (letter: Letter) => h.app.inject({ method: 'GET', url: publicPagePaths.letterArchive('weekly', letter.uniqueId) });
const index = async () => (await h.app.inject({ method: 'GET', url: publicPagePaths.channelArchive('weekly') })).body;
const setPrivate = async (letter: Letter, isPrivate: boolean) => {
  const response = await h.app.inject({ method: 'POST', url: platformPaths.updatePrivate('weekly', letter.id!), headers: h.editor, payload: { private: isPrivate } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Letter>();
};
const listed = async () => {
  const response = await h.app.inject({ method: 'GET', url: platformPaths.channelLetters('weekly'), headers: h.editor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: LetterSummary[] }>().items;
};

describe('a letter sent to a segment', () => {
  it('is private by default: its public page is the neutral 404 and the index leaves it out', async () => {
    const stored = await h.t.db.selectFrom('letters').select(['private', 'privateChosen', 'publicationStatus']).where('id', '=', segmentLetter.id!).executeTakeFirstOrThrow();
    expect(stored).toEqual({ private: true, privateChosen: false, publicationStatus: 1 });
    const answer = await page(segmentLetter);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('This link is no longer valid.');
    expect(answer.body).not.toContain('For the segment');
    expect(await index()).not.toContain('For the segment');
  });

  it('made public, its page and index entry answer at once; made private again, they are gone', async () => {
    expect(await setPrivate(segmentLetter, false)).toMatchObject({ private: false, privateChosen: true });
    const shown = await page(segmentLetter);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, max-age=60');
    expect(await index()).toContain('For the segment');
    await setPrivate(segmentLetter, true);
    expect((await page(segmentLetter)).statusCode).toBe(404);
    expect(await index()).not.toContain('For the segment');
  });
});

describe('a letter sent to all active subscribers', () => {
  it('is public by default, and private once an editor says so', async () => {
    expect((await page(everyoneLetter)).statusCode).toBe(200);
    expect(await index()).toContain('For everyone');
    await setPrivate(everyoneLetter, true);
    expect((await page(everyoneLetter)).statusCode).toBe(404);
    expect(await index()).not.toContain('For everyone');
  });
});

describe('the letter lists', () => {
  it('carry the private mark', async () => {
    const items = await listed();
    expect(items.find((item) => item.id === segmentLetter.id)?.private).toBe(true);
    expect(items.find((item) => item.id === everyoneLetter.id)?.private).toBe(true);
    await setPrivate(everyoneLetter, false);
    expect((await listed()).find((item) => item.id === everyoneLetter.id)?.private).toBe(false);
  });
});

describe('update-private', () => {
  it('refuses another shape with a clear message and changes nothing', async () => {
    const response = await h.app.inject({ method: 'POST', url: platformPaths.updatePrivate('weekly', segmentLetter.id!), headers: h.editor, payload: { private: 'yes' } });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBeTruthy();
    expect((await h.t.db.selectFrom('letters').select('private').where('id', '=', segmentLetter.id!).executeTakeFirstOrThrow()).private).toBe(true);
  });
});
