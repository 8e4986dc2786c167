import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { UNTITLED_LETTER } from '../../shared/render/render-letter';
import type { Db } from '../db/database';
import { platformUrlOf, renderInChannel } from '../delivery/letter-render';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { jsonSchemaOf } from '../http/api-docs';
import { archiveLookup } from '../pages/archive-merge';
import {
  CHANNEL_PAGE_CONTENT_SECURITY_POLICY,
  LETTER_PAGE_CONTENT_SECURITY_POLICY,
  archivePageHeaders,
  channelArchivePage,
  letterArchivePage,
  openGraphTags,
} from '../pages/archive-pages';
import { ArchiveChannelParams, ArchiveChannelQuery, ArchiveLetterParams, archiveChannel, archiveEntries, archiveLetter } from '../pages/archive-records';
import { sentLetterCopies } from '../pages/sent-letter-copy';
import { VIEW_IN_BROWSER_CLASS } from '../../shared/render/view-in-browser';
import { invalidLinkPage, sendPage, usePageReplies } from '../pages/page-replies';
import { routePattern } from './route-params';
import { PLATFORM_PATH_SEGMENTS } from '../../shared/contract/public-pages';

// The public web archive (spec 1 §2: the metrics' preview card, share links and the
// logo's default link lead here): `/{channelSlug}` lists a channel's published, public
// letters and `/{channelSlug}/{letterRef}` shows one as its readers got it, with no
// tracking and nothing that belongs to one reader. Anything not public — a draft, a private
// or deleted letter, an unknown channel — is the neutral 404 page, the same for all.

const channelPath = routePattern(publicPagePaths.channelArchive(':channelSlug'));
const letterPath = routePattern(publicPagePaths.letterArchive(':channelSlug', ':letterRef'));

/**
 * First path segments that belong to the platform itself. The archive's patterns would
 * catch any one- or two-segment address, so a route constraint keeps them to the others:
 * `/api/unknown` still meets the API's own answer (sign in first), not an archive page.
 */
const PLATFORM_SEGMENTS = PLATFORM_PATH_SEGMENTS;

const ADDRESS_KIND = 'publicArchiveAddress';
const ARCHIVE_ADDRESS = 'archive';

function firstSegment(url: string): string {
  const segment = url.split(/[/?#]/, 2)[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment;
  }
}

/** Tells the router which addresses the archive may take (Fastify constraint strategy). */
const addressKind: Parameters<FastifyInstance['addConstraintStrategy']>[0] = {
  name: ADDRESS_KIND,
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (kind: string) => (handlers.get(kind) ?? null) as never,
      set: (kind: string, handler: unknown) => void handlers.set(kind, handler),
    };
  },
  deriveConstraint: (request: { url?: string }) => (PLATFORM_SEGMENTS.has(firstSegment(request.url ?? '/')) ? 'platform' : ARCHIVE_ADDRESS),
  validate: () => undefined,
};

const htmlAnswer = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const pageResponses = {
  200: htmlAnswer('The page'),
  '4xx': htmlAnswer('The neutral page saying the link is not valid (404 for anything not public)'),
  '5xx': htmlAnswer('A page saying something went wrong'),
};

/** The sent email's 'View in browser' line has no point on the page it leads to. */
const SENT_COPY_STYLE = `<style>.${VIEW_IN_BROWSER_CLASS}{display:none!important}</style>`;

const notPublic = (reply: FastifyReply) => sendPage(reply, invalidLinkPage(), 404);

export const publicArchiveRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  usePageReplies(app);
  if (!app.hasConstraintStrategy(ADDRESS_KIND)) app.addConstraintStrategy(addressKind);
  const config = { public: true };
  const constraints = { [ADDRESS_KIND]: ARCHIVE_ADDRESS };

  app.get(
    channelPath,
    {
      config,
      constraints,
      schema: {
        summary: "A channel's web archive: its published, public letters, newest first",
        params: jsonSchemaOf(ArchiveChannelParams, 'input'),
        querystring: jsonSchemaOf(ArchiveChannelQuery, 'input'),
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const params = ArchiveChannelParams.safeParse(request.params);
      const query = ArchiveChannelQuery.safeParse(request.query);
      if (!params.success || !query.success) return notPublic(reply);
      const channel = await archiveChannel(db, params.data.channelSlug, query.data.brand);
      if (!channel) return notPublic(reply);
      const entries = await archiveEntries(db, channel.id);
      const html = channelArchivePage({
        channelSlug: channel.slug,
        channelName: channel.channelName.trim() || channel.title,
        entries,
        brandSlug: query.data.brand,
      });
      return reply.code(200).headers(archivePageHeaders(CHANNEL_PAGE_CONTENT_SECURITY_POLICY)).type('text/html; charset=utf-8').send(html);
    },
  );

  app.get(
    letterPath,
    {
      config,
      constraints,
      schema: {
        summary: 'A published letter as readers got it, by uniqueId or id (no tracking, no personal links)',
        params: jsonSchemaOf(ArchiveLetterParams, 'input'),
        response: pageResponses,
      },
    },
    async (request, reply) => {
      const params = ArchiveLetterParams.safeParse(request.params);
      if (!params.success) return notPublic(reply);
      const found = await archiveLetter(db, params.data.channelSlug, params.data.letterRef);
      if (!found) return notPublic(reply);
      const { letter, channel } = found;
      const platformUrl = platformUrlOf(request);
      const channelName = channel.channelName.trim() || channel.title;
      const lookup = archiveLookup(letter, channelName, channel.footerLanguage);
      const title = fillMergeTags(letter.title.trim() || UNTITLED_LETTER, lookup, 'text');
      const pageUrl = `${platformUrl}${publicPagePaths.letterArchive(channel.slug, letter.uniqueId)}`;
      // The email its last send kept; a letter sent before sends were kept is drawn again.
      const [sent] = await sentLetterCopies(db, letter, channel);
      const emailHtml = sent
        ? sent.html
        : fillMergeTags((await renderInChannel(db, channel, letter, platformUrl, letter.blocks, { webArchive: true })).html, lookup, 'html');
      const headTags = openGraphTags(letter, pageUrl, title) + (sent ? SENT_COPY_STYLE : '');
      const html = letterArchivePage(emailHtml, headTags);
      return reply.code(200).headers(archivePageHeaders(LETTER_PAGE_CONTENT_SECURITY_POLICY)).type('text/html; charset=utf-8').send(html);
    },
  );
};
