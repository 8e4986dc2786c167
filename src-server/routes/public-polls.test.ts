import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Poll, PollDetail, PollMetrics, PollSummary } from '../../shared/contract/platform-polls';
import { PAGE_CONTENT_SECURITY_POLICY } from '../pages/page-security';
import { pollSection } from '../testing/delivery-fixtures';
import { POLL_PAGE_TEXT } from '../pages/poll-pages';
import { hrefsOf, linkedSections, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// Readers answer a poll from a really sent email (real scheduled send, real SMTP on
// loopback): GET and HEAD show the answer and record nothing, the page's POST records it,
// a second answer replaces the first, altered links are refused, and the letter's poll
// summary, details, metrics and CSV count what was answered.

let h: TrackingHarness;
let poll: Poll;
let letterUniqueId: string;
let people: { email: (name: string) => string };

/** The option links of one reader's email, by option title. */
function optionLinks(name: string): Record<string, string> {
  const links = hrefsOf(h.mailTo(people.email(name))).filter((href) => href.includes('/polls/'));
  return Object.fromEntries(poll.options.map((option) => [option.title, links.find((href) => href.includes(`option=${option.id}&`))!]));
}

const answers = async () => h.t.db.selectFrom('pollResponses').selectAll().where('pollId', '=', poll.id).execute();

beforeAll(async () => {
  h = await startTrackingHarness();
  const made = await h.app.inject({
    method: 'POST',
    url: platformPaths.polls('demo'),
    headers: h.editor,
    payload: {
      title: 'Capital quiz',
      questionText: 'What is the capital of France?',
      pollType: 2,
      options: [{ title: 'Paris', isCorrect: true }, { title: 'Lyon' }],
      showResultsOnResponsePage: true,
      confirmationMessage: 'Thanks for answering.',
      confirmationMessageCorrect: 'Right, it is Paris!',
      confirmationMessageIncorrect: 'Not quite.',
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  poll = made.json<Poll>();
  const audience = await h.audience(['ada', 'bob', 'cy', 'dee']);
  people = audience;
  const letter = await h.sendLetter(audience.segmentId, { blocks: JSON.stringify([pollSection(poll), ...linkedSections()]) });
  letterUniqueId = letter.uniqueId;
});
afterAll(async () => {
  await h?.close();
});

describe('answering a poll from the email', () => {
  it("each option links to the response page with the reader's own token and signature, not through click tracking", () => {
    const links = optionLinks('ada');
    expect(links.Paris).toMatch(
      new RegExp(`^https://letters\\.example\\.com/polls/${poll.id}/respond\\?option=\\d+&letter=[^&]+&subscriber=[^&]+&r=[0-9a-f]{40}&s=[A-Za-z0-9_-]{22}$`),
    );
    expect(links.Paris).not.toBe(optionLinks('bob').Paris);
  });

  it('GET, HEAD and a prefetch show the answer with its button and record nothing', async () => {
    const link = pathOf(optionLinks('ada').Paris!);
    const page = await h.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(PAGE_CONTENT_SECURITY_POLICY);
    expect(page.body).toContain('What is the capital of France?');
    expect(page.body).toContain(`<button type="submit">${POLL_PAGE_TEXT.submit}</button>`);
    expect(page.body).toContain('method="post"');
    expect(page.body).not.toContain('<script');
    expect((await h.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
    await h.app.inject({ method: 'GET', url: link, headers: { purpose: 'prefetch', 'sec-purpose': 'prefetch' } });
    expect(await answers()).toEqual([]);
  });

  it("the button records the answer with the quiz's message and the results", async () => {
    const submitted = await h.app.inject({ method: 'POST', url: pathOf(optionLinks('ada').Paris!) });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toContain('Right, it is Paris!');
    expect(submitted.body).toContain('<li>Paris: 1 (100%)</li>');
    const wrong = await h.app.inject({ method: 'POST', url: pathOf(optionLinks('bob').Lyon!) });
    expect(wrong.body).toContain('Not quite.');
    expect(await answers()).toHaveLength(2);
  });

  it('a second answer replaces the first, never counts twice', async () => {
    await h.app.inject({ method: 'POST', url: pathOf(optionLinks('cy').Lyon!) });
    const again = await h.app.inject({ method: 'GET', url: pathOf(optionLinks('cy').Paris!) });
    expect(again.body).toContain('You answered “Lyon” before');
    await h.app.inject({ method: 'POST', url: pathOf(optionLinks('cy').Paris!) });
    await h.app.inject({ method: 'POST', url: pathOf(optionLinks('cy').Paris!) });
    const rows = await answers();
    expect(rows).toHaveLength(3);
    const paris = poll.options.find((option) => option.title === 'Paris')!.id;
    expect(rows.filter((row) => row.optionId === paris)).toHaveLength(2);
  });

  it('forged or altered links are the neutral 404 page and record nothing', async () => {
    const link = optionLinks('dee').Paris!;
    const token = /r=([0-9a-f]{40})/.exec(link)![1]!;
    const others = optionLinks('ada').Paris!;
    const signature = /s=([A-Za-z0-9_-]{22})/.exec(link)![1]!;
    const altered = [
      link.replace(signature, signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))),
      link.replace(/&s=[^&]+/, ''),
      // Another reader's signature on this reader's link, and this reader's token and signature on another's.
      link.replace(/s=[^&]+/, /s=[^&]+/.exec(others)![0]),
      others.replace(/r=[0-9a-f]{40}/, `r=${token}`).replace(/s=[^&]+/, `s=${signature}`),
      link.replace(token, token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))),
      link.replace(/subscriber=[^&]+/, /subscriber=[^&]+/.exec(others)![0]),
      link.replace(/letter=[^&]+/, 'letter=someone-else'),
      link.replace(`/polls/${poll.id}/`, `/polls/${poll.id + 1000}/`),
      link.replace(/option=\d+/, 'option=999999'),
      link.replace(/&r=[0-9a-f]{40}/, ''),
    ];
    for (const address of altered) {
      const answer = await h.app.inject({ method: 'POST', url: pathOf(address) });
      expect(answer.statusCode, address).toBe(404);
    }
    expect(await answers()).toHaveLength(3);
  });
});

describe("the letter's poll results", () => {
  it('summary: totalResponses and totalSends per poll', async () => {
    const summary = await h.app.inject({ method: 'GET', url: platformPaths.pollLetterSummary('weekly', letterUniqueId), headers: h.editor });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<{ items: PollSummary[] }>().items).toEqual([
      { id: poll.id, title: 'Capital quiz', pollType: 2, totalResponses: 3, totalSends: 4 },
    ]);
  });

  it('details: recipients, last answer and the rate with one decimal', async () => {
    const details = await h.app.inject({ method: 'GET', url: platformPaths.pollLetterDetails('weekly', poll.id, letterUniqueId), headers: h.editor });
    const [detail] = details.json<{ items: PollDetail[] }>().items;
    expect(detail).toMatchObject({ recipients: 4, responses: 3, responseRatePercent: 75, questionText: 'What is the capital of France?' });
    expect(detail!.lastResponseDate).not.toBeNull();
    expect(detail!.options.map((o) => [o.title, o.responses, o.percent])).toEqual([
      ['Paris', 2, 66.7],
      ['Lyon', 1, 33.3],
    ]);
  });

  it('metrics and the CSV', async () => {
    const metrics = await h.app.inject({ method: 'POST', url: platformPaths.pollMetrics('demo', poll.id), headers: h.editor, payload: {} });
    expect(metrics.json<PollMetrics>()).toMatchObject({ totalResponses: 3, totalSends: 4, responseRatePercent: 75, correctPercent: 66.7 });
    const csv = await h.app.inject({ method: 'GET', url: platformPaths.pollMetricsDownload('demo', poll.id), headers: h.editor });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('letter,letter_unique_id,email,answer,correct,answered_at');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes(people.email('cy')) && line.includes(',Paris,yes,'))).toBe(true);
  });

  it('a deleted poll takes no more answers but the report keeps it', async () => {
    await h.app.inject({ method: 'DELETE', url: platformPaths.poll('demo', poll.id), headers: h.editor });
    const late = await h.app.inject({ method: 'POST', url: pathOf(optionLinks('dee').Paris!) });
    expect(late.statusCode).toBe(404);
    const summary = await h.app.inject({ method: 'GET', url: platformPaths.pollLetterSummary('weekly', letterUniqueId), headers: h.editor });
    expect(summary.json<{ items: PollSummary[] }>().items[0]).toMatchObject({ totalResponses: 3 });
  });
});
