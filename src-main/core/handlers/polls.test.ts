import { describe, expect, it } from 'vitest';
import type { Poll, PollListResponse, PollMetrics } from '../../../shared/contract/platform-polls';
import { POLL_MESSAGES } from '../../../shared/contract/platform-polls';
import { POLLS_OFFLINE_MESSAGE } from './polls';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// The polls.* channels against a real platform (through a proxy that can go down): the
// screen's calls, the platform's field messages, and the report's calls swallowed offline.

const testPlatform = useTestPlatform({ faultyProxy: true });
const { proxy } = testPlatform;
const BRAND = { brandSlug: WEEKLY.brandSlug };

describe('polls over the bridge', () => {
  it('creates, lists, picks, measures, downloads and deletes', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const poll = await call<Poll>(core, 'polls.save', {
      ...BRAND,
      poll: { title: 'Ferry times', questionText: 'Which ferry?', pollType: 2, options: [{ title: 'Early', isCorrect: true }, { title: 'Late' }] },
    });
    expect(poll.options.map((o) => [o.title, o.isCorrect])).toEqual([['Early', true], ['Late', false]]);
    const edited = await call<Poll>(core, 'polls.save', { ...BRAND, id: poll.id, poll: { title: 'Ferry times', questionText: 'Which ferry do you take?', pollType: 2, options: poll.options } });
    expect(edited.questionText).toBe('Which ferry do you take?');

    const listed = await call<PollListResponse>(core, 'polls.list', { ...BRAND, types: [2], title: 'ferry' });
    expect(listed.items.map((p) => p.id)).toEqual([poll.id]);
    const picked = await call<PollListResponse>(core, 'polls.pick', { ...WEEKLY, title: 'Ferry' });
    expect(picked.items.map((p) => p.id)).toEqual([poll.id]);
    expect((await call<Poll>(core, 'polls.get', { ...WEEKLY, id: poll.id })).title).toBe('Ferry times');

    const metrics = await call<PollMetrics>(core, 'polls.metrics', { ...BRAND, id: poll.id });
    expect(metrics).toMatchObject({ totalResponses: 0, responseRatePercent: null, correctPercent: null });
    const csv = await call<{ fileName: string; content: string }>(core, 'polls.downloadCsv', { ...BRAND, id: poll.id });
    expect(csv.fileName).toBe(`poll-${poll.id}-responses.csv`);
    expect(csv.content.replace(/^\uFEFF/, '')).toBe('letter,letter_unique_id,email,answer,correct,answered_at\r\n');

    await call(core, 'polls.delete', { ...BRAND, id: poll.id });
    const gone = await core.dispatch('polls.get', { ...WEEKLY, id: poll.id });
    expect(gone).toEqual({ ok: false, error: { code: 'not_found', message: POLL_MESSAGES.notFound } });
  });

  it("refuses a quiz without its correct option with the field's message, and needs a connection, except for the report's calls", async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const refused = await core.dispatch('polls.save', { ...BRAND, poll: { title: 'Quiz', questionText: 'Q?', pollType: 2, options: [{ title: 'A' }, { title: 'B' }] } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'invalid_input', fields: { 'poll.options': [POLL_MESSAGES.quizCorrect] } });

    proxy().mode = 'down';
    const offline = await core.dispatch('polls.list', BRAND);
    expect(offline).toEqual({ ok: false, error: { code: 'offline', message: POLLS_OFFLINE_MESSAGE } });
    expect(await call(core, 'polls.letterSummary', { ...WEEKLY, letterUniqueId: 'any' })).toEqual({ items: [] });
    expect(await call(core, 'polls.letterDetail', { ...WEEKLY, letterUniqueId: 'any', id: 1 })).toBeNull();
  });
});
