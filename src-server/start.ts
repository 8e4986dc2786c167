import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startBounceListener } from './bounces/bounce-listener';
import type { BounceListener } from './bounces/bounce-listener';
import { defaultDataDir } from './db/data-dir';
import { createDb } from './db/database';
import type { Db } from './db/database';
import { startEmbeddedPostgres } from './db/embedded';
import type { EmbeddedPostgres } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { seedDemo } from './db/seed-demo';
import { createOpenAiCompatibleClient } from './integrations/ai-client';
import type { AiSettings } from './integrations/ai-client';
import { createDiskImageStorage } from './integrations/image-storage';
import { createS3ImageStorage, type S3Settings } from './integrations/s3-image-storage';
import { createEvvntProvider } from './integrations/evvnt-provider';
import { createNewsApiProvider, type NewsApiSettings } from './integrations/news-provider';
import { createJobRunner } from './jobs/job-runner';
import { startupWarnings } from './sending/deliverability-checks';
import type { DnsLookup } from './sending/dns-check';
import { createPlatformSecret, secretKeyFromDataDir } from './sending/platform-secret';
import { createSenderDirectory } from './sending/sender-directory';
import { sendingSettingsOf } from './sending/sending-settings';
import type { JobRunner } from './jobs/job-runner';
import { dropUnusedConnectionsOnClose } from './http/unused-connections';

// Starts the whole platform: database (embedded or given), migrations, demo seed, API.
// Hosts call this in-process (the browser host, tests) or through main.ts, so it never
// exits the process and installs no process-wide handlers: stopping is close()'s job.

export interface StartPlatformOptions {
  /** Default 4400; 0 picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where the embedded PostgreSQL keeps its files (ignored with databaseUrl). Default: defaultDataDir(). */
  dataDir?: string;
  /** Use this PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  /**
   * Seed the demo account into an empty database. Default: true with the embedded
   * database, false with databaseUrl (a shared database is never seeded by surprise).
   */
  seedDemo?: boolean;
  /** The load balancers in front (TRUST_PROXY): addresses or CIDR ranges, comma-separated. Default: none. */
  trustProxy?: string;
  /** Fastify's request logging (pino, to stdout). Default false. */
  logger?: boolean;
  /** SMTP server for test emails (SMTP_URL); without it they go to the local mailbox. */
  smtpUrl?: string;
  /** From header of the platform's emails (MAIL_FROM). */
  mailFrom?: string;
  /** EHLO name (MAIL_HOSTNAME), SPF include (SPF_INCLUDE), Check DNS's resolvers (DNS_SERVERS). */
  sending?: { mailHostname?: string; spfInclude?: string; dnsServers?: string[] };
  /**
   * The platform's secret key (PLATFORM_SECRET_KEY) and the one it replaces during a rotation
   * (PLATFORM_SECRET_KEY_PREVIOUS). Default: made once and kept in `<dataDir>/platform-secret.key`.
   */
  secretKey?: Buffer;
  previousSecretKey?: Buffer;
  /** Answers Check DNS in place of a resolver (tests). */
  dnsLookup?: DnsLookup;
  /** OpenAI-compatible chat completions for subject and preview suggestions; without it, not configured. */
  ai?: AiSettings;
  /** Where uploaded images are kept. Default `<dataDir>/images`. */
  imagesDir?: string;
  /** Keep images in this S3-compatible bucket instead of imagesDir (several instances share it). */
  s3?: S3Settings;
  /** Let upload-from-url fetch plain http addresses. Default false: https only. */
  allowHttpImageFetch?: boolean;
  /**
   * Let the fetches made for users (link previews, feeds, images by address) reach
   * loopback, private and other non-public addresses (ALLOW_PRIVATE_FETCH): for a platform
   * whose feeds live inside its own network. Default false: public addresses only.
   */
  allowPrivateFetch?: boolean;
  /**
   * The address subscribers reach the platform's public pages at (PUBLIC_URL), for the
   * unsubscribe links of scheduled sends. Default: the URL it listens on.
   */
  publicUrl?: string;
  /** Run the background jobs (scheduled sends). Default true. */
  deliveryJobs?: boolean;
  /** Seconds before a send the mail server stopped is first retried (then backoff). Default 30; 0 retries at once (tests). */
  deliveryRetryDelaySeconds?: number;
  /** How often idle job workers look for work, in seconds. Default 5 for sends and 30 for the sweep; at least 0.5 (tests). */
  jobPollingIntervalSeconds?: number;
  /** The inbound SMTP listener for bounce mail (BOUNCE_SMTP_PORT, BOUNCE_SMTP_HOST); off without it. 0 picks any free port. */
  bounceSmtp?: { port: number; host?: string };
  /** The ESP bounce webhook's shared secret (BOUNCE_WEBHOOK_SECRET); without it the webhook is off. */
  bounceWebhookSecret?: string;
  /** Signs embedded dashboards' links (EMBED_DASHBOARD_SECRET); without it the platform makes and keeps one. */
  embedDashboardSecret?: string;
  /**
   * Seconds every A/B test waits for opens before picking its winner, in place of the
   * letter's own wait (AB_TEST_MIN_WAIT_SECONDS; tests and demos). Default: the letter's.
   */
  abTestWaitSeconds?: number;
  /**
   * Seconds a send run's claim on recipients lasts unrenewed (DELIVERY_LEASE_SECONDS): the
   * recipients of an instance killed mid-send wait this long for another. Default 30.
   */
  sendLeaseSeconds?: number;
  /** Days every letter revision is kept before thinning (REVISION_RETENTION_DAYS). Default 7. */
  revisionRetentionDays?: number;
  /** A NewsAPI-compatible server for the news block (NEWS_API_URL, NEWS_API_KEY); without it news is not configured. */
  news?: NewsApiSettings;
  /** Where the Evvnt API is (EVVNT_API_URL); default Evvnt's public address. */
  evvntApiUrl?: string;
  /** Iterable's API (ITERABLE_API_URL); default https://api.iterable.com. */
  iterableApiUrl?: string;
  /** The spam check's spamassassin program (SPAMASSASSIN_PATH); default `spamassassin` on PATH. */
  spamAssassinPath?: string;
  /** A spamd the spam check asks through spamc instead (SPAMD_HOST, SPAMD_PORT). */
  spamd?: { host: string; port: number };
}

