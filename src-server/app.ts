import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import type { Db } from './db/database';
import { apiDocs } from './http/api-docs';
import { authentication } from './http/authentication';
import { idempotency } from './http/idempotency';
import { errorHandler, notFoundHandler } from './http/errors';
import { refuseNulCharacters } from './http/nul-guard';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { letterRoutes } from './routes/letters';
import { letterCopyRoutes } from './routes/letter-copies';
import { letterLifecycleRoutes } from './routes/letter-lifecycle';
import { letterListRoutes } from './routes/letter-lists';
import { syncChangesRoutes } from './routes/sync-changes';
import { syncBatchRoutes } from './routes/sync-batch';
import { deliveryEventsRoutes } from './routes/delivery-events';
import { featureFlagRoutes } from './routes/feature-flags';
import { mergeTagRoutes } from './routes/merge-tags';
import { segmentRoutes } from './routes/segments';
import { subscriberRoutes } from './routes/subscribers';
import { aiSuggestionRoutes } from './routes/ai-suggestions';
import { aiRewriteRoutes } from './routes/ai-rewrite';
import { createAiMeter } from './ai/ai-usage';
import { createSharedLimits, rateLimitStoreOf } from './http/shared-limits';
import type { AiLimits } from './ai/ai-usage';
import { mediaRoutes } from './routes/media';
import { publicUnsubscribeRoutes } from './routes/public-unsubscribe';
import { publicOptOutRoutes } from './routes/public-opt-out';
import { bounceWebhookRoutes } from './routes/bounce-webhook';
import { trackingRoutes } from './routes/tracking';
import { publicAssetRoutes } from './routes/public-assets';
import { publicArchiveRoutes } from './routes/public-archive';
import { letterMetricsRoutes } from './routes/letter-metrics';
import { letterListMetricsRoutes } from './routes/letter-list-metrics';
import { channelSettingsRoutes } from './routes/channel-settings';
import { editionReportRoutes } from './routes/edition-reports';
import { dashboardRoutes } from './routes/dashboards';
import { linkPreviewRoutes } from './routes/link-previews';
import { newsRoutes } from './routes/news';
import { evvntRoutes } from './routes/evvnt';
import { iterableIntegrationRoutes } from './routes/iterable-integration';
import { htmlValidationRoutes } from './routes/html-validation';
import type { NewsProvider } from './integrations/news-provider';
import { createEvvntProvider, type EventsProvider } from './integrations/evvnt-provider';
import { embeddedDashboardRoutes } from './routes/embedded-dashboards';
import { embeddedDashboardPageRoutes } from './routes/embedded-dashboard-page';
import { curationRoutes } from './routes/curation';
import type { FeedScheduler } from './routes/curation';
import { promotionCampaignRoutes } from './routes/promotion-campaigns';
import { promotionCollateralRoutes } from './routes/promotion-collateral';
import { promotionAdTypeRoutes } from './routes/promotion-ad-types';
import { promotionMetricRoutes } from './routes/promotion-metrics';
import { promotionPeopleRoutes } from './routes/promotion-people';
import { promotionCollateralCallRoutes } from './routes/promotion-collateral-calls';
import { promotionListRoutes } from './routes/promotion-lists';
import { promotionsApprovedSinceScheduledRoutes } from './routes/promotions-approved-since-scheduled';
import type { AiClient } from './integrations/ai-client';
import { PUBLIC_ONLY, type FetchGuard } from './integrations/guarded-fetch';
import type { ImageStorage } from './integrations/image-storage';
import { createMailTransport } from './delivery/mail-transport';
import { channelSenderRoutes } from './routes/channel-sender';
import { publicCopyPageRoutes } from './routes/public-copy-pages';
import { publicTestEmailRoutes } from './routes/public-test-email';
import { sendingDomainRoutes } from './routes/sending-domains';
import { createDnsLookup } from './sending/dns-check';
import type { DnsLookup } from './sending/dns-check';
import { createReaderLinks } from './audience/reader-links';
import { ephemeralPlatformSecret } from './sending/platform-secret';
import type { PlatformSecret } from './sending/platform-secret';
import { createSenderDirectory } from './sending/sender-directory';
import type { SenderDirectory } from './sending/sender-directory';
import { sendingSettingsOf } from './sending/sending-settings';
import { pollRoutes } from './routes/polls';
import { publicPollRoutes } from './routes/public-polls';
import { letterDeliveryRoutes } from './routes/letter-delivery';
import { spamCheckRoutes } from './routes/spam-check';
import { previewAsRoutes } from './routes/preview-as';
import { createSpamChecker } from './delivery/spam-check';
import type { SpamAssassinSettings } from './delivery/spam-check';
import { templateAutomationRoutes } from './routes/template-automation';
import { letterRevisionRoutes } from './routes/letter-revisions';
import { publicSubscribeRoutes } from './routes/public-subscribe';
import type { DeliveryScheduler } from './jobs/job-runner';
import type { DashboardExportQueue } from './jobs/dashboard-export-jobs';
import type { PromotionExportQueue } from './jobs/promotion-export-jobs';

