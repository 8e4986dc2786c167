import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_REACHABLE_MESSAGE } from '../../shared/contract/platform-api';
import { PUBLIC_TEST_ADDRESS, stubNetwork } from '../testing/fetch-guard-fixtures';
import { startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { FetchRefusedError, NOT_A_WEB_ADDRESS_MESSAGE, PUBLIC_ONLY, RedirectLimitError, guardedFetch } from './guarded-fetch';
import type { FetchGuard, GuardedFetchOptions } from './guarded-fetch';
import { BodyTooLargeError } from './read-limited';

// Every address here is loopback or stands for one: refusals are checked by a loopback
// server that counts connections and must stay at 0, and public-looking names are
// resolved by a stub and connected to loopback (testing/fetch-guard-fixtures.ts).

let site: LoopbackServer;
let port: number;
beforeAll(async () => {
  site = await startLoopbackServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/redirect') return void response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big') return void response.end('x'.repeat(5000));
    if (url.pathname === '/gzip') return void response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('squeezed words'));
    if (url.pathname === '/slow') return void setTimeout(() => response.end('late'), 2000);
    response.writeHead(200, { 'content-type': 'text/plain', 'x-seen-host': request.headers.host ?? '' }).end(`page ${url.pathname}`);
  });
  port = Number(new URL(site.url).port);
});
afterAll(async () => {
  await site?.close();
});

const options: GuardedFetchOptions = { timeoutMs: 5000, maxBytes: 1000 };
const allowPrivate: FetchGuard = { allowPrivate: true };
const at = (host: string, path = '/page') => new URL(`http://${host}:${port}${path}`);

async function refusal(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}

/** Runs `work` and answers how many connections the loopback site took meanwhile. */
async function connectionsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = site.connections;
  await work();
  return site.connections - before;
}

