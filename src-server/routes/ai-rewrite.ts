import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import {
  AiStatusResponseSchema,
  REWRITE_STREAM_CONTENT_TYPE,
  RewriteRequestSchema,
  type RewriteRequest,
  type RewriteStreamEvent,
} from '../../shared/contract/platform-ai-rewrite';
import { platformPaths } from '../../shared/contract/platform-api';
import { AI_NOT_CONFIGURED_MESSAGE } from '../../shared/contract/platform-media';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { textDelta } from '../../shared/model/delta';
import { deltaLinks, deltaPlainText, deltaToMarkup, markupToDelta } from '../../shared/model/rewrite-markup';
import { AI_SETUP_HINT, REWRITE_FAILED_MESSAGE, rewriteRefusal } from '../../shared/rules/ai-rewrite';
import type { AiMeter } from '../ai/ai-usage';
import { rewriteMessages } from '../ai/rewrite-prompts';
import { otherAnswer, routeDocs } from '../http/api-docs';
import { channelBySlugs, channelsBySlug } from '../http/access';
import { currentUser } from '../http/authentication';
import { HttpError, invalidData } from '../http/errors';
import { parseInput } from '../http/validation';
import { AiServiceError } from '../integrations/ai-client';
import type { AiClient } from '../integrations/ai-client';

// POST /api/autopilot/rewrite (spec 2 §4, §7): the AI assistant's rewrite of a paragraph
// section, streamed as NDJSON while the model writes it (REWRITE_STREAM_CONTENT_TYPE).
// Everything that can be refused is refused before the stream starts, as an ordinary JSON
// error: access to the channel, empty text, no AI configured (503), the organization's
// rate limit and daily budget (429). GET /api/autopilot/status tells the app up front
// whether there is a model at all, so the overlay can say so before the editor asks.

export interface AiRewriteRouteOptions {
  ai: AiClient | null;
  meter: AiMeter;
  db: Parameters<typeof channelBySlugs>[0];
}

/** The organization whose limits the call counts against; refuses a channel the caller may not use. */
async function rewriteOrganization(db: AiRewriteRouteOptions['db'], userId: number, body: RewriteRequest): Promise<number> {
  if ('companyLevel' in body) {
    // The tenant's company channel, in whichever of the caller's brands holds it.
    const [company] = await channelsBySlug(db, userId, COMPANY_CHANNEL_SLUG);
    return company!.channel.organizationId;
  }
  return (await channelBySlugs(db, userId, body.organization, body.channel)).channel.organizationId;
}

export const aiRewriteRoutes: FastifyPluginAsync<AiRewriteRouteOptions> = async (app, { ai, meter, db }) => {
  app.get(
    platformPaths.aiStatus(),
    { schema: routeDocs({ summary: 'Whether the platform has an AI service configured', response: { 200: AiStatusResponseSchema } }) },
    async () => ({ configured: ai !== null }),
  );

  app.post(
    platformPaths.aiRewrite(),
    {
      schema: routeDocs({
        summary: 'Rewrite a paragraph section with the AI assistant (NDJSON stream)',
        body: RewriteRequestSchema,
        response: { 200: otherAnswer('One JSON event a line as the model writes: the pieces of text, then the suggestion (or why there is none)', 'application/x-ndjson') },
        serviceErrors: { 503: 'The platform has no AI service configured' },
      }),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = parseInput(RewriteRequestSchema, request.body);
      const organizationId = await rewriteOrganization(db, user.id, body);
      const source = body.delta && deltaPlainText(body.delta) !== '' ? body.delta : textDelta(body.content);
      const refusal = rewriteRefusal(deltaPlainText(source), body.prompt);
      if (refusal) throw invalidData({ content: [refusal] }, refusal);
      if (!ai) throw new HttpError(503, `${AI_NOT_CONFIGURED_MESSAGE}. ${AI_SETUP_HINT}`);
      await meter.admit(organizationId);

      // The editor closed the overlay or the app went away: stop asking the model.
      const cancelled = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) cancelled.abort();
      });
      const events = rewriteEvents({
        ai,
        messages: rewriteMessages(body.prompt, deltaToMarkup(source)),
        allowedLinks: deltaLinks(source),
        signal: cancelled.signal,
        onUsage: (tokens) => meter.record(organizationId, tokens),
        log: request.log,
      });
      const lines = Readable.from(
        (async function* () {
          for await (const event of events) yield `${JSON.stringify(event)}\n`;
        })(),
      );
      return reply
        .code(200)
        .header('content-type', REWRITE_STREAM_CONTENT_TYPE)
        // No proxy may hold the lines back until the end: the editor watches them arrive.
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(lines);
    },
  );
};

interface RewriteRun {
  ai: AiClient;
  messages: ReturnType<typeof rewriteMessages>;
  allowedLinks: ReadonlySet<string>;
  signal: AbortSignal;
  onUsage: (tokens: number) => Promise<void>;
  log: FastifyBaseLogger;
}

/** The model's answer as stream events: its text as it comes, then the suggestion or the reason there is none. */
async function* rewriteEvents({ ai, messages, allowedLinks, signal, onUsage, log }: RewriteRun): AsyncGenerator<RewriteStreamEvent> {
  let answer = '';
  let tokens = 0;
  try {
    for await (const text of ai.stream(messages, { signal, onUsage: (usage) => (tokens = usage.totalTokens) })) {
      answer += text;
      yield { type: 'text', text };
    }
  } catch (error) {
    if (!(error instanceof AiServiceError)) {
      log.error({ err: error }, 'AI rewrite failed');
      yield { type: 'error', message: REWRITE_FAILED_MESSAGE };
      return;
    }
    // The editor reads the message; the cause (a connection error, a parse error) is for the log.
    log.warn({ err: error }, 'AI service failed');
    yield { type: 'error', message: error.message };
    return;
  } finally {
    // Tokens a half-finished answer used still count.
    if (tokens > 0 || answer !== '') {
      await onUsage(tokens || Math.ceil(answer.length / 4)).catch((error: unknown) => log.error({ err: error }, 'AI usage not recorded'));
    }
  }
  const suggestion = markupToDelta(answer, allowedLinks);
  if (deltaPlainText(suggestion) === '') {
    yield { type: 'error', message: 'The AI service answered without any text.' };
    return;
  }
  yield { type: 'done', suggestion };
}
