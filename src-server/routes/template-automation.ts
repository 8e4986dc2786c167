import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { TemplateAutomationSchema } from '../../shared/contract/platform-automations';
import type { TemplateAutomation } from '../../shared/contract/platform-automations';
import { PublicationStatus } from '../../shared/model/publication';
import { automationOf } from '../automations/template-activation';
import type { Db } from '../db/database';
import { channelById } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter } from '../letters/letter-records';
import { idParam, parseParams, routePattern } from './route-params';

// What an automated template has done and does next (issue 32), for its configured view:
// whether it runs, its next run or that it waits for new subscribers, how many emails it
// has sent, what is still waiting, and a recurring template's latest runs (a skipped one
// says why). Not in the spec; documented in the OpenAPI document.

const Params = z.object({ channelId: idParam, id: idParam });
const RUNS_SHOWN = 20;

const docs = routeDocs({
  summary: "A template's automation: next run, sent count, latest runs",
  params: Params,
  response: { 200: TemplateAutomationSchema },
});

export async function templateAutomation(db: Db, channelId: number, letterId: number): Promise<TemplateAutomation> {
  const letter = await findLetter(db, channelId, letterId);
  if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  const settings = automationOf(letter);
  const activation = await db.selectFrom('templateActivations').selectAll().where('letterId', '=', letterId).executeTakeFirst();
  const active = activation !== undefined && letter.publicationStatus === PublicationStatus.templateConfigured && settings !== null;
  const editions = db.selectFrom('automationRuns').select('editionId').where('templateId', '=', letterId).where('editionId', 'is not', null);
  const { rows } = await sql<{ sent: string; waiting: string }>`
    SELECT
      (SELECT count(*) FROM letter_recipients r
        WHERE r.status = 'sent' AND (r.letter_id = ${letterId} OR r.letter_id IN (${editions}))) AS sent,
      (SELECT count(*) FROM automation_welcomes w WHERE w.template_id = ${letterId} AND w.state = 'waiting')
        + (SELECT count(*) FROM letter_recipients r WHERE r.letter_id = ${letterId} AND r.status = 'pending') AS waiting`.execute(db);
  const runs = await db
    .selectFrom('automationRuns')
    .select(['runAt', 'outcome', 'editionId', 'message'])
    .where('templateId', '=', letterId)
    .orderBy('runAt', 'desc')
    .limit(RUNS_SHOWN)
    .execute();
  return {
    ...(settings ? { automation: settings } : {}),
    active,
    nextRunAt: active && activation.nextRunAt ? activation.nextRunAt.toISOString() : null,
    waitsForNewSubscribers: active && settings.trigger === 'newSubscriber',
    sentCount: Number(rows[0]?.sent ?? 0),
    waitingCount: Number(rows[0]?.waiting ?? 0),
    runs: runs.map((run) => ({ runAt: run.runAt.toISOString(), outcome: run.outcome, letterId: run.editionId, message: run.message })),
  };
}

export const templateAutomationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(routePattern(platformPaths.templateAutomation(1, 2), { 1: ':channelId', 2: ':id' }), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(Params, request.params);
    const { channel } = await channelById(db, user.id, params.channelId);
    return sendAs(reply, TemplateAutomationSchema, await templateAutomation(db, channel.id, params.id));
  });
};
