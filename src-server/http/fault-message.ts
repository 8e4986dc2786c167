import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

// Some calls have the spec's own words for a real fault ('Sorry, we failed to claim your
// letter.'). Expected refusals keep their own status and message; anything else is logged
// and answered 500 with the call's message instead of the generic one.

export async function withFaultMessage<T>(request: FastifyRequest, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    request.log.error({ err: error }, 'request failed');
    throw new HttpError(500, message);
  }
}
