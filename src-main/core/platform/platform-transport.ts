import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/contract/platform-api';

// How the core's platform client talks HTTP: the bearer token, JSON in and out, a timeout on
// every request, idempotency keys for pushes, and one error type for every failure.

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * `network`: the platform could not be reached (offline, refused, timed out) — retry later.
 * `http`: the platform answered with an error status and, usually, a message for the user.
 */
export class PlatformError extends Error {
  constructor(
    readonly kind: 'network' | 'http',
    message: string,
    readonly status: number | null = null,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** A 4xx other than 401/408/429 will fail the same way however often it is sent. */
  get isPermanent(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && ![401, 408, 429].includes(this.status);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SendOptions {
  /** The request carries a key made from its path and body, so the same push sent again (its first answer lost) is applied once. */
  idempotent?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A body sent as it is (a CSV import) with this type; anything else goes as JSON. */
  contentType?: string;
}

export interface PlatformTransport {
  readonly root: string;
  /** A JSON call whose answer `schema` parses (a 204 is null). */
  call<S extends z.ZodType>(method: HttpMethod, path: string, schema: S, body?: unknown, options?: SendOptions): Promise<z.output<S>>;
  /** A GET answered with text (the CSV downloads). */
  getText(path: string): Promise<string>;
  /** One request; a network failure or an error status throws a PlatformError. */
  send(method: HttpMethod, path: string, accept: string, body?: unknown, options?: SendOptions): Promise<Response>;
  /** Whether the platform answers its health check. */
  healthy(): Promise<boolean>;
}

export function createPlatformTransport(baseUrl: string, getToken: () => string | null, healthPath: string): PlatformTransport {
  const root = baseUrl.replace(/\/+$/, '');

  async function send(method: HttpMethod, path: string, accept: string, body?: unknown, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { accept };
    if (options.idempotent) headers['idempotency-key'] = createHash('sha256').update(`${path}\n${JSON.stringify(body)}`).digest('hex');
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    const raw = options.contentType !== undefined && typeof body === 'string';
    if (body !== undefined) headers['content-type'] = raw ? options.contentType! : 'application/json';
    let response: Response;
    try {
      response = await fetch(root + path, {
        method,
        headers,
        body: body === undefined ? null : raw ? (body as string) : JSON.stringify(body),
        signal: withTimeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.signal),
      });
    } catch {
      throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => null);
      const parsed = ApiErrorSchema.safeParse(payload);
      const message = parsed.success ? parsed.data.message : `The platform answered ${response.status}.`;
      throw new PlatformError('http', message, response.status, parsed.success ? parsed.data.errors : undefined);
    }
    return response;
  }

  return {
    root,
    send,
    async call(method, path, schema, body, options = {}) {
      const response = await send(method, path, 'application/json', body, options);
      // 204 (a delete) has no body: the schema is z.null() then.
      const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
      return schema.parse(payload);
    },
    async getText(path) {
      return (await send('GET', path, 'text/csv')).text();
    },
    async healthy() {
      try {
        return (await fetch(root + healthPath, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })).ok;
      } catch {
        return false;
      }
    },
  };
}

/** Query parameters of the defined values, in the order given. */
export function queryString(query: Record<string, string | number | undefined>): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function withTimeout(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  return signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
}
