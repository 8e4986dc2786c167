import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import { renderPublicPage } from '../pages/public-page';
import { sendPage, usePageReplies } from '../pages/page-replies';

// Where a letter's public page sends the links that act for one reader (pages/sent-letter-copy.ts):
// the page is the same for everyone, so a poll answer or an unsubscribe from it could count
// for no one. Each says where it works instead: the email each reader received.

const text = PUBLIC_PAGE_TEXT.en;
const answer = { description: 'A page saying the link works from the email', content: { 'text/html': { schema: { type: 'string' } } } };

export const publicCopyPageRoutes: FastifyPluginAsync = async (app) => {
  usePageReplies(app);
  const pollPage = renderPublicPage({ title: text.pollByEmailTitle, lead: text.pollByEmailLead });
  const unsubscribePage = renderPublicPage({ title: text.unsubscribeByEmailTitle, lead: text.unsubscribeByEmailLead });
  const options = (summary: string) => ({ config: { public: true }, schema: { summary, response: { 200: answer } } });
  app.get(publicPagePaths.pollByEmail(), options('A poll option on a letter’s public page: says polls are answered from the email'), async (_request, reply) =>
    sendPage(reply, pollPage),
  );
  app.get(publicPagePaths.unsubscribeByEmail(), options('An unsubscribe link on a letter’s public page: says it works from the email'), async (_request, reply) =>
    sendPage(reply, unsubscribePage),
  );
};
