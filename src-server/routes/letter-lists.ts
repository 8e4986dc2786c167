import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  CompanyLettersResponseSchema,
  LetterListQuerySchema,
  LetterPageResponseSchema,
} from '../../shared/contract/platform-letters';
import type { Db } from '../db/database';
import { channelById, channelsBySlug } from '../http/access';
import { currentUser } from '../http/authentication';
import { badRequest, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter } from '../letters/letter-records';
import { channelAndCompanyLetters, pageLetters } from '../letters/letter-queries';
import { idParam, parseParams, routePattern } from './route-params';

// The filtered channel list and the channel-plus-company list (spec 1 §7). The brand and
// channel form of the list stays in letters.ts, unchanged.

const TEMPLATES_KEY = /^templates(\[\d*\])?$/;

/** `templates[]=3`, `templates[0]=3` and `templates=3` all add to one list, in key order. */
function normalizeQuery(raw: unknown): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const templates: unknown[] = [];
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (TEMPLATES_KEY.test(key)) templates.push(...(Array.isArray(value) ? value : [value]));
    else query[key] = value;
  }
  return { ...query, templates };
}

export const letterListRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(routePattern(platformPaths.channelLetters(':slug')), async (request, reply) => {
    const user = currentUser(request);
    const { slug } = parseParams(z.object({ slug: z.string().min(1) }), request.params);
    const query = parseInput(LetterListQuerySchema, normalizeQuery(request.query));
    const accesses = await channelsBySlug(db, user.id, slug);
    const matching = query.brand === undefined ? accesses : accesses.filter((access) => access.brandSlug === query.brand);
    if (matching.length === 0) throw notFound('This channel does not exist.');
    // Several of the caller's brands may have a channel of this slug; guessing would list
    // the wrong one.
    if (matching.length > 1) throw badRequest(`Several of your brands have a channel "${slug}": name one with ?brand=.`);
    const page = await pageLetters(db, matching[0]!.channel.id, query);
    return sendAs(reply, LetterPageResponseSchema, page);
  });

  const companyPath = routePattern(platformPaths.includeCompanyLetters(1, 2), { 1: ':channelId', 2: ':id' });
  app.get(companyPath, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(z.object({ channelId: idParam, id: idParam }), request.params);
    const { channelSlug } = parseInput(z.object({ channelSlug: z.string().min(1).optional() }), request.query);
    const { channel } = await channelById(db, user.id, params.channelId);
    if (channelSlug !== undefined && channelSlug !== channel.slug) {
      throw invalidData({ channelSlug: ['The channel does not match the address.'] });
    }
    if (!(await findLetter(db, channel.id, params.id))) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    const items = await channelAndCompanyLetters(db, channel, params.id);
    return sendAs(reply, CompanyLettersResponseSchema, { items });
  });
};
