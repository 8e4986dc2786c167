import type { FastifyPluginAsync } from 'fastify';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { setBehaviourOptOut } from '../audience/subscriber-links';
import type { Db } from '../db/database';
import { optedInPage, optedOutPage, optOutQuestionPage } from '../pages/opt-out-pages';
import { answerCutLinks, pageDocs, requireLinkedSubscriber, sendPage, usePageReplies } from '../pages/page-replies';
import { routePattern } from './route-params';

// The footer's behaviour opt-out link (letters to engagement segments carry it): the reader
// keeps the newsletter but is left out of every engagement segment from then on. Public
// like the unsubscribe link; GET only asks, POST opts out, POST .../undo opts back in.

const optOutPath = routePattern(publicPagePaths.behaviourOptOut(':channelSlug', ':uniqueId'));
const undoPath = routePattern(publicPagePaths.undoBehaviourOptOut(':channelSlug', ':uniqueId'));

export const publicOptOutRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  usePageReplies(app);
  answerCutLinks(app, '/opt-out');

  const config = { public: true };

  app.get(optOutPath, { config, schema: pageDocs('Behaviour opt-out page: asks, changes nothing', 'GET') }, async (request, reply) => {
    const subscriber = await requireLinkedSubscriber(db, request.params);
    return sendPage(reply, subscriber.behaviourOptOut ? optedOutPage(subscriber) : optOutQuestionPage(subscriber));
  });

  app.post(optOutPath, { config, schema: pageDocs('Opt out of engagement segments', 'POST') }, async (request, reply) => {
    const subscriber = await requireLinkedSubscriber(db, request.params);
    await setBehaviourOptOut(db, subscriber.id, true);
    return sendPage(reply, optedOutPage(subscriber));
  });

  app.post(undoPath, { config, schema: pageDocs('Opt back in to engagement segments', 'POST') }, async (request, reply) => {
    const subscriber = await requireLinkedSubscriber(db, request.params);
    await setBehaviourOptOut(db, subscriber.id, false);
    return sendPage(reply, optedInPage(subscriber));
  });
};
