import type { FastifyPluginAsync } from 'fastify';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { ReaderLinks } from '../audience/reader-links';
import { setBehaviourOptOut } from '../audience/subscriber-links';
import type { Db } from '../db/database';
import { optedInPage, optedOutPage, optOutQuestionPage } from '../pages/opt-out-pages';
import type { OptOutActions } from '../pages/opt-out-pages';
import { answerCutLinks, pageDocs, requireSignedLink, sendPage, usePageReplies } from '../pages/page-replies';
import type { SignedLink } from '../pages/page-replies';
import { routePattern } from './route-params';

// The footer's behaviour opt-out link (letters to engagement segments carry it): the reader
// keeps the newsletter but is left out of every engagement segment from then on. Signed like
// the unsubscribe link (audience/reader-links.ts): a link without the platform's signature of
// this reader and letter changes nothing. GET only asks, POST opts out, POST .../undo opts
// back in, with the same signature.

const optOutPath = routePattern(publicPagePaths.behaviourOptOut(':channelSlug', ':uniqueId'));
const undoPath = routePattern(publicPagePaths.undoBehaviourOptOut(':channelSlug', ':uniqueId'));

export const publicOptOutRoutes: FastifyPluginAsync<{ db: Db; links: ReaderLinks }> = async (app, { db, links }) => {
  usePageReplies(app);
  answerCutLinks(app, '/opt-out');

  const config = { public: true };
  const actionsOf = ({ subscriber, letterId }: SignedLink): OptOutActions => ({
    optOut: links.optOut(subscriber.channelSlug, subscriber.uniqueId, letterId),
    undo: links.undoOptOut(subscriber.channelSlug, subscriber.uniqueId, letterId),
  });

  app.get(optOutPath, { config, schema: pageDocs('Behaviour opt-out page: asks, changes nothing', 'GET') }, async (request, reply) => {
    const link = await requireSignedLink(db, links, 'opt-out', request);
    const page = link.subscriber.behaviourOptOut ? optedOutPage : optOutQuestionPage;
    return sendPage(reply, page(link.subscriber, actionsOf(link)));
  });

  app.post(optOutPath, { config, schema: pageDocs('Opt out of engagement segments', 'POST') }, async (request, reply) => {
    const link = await requireSignedLink(db, links, 'opt-out', request);
    await setBehaviourOptOut(db, link.subscriber.id, true);
    return sendPage(reply, optedOutPage(link.subscriber, actionsOf(link)));
  });

  app.post(undoPath, { config, schema: pageDocs('Opt back in to engagement segments', 'POST') }, async (request, reply) => {
    const link = await requireSignedLink(db, links, 'opt-out', request);
    await setBehaviourOptOut(db, link.subscriber.id, false);
    return sendPage(reply, optedInPage(link.subscriber, actionsOf(link)));
  });
};
