import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startWebHostProcess } from './web-host-process';
import type { RunningWebHost } from './web-host-process';

export interface AppInBrowser {
  readonly host: RunningWebHost;
  readonly page: Page;
}

/**
 * Registers the file's beforeAll/afterAll: starts the web host (with `env`, which may be a
 * function when it depends on an earlier hook) and opens one page in Chromium; closes both
 * afterwards. Read `host` and `page` only inside tests: they exist once beforeAll has run.
 */
export function useAppInBrowser(env: Record<string, string> | (() => Record<string, string>) = {}): AppInBrowser {
  let host: RunningWebHost | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    host = await startWebHostProcess(typeof env === 'function' ? env() : env);
    browser = await launchBrowser();
    page = await browser.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
  });

  return {
    get host() {
      if (!host) throw new Error('useAppInBrowser: the web host has not started');
      return host;
    },
    get page() {
      if (!page) throw new Error('useAppInBrowser: the page has not opened');
      return page;
    },
  };
}
