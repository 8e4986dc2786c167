import { resolveDataDir } from './db/data-dir';
import { DEFAULT_PLATFORM_PORT, startPlatform } from './start';
import { sendingStartOptionsFromEnv } from './sending/sending-settings';
import { integrationSettingsFromEnv } from './integrations/settings';
import { revisionSettingsFromEnv } from './letters/revision-retention';
import { deliverySettingsFromEnv } from './delivery/delivery-settings';
import { stopOnSignals } from './stop-on-signals';

// `npm run server`: reads settings from the environment, starts the platform and stops it
// cleanly on SIGINT/SIGTERM. Everything else lives in start.ts.
//   PORT (default 4400)  HOST (default 127.0.0.1)  LETTERDESK_DATA_DIR  DATABASE_URL  SEED_DEMO=1
//   SMTP_URL  MAIL_FROM  PUBLIC_URL (unsubscribe links; default the listening URL)
//   MAIL_HOSTNAME  SPF_INCLUDE  DNS_SERVERS  PLATFORM_SECRET_KEY(_PREVIOUS) (sending/sending-settings.ts)
//   DELIVERY_JOBS=0 (this instance runs no background jobs)
//   TRUST_PROXY (the load balancers' addresses or CIDRs, comma-separated: their X-Forwarded-For names the caller)
//   BOUNCE_SMTP_PORT (inbound bounce mail; off unless set)  BOUNCE_SMTP_HOST (default 127.0.0.1)
//   BOUNCE_WEBHOOK_SECRET (POST /api/webhooks/bounces; off unless set)
//   EMBED_DASHBOARD_SECRET (signs embedded dashboards' links; made and kept in the database unless set)
//   AB_TEST_MIN_WAIT_SECONDS (delivery/delivery-settings.ts; tests and demos only)
//   DELIVERY_LEASE_SECONDS (a send's claim on recipients; delivery/delivery-settings.ts)
//   AI_BASE_URL  AI_MODEL  AI_API_KEY  IMAGES_DIR  ALLOW_HTTP_IMAGE_FETCH=1  ALLOW_PRIVATE_FETCH=1
//   S3_BUCKET  S3_REGION  S3_ACCESS_KEY_ID  S3_SECRET_ACCESS_KEY  S3_ENDPOINT  S3_FORCE_PATH_STYLE=1 (integrations/settings.ts)
//   ITERABLE_API_URL (the Iterable provider's API; default https://api.iterable.com, integrations/settings.ts)

const env = process.env;

/**
 * How long a stop may take before the process exits anyway: in-flight requests, then a send
 * reaching the end of its current email (job-runner's 30 s), then the pool. An orchestrator
 * that waits longer than this before SIGKILL (Kubernetes: 30 s by default, so raise its
 * terminationGracePeriodSeconds) always sees a clean exit.
 */
const STOP_BOUND_MS = 45_000;

interface ParentPort {
  on(event: 'message', listener: (message: { data: unknown }) => void): void;
}

function portFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PLATFORM_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
}

/** The bounce listener's port, or undefined (off) when not set. */
function bouncePortFrom(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`BOUNCE_SMTP_PORT must be a port number, not "${value}"`);
  return port;
}

function publicUrlFrom(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be a URL such as https://letters.example.com, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https://`);
  return text.replace(/\/+$/, '');
}

try {
  const publicUrl = publicUrlFrom(env.PUBLIC_URL);
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  const bouncePort = bouncePortFrom(env.BOUNCE_SMTP_PORT);
  const bounceWebhookSecret = env.BOUNCE_WEBHOOK_SECRET?.trim() || undefined;
  const embedDashboardSecret = env.EMBED_DASHBOARD_SECRET?.trim() || undefined;
  const trustProxy = env.TRUST_PROXY?.trim() || undefined;
  const platform = await startPlatform({
    port: portFrom(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolveDataDir(env),
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(env.SEED_DEMO === '1' ? { seedDemo: true } : {}),
    ...(smtpUrl ? { smtpUrl } : {}),
    ...(mailFrom ? { mailFrom } : {}),
    ...(publicUrl ? { publicUrl } : {}),
    ...(env.DELIVERY_JOBS === '0' ? { deliveryJobs: false } : {}),
    ...(bouncePort === undefined ? {} : { bounceSmtp: { port: bouncePort, host: env.BOUNCE_SMTP_HOST?.trim() || '127.0.0.1' } }),
    ...(bounceWebhookSecret ? { bounceWebhookSecret } : {}),
    ...(embedDashboardSecret ? { embedDashboardSecret } : {}),
    ...(trustProxy ? { trustProxy } : {}),
    ...integrationSettingsFromEnv(env),
    ...sendingStartOptionsFromEnv(env),
    ...deliverySettingsFromEnv(env),
    ...revisionSettingsFromEnv(env),
    logger: true,
  });
  // The Electron host reads this exact line to learn the URL (src-main/electron/listening-url.ts).
  console.log(`Letterdesk platform listening on ${platform.url}`);

  // Anything left after the bound is handed back by what the jobs already wrote: pg-boss
  // retries a job whose worker vanished, and the sweep queues a send left half done.
  const stop = stopOnSignals('Letterdesk platform', () => platform.close(), { boundMs: STOP_BOUND_MS });
  // In the desktop app the server runs in an Electron utility process, whose parent asks it
  // to stop with a message: killing it is a hard kill on Windows, which would leave the
  // embedded PostgreSQL running.
  const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
  parentPort?.on('message', ({ data }) => {
    if ((data as { type?: unknown } | null)?.type === 'shutdown') stop('SIGTERM');
  });
} catch (error) {
  console.error('Letterdesk platform could not start:', error);
  process.exit(1);
}
