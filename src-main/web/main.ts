import { dirname, join, resolve } from 'node:path';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import { createCore } from '../core/create-core';
import { localImagesDir } from '../core/images/local-image-url';
import type { PlatformConnection } from '../core/core-context';
import { createFileTokenVault, platformTokenFile } from '../core/session-token-file';
import { defaultDataDir } from '../../src-server/db/data-dir';
import { revisionSettingsFromEnv } from '../../src-server/letters/revision-retention';
import { deliverySettingsFromEnv } from '../../src-server/delivery/delivery-settings';
import { sendingStartOptionsFromEnv } from '../../src-server/sending/sending-settings';
import { integrationSettingsFromEnv } from '../../src-server/integrations/settings';
import { startPlatform } from '../../src-server/start';
import { createEventHub, startWebHost } from './web-host';

// The browser host (`npm run start:web`): one Node process that runs the core, starts the
// embedded platform (unless PLATFORM_URL names one), serves the renderer on PORT and
// bridges the page to the core over a WebSocket.

async function main() {
  const env = process.env;
  const dataRoot = env.LETTERDESK_DATA_DIR?.trim() ? resolve(env.LETTERDESK_DATA_DIR.trim()) : dirname(defaultDataDir());
  const remoteUrl = env.PLATFORM_URL?.trim();

  const platformServer = remoteUrl
    ? null
    : await startPlatform({
        port: Number(env.PLATFORM_PORT ?? 0),
        dataDir: join(dataRoot, 'platform'),
        ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
        seedDemo: env.SEED_DEMO === '1' || !env.DATABASE_URL,
        ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
        ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
        ...integrationSettingsFromEnv(env),
        ...sendingStartOptionsFromEnv(env),
        ...deliverySettingsFromEnv(env),
        ...revisionSettingsFromEnv(env),
    ...revisionSettingsFromEnv(env),
      });
  const platform: PlatformConnection = remoteUrl
    ? { mode: 'remote', url: remoteUrl }
    : { mode: 'embedded', url: platformServer!.url, account: { ...EMBEDDED_ACCOUNT } };

  const coreDataDir = join(dataRoot, 'desktop');
  // A remote platform's sign-in outlives a restart; the embedded one signs itself in each run.
  const tokenVault = remoteUrl
    ? createFileTokenVault({ file: platformTokenFile(coreDataDir), scope: remoteUrl, log: (message, detail) => console.error(`[web] ${message}`, detail ?? '') })
    : undefined;
  const hub = createEventHub();
  const core = await createCore({
    dataDir: coreDataDir,
    platform,
    emit: hub.emit,
    ...(tokenVault ? { tokenVault } : {}),
    ...(env.LETTERDESK_PUSH_DELAY_MS ? { pushDelayMs: Number(env.LETTERDESK_PUSH_DELAY_MS) } : {}),
  });
  const web = await startWebHost({
    port: Number(env.PORT ?? 5173),
    host: env.HOST ?? '127.0.0.1',
    staticDir: resolve(import.meta.dirname, '../../out/web'),
    dispatch: core.dispatch,
    hub,
    localImagesDir: localImagesDir(coreDataDir),
  });

  console.log(`Letterdesk is running at ${web.url}`);
  console.log(platformServer ? `Embedded platform at ${platformServer.url}` : `Platform: ${remoteUrl} (sign in from the app)`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await web.close();
    await core.close();
    await platformServer?.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
