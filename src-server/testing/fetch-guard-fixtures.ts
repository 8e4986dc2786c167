import type { FetchGuard, ResolvedAddress } from '../integrations/guarded-fetch';

// Fetch guards for tests of what the platform fetches for users. Names resolve from the
// test's own table (a name not in it fails as unknown), and whatever address passes the
// check, the connection goes to a loopback address: a test can give a public-looking name
// or address and still be served by its own loopback server, and a broken guard still
// sends nothing off this machine.

/** A public address (example.com's) that stands for "the internet" in tests; never connected to. */
export const PUBLIC_TEST_ADDRESS = '93.184.216.34';

export interface StubNetwork extends FetchGuard {
  /** The names asked of the resolver, in order. */
  readonly lookups: string[];
  /** The checked addresses the fetcher went on to connect to, in order. */
  readonly dialed: string[];
}

export function stubNetwork(
  names: Record<string, string | string[] | (() => string)>,
  options: { allowPrivate?: boolean; dialTo?: (checked: ResolvedAddress) => string } = {},
): StubNetwork {
  const lookups: string[] = [];
  const dialed: string[] = [];
  const toLoopback = options.dialTo ?? ((checked: ResolvedAddress) => (checked.family === 6 ? '::1' : '127.0.0.1'));
  return {
    allowPrivate: options.allowPrivate ?? false,
    lookups,
    dialed,
    resolve: async (hostname) => {
      lookups.push(hostname);
      const answer = names[hostname.toLowerCase()];
      if (answer === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      const list = typeof answer === 'function' ? [answer()] : Array.isArray(answer) ? answer : [answer];
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    dial: (checked) => {
      dialed.push(checked.address);
      const address = toLoopback(checked);
      return { address, family: address.includes(':') ? 6 : 4 };
    },
  };
}

/** ALLOW_PRIVATE_FETCH=1, as tests whose feeds, pages and images are served on loopback need it. */
export const PRIVATE_ALLOWED: FetchGuard = { allowPrivate: true };
