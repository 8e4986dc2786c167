import dns from 'node:dns';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import { ADDRESS_NOT_REACHABLE_MESSAGE } from '../../shared/contract/platform-api';
import { addressRange } from './public-address';
import { readLimited } from './read-limited';

// The one way the platform fetches an address a user gave it (link previews and their
// oEmbed, feeds, images from an address): otherwise any signed-in user, an advertiser
// included, could make the platform read its own loopback services, the private network
// it runs in or a cloud metadata service, and show them what it found.
//
// For each request and each redirect hop: only http(s) without credentials; the host name
// is resolved first and every address it has must be public (public-address.ts) unless
// the platform allows private ones (ALLOW_PRIVATE_FETCH); then the connection goes to the
// addresses that were checked — the socket's lookup answers them instead of asking DNS
// again, so a name cannot resolve to a public address for the check and a private one for
// the connection (DNS rebinding). Redirects are followed here, a bounded number of times,
// each target checked like the first; time covers the whole exchange, body included, and
// the body is read with a ceiling (read-limited.ts).

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host name's addresses. The default asks the system resolver (dns.lookup). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface FetchGuard {
  /** ALLOW_PRIVATE_FETCH: let users' fetches reach loopback, private and other non-public addresses. */
  allowPrivate: boolean;
  /** How host names are resolved; tests answer with a stub so no query leaves the machine. */
  resolve?: HostResolver;
  /**
   * Tests only: the address really connected to for one that passed the check, so a test
   * can give a public-looking address and still connect to its own loopback server.
   */
  dial?: (checked: ResolvedAddress) => ResolvedAddress;
}

/** The platform's default: public addresses only, resolved by the system. */
export const PUBLIC_ONLY: FetchGuard = { allowPrivate: false };

export const NOT_A_WEB_ADDRESS_MESSAGE = 'Only http and https addresses can be fetched.';
export const ADDRESS_WITH_CREDENTIALS_MESSAGE = 'Addresses with a user name or password cannot be fetched.';
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** The guard refused the address (its message is for the user); nothing was sent to it. */
export class FetchRefusedError extends Error {
  constructor(
    message: string,
    readonly url: URL,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export class RedirectLimitError extends Error {
  constructor(readonly url: URL) {
    super(`${url.host} redirected too many times.`);
    this.name = 'RedirectLimitError';
  }
}

export interface GuardedFetchOptions {
  headers?: Record<string, string>;
  /** For the whole exchange: every hop and the body. On expiry the error is a DOMException named TimeoutError. */
  timeoutMs: number;
  /** The most read() reads before it throws BodyTooLargeError. */
  maxBytes: number;
  maxRedirects?: number;
  /** Checks a redirect's target by the caller's own rules (https only, no SVG...) before the guard's; throws to refuse. */
  checkRedirect?: (url: URL) => URL;
}

export interface GuardedAnswer {
  /** Where the answer came from, after redirects. */
  url: URL;
  /** Status and headers; read the body with read(), never the response's own readers. */
  response: Response;
  read(): Promise<Buffer>;
  /** Drops the body unread. */
  discard(): Promise<void>;
}

export async function guardedFetch(start: URL, guard: FetchGuard, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  // Node's own request reports an abort as AbortError; callers are told it was the time limit.
  const timedOut = (error: unknown) => {
    throw signal.aborted ? signal.reason : error;
  };
  try {
    return await follow(start, guard, options, signal, timedOut);
  } catch (error) {
    return timedOut(error);
  }
}

async function follow(
  start: URL,
  guard: FetchGuard,
  options: GuardedFetchOptions,
  signal: AbortSignal,
  timedOut: (error: unknown) => never,
): Promise<GuardedAnswer> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const addresses = await checkedAddresses(url, guard, signal);
    const response = await request(url, addresses.map(guard.dial ?? ((address) => address)), options.headers ?? {}, signal);
    const location = response.headers.get('location');
    if (REDIRECT_STATUSES.has(response.status) && location) {
      await discard(response);
      if (redirects >= maxRedirects) throw new RedirectLimitError(url);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new Error(`${url.host} redirected to something that is not an address.`);
      }
      url = options.checkRedirect ? options.checkRedirect(next) : next;
      continue;
    }
    return { url, response, read: () => readLimited(response, options.maxBytes).catch(timedOut), discard: () => discard(response) };
  }
}

/** The addresses the request may connect to, or FetchRefusedError before anything is sent. */
async function checkedAddresses(url: URL, guard: FetchGuard, signal?: AbortSignal): Promise<ResolvedAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError(NOT_A_WEB_ADDRESS_MESSAGE, url);
  if (url.username || url.password) throw new FetchRefusedError(ADDRESS_WITH_CREDENTIALS_MESSAGE, url);
  const host = bareHost(url);
  const family = isIP(host);
  const addresses: ResolvedAddress[] =
    family === 0 ? await untilAborted((guard.resolve ?? systemResolver)(host), signal) : [{ address: host, family: family === 6 ? 6 : 4 }];
  if (addresses.length === 0) throw new Error(`${host} has no address.`);
  // One non-public address refuses the name: a name that mixes them is not one to trust.
  if (!guard.allowPrivate && addresses.some((entry) => addressRange(entry.address) !== 'public')) {
    throw new FetchRefusedError(ADDRESS_NOT_REACHABLE_MESSAGE, url);
  }
  return addresses;
}

const systemResolver: HostResolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function request(url: URL, addresses: ResolvedAddress[], headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
  const first = addresses[0]!;
  // Answers what was checked, whatever the socket asks: the connection never looks the name up again.
  const lookup = (_hostname: string, options: LookupOneOptions | { all: true }, callback: (...args: unknown[]) => void) => {
    if ('all' in options && options.all) callback(null, addresses satisfies LookupAddress[]);
    else callback(null, first.address, first.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'GET',
        // A fresh connection each time: a pooled one could have been opened for another check.
        agent: false,
        signal,
        headers: { 'accept-encoding': 'gzip, deflate, br', ...headers, host: url.host },
        // An address literal is connected to directly (no lookup happens); a name through the pinned lookup.
        ...(isIP(bareHost(url)) !== 0 ? { hostname: first.address } : { lookup: lookup as never }),
      },
      (incoming) => {
        try {
          resolve(toResponse(incoming));
        } catch (error) {
          incoming.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
    );
    outgoing.once('error', reject);
    outgoing.end();
  });
}

function toResponse(incoming: IncomingMessage): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  if (NULL_BODY_STATUSES.has(status)) {
    incoming.resume();
    return new Response(null, { status, headers });
  }
  const decoder = decoderFor(headers.get('content-encoding'));
  if (decoder) {
    // The body is read decoded, so the ceiling counts what a reader gets, not what was sent.
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  const body = decoder ? pipeline(incoming, decoder, () => undefined) : incoming;
  return new Response(Readable.toWeb(body) as NodeReadableStream<Uint8Array> as ReadableStream<Uint8Array>, { status, headers });
}

function decoderFor(encoding: string | null) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
