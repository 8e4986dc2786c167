import type { FastifyPluginAsync } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { ValidateHtmlRequestSchema, ValidateHtmlResponseSchema } from '../../shared/contract/platform-link-content';
import { checkHtml } from '../../shared/rules/html-block';
import { brandBySlug } from '../audience/brand-access';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';

// POST contents/validate/html (spec 2 §7): the HTML block's markup judged by the platform,
// with the rules of shared/rules/html-block.ts (well formed, email-safe tags, no event
// attributes). The organization and channel, when named, must be the caller's.

export const htmlValidationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const schema = routeDocs({ summary: "Validate an HTML block's markup", body: ValidateHtmlRequestSchema, response: { 200: ValidateHtmlResponseSchema } });
  app.post(platformPaths.validateHtml(), { schema }, async (request, reply) => {
    const user = currentUser(request);
    const body = parseInput(ValidateHtmlRequestSchema, request.body);
    if (body.organization && body.channel) await channelBySlugs(db, user.id, body.organization, body.channel);
    else if (body.organization) await brandBySlug(db, user.id, body.organization);
    const verdict = checkHtml(body.html);
    return sendAs(reply, ValidateHtmlResponseSchema, { isValid: verdict.valid, originalHtml: body.html, errors: verdict.errors });
  });
};
