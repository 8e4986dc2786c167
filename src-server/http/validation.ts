import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { fieldErrorsFromZod, invalidData } from './errors';

// The shared zod schemas are the contract: input is parsed with them (422 with field
// messages when it does not fit) and every answer is parsed with its response schema
// before it leaves, so the server cannot drift from what the client expects.

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
