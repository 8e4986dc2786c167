import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's Chromium by default; CHROMIUM_PATH points elsewhere. playwright-core never
// downloads a browser, so a missing one is reported plainly instead.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
