import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { publicAssetPaths } from '../../shared/contract/public-pages';
import { socialIcon } from '../assets/social-icons';
import { failureAnswers, jsonSchemaOf } from '../http/api-docs';
import { notFound } from '../http/errors';
import { routePattern } from './route-params';

// Images that sent emails load from the platform (Share and Profiles icons). Public: no
// reader of an email is signed in. Cacheable for a long time, with an ETag, since every
// open of every email asks for them and they change only with a release.

const socialIconPath = routePattern(publicAssetPaths.socialIcon(':colorSet', ':network')).replace(':network.png', ':file');

const SocialIconParams = z.object({
  colorSet: z.string().describe('origin, black, dark_gray, light_gray or white'),
  file: z.string().describe('The network followed by .png, e.g. facebook.png'),
});

/** A year: the longest max-age caches honour (RFC 9111 suggests no more). */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000';

function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

function sendAsset(reply: FastifyReply, ifNoneMatch: string | undefined, asset: { png: Buffer; etag: string }): FastifyReply {
  reply.headers({ 'cache-control': ASSET_CACHE_CONTROL, etag: asset.etag, 'x-content-type-options': 'nosniff' });
  if (notModified(ifNoneMatch, asset.etag)) return reply.code(304).send();
  return reply.code(200).type('image/png').send(asset.png);
}

export const publicAssetRoutes: FastifyPluginAsync = async (app) => {
  const config = { public: true };

  app.get(
    socialIconPath,
    {
      config,
      schema: {
        summary: 'Icon of a social network in a colour set (Share and Profiles blocks): public, cacheable',
        params: jsonSchemaOf(SocialIconParams, 'input'),
        response: {
          200: { description: 'The icon', content: { 'image/png': { schema: { type: 'string' } } } },
          304: { description: 'Not modified (If-None-Match matched the ETag)', type: 'null' },
          ...failureAnswers(),
        },
      },
    },
    async (request, reply) => {
      const { colorSet, file } = request.params as z.infer<typeof SocialIconParams>;
      const icon = socialIcon(colorSet, file);
      if (!icon) throw notFound();
      return sendAsset(reply, request.headers['if-none-match'], await icon);
    },
  );

  // Any other address under /assets is missing, not a call that needs signing in.
  app.get(`${publicAssetPaths.prefix}/*`, { config, schema: { summary: 'No such asset (404)', response: failureAnswers() } }, async () => {
    throw notFound();
  });
};
