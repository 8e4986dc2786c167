import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  REVISION_LIST_LIMIT,
  RevisionListSchema,
  RevisionSchema,
  type RevisionSummary,
  type VersionContentPayload,
} from '../../shared/contract/platform-revisions';
import { contentFingerprint } from '../../shared/model/letter-history';
import { defaultLetterSettings, LetterSettingsSchema } from '../../shared/model/letter-settings';
import type { Db } from '../db/database';
import { channelById } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter } from '../letters/letter-records';
import { idParam, parseParams, routePattern } from './route-params';

// A letter's version history (issue 35): the revisions every accepted write kept, newest
// first, and one revision's content for the composer's History to show and restore. Whoever
// may read the channel's letters may read their history. Not in the spec; documented in the
// OpenAPI document.

const LetterParams = z.object({ channelId: idParam, id: idParam });
const RevisionParams = LetterParams.extend({ revisionId: idParam });

export const REVISION_NOT_FOUND_MESSAGE = 'This version of the letter is no longer kept.';

const listDocs = routeDocs({
  summary: "A letter's revisions, newest first (at most 500): when, by whom, and a fingerprint of the content",
  params: LetterParams,
  response: { 200: RevisionListSchema },
});
const oneDocs = routeDocs({
  summary: "One revision of a letter: its title, blocks and styles as they were",
  params: RevisionParams,
  response: { 200: RevisionSchema },
});

interface RevisionRow {
  id: number;
  version: number;
  createdAt: Date;
  userUniqueId: string | null;
  userName: string | null;
  title: string | null;
  blocks: string | null;
  settings: unknown;
}

function revisionsOf(db: Db, letterId: number) {
  return db
    .selectFrom('letterRevisions as r')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .select([
      'r.id',
      'r.version',
      'r.createdAt',
      'u.uniqueId as userUniqueId',
      sql<string | null>`nullif(trim(u.name || ' ' || u.surname), '')`.as('userName'),
      sql<string | null>`r.body->>'title'`.as('title'),
      sql<string | null>`r.body->>'blocks'`.as('blocks'),
      sql<unknown>`r.body->'settings'`.as('settings'),
    ])
    .where('r.letterId', '=', letterId);
}

/** A revision's styles; one kept before a style existed gets that style's default. */
function settingsOf(stored: unknown) {
  const given = LetterSettingsSchema.safeParse(stored);
  if (given.success) return given.data;
  const filled = LetterSettingsSchema.safeParse({ ...defaultLetterSettings(), ...(stored && typeof stored === 'object' ? stored : {}) });
  return filled.success ? filled.data : defaultLetterSettings();
}

function contentOf(row: RevisionRow): VersionContentPayload {
  return { title: row.title ?? '', blocks: row.blocks ?? '', settings: settingsOf(row.settings) };
}

function summaryOf(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    version: row.version,
    savedAt: row.createdAt.toISOString(),
    userUniqueId: row.userUniqueId,
    userName: row.userName ?? (row.userUniqueId === null ? null : 'Someone'),
    fingerprint: contentFingerprint(contentOf(row)),
  };
}

async function letterOf(db: Db, userId: number, channelId: number, letterId: number) {
  const { channel } = await channelById(db, userId, channelId);
  const letter = await findLetter(db, channel.id, letterId);
  if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return letter;
}

export const letterRevisionRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(routePattern(platformPaths.letterRevisions(1, 2), { 1: ':channelId', 2: ':id' }), { schema: listDocs }, async (request, reply) => {
    const params = parseParams(LetterParams, request.params);
    const letter = await letterOf(db, currentUser(request).id, params.channelId, params.id);
    const rows = await revisionsOf(db, letter.id).orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(REVISION_LIST_LIMIT).execute();
    return sendAs(reply, RevisionListSchema, { revisions: rows.map(summaryOf) });
  });

  app.get(
    routePattern(platformPaths.letterRevision(1, 2, 3), { 1: ':channelId', 2: ':id', 3: ':revisionId' }),
    { schema: oneDocs },
    async (request, reply) => {
      const params = parseParams(RevisionParams, request.params);
      const letter = await letterOf(db, currentUser(request).id, params.channelId, params.id);
      const row = await revisionsOf(db, letter.id).where('r.id', '=', params.revisionId).executeTakeFirst();
      if (!row) throw notFound(REVISION_NOT_FOUND_MESSAGE);
      return sendAs(reply, RevisionSchema, { ...summaryOf(row), content: contentOf(row) });
    },
  );
};