describe('guardedFetch', () => {
  it('fetches a loopback page when the platform allows private addresses', async () => {
    const answer = await guardedFetch(at('127.0.0.1', '/hello'), allowPrivate, options);
    expect(answer.response.status).toBe(200);
    expect((await answer.read()).toString()).toBe('page /hello');
    expect(answer.url.toString()).toBe(`http://127.0.0.1:${port}/hello`);
  });

  it.each(['127.0.0.1', '127.0.0.2', '0.0.0.0', '2130706433', '0177.0.0.1', '0x7f.1', '0x7f.0.0.1', '127.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::]'])(
    'refuses %s by default before connecting',
    async (host) => {
      const connections = await connectionsDuring(async () => {
        const error = await refusal(guardedFetch(at(host), PUBLIC_ONLY, options));
        expect(error).toBeInstanceOf(FetchRefusedError);
        expect(error.message).toBe(ADDRESS_NOT_REACHABLE_MESSAGE);
      });
      expect(connections).toBe(0);
    },
  );

  it('refuses names that resolve to non-public addresses, and a name with any such address among public ones', async () => {
    const network = stubNetwork({
      localhost: '127.0.0.1',
      'localhost.': '127.0.0.1',
      'intranet.test': '10.1.2.3',
      'metadata.test': '169.254.169.254',
      'cgnat.test': '100.64.0.9',
      'v6.test': ['fd00::5'],
      'mapped.test': '::ffff:192.168.0.1',
      'mixed.test': [PUBLIC_TEST_ADDRESS, '192.168.1.10'],
    });
    const connections = await connectionsDuring(async () => {
      for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'intranet.test', 'metadata.test', 'cgnat.test', 'v6.test', 'mapped.test', 'mixed.test']) {
        expect((await refusal(guardedFetch(at(name), network, options))).message).toBe(ADDRESS_NOT_REACHABLE_MESSAGE);
      }
    });
    expect(connections).toBe(0);
    expect(network.dialed).toEqual([]);
  });

  it('asks the system resolver for a name by default, and refuses localhost that way too', async () => {
    const connections = await connectionsDuring(async () => {
      expect((await refusal(guardedFetch(at('localhost'), PUBLIC_ONLY, options))).message).toBe(ADDRESS_NOT_REACHABLE_MESSAGE);
    });
    expect(connections).toBe(0);
  });

  it('refuses schemes other than http and https, and credentials, before anything else', async () => {
    const network = stubNetwork({}, { allowPrivate: true });
    for (const address of ['ftp://127.0.0.1/file', 'file:///etc/passwd', 'gopher://127.0.0.1:70/', 'data:text/plain,hello']) {
      const error = await refusal(guardedFetch(new URL(address), network, options));
      expect(error).toBeInstanceOf(FetchRefusedError);
      expect(error.message).toBe(NOT_A_WEB_ADDRESS_MESSAGE);
    }
    expect((await refusal(guardedFetch(new URL(`http://user:secret@127.0.0.1:${port}/`), network, options))).message).toMatch(/user name or password/);
    expect(network.lookups).toEqual([]);
  });

  it('connects a public name to the address it checked', async () => {
    const network = stubNetwork({ 'public.test': PUBLIC_TEST_ADDRESS });
    const answer = await guardedFetch(at('public.test', '/news'), network, options);
    expect((await answer.read()).toString()).toBe('page /news');
    // The request names the site it asked for, not the address it connected to.
    expect(answer.response.headers.get('x-seen-host')).toBe(`public.test:${port}`);
    expect(network.lookups).toEqual(['public.test']);
    expect(network.dialed).toEqual([PUBLIC_TEST_ADDRESS]);
  });

  it('checks every redirect: follows one to a public name, refuses one to a loopback or private address', async () => {
    const network = stubNetwork({ 'public.test': PUBLIC_TEST_ADDRESS, 'intranet.test': '10.0.0.7' });
    const followed = await guardedFetch(at('public.test', `/redirect?to=${encodeURIComponent(`http://public.test:${port}/after`)}`), network, options);
    expect((await followed.read()).toString()).toBe('page /after');
    expect(followed.url.pathname).toBe('/after');

    for (const target of [`http://127.0.0.1:${port}/secret`, `http://0x7f.1:${port}/secret`, `http://[::1]:${port}/secret`, `http://intranet.test:${port}/secret`]) {
      const before = site.requests.length;
      const error = await refusal(guardedFetch(at('public.test', `/redirect?to=${encodeURIComponent(target)}`), network, options));
      expect(error.message).toBe(ADDRESS_NOT_REACHABLE_MESSAGE);
      // Only the first hop reached the site; the private target was never asked.
      expect(site.requests.slice(before).map((request) => new URL(request.url, 'http://x').pathname)).toEqual(['/redirect']);
    }
  });

  it('refuses a redirect to another scheme, and gives up after the redirect limit', async () => {
    const network = stubNetwork({ 'public.test': PUBLIC_TEST_ADDRESS });
    expect((await refusal(guardedFetch(at('public.test', '/redirect?to=file:///etc/passwd'), network, options))).message).toBe(NOT_A_WEB_ADDRESS_MESSAGE);
    const before = site.requests.length;
    expect(await refusal(guardedFetch(at('public.test', '/loop'), network, { ...options, maxRedirects: 3 }))).toBeInstanceOf(RedirectLimitError);
    expect(site.requests.length - before).toBe(4);
  });

  it('lets the caller refuse a redirect by its own rules', async () => {
    const network = stubNetwork({ 'public.test': PUBLIC_TEST_ADDRESS });
    const checkRedirect = (url: URL) => {
      if (url.protocol !== 'https:') throw new Error('https only');
      return url;
    };
    const error = await refusal(guardedFetch(at('public.test', `/redirect?to=${encodeURIComponent(`http://public.test:${port}/after`)}`), network, { ...options, checkRedirect }));
    expect(error.message).toBe('https only');
  });

  it('resolves a name once per hop and connects to that answer, whatever DNS says next (rebinding)', async () => {
    // The checked (public) answer is dialed to 127.0.0.2; anything else would reach the site
    // on 127.0.0.1 at the same port: the system's answer for localhost, or the resolver's second.
    const pinned = await startLoopbackServer((_request, response) => response.end('pinned'), { host: '127.0.0.2', port });
    try {
      const answers = [PUBLIC_TEST_ADDRESS, '127.0.0.1'];
      const network = stubNetwork(
        { localhost: () => answers.shift() ?? '127.0.0.1' },
        { dialTo: (checked) => (checked.address === PUBLIC_TEST_ADDRESS ? '127.0.0.2' : checked.address) },
      );
      const connections = await connectionsDuring(async () => {
        const answer = await guardedFetch(at('localhost', '/rebind'), network, options);
        expect((await answer.read()).toString()).toBe('pinned');
      });
      expect(connections).toBe(0);
      expect(network.lookups).toEqual(['localhost']);
      expect(pinned.requests.map((request) => request.url)).toEqual(['/rebind']);
      // The next request asks again, gets the loopback answer, and is refused.
      expect((await refusal(guardedFetch(at('localhost', '/rebind'), network, options))).message).toBe(ADDRESS_NOT_REACHABLE_MESSAGE);
      expect(pinned.requests).toHaveLength(1);
    } finally {
      await pinned.close();
    }
  });

  it('reads at most maxBytes, decodes compressed bodies, and stops at the time limit', async () => {
    const big = await guardedFetch(at('127.0.0.1', '/big'), allowPrivate, options);
    expect(await refusal(big.read())).toBeInstanceOf(BodyTooLargeError);
    const squeezed = await guardedFetch(at('127.0.0.1', '/gzip'), allowPrivate, options);
    expect((await squeezed.read()).toString()).toBe('squeezed words');
    const started = Date.now();
    const slow = await refusal(guardedFetch(at('127.0.0.1', '/slow'), allowPrivate, { ...options, timeoutMs: 300 }).then((answer) => answer.read()));
    expect(slow.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
