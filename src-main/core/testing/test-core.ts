import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { EventName, EventPayload } from '../../../shared/contract/bridge';
import { EMBEDDED_ACCOUNT, platformPaths } from '../../../shared/contract/platform-api';
import type { Channel } from '../../../shared/model/channel';
import { startTestPlatform, type TestPlatform, type TestPlatformOptions } from '../../../src-server/testing/test-platform';
import type { Core, CoreContext, PlatformConnection } from '../core-context';
import { createCore } from '../create-core';
import { createPlatformClient } from '../platform/platform-client';
import { startFaultyProxy, type FaultyProxy } from '../sync/testing/faulty-proxy';

// Helpers for tests that run a real core against a real platform server.

export const WEEKLY = { brandSlug: 'demo', channelSlug: 'weekly' } as const;

/** The demo brand's weekly channel as the local store holds it, for tests without a platform. */
export const TEST_CHANNEL: Channel = {
  id: 1,
  title: 'The Weekly',
  channelSlug: 'weekly',
  brandId: 1,
  brandSlug: 'demo',
  accentColor: '#4c6ef5',
  defaultStyleBaseFontSize: 16,
  channelSquareLogo: null,
  channelName: 'The Weekly',
  timezone: { tzCode: 'America/New_York' },
  esp: 0,
};

/** Collects cleanup steps and runs them in reverse (call `run` in afterEach). */
export function createCleanup() {
  const steps: Array<() => Promise<void> | void> = [];
  return {
    add: (step: () => Promise<void> | void) => steps.push(step),
    async run() {
      for (const step of steps.splice(0).reverse()) await step();
    },
  };
}

export function tempDir(cleanup: ReturnType<typeof createCleanup>, prefix = 'letterdesk-core-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export async function openTestCore(
  cleanup: ReturnType<typeof createCleanup>,
  dataDir: string,
  connection: PlatformConnection,
  pushDelayMs = 60_000,
  host: Pick<CoreContext, 'tokenVault' | 'log'> = {},
) {
  const events: Array<{ event: EventName; payload: unknown }> = [];
  const core = await createCore({
    dataDir,
    platform: connection,
    emit: <E extends EventName>(event: E, payload: EventPayload<E>) => events.push({ event, payload }),
    pushDelayMs,
    log: () => {},
    ...host,
  });
  let closed = false;
  const close = async () => {
    if (!closed) await core.close();
    closed = true;
  };
  cleanup.add(close);
  return { core, events, close };
}

/**
 * The set-up of a test file whose cores talk to a real platform: registers the vitest hooks
 * that start one platform for the file (beforeAll), run the cleanup after each test and
 * stop the platform at the end. With `faultyProxy`, cores reach the platform through a
 * proxy the tests can make misbehave; it is set back to 'pass' after each test.
 * `platformOptions` is read in beforeAll, so it may use what an earlier beforeAll started.
 * `platform()` and `proxy()` exist only once beforeAll has run.
 */
export function useTestPlatform(options: { faultyProxy?: boolean; allowPrivateFetch?: boolean; platformOptions?: () => TestPlatformOptions } = {}) {
  let platform: TestPlatform | undefined;
  let proxy: FaultyProxy | undefined;
  const cleanup = createCleanup();
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestPlatform: ${what} read before beforeAll ran`);
    return value;
  };
  beforeAll(async () => {
    platform = await startTestPlatform({ ...(options.allowPrivateFetch ? { allowPrivateFetch: true } : {}), ...options.platformOptions?.() });
    if (options.faultyProxy) proxy = await startFaultyProxy(platform.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await platform?.close();
  });
  afterEach(async () => {
    if (proxy) proxy.mode = 'pass';
    await cleanup.run();
  });
  return {
    cleanup,
    platform: () => ready(platform, 'the platform'),
    proxy: () => ready(proxy, 'the faulty proxy (pass { faultyProxy: true })'),
    /** A temporary folder removed after the test. */
    tempDir: () => tempDir(cleanup),
    /**
     * A core on `dataDir` (a new folder by default) that uses the demo account on the
     * platform, through the proxy when there is one; `connection` overrides any part, and
     * `host` gives what a host would (its token vault, a log to read).
     */
    openCore(connection: Partial<PlatformConnection> = {}, dataDir = tempDir(cleanup), host: Pick<CoreContext, 'tokenVault' | 'log'> = {}) {
      const url = (proxy ?? ready(platform, 'the platform')).url;
      return openTestCore(cleanup, dataDir, { mode: 'embedded', url, account: EMBEDDED_ACCOUNT, ...connection }, undefined, host);
    },
  };
}

/** Calls a channel through the transport edge and fails the test on an error result. */
export async function call<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const result = await core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.data as T;
}

/** The platform's own view, read with the demo account. */
export async function platformView(platformUrl: string) {
  let token: string | null = null;
  const client = createPlatformClient(platformUrl, () => token);
  token = (await client.login(EMBEDDED_ACCOUNT)).token;
  return {
    letter: (id: number) => client.getLetter(WEEKLY.brandSlug, WEEKLY.channelSlug, id),
    list: async () => (await client.listLetters(WEEKLY.brandSlug, WEEKLY.channelSlug)).items,
    async remove(id: number) {
      const response = await fetch(`${platformUrl}${platformPaths.letter(WEEKLY.brandSlug, WEEKLY.channelSlug, id)}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`delete answered ${response.status}`);
    },
  };
}
