import { FetchRefusedError } from '../integrations/guarded-fetch';
import { HttpError } from '../http/errors';

// Why a feed could not be reached (issue 37): the connection failed, took too long, or the
// site answered with an error. Told apart from an address that is not a feed, which keeps
// the spec's 'This url is invalid.', so the editor learns that the address may be right
// and the site is the problem.

export class FeedUnreachableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FeedUnreachableError';
  }
}

const CODE_REASONS: Record<string, (host: string) => string> = {
  ECONNREFUSED: (host) => `${host} refused the connection.`,
  ECONNRESET: (host) => `${host} closed the connection.`,
  ENOTFOUND: (host) => `${host} could not be found.`,
  EAI_AGAIN: (host) => `${host} could not be found.`,
  EHOSTUNREACH: (host) => `${host} cannot be reached from the platform.`,
  ENETUNREACH: (host) => `${host} cannot be reached from the platform.`,
  CERT_HAS_EXPIRED: (host) => `${host}'s certificate has expired.`,
  DEPTH_ZERO_SELF_SIGNED_CERT: (host) => `${host}'s certificate is not trusted.`,
  SELF_SIGNED_CERT_IN_CHAIN: (host) => `${host}'s certificate is not trusted.`,
};

function codeOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  return codeOf((error as { cause?: unknown }).cause);
}

/**
 * The error of a feed request as FeedUnreachableError, in words for an editor; errors that
 * are the platform's own refusals (guard, address rules) pass through unchanged.
 */
export function asUnreachable(error: unknown, url: URL, timeoutMs: number): unknown {
  if (error instanceof HttpError || error instanceof FetchRefusedError || error instanceof FeedUnreachableError) return error;
  if (!(error instanceof Error)) return error;
  const host = url.host;
  if (error.name === 'TimeoutError') return new FeedUnreachableError(`${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
  const code = codeOf(error);
  const reason = code ? CODE_REASONS[code] : undefined;
  return new FeedUnreachableError(reason ? reason(host) : error.message);
}
