import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { badRequest, invalidData } from './errors';

// PostgreSQL's text and jsonb cannot hold U+0000, so a NUL anywhere in a request (a path
// slug, a query value, a title, a custom-field key) used to fail inside the database as a
// 500. It is refused before any handler runs: 400 in the address, 422 naming the field in
// the body. A letter's content is unaffected: its JSON carries a typed NUL as `\u0000`.

export const NUL_IN_ADDRESS_MESSAGE = 'The address contains a NUL character.';
export const NUL_IN_TEXT_MESSAGE = 'Text may not contain NUL characters.';

/** Dotted path of a string or key holding a NUL ('' for the value itself), or null. */
export function findNul(value: unknown): string | null {
  // Iterative: a hostile body may nest deeper than the call stack allows.
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, join(path, String(index))]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return path;
        pending.push([item, join(path, key)]);
      }
    }
  }
  return null;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  if (findNul(request.params) !== null || findNul(request.query) !== null) throw badRequest(NUL_IN_ADDRESS_MESSAGE);
  // A streamed body (the CSV import) is read by its route, which checks its own text;
  // walking the stream object would walk the socket and server behind it.
  if (request.body instanceof Readable) return;
  const path = findNul(request.body);
  if (path !== null) throw invalidData({ [path || 'body']: [NUL_IN_TEXT_MESSAGE] });
}
