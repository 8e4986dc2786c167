import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  AI_NOT_CONFIGURED_MESSAGE,
  GenerateSuggestionsRequestSchema,
  GenerateSuggestionsResponseSchema,
} from '../../shared/contract/platform-media';
import type { GenerateSuggestionsResponse } from '../../shared/contract/platform-media';
import { letterPlainText } from '../../shared/model/letter-text';
import { contentSuggestions } from '../ai/content-suggestions';
import { parseSuggestions, suggestionMessages } from '../ai/suggestions';
import type { SuggestionKind } from '../ai/suggestions';
import type { AiMeter } from '../ai/ai-usage';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { AiServiceError } from '../integrations/ai-client';
import type { AiClient, AiUsage } from '../integrations/ai-client';
import { LETTER_NOT_FOUND_MESSAGE } from '../letters/letter-records';
import { idParam, parseParams, routePattern } from './route-params';

// POST /api/letters/{id}/actions/generate-subject and .../generate-preview-text (spec 1 §7):
// three suggestions from the configured AI service. Without one, suggestions taken from
// the letter's own text (source 'content'), or 503 when it has none. A failing or
// babbling AI service is 502 with a message the editor can act on, never a 500.

export interface AiSuggestionRouteOptions {
  db: Db;
  ai: AiClient | null;
  /** The organization's AI rate limit and daily budget, shared with the rewrite. */
  meter: AiMeter;
}

const LetterParams = z.object({ id: idParam });

const PATHS: Record<SuggestionKind, string> = {
  subject: platformPaths.generateSubject(1),
  previewText: platformPaths.generatePreviewText(1),
};
const SUMMARIES: Record<SuggestionKind, string> = {
  subject: 'Three subject line suggestions for a letter',
  previewText: 'Three preview text suggestions for a letter',
};

export const aiSuggestionRoutes: FastifyPluginAsync<AiSuggestionRouteOptions> = async (app, { db, ai, meter }) => {
  for (const kind of ['subject', 'previewText'] as const) {
    const schema = routeDocs({
      summary: SUMMARIES[kind],
      params: LetterParams,
      body: GenerateSuggestionsRequestSchema,
      response: { 200: GenerateSuggestionsResponseSchema },
      serviceErrors: {
        502: 'The AI service failed or did not answer with suggestions',
        503: "No AI service is configured and the letter's own text gives no suggestions",
      },
    });
    app.post(routePattern(PATHS[kind], { 1: ':id' }), { schema }, async (request, reply) => {
      const user = currentUser(request);
      const { id } = parseParams(LetterParams, request.params);
      // The path names no brand, so a letter the caller may not see is answered as missing:
      // a 403 would tell them it exists.
      const letter = await db
        .selectFrom('letters')
        .innerJoin('channels', 'channels.id', 'letters.channelId')
        .innerJoin('memberships', (join) =>
          join.onRef('memberships.organizationId', '=', 'channels.organizationId').on('memberships.userId', '=', user.id),
        )
        .select(['letters.uniqueId', 'letters.title', 'letters.subtitle', 'letters.blocks', 'channels.organizationId'])
        .where('letters.id', '=', id)
        .where('letters.deletedAt', 'is', null)
        .executeTakeFirst();
      if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
      const body = parseInput(GenerateSuggestionsRequestSchema, request.body);
      if (body.uniqueId !== letter.uniqueId) throw invalidData({ uniqueId: ['This uniqueId belongs to another letter.'] });

      let answer: GenerateSuggestionsResponse;
      if (ai) {
        await meter.admit(letter.organizationId);
        let tokens = 0;
        try {
          answer = { items: await aiSuggestions(ai, kind, letterPlainText(letter), request.log, (usage) => (tokens = usage.totalTokens)), source: 'ai' };
        } finally {
          // Counted before answering, so the next call already sees this one's tokens.
          if (tokens > 0) await meter.record(letter.organizationId, tokens).catch((error: unknown) => request.log.error({ err: error }, 'AI usage not recorded'));
        }
      } else {
        const items = contentSuggestions(kind, letter.blocks);
        if (items.length === 0) throw new HttpError(503, AI_NOT_CONFIGURED_MESSAGE);
        answer = { items, source: 'content' };
      }
      return sendAs(reply, GenerateSuggestionsResponseSchema, answer);
    });
  }
};

async function aiSuggestions(
  ai: AiClient,
  kind: SuggestionKind,
  letterText: string,
  log: FastifyBaseLogger,
  onUsage: (usage: AiUsage) => void,
): Promise<string[]> {
  let contents: string[];
  try {
    contents = await ai.complete(suggestionMessages(kind, letterText), { onUsage });
  } catch (error) {
    if (error instanceof AiServiceError) {
      // The editor reads the message; the cause (a connection error, a parse error) is for the log.
      log.warn({ err: error }, 'AI service failed');
      throw new HttpError(502, error.message);
    }
    throw error;
  }
  const items = parseSuggestions(kind, contents);
  if (items.length === 0) throw new HttpError(502, 'The AI service answered, but not with suggestions. Try again.');
  return items;
}
