import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ValidateMergeTagRequestSchema, ValidateMergeTagResponseSchema } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { knownMergeTagNames, validateMergeTag } from '../../shared/rules/merge-tag';
import { channelCustomFields } from '../audience/segment-store';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE } from '../letters/letter-records';

// POST /api/letters/{id}/validate-merge-tag (spec 1 §7): the grammar of
// shared/rules/merge-tag.ts, with the names the letter's channel knows. A tag that does
// not pass is an answer ({ valid: false, message }), not a failed request.

const LetterParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const docs = routeDocs({
  summary: "Check a merge tag against the names the letter's channel knows",
  params: LetterParams,
  body: ValidateMergeTagRequestSchema,
  response: { 200: ValidateMergeTagResponseSchema },
});

export const mergeTagRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const path = platformPaths.validateMergeTag(1).replace('/letters/1/', '/letters/:id/');

  app.post(path, { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const params = LetterParams.safeParse(request.params);
    if (!params.success) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    // The path names no brand, so a letter the caller may not see is answered as missing:
    // a 403 would tell them it exists.
    const letter = await db
      .selectFrom('letters')
      .innerJoin('channels', 'channels.id', 'letters.channelId')
      .innerJoin('memberships', (join) =>
        join.onRef('memberships.organizationId', '=', 'channels.organizationId').on('memberships.userId', '=', user.id),
      )
      .select(['letters.channelId', 'letters.esp'])
      .where('letters.id', '=', params.data.id)
      .where('letters.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    const { mergeTag } = parseInput(ValidateMergeTagRequestSchema, request.body);
    const names = knownMergeTagNames({ customFields: await channelCustomFields(db, letter.channelId), esp: letter.esp });
    return sendAs(reply, ValidateMergeTagResponseSchema, validateMergeTag(mergeTag, names));
  });
};
