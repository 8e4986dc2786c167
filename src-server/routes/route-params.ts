import { z } from 'zod';
import { ActivityQuerySchema } from '../../shared/contract/platform-metrics';
import { parseInput } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE } from '../letters/letter-records';
import { notFound } from '../http/errors';

// Route patterns come from the contract's path builders, called with stand-in arguments
// (`':slug'` for text, small numbers for ids) that are swapped for Fastify placeholders,
// so client and server cannot disagree about a path.

/** `routePattern(platformPaths.claimLetter(':slug', 1), { 1: ':id' })` → `/api/channels/:slug/letters/:id/claim` */
export function routePattern(path: string, placeholders: Record<string, string> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      const decoded = decodeURIComponent(segment);
      return placeholders[decoded] ?? decoded;
    })
    .join('/');
}

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A malformed id in a path names nothing: 404, like a missing letter. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return parsed.data;
}

/** Whose clicks a metrics call counts: 'people' unless the query says activity=all (422 for anything else). */
export function activityOf(query: unknown) {
  return parseInput(ActivityQuerySchema, query ?? {}).activity;
}
