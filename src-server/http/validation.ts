import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { fieldErrorsFromZod, invalidData } from './errors';

// The shared zod schemas are the contract: input is parsed with them (422 with field
// messages when it does not fit) and every answer is parsed with its response schema
// before it leaves, so the server cannot drift from what the client expects. Letter lists
// are the exception (sendJsonText): their JSON is written by PostgreSQL, and tested.

export function parseInput<S extends z.ZodType>(schema: S, data: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalidData(fieldErrorsFromZod(result.error, prefix));
  return result.data;
}

/** Sends `value` as `schema` describes it; a mismatch is a server bug, answered 500. */
export function sendAs<S extends z.ZodType>(reply: FastifyReply, schema: S, value: z.input<S>, status = 200) {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(`Answer does not match its schema: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
  }
  return reply.code(status).send(result.data);
}

/**
 * Sends an answer whose JSON was written elsewhere (letter lists: PostgreSQL writes them,
 * letter-summary-json.ts). It is not checked here: that would parse what was built so as
 * not to be parsed. The tests of whatever builds it hold it to its schema instead.
 */
export function sendJsonText(reply: FastifyReply, json: string, status = 200) {
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}
