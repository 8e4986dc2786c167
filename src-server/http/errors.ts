import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiError } from '../../shared/contract/platform-api';
import { allowedMethods, sendMethodNotAllowed } from './allowed-methods';

// One failure shape for the whole API (DECISIONS: `{ message, errors?: { field: [..] } }`).
// Expected failures are thrown as HttpError from handlers; anything else is a fault: it is
// logged and answered 500 without its details.

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ApiError {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const INVALID_DATA_MESSAGE = 'The given data was invalid.';

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const invalidData = (errors: FieldErrors, message = INVALID_DATA_MESSAGE) => new HttpError(422, message, errors);

/** zod issues grouped by dotted field path (`settings.maxWidthDesktop`); `prefix` nests them. */
export function fieldErrorsFromZod(error: z.ZodError, prefix?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== undefined && part !== '').join('.');
    const key = path || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.code(error.statusCode).send(error.toBody());
    return;
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals: malformed JSON, wrong content type, body too large...
    const code = 'code' in error ? error.code : undefined;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.message;
    void reply.code(status).send({ message } satisfies ApiError);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.code(500).send({ message: 'Something went wrong on the platform.' } satisfies ApiError);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const allowed = allowedMethods(request);
  if (allowed.length > 0) return sendMethodNotAllowed(request, reply, allowed);
  void reply.code(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` } satisfies ApiError);
}
