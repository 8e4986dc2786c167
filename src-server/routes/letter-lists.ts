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
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { badRequest, invalidData, notFound } from '../http/errors';
import { parseInput, sendJsonText } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter } from '../letters/letter-records';
import { channelAndCompanyLetters, pageLetters } from '../letters/letter-queries';
import { idParam, parseParams, routePattern } from './route-params';

// The filtered channel list and the channel-plus-company list (spec 1 §7). The brand and
// channel form of the list stays in letters.ts, unchanged.

const TEMPLATES_KEY = /^templates(\[\d*\])?$/;
const SlugParams = z.object({ slug: z.string().min(1) });
const CompanyParams = z.object({ channelId: idParam, id: idParam });
const CompanyQuery = z.object({ channelSlug: z.string().min(1).optional() });

const listDocs = routeDocs({
  summary: "A channel's letters, filtered, sorted and paged (`templates[]` may repeat)",
  params: SlugParams,
  querystring: LetterListQuerySchema,
  response: { 200: LetterPageResponseSchema },
});
const companyDocs = routeDocs({
  summary: "A channel's letters and its tenant's company letters, without this one",
  params: CompanyParams,
  querystring: CompanyQuery,
  response: { 200: CompanyLettersResponseSchema },
});

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
  app.get(routePattern(platformPaths.channelLetters(':slug')), { schema: listDocs }, async (request, reply) => {
    const user = currentUser(request);
    const { slug } = parseParams(SlugParams, request.params);
    const query = parseInput(LetterListQuerySchema, normalizeQuery(request.query));
    const accesses = await channelsBySlug(db, user.id, slug);
    const matching = query.brand === undefined ? accesses : accesses.filter((access) => access.brandSlug === query.brand);
    if (matching.length === 0) throw notFound('This channel does not exist.');
    // Several of the caller's brands may have a channel of this slug; guessing would list
    // the wrong one.
    if (matching.length > 1) throw badRequest(`Several of your brands have a channel "${slug}": name one with ?brand=.`);
    return sendJsonText(reply, await pageLetters(db, matching[0]!.channel.id, query));
  });

  const companyPath = routePattern(platformPaths.includeCompanyLetters(1, 2), { 1: ':channelId', 2: ':id' });
  app.get(companyPath, { schema: companyDocs }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(CompanyParams, request.params);
    const { channelSlug } = parseInput(CompanyQuery, request.query);
    const { channel } = await channelById(db, user.id, params.channelId);
    if (channelSlug !== undefined && channelSlug !== channel.slug) {
      throw invalidData({ channelSlug: ['The channel does not match the address.'] });
    }
    if (!(await findLetter(db, channel.id, params.id))) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return sendJsonText(reply, await channelAndCompanyLetters(db, channel, params.id));
  });
};
