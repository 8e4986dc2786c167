import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { EMBED_DASHBOARD_PAGE } from '../../shared/contract/platform-embedded-dashboards';
import { activeSubscribers, audienceDays, lettersPage } from '../dashboards/dashboard-queries';
import { embedSecret, verifyEmbedToken } from '../dashboards/embed-token';
import type { Db } from '../db/database';
import { EMBED_PAGE_HEADERS, embeddedDashboardPage } from '../pages/embedded-dashboard-page';
import { invalidLinkPage, sendPage, usePageReplies } from '../pages/page-replies';
import { renderPublicPage } from '../pages/public-page';

// The embedded dashboard's public page (see routes/embedded-dashboards.ts): opened with the
// token alone. An altered or malformed token is the neutral 404 page, the same as any
// unknown link; an expired one says so (403) and shows nothing.

const Query = z.object({ token: z.string().min(1).max(4096) });
const htmlAnswer = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const embeddedDashboardPageRoutes: FastifyPluginAsync<{ db: Db; secret?: string | null }> = async (app, { db, secret = null }) => {
  usePageReplies(app);
  app.get(
    EMBED_DASHBOARD_PAGE,
    {
      config: { public: true },
      schema: {
        summary: 'An embedded dashboard, read-only, for whoever holds its token',
        response: { 200: htmlAnswer('The dashboard'), '4xx': htmlAnswer('The neutral invalid-link page, or the expired-link page') },
      },
    },
    async (request, reply) => {
      const query = Query.safeParse(request.query);
      if (!query.success) return sendPage(reply, invalidLinkPage(), 404);
      const check = verifyEmbedToken(query.data.token, await embedSecret(db, secret));
      if (!check.ok && check.reason === 'expired') {
        return sendPage(reply, renderPublicPage({ title: 'This dashboard link has expired', lead: 'Ask whoever shared it for a new link.' }), 403);
      }
      if (!check.ok) return sendPage(reply, invalidLinkPage(), 404);
      const { channelIds, name, from, to } = check.grant;
      const period = { from, to };
      const [subscribers, letters, audience] = await Promise.all([
        activeSubscribers(db, channelIds, period),
        lettersPage(db, channelIds, { period, direction: 'desc', page: 1 }),
        audienceDays(db, channelIds, period),
      ]);
      const html = embeddedDashboardPage({ name, from, to, subscribers, letters, audience });
      return reply.code(200).headers(EMBED_PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
    },
  );
};