// Builds the platform API (STYLE "Server: build, then listen"): plugins and routes, no
// listening, so tests call it with inject() and start.ts decides where it listens.

export interface BuildAppOptions {
  db: Db;
  /** Fastify's logger option: false (default) for silence, true or options for pino. */
  logger?: boolean | FastifyServerOptions['logger'] | FastifyBaseLogger;
  /**
   * The load balancers' addresses or CIDR ranges (TRUST_PROXY, comma-separated): requests from
   * them are taken as from the X-Forwarded-For client, which per-caller limits count. Default: none.
   */
  trustProxy?: string;
  /** Called for every route as it is added (tests list the routes to cover each one). */
  onRoute?: (route: RouteOptions) => void;
  /** SMTP server for test emails (smtp:// or smtps://); without it they go to the local mailbox. */
  smtpUrl?: string | undefined;
  /** From header of the platform's emails; default `Letterdesk <no-reply@localhost>`. */
  mailFrom?: string | undefined;
  /** EHLO name, SPF include, DNS servers for Check DNS (sending/sending-settings.ts). */
  sending?: { mailHostname?: string | undefined; spfInclude?: string | undefined; dnsServers?: readonly string[] | undefined };
  /** Seals DKIM private keys and signs readers' links (PLATFORM_SECRET_KEY); without it a key for this process only. */
  secret?: PlatformSecret;
  /** Who each email is from; shared with the job runner so both see an identity change. Default: made here. */
  senders?: SenderDirectory;
  /** Answers Check DNS; default a resolver on DNS_SERVERS or the system's. */
  dnsLookup?: DnsLookup;
  /** Writes subject and preview suggestions; without it they come from the letter's own text, or 503. */
  ai?: AiClient | null;
  /** Each organization's AI calls per minute and tokens per UTC day (ai/ai-usage.ts defaults otherwise). */
  aiLimits?: Partial<AiLimits>;
  /** Keeps uploaded images; without it uploads answer 503. */
  imageStorage?: ImageStorage | null;
  /** Let upload-from-url fetch plain http addresses (tests' loopback servers). Default false: https only. */
  allowHttpImageFetch?: boolean;
  /**
   * Which addresses users' fetches (link previews, feeds, images by address) may reach:
   * default public ones only; `{ allowPrivate: true }` is ALLOW_PRIVATE_FETCH.
   */
  fetchGuard?: FetchGuard;
  /** Told when a letter is scheduled, to queue its send; without it the jobs' sweep finds it (or nothing sends). */
  delivery?: DeliveryScheduler | null;
  /** Signs embedded dashboards' tokens (EMBED_DASHBOARD_SECRET); without it one made once and kept in the database. */
  embedDashboardSecret?: string | null;
  /** Queues dashboard exports (the job runner); without it export requests answer 503. */
  dashboardExports?: DashboardExportQueue | null;
  /** Queues campaign metrics exports by email (the job runner); without it those requests answer 503. */
  promotionExports?: PromotionExportQueue | null;
  /** The ESP bounce webhook's shared secret (BOUNCE_WEBHOOK_SECRET); without it the webhook answers 404. */
  bounceWebhookSecret?: string | null;
  /** Where readers reach the public pages (PUBLIC_URL), for the report's letter page link; default the request's own origin. */
  publicUrl?: string | undefined;
  /** The news block's search (NEWS_API_URL); without it news answers 503 with how to set it up. */
  news?: NewsProvider | null;
  /** The events block's provider; default Evvnt at its public address. */
  events?: EventsProvider;
  /** Told when a feed is added, to read it at once; without it the polling sweep finds it. */
  feeds?: FeedScheduler | null;
  /** The spam check's SpamAssassin (SPAMASSASSIN_PATH); default `spamassassin` on PATH, where it may be missing. */
  spamAssassin?: SpamAssassinSettings;
}

/** Never in a log line: request logs carry no bodies, but a handler's own log might. */
const REDACTED = [
  'password',
  '*.password',
  'body.password',
  'req.body.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.headers["x-letterdesk-webhook-secret"]',
];

function withRedaction(logger: BuildAppOptions['logger']) {
  if (logger && typeof logger === 'object' && 'child' in logger) return { loggerInstance: logger };
  if (!logger) return { logger: false };
  const options = logger === true ? {} : logger;
  return { logger: { ...options, redact: { paths: REDACTED, censor: '[redacted]' } } };
}