export interface PlatformServer {
  /** e.g. http://127.0.0.1:4400 (no trailing slash). */
  url: string;
  /** The database it uses (tools and benchmarks read or fill it directly). */
  connectionString: string;
  /** The port the bounce listener takes mail on; null when it is off. */
  bounceSmtpPort: number | null;
  /**
   * Queues every scheduled send that is due, or was left half done, now — what the jobs do
   * every minute by themselves. Resolves to how many it queued (0 without jobs).
   */
  sweepDeliveries(): Promise<number>;
  /** Stops listening and the jobs, closes the pool and stops the embedded PostgreSQL; safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_PLATFORM_PORT = 4400;

export async function startPlatform(options: StartPlatformOptions = {}): Promise<PlatformServer> {
  let embedded: EmbeddedPostgres | null = null;
  let db: Db | null = null;
  let app: FastifyInstance | null = null;
  let jobs: JobRunner | null = null;
  let bounces: BounceListener | null = null;
  const shutdown = async () => {
    // In reverse order of start; each step runs even when an earlier one failed. The jobs
    // stop after the API (no new schedules) and before the pool they write through.
    const steps = [() => bounces?.close(), () => app?.close(), () => jobs?.stop(), () => db?.destroy(), () => embedded?.stop()];
    const failures: unknown[] = [];
    for (const step of steps) await Promise.resolve(step()).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw new AggregateError(failures, 'The platform did not stop cleanly');
  };

  try {
    if (!options.databaseUrl) embedded = await startEmbeddedPostgres({ dataDir: options.dataDir ?? defaultDataDir() });
    const connectionString = options.databaseUrl ?? embedded!.connectionString;
    db = createDb(connectionString);
    await migrateToLatest(db);
    const secret = createPlatformSecret(options.secretKey ?? secretKeyFromDataDir(options.dataDir ?? defaultDataDir()), options.previousSecretKey);
    const sendingSettings = sendingSettingsOf({ mailFrom: options.mailFrom, publicUrl: options.publicUrl, ...options.sending });
    const senders = createSenderDirectory(db, secret, sendingSettings);
    if (options.seedDemo ?? !options.databaseUrl) await seedDemo(db);
    const fetchGuard = { allowPrivate: options.allowPrivateFetch ?? false };
    if (options.deliveryJobs ?? true) {
      jobs = createJobRunner({
        db,
        connectionString,
        smtpUrl: options.smtpUrl,
        secret,
        senders,
        mailHostname: sendingSettings.mailHostname,
        retryDelaySeconds: options.deliveryRetryDelaySeconds,
        pollingIntervalSeconds: options.jobPollingIntervalSeconds,
        abTestWaitSeconds: options.abTestWaitSeconds,
        sendLeaseSeconds: options.sendLeaseSeconds,
        revisionRetentionDays: options.revisionRetentionDays,
        fetchGuard,
        iterable: { apiUrl: options.iterableApiUrl },
      });
    }
    app = await buildApp({
      db,
      logger: options.logger ?? false,
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom,
      sending: options.sending,
      secret,
      senders,
      ...(options.dnsLookup ? { dnsLookup: options.dnsLookup } : {}),
      ai: options.ai ? createOpenAiCompatibleClient(options.ai) : null,
      aiLimits: {
        ...(options.ai?.dailyTokenBudget ? { dailyTokenBudget: options.ai.dailyTokenBudget } : {}),
        ...(options.ai?.requestsPerMinute ? { requestsPerMinute: options.ai.requestsPerMinute } : {}),
      },
      imageStorage: options.s3
        ? createS3ImageStorage(options.s3)
        : createDiskImageStorage(options.imagesDir ?? path.join(options.dataDir ?? defaultDataDir(), 'images')),
      allowHttpImageFetch: options.allowHttpImageFetch ?? false,
      fetchGuard,
      spamAssassin: { path: options.spamAssassinPath, spamd: options.spamd },
      delivery: jobs,
      dashboardExports: jobs,
      promotionExports: jobs,
      embedDashboardSecret: options.embedDashboardSecret ?? null,
      feeds: jobs,
      bounceWebhookSecret: options.bounceWebhookSecret ?? null,
      publicUrl: options.publicUrl,
      news: options.news ? createNewsApiProvider(options.news) : null,
      events: createEvvntProvider(options.evvntApiUrl ? { baseUrl: options.evvntApiUrl } : {}),
    });
    dropUnusedConnectionsOnClose(app);
    const address = await app.listen({ port: options.port ?? DEFAULT_PLATFORM_PORT, host: options.host ?? '127.0.0.1' });
    const url = address.replace(/\/$/, '');
    // Said where the platform logs (main.ts); tests and hosts that start it quietly see them in Settings.
    if (options.logger) for (const warning of startupWarnings({ ...sendingSettings, publicUrl: options.publicUrl ?? url })) app.log.warn(warning);
    // After listening: the default public URL is the address it listens on.
    await jobs?.start({ publicUrl: options.publicUrl ?? url });
    if (options.bounceSmtp) {
      const log = options.logger ? (line: string) => app?.log.info(line) : undefined;
      bounces = await startBounceListener({ db, ...options.bounceSmtp, ...(log ? { log } : {}) });
    }
    let closing: Promise<void> | undefined;
    const runner = jobs;
    return {
      url,
      connectionString,
      bounceSmtpPort: bounces?.port ?? null,
      sweepDeliveries: async () => (runner ? runner.sweep() : 0),
      close: () => (closing ??= shutdown()),
    };
  } catch (error) {
    await shutdown().catch(() => undefined);
    throw error;
  }
}
