import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UNSUBSCRIBE_RECIPIENT_PARAM, publicPagePaths } from '../../shared/contract/public-pages';
import { readRecipientToken, undoUnsubscribeByLink, unsubscribeByLink } from '../audience/subscriber-links';
import { z } from 'zod';
import type { Db } from '../db/database';
import { jsonSchemaOf } from '../http/api-docs';
import { answerCutLinks, pageDocs, requireLinkedSubscriber, readFormBody, sendOneClickAnswer, sendPage, usePageReplies } from '../pages/page-replies';
import { cannotResubscribePage, oneClickAnswer, resubscribedPage, unsubscribeQuestionPage, unsubscribedPage } from '../pages/unsubscribe-pages';
import { routePattern } from './route-params';

// The unsubscribe link in every email's footer and List-Unsubscribe header. Public: the
// subscriber's unique id in the link is the only key (a mail provider's one-click POST
// carries no session, RFC 8058). GET only asks, since mail clients and link scanners open
// links on their own; POST, from the page's form or a one-click, unsubscribes. A sent
// email's link names the email (`?r={recipient token}`): the unsubscribe is counted against
// that letter, and the pages' forms carry the token on.

const unsubscribePath = routePattern(publicPagePaths.unsubscribe(':channelSlug', ':uniqueId'));
const undoPath = routePattern(publicPagePaths.undoUnsubscribe(':channelSlug', ':uniqueId'));

const RecipientQuery = z.object({
  [UNSUBSCRIBE_RECIPIENT_PARAM]: z
    .string()
    .optional()
    .describe("The sent email's recipient token: the unsubscribe counts against that email's letter; ignored when it names no email of this subscriber"),
});

/** The page's docs with the recipient token the links of sent emails carry. */
const docsWithToken = (summary: string, method: 'GET' | 'POST') => ({ ...pageDocs(summary, method), querystring: jsonSchemaOf(RecipientQuery, 'input') });

function tokenOf(request: FastifyRequest): string | null {
  return readRecipientToken((request.query as Record<string, unknown> | undefined)?.[UNSUBSCRIBE_RECIPIENT_PARAM]);
}

export const publicUnsubscribeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  usePageReplies(app);
  answerCutLinks(app, '/unsubscribe');

  const config = { public: true };

  app.get(unsubscribePath, { config, schema: docsWithToken('Unsubscribe page: asks, changes nothing', 'GET') }, async (request, reply) => {
    const subscriber = await requireLinkedSubscriber(db, request.params);
    const token = tokenOf(request);
    // Already out (a one-click earlier, say): say so rather than ask again.
    const page = subscriber.status === 'unsubscribed' ? unsubscribedPage(subscriber, token) : unsubscribeQuestionPage(subscriber, token);
    return sendPage(reply, page);
  });

  app.post(unsubscribePath, { config, schema: docsWithToken('Unsubscribe (the form or an RFC 8058 one-click)', 'POST') }, async (request, reply) => {
    const { oneClick } = readFormBody(request);
    const subscriber = await requireLinkedSubscriber(db, request.params);
    const token = tokenOf(request);
    await unsubscribeByLink(db, subscriber.id, token);
    const after = await requireLinkedSubscriber(db, request.params);
    if (oneClick) return sendOneClickAnswer(reply, oneClickAnswer(after));
    return sendPage(reply, unsubscribedPage(after, token));
  });

  app.post(undoPath, { config, schema: docsWithToken('Undo an unsubscribe made through the link', 'POST') }, async (request, reply) => {
    const subscriber = await requireLinkedSubscriber(db, request.params);
    if (!(await undoUnsubscribeByLink(db, subscriber.id))) return sendPage(reply, cannotResubscribePage(subscriber), 409);
    return sendPage(reply, resubscribedPage(await requireLinkedSubscriber(db, request.params), tokenOf(request)));
  });
};
