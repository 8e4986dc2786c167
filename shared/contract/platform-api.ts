import { z } from 'zod';
import { int4 } from '../model/column-ranges';
import { OrganizationSchema, UserSchema } from '../model/channel';
import { DeltaOpSchema, DeltaSchema, emptyDelta, type Delta } from '../model/delta';
import { PublicationEvent, PublicationStatus } from '../model/publication';
import { AuthorSchema, LetterSchema, LetterSummarySchema, PublicationStatusSchema } from '../model/letter';

// The platform API as the server serves it and the core's client calls it: one place for
// paths and payloads, so the two sides cannot drift (spec 1 §7, DECISIONS conventions).

export const API_PREFIX = '/api';

/**
 * The account an embedded platform seeds into an empty database and the desktop app signs
 * into without asking (DECISIONS: the embedded local server has one owner account).
 */
export const EMBEDDED_ACCOUNT = { email: 'editor@example.com', password: 'letterdesk' } as const;

export const platformPaths = {
  health: () => `${API_PREFIX}/health`,
  ready: () => `${API_PREFIX}/health/ready`,
  login: () => `${API_PREFIX}/auth/login`,
  logout: () => `${API_PREFIX}/auth/logout`,
  me: () => `${API_PREFIX}/me`,
  letters: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters`,
  letter: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters/${id}`,
  autosave: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/autosave`,
  // Audience, feature flags and merge tags (platform-audience.ts holds their payloads).
  audienceSegments: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/audience/segments`,
  segments: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/segments`,
  segment: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/segments/${id}`,
  /** POST { criteria } → { total }: the live count while a segment is edited. */
  segmentsCount: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/segments/count`,
  /** POST { emails } → { unsubscribed, bounced }: what a 'Specific emails' send will leave out. */
  specificEmailsLeftOut: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/segments/specific-emails/left-out`,
  segmentCriterias: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/segments/criterias`,
  subscribers: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers`,
  subscribersImport: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/import`,
  subscribersImportProgress: (brandSlug: string, channelSlug: string, importId: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/imports/${enc(importId)}`,
  subscribersExport: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/export`,
  subscribersBulkTags: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/tags`,
  /** GET (with the letters they got), PATCH, DELETE. */
  subscriber: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/${id}`,
  subscriberUnsubscribe: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/subscribers/${id}/unsubscribe`,
  featureFlag: (name: string) => `${API_PREFIX}/feature-flags/${enc(name)}`,
  // An organization's flags (the Features section of Settings; not in the spec, which only looks flags up).
  organizationFeatureFlags: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/feature-flags`,
  organizationFeatureFlag: (brandSlug: string, name: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/feature-flags/${enc(name)}`,
  validateMergeTag: (letterId: number) => `${API_PREFIX}/letters/${letterId}/validate-merge-tag`,
  // The rest of the letter lifecycle (platform-letters.ts holds their payloads). Deleting
  // a letter uses `letter(...)` with DELETE.
  resolveLetterId: (channelSlug: string, idOrUniqueId: number | string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${enc(String(idOrUniqueId))}/resolveId`,
  saveOnScheduling: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/save-on-scheduling`,
  updateStatus: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/update-status`,
  /** Not in the spec (issue 32): what an automated template has done and does next. */
  templateAutomation: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/automation`,
  updateLetter: (channelSlug: string, id: number) => `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${id}/update-letter`,
  updatePrivate: (channelSlug: string, id: number) => `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${id}/update-private`,
  letterSettings: (channelSlug: string, uniqueId: string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${enc(uniqueId)}/settings`,
  claimLetter: (channelSlug: string, id: number) => `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${id}/claim`,
  cloneLetter: (id: number) => `${API_PREFIX}/letters/${id}/clone`,
  channelLetters: (channelSlug: string) => `${API_PREFIX}/channels/${enc(channelSlug)}/letters`,
  includeCompanyLetters: (channelId: number, id: number) =>
    `${API_PREFIX}/channels/${channelId}/letters/${id}/include-company-letters`,
  syncChanges: () => `${API_PREFIX}/sync/changes`,
  /** Many creates and whole-letter updates in one transaction (platform-sync-batch.ts). */
  syncLettersBatch: () => `${API_PREFIX}/sync/letters/batch`,
  /** Scheduled sends starting, finishing or stopping (platform-delivery-events.ts). */
  deliveryEvents: () => `${API_PREFIX}/sync/delivery-events`,
  // Suggestions and images (platform-media.ts holds their payloads). Stored images are
  // served publicly outside /api, since emails link to them.
  generateSubject: (letterId: number) => `${API_PREFIX}/letters/${letterId}/actions/generate-subject`,
  generatePreviewText: (letterId: number) => `${API_PREFIX}/letters/${letterId}/actions/generate-preview-text`,
  /** The AI assistant's rewrite of a section, and whether the platform has an AI service (platform-ai-rewrite.ts). */
  aiRewrite: () => `${API_PREFIX}/autopilot/rewrite`,
  aiStatus: () => `${API_PREFIX}/autopilot/status`,
  uploadFromUrl: (brandSlug: string, channelSlug: string, letterId: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters/${letterId}/media/upload-from-url`,
  /** An image file from the desktop app: the body is the image's bytes (platform-media.ts). */
  uploadMedia: (brandSlug: string, channelSlug: string, letterId: number) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters/${letterId}/media/upload`,
  media: (storageKey: string) => `/media/${enc(storageKey)}`,
  // Rendering and test sends (platform-delivery.ts holds their payloads). generatePreview
  // takes the letter's id or uniqueId; the two test paths are the spec's two names.
  generatePreview: (channelSlug: string, idOrUniqueId: number | string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${enc(String(idOrUniqueId))}/generate-preview`,
  sendTestEmail: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/sendTestEmail`,
  testEmail: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/test`,
  /** The letter's email through the platform's SpamAssassin (platform-spam-check.ts). */
  spamCheck: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/spam-check`,
  /** The letter as one reader will get it ('Preview as', platform-preview-as.ts). */
  previewAs: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/preview-as`,
  /** A letter's version history and one revision of it (platform-revisions.ts). */
  letterRevisions: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/revisions`,
  letterRevision: (channelId: number, id: number, revisionId: number) =>
    `${API_PREFIX}/channels/${channelId}/letters/${id}/revisions/${revisionId}`,
  localMailbox: () => `${API_PREFIX}/local-mailbox`,
  localMailboxPreview: (id: number) => `${API_PREFIX}/local-mailbox/${id}/preview`,
  // Edition metrics of a scheduled send (platform-metrics.ts holds their payloads).
  letterMetrics: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/metrics`,
  letterMetricsClicks: (channelId: number, id: number) => `${API_PREFIX}/channels/${channelId}/letters/${id}/metrics/clicks`,
  // The same two by the channel's slug and the letter's uniqueId (spec 1 §7 "by channelSlug and
  // letter uniqueId"; a path of its own, since a slug and an id cannot share one route).
  editionMetrics: (channelSlug: string, uniqueId: string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${enc(uniqueId)}/edition-metrics`,
  editionMetricsClicks: (channelSlug: string, uniqueId: string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/letters/${enc(uniqueId)}/edition-metrics/clicks`,
  // An edition's report (platform-reports.ts holds their payloads).
  report: (brandSlug: string, channelSlug: string, id: number) => `${reportBase(brandSlug, channelSlug, id)}`,
  reportHourPerformance: (brandSlug: string, channelSlug: string, id: number) =>
    `${reportBase(brandSlug, channelSlug, id)}/hour-performance`,
  reportOpensByCountry: (brandSlug: string, channelSlug: string, id: number) =>
    `${reportBase(brandSlug, channelSlug, id)}/opens-by-country`,
  reportTopLinks: (brandSlug: string, channelSlug: string, id: number) =>
    `${reportBase(brandSlug, channelSlug, id)}/top-links-clicked`,
  reportUserActivity: (brandSlug: string, channelSlug: string, id: number) =>
    `${reportBase(brandSlug, channelSlug, id)}/user-activity`,
  reportUserActivityCsv: (brandSlug: string, channelSlug: string, id: number) =>
    `${reportBase(brandSlug, channelSlug, id)}/user-activity/download/csv`,
  /** The email the latest send used, per variant (SentEmailResponseSchema). */
  reportSentEmail: (brandSlug: string, channelSlug: string, id: number) => `${reportBase(brandSlug, channelSlug, id)}/sent-email`,
  reportCsv: (brandSlug: string, channelSlug: string, id: number, type: string) =>
    `${reportBase(brandSlug, channelSlug, id)}/download/csv/${enc(type)}`,
  /** Counts for a page of the letters list (platform-letter-list-metrics.ts). */
  letterListMetrics: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters/metrics`,
  // The metrics dashboards (platform-dashboards.ts holds their payloads); `channelSlug`
  // given, the channel variant.
  dashboardActiveSubscribers: (slug: string, channelSlug?: string) => `${dashboardBase(slug, channelSlug)}/active-subscribers`,
  dashboardLetters: (slug: string, channelSlug?: string) => `${dashboardBase(slug, channelSlug)}/letters`,
  dashboardAudience: (slug: string, channelSlug?: string) => `${dashboardBase(slug, channelSlug)}/audience`,
  /** POST: an embedded dashboard (platform-embedded-dashboards.ts) of every organization of the caller, one, or one channel. */
  embedAudienceMetrics: () => `${API_PREFIX}/audience/metrics`,
  embedOrganizationMetrics: (slug: string) => `${API_PREFIX}/organizations/${enc(slug)}/audience/metrics`,
  embedChannelMetrics: (slug: string, channelSlug: string) => `${API_PREFIX}/organizations/${enc(slug)}/channels/${enc(channelSlug)}/metrics`,
  /** POST: queue a CSV export emailed to the body's addresses (kind: active-subscribers, clicks, letters). */
  dashboardExport: (slug: string, kind: string, channelSlug?: string) => `${dashboardBase(slug, channelSlug)}/${enc(kind)}/export`,
  myLettersMetrics: () => `${API_PREFIX}/letters/metrics`,
  organizationLettersMetrics: (slug: string) => `${API_PREFIX}/organizations/${enc(slug)}/letters/organization-metrics`,
  organizationLettersMetricsFiltered: (slug: string) => `${API_PREFIX}/organizations/${enc(slug)}/letters/metrics`,
  // Polls (platform-polls.ts holds their payloads, spec 3 §7): an organization's polls (POST
  // `poll` updates, DELETE deletes), and the channel calls the composer and report use.
  polls: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/polls`,
  poll: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/polls/${id}`,
  pollMetrics: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/polls/${id}/metrics`,
  pollMetricsDownload: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/polls/${id}/metrics/download`,
  channelPolls: (channelSlug: string) => `${API_PREFIX}/channels/${enc(channelSlug)}/polls`,
  channelPoll: (channelSlug: string, id: number) => `${API_PREFIX}/channels/${enc(channelSlug)}/polls/${id}`,
  pollLetterDetails: (channelSlug: string, id: number, letterRef: string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/polls/${id}/letter/${enc(letterRef)}/details`,
  pollLetterSummary: (channelSlug: string, letterRef: string) =>
    `${API_PREFIX}/channels/${enc(channelSlug)}/polls/letter/${enc(letterRef)}/summary`,
  /** The channel settings screen (platform-channel-settings.ts): GET and PUT. */
  channelSettings: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/settings`,
  // Sending identity (platform-sending.ts): a channel's From / Reply-To, the organization's
  // sending domains (POST adds one; per domain: DELETE, POST check, POST rotate-dkim) and
  // the deliverability checks shown to its owners.
  channelSender: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/sender`,
  sendingDomains: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/sending-domains`,
  sendingDomain: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/sending-domains/${id}`,
  sendingDomainCheck: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/sending-domains/${id}/check`,
  sendingDomainRotateDkim: (brandSlug: string, id: number) => `${API_PREFIX}/organizations/${enc(brandSlug)}/sending-domains/${id}/rotate-dkim`,
  deliverabilityChecks: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/deliverability-checks`,
  // Link previews, news, events and HTML validation (platform-link-content.ts).
  crawl: () => `${API_PREFIX}/v2/curations/crawl`,
  news: (channelSlug: string) => `${API_PREFIX}/channels/${enc(channelSlug)}/letters/news`,
  evvntIntegration: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/integrations/evvnt`,
  // The organization's Iterable API key (platform-iterable.ts).
  iterableIntegration: (brandSlug: string) => `${API_PREFIX}/organizations/${enc(brandSlug)}/integrations/iterable`,
  evvntCategories: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/evvnt/categories`,
  evvntEvents: (brandSlug: string, channelSlug: string) => `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/evvnt/events`,
  validateHtml: () => `${API_PREFIX}/contents/validate/html`,
  // Curation (platform-curation.ts holds their payloads; spec 3 §7 "Curation").
  feeds: (brandSlug: string, channelSlug: string) => `${API_PREFIX}/v1/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/feeds`,
  feed: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/v1/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/feeds/${id}`,
  validateFeed: () => `${API_PREFIX}/v2/rss/validate`,
  aggregates: (brandSlug: string, channelSlug: string) =>
    `${API_PREFIX}/v2/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/aggregates`,
  aggregate: (brandSlug: string, channelSlug: string, id: number) =>
    `${API_PREFIX}/v2/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/aggregates/${id}`,
  curationAllTags: () => `${API_PREFIX}/curations/all-tags`,
  curationAllCategories: () => `${API_PREFIX}/curations/all-categories`,
  curationTags: () => `${API_PREFIX}/curations/tags`,
  curationSiteNames: () => `${API_PREFIX}/curations/site-names`,
  taxonomyTerms: (taxonomy: string) => `${API_PREFIX}/v1/taxonomies/${enc(taxonomy)}/terms`,
  taxonomyTerm: (taxonomy: string, term: number) => `${API_PREFIX}/v1/taxonomies/${enc(taxonomy)}/terms/${term}`,
} as const;

function reportBase(brandSlug: string, channelSlug: string, id: number): string {
  return `${API_PREFIX}/brands/${enc(brandSlug)}/channels/${enc(channelSlug)}/letters/${id}/metrics`;
}

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

/** Every failure answer: `message` is what the user reads; `errors` holds field messages. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Every fetch the platform makes for a user (link previews, feeds, images from an address)
 * refuses loopback, private and other non-public addresses with this (422, field `url`
 * or the call's own field), unless the platform allows them (ALLOW_PRIVATE_FETCH).
 */
export const ADDRESS_NOT_REACHABLE_MESSAGE = 'That address is not reachable from the platform.';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready: whether this instance can serve (200) or not (503), for a load
 * balancer or orchestrator. `storage` is 'none' on a platform that keeps no images.
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'failing']),
  storage: z.enum(['ok', 'failing', 'none']),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const MeResponseSchema = z.object({
  user: UserSchema,
  organizations: z.array(OrganizationSchema),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

/**
 * The spec's create sends `delta` empty; '', null, [] and {} all mean no operations, and a
 * bare list of operations is taken as the delta's.
 */
export const CreateLetterDeltaSchema = z
  .union([DeltaSchema, z.array(DeltaOpSchema), z.literal(''), z.null(), z.strictObject({})])
  .transform((delta): Delta => {
    if (Array.isArray(delta)) return { ops: delta };
    return delta !== null && typeof delta === 'object' && 'ops' in delta ? (delta as Delta) : emptyDelta();
  });

/**
 * Create a letter (spec 1 §7): `settings` travels as a JSON string. The desktop makes the
 * `uniqueId` itself, so a letter drafted offline keeps its identity (DECISIONS); a client
 * that sends the spec's payload alone gets one from the platform. What a payload leaves
 * out is what a new letter starts with (shared/model/new-letter.ts): the platform fills
 * it, and `settings` may name only the fields that differ from a new letter's.
 */
export const CreateLetterRequestSchema = z.object({
  /**
   * Not in the spec's payload: the desktop sends the id it drafted the letter under offline,
   * so a retried create finds it again. Without it the platform makes one.
   */
  uniqueId: z.string().min(1).max(64).optional(),
  /** Missing: the creator, as a new letter has. */
  authors: z.array(AuthorSchema).optional(),
  /** Missing: the footer alone, as a new letter has. */
  blocks: z.string().optional(),
  /** Missing: the channel of the address. */
  channelId: int4().optional(),
  copyRendered: z.string().default(''),
  delta: CreateLetterDeltaSchema.default(emptyDelta),
  emailTemplate: z.string().default(''),
  includePromotions: z.boolean().default(false),
  openGraphHeadline: z.string().default(''),
  openGraphDescription: z.string().default(''),
  openGraphImageUrl: z.string().default(''),
  private: z.boolean().default(false),
  publicationDate: z.string().nullable().default(null),
  publicationStatus: PublicationStatusSchema.default(PublicationStatus.draft),
  publicationEvent: int4().default(PublicationEvent.date),
  segmentId: int4().nullable().default(null),
  subtitle: z.string().default(''),
  /** A JSON string (the spec's) or an object: the fields that differ from a new letter's settings. Missing: a new letter's. */
  settings: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  title: z.string().default(''),
});
export type CreateLetterRequest = z.input<typeof CreateLetterRequestSchema>;
/** The request as the platform reads it, defaults filled. */
export type CreateLetterFields = z.output<typeof CreateLetterRequestSchema>;

export const LetterResponseSchema = LetterSchema;

export const LetterListResponseSchema = z.object({ items: z.array(LetterSummarySchema) });
export type LetterListResponse = z.infer<typeof LetterListResponseSchema>;

/**
 * Autosave (spec 1 §7) plus the version the edit was based on (DECISIONS: concurrency). The
 * spec's own payload has no version; without one, only a claim by someone else refuses it.
 */
export const AutosaveRequestSchema = z.object({
  blocks: z.string(),
  title: z.string(),
  claimant: z.string().nullable(),
  uniqueId: z.string().min(1),
  publicationStatus: PublicationStatusSchema,
  baseVersion: int4().nonnegative().optional(),
});
export type AutosaveRequest = z.infer<typeof AutosaveRequestSchema>;

function dashboardBase(slug: string, channelSlug?: string): string {
  const organization = `${API_PREFIX}/organizations/${enc(slug)}`;
  return channelSlug === undefined ? `${organization}/metrics` : `${organization}/channels/${enc(channelSlug)}/metrics`;
}
