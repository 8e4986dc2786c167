import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { answerCutLinks, sendPage, usePageReplies } from '../pages/page-replies';
import { pollAnsweredPage, pollQuestionPage } from '../pages/poll-pages';
import { confirmationFor, readPollAnswerLink, recordPollAnswer } from '../polls/poll-links';
import { pollResultsForPage } from '../polls/poll-results';
import { routePattern } from './route-params';

// A poll option's link in a sent email (polls/poll-links.ts says what makes one valid).
// GET (and HEAD, which Fastify answers from it) only shows the answer with a 'Submit my
// answer' button; the button's POST records it. Mail clients' prefetchers, link scanners
// and HEAD requests therefore never vote, whatever headers they send, and the page needs
// no script. A second POST replaces the reader's answer, never adds one.

const respondPath = routePattern(publicPagePaths.pollResponse(1), { 1: ':id' });

const pageSchema = (summary: string) => ({
  summary,
  querystring: {
    type: 'object',
    properties: {
      option: { type: 'string' },
      letter: { type: 'string' },
      subscriber: { type: 'string' },
      r: { type: 'string', description: "The email's recipient token" },
      s: { type: 'string', description: "The platform's signature of the reader and the letter; a link without a valid one records nothing" },
    },
  },
  response: {
    200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
    '4xx': { description: 'The neutral invalid-link page', content: { 'text/html': { schema: { type: 'string' } } } },
  },
});

/** The address the page's form posts to: the same link, its query kept. */
function selfAddress(request: FastifyRequest): string {
  return request.url;
}

export const publicPollRoutes: FastifyPluginAsync<{ db: Db; links: ReaderLinks }> = async (app, { db, links }) => {
  usePageReplies(app);
  answerCutLinks(app, '/polls');
  const config = { public: true };

  const linkOf = async (request: FastifyRequest) => {
    const link = await readPollAnswerLink(db, links, (request.params as { id?: unknown }).id, request.query);
    if (!link) throw notFound();
    return link;
  };

  app.get(respondPath, { config, schema: pageSchema('Poll answer page: shows the answer, records nothing') }, async (request, reply) => {
    const link = await linkOf(request);
    return sendPage(reply, pollQuestionPage(link.poll, link.optionId, link.previousOptionId, selfAddress(request)));
  });

  app.post(respondPath, { config, schema: pageSchema("Records the reader's answer (replacing an earlier one)") }, async (request, reply) => {
    const link = await linkOf(request);
    await recordPollAnswer(db, link);
    const results = link.poll.showResultsOnResponsePage ? await pollResultsForPage(db, link.poll) : null;
    return sendPage(reply, pollAnsweredPage(link.poll, link.optionId, confirmationFor(link.poll, link.optionId), results));
  });
};
