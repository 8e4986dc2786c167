import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ApiError } from '../../shared/contract/platform-api';

// An address the platform knows, asked with a method it does not take there, is answered
// 405 with `Allow` (RFC 9110 §15.5.6), not the 404 of an address it does not know. The
// router is asked itself, so every route, whoever adds it, counts. Routes under a route
// constraint (the public archive's catch-all pages) are not found without it, so a
// one-segment address stays the neutral 404 rather than "known" to every method.

const METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods the request's path is routed for; empty when the path itself is unknown. */
export function allowedMethods(request: FastifyRequest): HTTPMethods[] {
  const path = request.url.split('?', 1)[0]!;
  return METHODS.filter((method) => method !== request.method && request.server.findRoute({ method, url: path }) !== null);
}

export function sendMethodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: readonly HTTPMethods[]): void {
  void reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({ message: `${request.method} is not a method of ${request.url.split('?', 1)[0]}; it takes ${allowed.join(', ')}.` } satisfies ApiError);
}
