import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { abWakeUp } from '../delivery/ab-test';
import { deliverEdition, mailServerStopped, stopDelivery } from '../delivery/edition-delivery';
import type { DeliveryOutcome, EditionJob } from '../delivery/edition-delivery';
import { createMailTransport } from '../delivery/mail-transport';
import { createReaderLinks } from '../audience/reader-links';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import type { PlatformSecret } from '../sending/platform-secret';
import { createSenderDirectory } from '../sending/sender-directory';
import type { SenderDirectory } from '../sending/sender-directory';
import { sendingSettingsOf } from '../sending/sending-settings';
import type { MailTransport } from '../delivery/mail-transport';
import {
  DEFAULT_SEND_RETRY_DELAY_SECONDS,
  DELIVERY_SWEEP_CRON,
  DELIVERY_SWEEP_QUEUE,
  EditionJobSchema,
  JOB_SCHEMA,
  SEND_EDITION_QUEUE,
  SEND_PARTS,
  SEND_RUN_MS,
  instantOf,
  lettersNeedingDelivery,
  queueSendEdition,
} from './delivery-jobs';
import { DashboardExportJobSchema, sendDashboardExport } from '../dashboards/dashboard-export';
import { DASHBOARD_EXPORT_QUEUE, queueDashboardExport, type DashboardExportQueue } from './dashboard-export-jobs';
import { createFeedQueues, queueFeedRead, startFeedWorkers } from './feed-jobs';
import { createRevisionThinningQueue, startRevisionThinning } from './revision-thinning-jobs';
import { PROMOTION_METRICS_EXPORT_QUEUE, queueCampaignMetricsExport, type PromotionExportQueue } from './promotion-export-jobs';
import { CampaignMetricsExportJobSchema, sendCampaignMetricsExport } from '../promotions/campaign-metrics-export';
import type { FeedScheduler } from '../routes/curation';
import { PUBLIC_ONLY, type FetchGuard } from '../integrations/guarded-fetch';
import { AUTOMATION_QUEUE, AutomationJobSchema, automationsDue, queueAutomationJob } from './automation-jobs';
import type { AutomationJob } from './automation-jobs';
import { finishEdition, runRecurringTemplate } from '../automations/recurring-runs';
import type { RunOutcome } from '../automations/recurring-runs';
import { deliverWelcomes } from '../automations/welcomes';
import { emailProviders } from '../providers/email-provider';
import { createIterableProvider } from '../providers/iterable-provider';
import { iterableReadsDue } from '../providers/iterable-events';
import { ITERABLE_READ_EVERY_SECONDS, ITERABLE_READ_FOR_DAYS } from '../providers/iterable-settings';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import { PROVIDER_EVENTS_QUEUE, ProviderEventsJobSchema, createProviderEventsQueue, queueProviderEvents } from './provider-event-jobs';

// The platform's background jobs on pg-boss, on the platform's own PostgreSQL (ARCHITECTURE
// "Storage"): scheduled sends, and a sweep every minute (and at start) that queues any send
// that is due or was left half done, so a missed queue call or a crash loses nothing.
// Several instances may run on one database: pg-boss hands each job to one of them, and a
// send is safe to run twice anyway (delivery/edition-delivery.ts).