export async function buildApp({
  db,
  logger = false,
  trustProxy,
  onRoute,
  smtpUrl,
  mailFrom,
  ai,
  aiLimits,
  imageStorage,
  allowHttpImageFetch,
  fetchGuard = PUBLIC_ONLY,
  delivery,
  dashboardExports,
  promotionExports,
  embedDashboardSecret,
  bounceWebhookSecret,
  publicUrl,
  news,
  events,
  feeds,
  sending,
  secret = ephemeralPlatformSecret(),
  senders,
  dnsLookup,
  spamAssassin,
}: BuildAppOptions): Promise<FastifyInstance> {
  const sendingSettings = sendingSettingsOf({ mailFrom, publicUrl, ...sending });
  const senderDirectory = senders ?? createSenderDirectory(db, secret, sendingSettings);
  // Made first so a malformed SMTP_URL stops the start rather than the first test send.
  const mail = createMailTransport(db, { smtpUrl, senders: senderDirectory, hostname: sendingSettings.mailHostname });
  const app = Fastify({
    ...withRedaction(logger),
    // Letters carry their whole body (sections, rendered html) in one request.
    bodyLimit: 16 * 1024 * 1024,
    ...(trustProxy ? { trustProxy } : {}),
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Before any route: the document collects routes as they are added.
  await app.register(apiDocs);
  // No limit on every route: sign-in counts its failures itself (http/login-limit.ts). Every
  // count is kept in the database, so the instances of a deployment share each limit.
  const limits = createSharedLimits(db);
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(limits) });
  app.addHook('preValidation', refuseNulCharacters);
  await app.register(authentication, { db });
  await app.register(idempotency, { db });
  await app.register(healthRoutes, { db, storage: imageStorage ?? null });
  await app.register(authRoutes, { db, limits });
  await app.register(letterRoutes, { db });
  await app.register(letterLifecycleRoutes, { db, delivery: delivery ?? null });
  await app.register(templateAutomationRoutes, { db });
  await app.register(letterRevisionRoutes, { db });
  await app.register(letterCopyRoutes, { db });
  await app.register(letterListRoutes, { db });
  await app.register(syncChangesRoutes, { db });
  await app.register(syncBatchRoutes, { db });
  await app.register(deliveryEventsRoutes, { db });
  await app.register(segmentRoutes, { db });
  await app.register(subscriberRoutes, { db, delivery: delivery ?? null });
  await app.register(featureFlagRoutes, { db });
  await app.register(mergeTagRoutes, { db });
  const aiMeter = createAiMeter(db, limits, aiLimits);
  await app.register(aiSuggestionRoutes, { db, ai: ai ?? null, meter: aiMeter });
  await app.register(aiRewriteRoutes, { db, ai: ai ?? null, meter: aiMeter });
  const images = { storage: imageStorage ?? null, allowHttp: allowHttpImageFetch ?? false, guard: fetchGuard };
  await app.register(mediaRoutes, { db, ...images });
  const readerLinks = createReaderLinks(secret);
  await app.register(publicUnsubscribeRoutes, { db, links: readerLinks });
  await app.register(publicOptOutRoutes, { db, links: readerLinks });
  await app.register(publicTestEmailRoutes);
  await app.register(publicCopyPageRoutes);
  await app.register(trackingRoutes, { db });
  await app.register(publicAssetRoutes);
  await app.register(publicArchiveRoutes, { db });
  await app.register(publicSubscribeRoutes, { db, mail, publicUrl: publicUrl ?? null, delivery: delivery ?? null });
  await app.register(bounceWebhookRoutes, { db, secret: bounceWebhookSecret ?? null });
  await app.register(letterMetricsRoutes, { db });
  await app.register(letterListMetricsRoutes, { db });
  await app.register(channelSettingsRoutes, { db });
  await app.register(channelSenderRoutes, { db, settings: sendingSettings, senders: senderDirectory });
  await app.register(sendingDomainRoutes, {
    db,
    secret,
    settings: sendingSettings,
    lookup: dnsLookup ?? createDnsLookup(sendingSettings),
    senders: senderDirectory,
  });
  await app.register(editionReportRoutes, { db, publicUrl: publicUrl ?? null });
  await app.register(linkPreviewRoutes, { guard: fetchGuard });
  await app.register(newsRoutes, { db, news: news ?? null });
  await app.register(evvntRoutes, { db, events: events ?? createEvvntProvider() });
  await app.register(iterableIntegrationRoutes, { db, secret });
  await app.register(htmlValidationRoutes, { db });
  await app.register(dashboardRoutes, { db, exports: dashboardExports ?? null });
  await app.register(embeddedDashboardRoutes, { db, secret: embedDashboardSecret ?? null });
  await app.register(embeddedDashboardPageRoutes, { db, secret: embedDashboardSecret ?? null });
  await app.register(curationRoutes, { db, feeds: feeds ?? null, guard: fetchGuard });
  await app.register(promotionCampaignRoutes, { db });
  await app.register(promotionCollateralRoutes, { db, ...images });
  await app.register(promotionAdTypeRoutes, { db });
  await app.register(promotionMetricRoutes, { db, exports: promotionExports ?? null });
  await app.register(promotionPeopleRoutes, { db });
  await app.register(promotionCollateralCallRoutes, { db, ...images });
  await app.register(promotionListRoutes, { db });
  await app.register(promotionsApprovedSinceScheduledRoutes, { db });
  await app.register(letterDeliveryRoutes, { db, mail, fetchGuard });
  await app.register(spamCheckRoutes, { db, senders: senderDirectory, checker: createSpamChecker(spamAssassin), fetchGuard });
  await app.register(pollRoutes, { db });
  await app.register(publicPollRoutes, { db, links: readerLinks });
  await app.register(previewAsRoutes, { db, links: readerLinks, fetchGuard });
  app.addHook('onClose', async () => mail.close());
  return app as unknown as FastifyInstance;
}
