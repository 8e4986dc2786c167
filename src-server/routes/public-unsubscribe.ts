import type { FastifyPluginAsync } from 'fastify';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { ReaderLinks } from '../audience/reader-links';
import { canUndoUnsubscribe, undoUnsubscribeByLink, unsubscribeByLink } from '../audience/subscriber-links';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import type { Db } from '../db/database';
import {
  answerCutLinks,
  invalidLinkPage,
  pageDocs,
  readFormBody,
  requireLinkedSubscriber,
  requireSignedLink,
  sendOneClickAnswer,
  sendPage,
  usePageReplies,
} from '../pages/page-replies';
import { cannotResubscribePage, oneClickAnswer, resubscribedPage, unsubscribeQuestionPage, unsubscribedPage } from '../pages/unsubscribe-pages';
import { routePattern } from './route-params';

// The unsubscribe link in every email's footer and List-Unsubscribe header. Public (a mail
// provider's one-click POST carries no session, RFC 8058), so the link itself is the key:
// it names the reader, the letter the email came from and the platform's signature of both
// (audience/reader-links.ts); without a valid signature it changes nothing and shows the
// neutral page. GET only asks, since mail clients and link scanners open links on their
// own; POST, from the page's form or a one-click, unsubscribes and counts it against that
// letter. The undo needs the signature of that very unsubscribe, for a bounded time.

const unsubscribePath = routePattern(publicPagePaths.unsubscribe(':channelSlug', ':uniqueId'));
const undoPath = routePattern(publicPagePaths.undoUnsubscribe(':channelSlug', ':uniqueId'));

export const publicUnsubscribeRoutes: FastifyPluginAsync<{ db: Db; links: ReaderLinks }> = async (app, { db, links }) => {
  usePageReplies(app);
  answerCutLinks(app, '/unsubscribe');

  const config = { public: true };
  const unsubscribeLink = (subscriber: LinkedSubscriber, letterId: number) => links.unsubscribe(subscriber.channelSlug, subscriber.uniqueId, letterId);
  const undoLink = (subscriber: LinkedSubscriber, letterId: number) =>
    canUndoUnsubscribe(subscriber) ? links.undoUnsubscribe(subscriber.channelSlug, subscriber.uniqueId, letterId, subscriber.unsubscribedByLinkAt!) : null;

  app.get(unsubscribePath, { config, schema: pageDocs('Unsubscribe page: asks, changes nothing', 'GET') }, async (request, reply) => {
    const { subscriber, letterId } = await requireSignedLink(db, links, 'unsubscribe', request);
    // Already out (a one-click earlier, say): say so rather than ask again.
    const page =
      subscriber.status === 'unsubscribed'
        ? unsubscribedPage(subscriber, undoLink(subscriber, letterId))
        : unsubscribeQuestionPage(subscriber, unsubscribeLink(subscriber, letterId));
    return sendPage(reply, page);
  });

  app.post(unsubscribePath, { config, schema: pageDocs('Unsubscribe (the form or an RFC 8058 one-click)', 'POST') }, async (request, reply) => {
    const { oneClick } = readFormBody(request);
    const { subscriber, letterId } = await requireSignedLink(db, links, 'unsubscribe', request);
    await unsubscribeByLink(db, subscriber.id, letterId);
    const after = await requireLinkedSubscriber(db, request.params);
    if (oneClick) return sendOneClickAnswer(reply, oneClickAnswer(after));
    return sendPage(reply, unsubscribedPage(after, undoLink(after, letterId)));
  });

  app.post(undoPath, { config, schema: pageDocs('Undo an unsubscribe made through the link (its own signed undo)', 'POST') }, async (request, reply) => {
    const { subscriber, letterId, signature } = await requireSignedLink(db, links, null, request);
    const at = subscriber.status === 'unsubscribed' ? subscriber.unsubscribedByLinkAt : null;
    const claim = { action: 'unsubscribe-undo' as const, subscriberUniqueId: subscriber.uniqueId, letterId };
    // No unsubscribe this link could be the undo of (undone already, another, or none): a link no longer valid.
    if (at === null || !links.verify({ ...claim, unsubscribedAt: at.getTime() }, signature)) return sendPage(reply, invalidLinkPage(), 404);
    if (!canUndoUnsubscribe(subscriber) || !(await undoUnsubscribeByLink(db, subscriber.id, at))) {
      return sendPage(reply, cannotResubscribePage(subscriber), 409);
    }
    const after = await requireLinkedSubscriber(db, request.params);
    return sendPage(reply, resubscribedPage(after, unsubscribeLink(after, letterId)));
  });
};