/** What the letter routes tell the jobs: a letter was just scheduled (after the write committed). */
export interface DeliveryScheduler {
  letterScheduled(letterId: number): Promise<void>;
  /** Subscribers joined and welcomes may be due now (issue 32): the automations look at once. */
  welcomesOwed?(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  /** The database pg-boss uses (its own small pool, its own schema). */
  connectionString: string;
  /** Where scheduled sends go: SMTP_URL, or the local mailbox without it. */
  smtpUrl?: string | undefined;
  /**
   * The platform's secret key (start.ts passes the one buildApp gets): readers' links are
   * signed with it, and only the app holding the same one accepts them. Default: one for
   * this process (tests that never follow a link).
   */
  secret?: PlatformSecret | undefined;
  /** Who each email is from, shared with the API's test sends; default: one made from `mailFrom` alone. */
  senders?: SenderDirectory | undefined;
  /** With no `senders`: the From of every email (MAIL_FROM). */
  mailFrom?: string | undefined;
  /** The EHLO name (MAIL_HOSTNAME); default sending-settings.ts DEFAULT_MAIL_HOSTNAME. */
  mailHostname?: string | undefined;
  /** Seconds before the first retry of a send the mail server stopped; 0 retries at once (tests). */
  retryDelaySeconds?: number | undefined;
  /** How often an idle worker looks for jobs; default SEND_POLLING_SECONDS and SWEEP_POLLING_SECONDS, at least 0.5. */
  pollingIntervalSeconds?: number | undefined;
  /** Recipients a send run takes at once; default DEFAULT_BATCH_SIZE (100). */
  sendBatchSize?: number | undefined;
  /**
   * Seconds a send run's claim on recipients lasts unrenewed (DELIVERY_LEASE_SECONDS): how
   * long the recipients of an instance killed mid-send wait before another takes them.
   * Default recipient-claims.ts DEFAULT_LEASE_SECONDS (30).
   */
  sendLeaseSeconds?: number | undefined;
  /** SMTP connections a send uses at once; default SEND_CONNECTIONS. */
  sendConnections?: number | undefined;
  /** Seconds every A/B test waits for opens, in place of the letter's setting (AB_TEST_MIN_WAIT_SECONDS; tests, demos). */
  abTestWaitSeconds?: number | undefined;
  /** Which addresses feeds are read from (ALLOW_PRIVATE_FETCH); default public ones only. */
  fetchGuard?: FetchGuard | undefined;
  /**
   * The automations' clock (which recurring runs and welcomes are due); default the real
   * one. Tests move it instead of waiting for a run's time.
   */
  clock?: (() => Date) | undefined;
  /** Where problems the jobs cannot report to anyone go; default console.warn. */
  warn?: (message: string, error?: unknown) => void;
  /**
   * Sending through Iterable (issue 32): where its API is (ITERABLE_API_URL; tests give the
   * loopback Iterable) and how its events are read; defaults providers/iterable-settings.ts.
   */
  /** Days every letter revision is kept before thinning (REVISION_RETENTION_DAYS); default 7. */
  revisionRetentionDays?: number | undefined;
  iterable?: { apiUrl?: string | undefined; firstReadAfterSeconds?: number; readEverySeconds?: number; readForDays?: number } | undefined;
}

export interface JobRunner extends DeliveryScheduler, DashboardExportQueue, PromotionExportQueue, FeedScheduler {
  /** Starts the workers and the minute sweep, and sweeps once. `publicUrl`: for unsubscribe links. */
  start(settings: { publicUrl: string }): Promise<void>;
  /** Lets a send in progress finish its current email, then stops; the rest waits for the next start. */
  stop(): Promise<void>;
  /** Queues every send that is due or unfinished now; answers how many it queued. */
  sweep(): Promise<number>;
}

const POOL_SIZE = 4;
/** SMTP connections sending at once: enough to keep a loopback or nearby server busy, few enough for any. */
export const SEND_CONNECTIONS = 8;
/** Session advisory lock key ("LDJQ") around queue creation, beside migrate.ts's "LDMG". */
const QUEUE_LOCK_KEY = 0x4c444a51;
/**
 * Idle workers' polling (pg-boss asks every 2 s by default). Sends are scheduled to the
 * minute, so starting within a few seconds of their time is on time and the database is
 * asked less often; the sweep's own job is queued once a minute.
 */
const SEND_POLLING_SECONDS = 5;
const SWEEP_POLLING_SECONDS = 30;

/** How long stop() waits for a run to reach the end of its current email. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * pg-boss makes a table per queue and attaches it to its job table; two instances doing it
 * at once deadlock, so instances starting together take turns (the second finds them made).
 */
async function createQueues(db: Db, boss: PgBoss): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(QUEUE_LOCK_KEY)})`.execute(connection);
    try {
      await boss.createQueue(SEND_EDITION_QUEUE, { name: SEND_EDITION_QUEUE, policy: 'short' });
      await boss.createQueue(DELIVERY_SWEEP_QUEUE, { name: DELIVERY_SWEEP_QUEUE, policy: 'short' });
      await boss.createQueue(DASHBOARD_EXPORT_QUEUE, { name: DASHBOARD_EXPORT_QUEUE, policy: 'standard' });
      await boss.createQueue(PROMOTION_METRICS_EXPORT_QUEUE, { name: PROMOTION_METRICS_EXPORT_QUEUE, policy: 'standard' });
      await boss.createQueue(AUTOMATION_QUEUE, { name: AUTOMATION_QUEUE, policy: 'short' });
      await createFeedQueues(boss);
      await createProviderEventsQueue(boss);
      await createRevisionThinningQueue(boss);
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(QUEUE_LOCK_KEY)})`.execute(connection);
    }
  });
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db } = options;
  const warn = options.warn ?? ((message: string, error?: unknown) => console.warn(message, error ?? ''));
  const retryDelaySeconds = options.retryDelaySeconds ?? DEFAULT_SEND_RETRY_DELAY_SECONDS;
  const fetchGuard = options.fetchGuard ?? PUBLIC_ONLY;
  const secret = options.secret ?? ephemeralPlatformSecret();
  const links = createReaderLinks(secret);
  const clock = options.clock ?? (() => new Date());
  const readEverySeconds = options.iterable?.readEverySeconds ?? ITERABLE_READ_EVERY_SECONDS;
  const providers = emailProviders([
    createIterableProvider({
      secret,
      apiUrl: options.iterable?.apiUrl,
      firstReadAfterSeconds: options.iterable?.firstReadAfterSeconds ?? readEverySeconds,
      readEverySeconds,
      readForDays: options.iterable?.readForDays ?? ITERABLE_READ_FOR_DAYS,
    }),
  ]);
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOB_SCHEMA,
    max: POOL_SIZE,
    application_name: 'letterdesk-jobs',
  });
  let mail: MailTransport | null = null;
  let sendWorker: string | null = null;
  let exportWorker: string | null = null;
  let promotionExportWorker: string | null = null;
  let feedWorker: string | null = null;
  let automationWorker: string | null = null;
  let providerEventsWorker: string | null = null;
  let started = false;
  let stopping = false;
  let publicUrl = '';
  // Once stopping, what pg-boss reports is its connections ending with the database (a
  // connection it had in hand when stop() resolved is cut when PostgreSQL stops): noise.
  boss.on('error', (error) => {
    if (!stopping) warn('Background jobs: pg-boss reported a problem', error);
  });

  const queue = async (job: EditionJob, startAfter: Date) => {
    const id = await queueSendEdition(boss, job, startAfter, retryDelaySeconds);
    // A job due now need not wait for the next poll of this instance's worker.
    if (id && sendWorker && startAfter.getTime() <= Date.now()) boss.notifyWorker(sendWorker);
  };

  const runSend = async (job: PgBoss.JobWithMetadata<unknown>): Promise<{ outcome: DeliveryOutcome }> => {
    const data = EditionJobSchema.parse(job.data);
    try {
      const outcome = await deliverEdition(deliveryContext(), data);
      // Its time was up with emails still waiting: the next run carries on at once.
      if (outcome === 'paused' && !stopping) await queue(data, new Date());
      // An A/B sample sent: the next run comes when the wait ends (the sweep leaves the
      // letter alone until then, and queues it should this job be lost). One run, whichever
      // part this was: it shares the rest again.
      if (outcome === 'ab-waiting') {
        const wakeAt = await abWakeUp(db, data.letterId);
        if (wakeAt) await queue({ letterId: data.letterId, publicationAt: data.publicationAt }, wakeAt);
      }
      return { outcome };
    } catch (error) {
      // pg-boss retries with backoff; after the last attempt the send stops and says why.
      if (job.retryCount >= job.retryLimit) {
        const words = error instanceof Error ? error.message : String(error);
        await stopDelivery(db, data.letterId, mailServerStopped(words));
      }
      throw error;
    }
  };

  const deliveryContext = () => ({
    db,
    mail: mail!,
    publicUrl,
    links,
    shouldStop: () => stopping,
    runMilliseconds: SEND_RUN_MS,
    batchSize: options.sendBatchSize,
    sendConnections: options.sendConnections ?? SEND_CONNECTIONS,
    leaseSeconds: options.sendLeaseSeconds,
    // Parts for whichever instances' workers are free: this one's is busy with this run.
    shareSend: async (job: EditionJob) => {
      if (stopping) return;
      for (let part = 2; part <= SEND_PARTS; part++) await queueSendEdition(boss, { ...job, part }, new Date(), retryDelaySeconds);
    },
    abTestWaitSeconds: options.abTestWaitSeconds,
    fetchGuard,
    providers,
  });

  const queueAutomation = async (job: AutomationJob) => {
    const id = await queueAutomationJob(boss, job, retryDelaySeconds);
    if (id && automationWorker) boss.notifyWorker(automationWorker);
  };

  /** A recurring run made an edition: its send is a scheduled letter's, queued now. */
  const sendEditionOf = async (outcome: RunOutcome) => {
    if (outcome.kind === 'edition') await queue({ letterId: outcome.editionId, publicationAt: instantOf(outcome.publicationAt) }, new Date());
  };

  const runAutomation = async (job: PgBoss.JobWithMetadata<unknown>) => {
    const data = AutomationJobSchema.parse(job.data);
    const runContext = { db, fetchGuard, publicUrl };
    if (data.kind === 'welcomes') {
      const outcome = await deliverWelcomes(deliveryContext(), data.templateId, clock());
      // Its time was up with welcomes still waiting: the next run carries on at once.
      if (outcome === 'paused' && !stopping) await queueAutomation(data);
      return { outcome };
    }
    const outcome =
      data.kind === 'recurring'
        ? await runRecurringTemplate(runContext, data.templateId, new Date(data.runAt), clock())
        : await finishEdition(runContext, data.editionId, new Date(data.runAt));
    await sendEditionOf(outcome);
    return { outcome: outcome.kind };
  };

  const sweepAutomations = async (): Promise<number> => {
    const due = await automationsDue(db, clock());
    for (const job of due) await queueAutomation(job);
    return due.length;
  };

  /** Queues the provider event reads that are due (only Iterable reads any today). */
  const sweepProviderEvents = async (): Promise<number> => {
    const due = await iterableReadsDue(db);
    for (const letterId of due) await queueProviderEvents(boss, { letterId, esp: ITERABLE_ESP });
    if (due.length > 0 && providerEventsWorker) boss.notifyWorker(providerEventsWorker);
    return due.length;
  };

  const runProviderEvents = async (job: PgBoss.Job<unknown>) => {
    const data = ProviderEventsJobSchema.parse(job.data);
    const provider = providers.get(data.esp);
    if (!provider) return { counted: 0 };
    try {
      const read = await provider.readEvents(db, data.letterId);
      return { counted: read.counted, nextReadAt: read.nextReadAt?.toISOString() ?? null };
    } catch (error) {
      // The read stays due: the next sweep queues it again.
      warn(`Letter ${data.letterId}: its provider's events could not be read`, error);
      return { counted: 0, failed: true };
    }
  };

  const sweep = async (): Promise<number> => {
    const due = await lettersNeedingDelivery(db);
    for (const job of due) await queue(job, new Date());
    return due.length + (started ? (await sweepAutomations()) + (await sweepProviderEvents()) : 0);
  };

  return {
    async start(settings) {
      publicUrl = settings.publicUrl.replace(/\/+$/, '');
      const sending = sendingSettingsOf({ mailFrom: options.mailFrom, mailHostname: options.mailHostname, publicUrl });
      mail = createMailTransport(db, {
        smtpUrl: options.smtpUrl,
        senders: options.senders ?? createSenderDirectory(db, secret, sending),
        hostname: sending.mailHostname,
        pool: true,
        connections: options.sendConnections ?? SEND_CONNECTIONS,
      });
      await boss.start();
      started = true;
      await createQueues(db, boss);
      const polling = (seconds: number) => ({ pollingIntervalSeconds: options.pollingIntervalSeconds ?? seconds });
      sendWorker = await boss.work(SEND_EDITION_QUEUE, { ...polling(SEND_POLLING_SECONDS), batchSize: 1, includeMetadata: true }, async ([job]) =>
        job ? runSend(job) : undefined,
      );
      await boss.work(DELIVERY_SWEEP_QUEUE, { ...polling(SWEEP_POLLING_SECONDS), batchSize: 1 }, async () => ({ queued: await sweep() }));
      exportWorker = await boss.work(DASHBOARD_EXPORT_QUEUE, { ...polling(SEND_POLLING_SECONDS), batchSize: 1 }, async ([job]) =>
        job ? sendDashboardExport(db, mail!, DashboardExportJobSchema.parse(job.data)) : undefined,
      );
      promotionExportWorker = await boss.work(PROMOTION_METRICS_EXPORT_QUEUE, { ...polling(SEND_POLLING_SECONDS), batchSize: 1 }, async ([job]) =>
        job ? sendCampaignMetricsExport(db, mail!, CampaignMetricsExportJobSchema.parse(job.data)) : undefined,
      );
      automationWorker = await boss.work(AUTOMATION_QUEUE, { ...polling(SEND_POLLING_SECONDS), batchSize: 1, includeMetadata: true }, async ([job]) =>
        job ? runAutomation(job) : undefined,
      );
      providerEventsWorker = await boss.work(PROVIDER_EVENTS_QUEUE, { ...polling(SEND_POLLING_SECONDS), batchSize: 1 }, async ([job]) =>
        job ? runProviderEvents(job) : undefined,
      );
      await boss.schedule(DELIVERY_SWEEP_QUEUE, DELIVERY_SWEEP_CRON);
      await sweep();
      feedWorker = await startFeedWorkers(db, boss, options.pollingIntervalSeconds ?? SWEEP_POLLING_SECONDS, warn, fetchGuard);
      await startRevisionThinning(db, boss, {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? SWEEP_POLLING_SECONDS,
        retentionDays: options.revisionRetentionDays,
        clock,
      });
    },

    async stop() {
      stopping = true;
      try {
        if (started) await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      } finally {
        mail?.close();
      }
    },

    sweep,

    async queueDashboardExport(job) {
      await queueDashboardExport(boss, job, retryDelaySeconds);
      // Asked for now: the worker need not wait for its next poll.
      if (exportWorker) boss.notifyWorker(exportWorker);
    },

    async queueCampaignMetricsExport(job) {
      await queueCampaignMetricsExport(boss, job, retryDelaySeconds);
      if (promotionExportWorker) boss.notifyWorker(promotionExportWorker);
    },

    async feedAdded(feedId) {
      // Before start (or after stop) the feed sweep at the next start finds the feed.
      if (!started || stopping) return;
      if ((await queueFeedRead(boss, feedId)) && feedWorker) boss.notifyWorker(feedWorker);
    },

    async welcomesOwed() {
      // Before start (or after stop) the sweep at the next start finds them.
      if (!started || stopping) return;
      await sweepAutomations();
    },

    async letterScheduled(letterId) {
      // Before start (or after stop) the sweep at the next start finds the letter.
      if (!started || stopping) return;
      const row = await db
        .selectFrom('letters')
        .select(['publicationStatus', 'publicationAt'])
        .where('id', '=', letterId)
        .executeTakeFirst();
      if (row?.publicationStatus !== PublicationStatus.scheduled || !row.publicationAt) return;
      await queue({ letterId, publicationAt: instantOf(row.publicationAt) }, row.publicationAt);
    },
  };
}
