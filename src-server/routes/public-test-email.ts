import type { FastifyPluginAsync } from 'fastify';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import { renderPublicPage } from '../pages/public-page';
import { usePageReplies, sendPage } from '../pages/page-replies';

// The page a test email's unsubscribe, opt-out and poll links open (delivery/test-send.ts):
// the links work as a reader's would, except that nothing is recorded, and the page says so.
// POST answers too, for a mail client's one-click unsubscribe of a test email.

const text = PUBLIC_PAGE_TEXT.en;
const answer = { description: 'The test-email page', content: { 'text/html': { schema: { type: 'string' } } } };

export const publicTestEmailRoutes: FastifyPluginAsync = async (app) => {
  usePageReplies(app);
  const page = renderPublicPage({ title: text.testEmailTitle, lead: text.testEmailLead });
  const options = { config: { public: true }, schema: { summary: 'A test email’s reader link: says nothing was recorded', response: { 200: answer } } };
  app.get(publicPagePaths.testEmail(), options, async (_request, reply) => sendPage(reply, page));
  app.post(publicPagePaths.testEmail(), options, async (_request, reply) => sendPage(reply, page));
};
