import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Poll, PollListResponse } from '../../shared/contract/platform-polls';
import { POLL_MESSAGES } from '../../shared/contract/platform-polls';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The organization poll calls (spec 3 §7): create, list with its filter and order, read,
// update (type and options fixed once answered), delete; another tenant gets 403/404.

let t: TestApp;
let editor: { authorization: string };
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

const single = { title: 'Lunch', questionText: 'What for lunch?', pollType: 1, options: [{ title: 'Soup' }, { title: 'Salad' }] };

async function create(body: object, headers = editor) {
  return t.app.inject({ method: 'POST', url: platformPaths.polls('demo'), headers, payload: body });
}

describe('organization polls', () => {
  it('creates each type; a feedback scale gets its options from its range', async () => {
    const made = await create({ ...single, confirmationMessage: 'Thanks!' });
    expect(made.statusCode, made.body).toBe(201);
    const poll = made.json<Poll>();
    expect(poll).toMatchObject({ title: 'Lunch', pollType: 1, originType: 1, confirmationMessage: 'Thanks!', totalResponses: 0 });
    expect(poll.options.map((o) => o.title)).toEqual(['Soup', 'Salad']);

    const rating = (await create({ title: 'Rate us', questionText: 'How likely?', pollType: 3, feedbackScale: '0-10' })).json<Poll>();
    expect(rating.options.map((o) => o.title)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const stars = (await create({ title: 'Stars', questionText: 'Stars?', pollType: 3, feedbackScale: '1-5' })).json<Poll>();
    expect(stars.options).toHaveLength(5);

    const quiz = await create({ title: 'Capital', questionText: 'Capital of France?', pollType: 2, options: [{ title: 'Paris', isCorrect: true }, { title: 'Lyon' }] });
    expect(quiz.json<Poll>().options.map((o) => o.isCorrect)).toEqual([true, false]);
  });

  it('refuses bad input with field messages and creates nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: platformPaths.polls('demo'), headers: editor })).json<PollListResponse>().total;
    const noTitle = await create({ ...single, title: ' ' });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json().errors.title).toEqual([POLL_MESSAGES.title]);
    const quiz = await create({ ...single, pollType: 2 });
    expect(quiz.json().errors.options).toEqual([POLL_MESSAGES.quizCorrect]);
    const same = await create({ ...single, options: [{ title: 'Soup' }, { title: 'soup' }] });
    expect(same.json().errors['options.1.title']).toEqual([POLL_MESSAGES.optionRepeated]);
    const scale = await create({ ...single, pollType: 3 });
    expect(scale.json().errors.feedbackScale).toEqual([POLL_MESSAGES.scale]);
    const after = (await t.app.inject({ method: 'GET', url: platformPaths.polls('demo'), headers: editor })).json<PollListResponse>().total;
    expect(after).toBe(before);
  });

  it('lists newest first, 50 a page, filtered by type and title', async () => {
    const all = (await t.app.inject({ method: 'GET', url: platformPaths.polls('demo'), headers: editor })).json<PollListResponse>();
    expect(all.items.map((p) => p.title)).toEqual(['Capital', 'Stars', 'Rate us', 'Lunch']);
    const quizAndRating = await t.app.inject({ method: 'GET', url: `${platformPaths.polls('demo')}?types[]=2&types[]=3`, headers: editor });
    expect(quizAndRating.json<PollListResponse>().items.map((p) => p.title)).toEqual(['Capital', 'Stars', 'Rate us']);
    const byTitle = await t.app.inject({ method: 'GET', url: `${platformPaths.polls('demo')}?title=rate`, headers: editor });
    expect(byTitle.json<PollListResponse>().items.map((p) => p.title)).toEqual(['Rate us']);
    const paged = await t.app.inject({ method: 'GET', url: `${platformPaths.polls('demo')}?limit=2&page=2`, headers: editor });
    expect(paged.json<PollListResponse>()).toMatchObject({ total: 4, items: [{ title: 'Rate us' }, { title: 'Lunch' }] });
    const channel = await t.app.inject({ method: 'GET', url: `${platformPaths.channelPolls('weekly')}?title=lunch`, headers: editor });
    expect(channel.json<PollListResponse>().items.map((p) => p.title)).toEqual(['Lunch']);
  });

  it('updates wording and options, and deletes', async () => {
    const poll = (await create({ ...single, title: 'Editable' })).json<Poll>();
    const [soup] = poll.options;
    const updated = await t.app.inject({
      method: 'POST',
      url: platformPaths.poll('demo', poll.id),
      headers: editor,
      payload: { ...single, title: 'Edited', options: [{ id: soup!.id, title: 'Hot soup' }, { title: 'Bread' }, { title: 'Cake' }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<Poll>();
    expect(after.title).toBe('Edited');
    expect(after.options.map((o) => o.title)).toEqual(['Hot soup', 'Bread', 'Cake']);
    expect(after.options[0]!.id).toBe(soup!.id);

    const gone = await t.app.inject({ method: 'DELETE', url: platformPaths.poll('demo', poll.id), headers: editor });
    expect(gone.statusCode).toBe(204);
    const read = await t.app.inject({ method: 'GET', url: platformPaths.poll('demo', poll.id), headers: editor });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe(POLL_MESSAGES.notFound);
  });

  it("is closed to another tenant: their brand 403, the demo's poll ids 404", async () => {
    const poll = (await create({ ...single, title: 'Private' })).json<Poll>();
    const brand = await t.app.inject({ method: 'GET', url: platformPaths.polls('demo'), headers: rival.headers });
    expect(brand.statusCode).toBe(403);
    const own = await create({ ...single, title: 'Rival poll' }, rival.headers);
    expect(own.statusCode).toBe(403);
    const byRivalBrand = await t.app.inject({ method: 'GET', url: platformPaths.poll('rival', poll.id), headers: rival.headers });
    expect(byRivalBrand.statusCode).toBe(404);
    const deleteByRival = await t.app.inject({ method: 'DELETE', url: platformPaths.poll('rival', poll.id), headers: rival.headers });
    expect(deleteByRival.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: platformPaths.poll('demo', poll.id), headers: editor });
    expect(still.statusCode).toBe(200);
  });
});
