import { z } from 'zod';
import { TemplateAutomationSchema, type TemplateAutomation } from '../../../shared/contract/platform-automations';
import { ChannelSettingsResponseSchema } from '../../../shared/contract/platform-channel-settings';
import { LetterListMetricsResponseSchema, type LetterListMetricsResponse } from '../../../shared/contract/platform-letter-list-metrics';
import type { ChannelSettings } from '../../../shared/model/channel-settings';
import {
  LetterListResponseSchema,
  LetterResponseSchema,
  LoginResponseSchema,
  MeResponseSchema,
  platformPaths,
  type CreateLetterRequest,
  type LoginRequest,
} from '../../../shared/contract/platform-api';
import { AudienceSegmentsResponseSchema, SEGMENT_PAGE_SIZE_MAX, type AudienceSegmentsResponse } from '../../../shared/contract/platform-audience';
import {
  SyncChangesResponseSchema,
  type ClaimRequest,
  type LetterSettingsRequest,
  type SaveOnSchedulingRequest,
  type SyncChangesResponse,
  type UpdateLetterRequest,
  type UpdatePrivateRequest,
  type UpdateStatusRequest,
} from '../../../shared/contract/platform-letters';
import { SyncBatchResponseSchema, type SyncBatchItem, type SyncBatchResult } from '../../../shared/contract/platform-sync-batch';
import {
  FeatureFlagResponseSchema,
  OrganizationFeatureFlagSchema,
  OrganizationFeatureFlagsSchema,
  ValidateMergeTagResponseSchema,
  type OrganizationFeatureFlag,
  type OrganizationFeatureFlags,
} from '../../../shared/contract/platform-audience';
import { DeliveryEventsResponseSchema, type DeliveryEventsResponse } from '../../../shared/contract/platform-delivery-events';
import {
  LocalMailboxPreviewSchema,
  LocalMailboxResponseSchema,
  TestEmailResponseSchema,
  type LocalMailboxPreview,
  type LocalMailboxResponse,
  type TestEmailResponse,
} from '../../../shared/contract/platform-delivery';
import { GenerateSuggestionsResponseSchema, type GenerateSuggestionsResponse } from '../../../shared/contract/platform-media';
import type { FeatureFlagName } from '../../../shared/model/feature-flags';
import type { Letter } from '../../../shared/model/letter';
import { RevisionListSchema, RevisionSchema, type Revision, type RevisionList } from '../../../shared/contract/platform-revisions';
import { SpamCheckResponseSchema, type SpamCheckRequest, type SpamCheckResponse } from '../../../shared/contract/platform-spam-check';
import { PreviewAsResponseSchema, type PreviewAsRequest, type PreviewAsResponse } from '../../../shared/contract/platform-preview-as';
import { createAiCalls, type AiCalls } from './ai-calls';
import { createAudienceClient, type AudienceClient } from './audience-client';
import { createCurationClient, type CurationClient } from './curation-client';
import { createDashboardCalls, type DashboardCalls } from './dashboard-calls';
import { createLinkContentCalls, type LinkContentCalls } from './link-content-calls';
import { createPlatformTransport, PlatformError } from './platform-transport';
import { createPollsClient, type PollsClient } from './polls-client';
import { createReportCalls, type ReportCalls } from './report-calls';
import { createSendingClient, type SendingClient } from './sending-client';

// The core's HTTP client for the platform API. Every answer is parsed with the shared
// contract, so a server that drifts from it fails loudly here, not in the UI. This file
// holds the session, letter and channel calls and puts the areas' calls together (the
// transport, reports, dashboards, link content, AI, and the clients of polls, audience,
// curation and sending each live in a file of their own).

export { PlatformError } from './platform-transport';
export type { DashboardCallQuery } from './dashboard-calls';

/** Signing in, and the letters and channel calls the composer and sync make (spec 1 §7). */
export interface LetterCalls {
  readonly baseUrl: string;
  health(): Promise<boolean>;
  login(body: LoginRequest): Promise<z.output<typeof LoginResponseSchema>>;
  me(): Promise<z.output<typeof MeResponseSchema>>;
  createLetter(brandSlug: string, channelSlug: string, body: CreateLetterRequest): Promise<Letter>;
  listLetters(brandSlug: string, channelSlug: string): Promise<z.output<typeof LetterListResponseSchema>>;
  getLetter(brandSlug: string, channelSlug: string, id: number): Promise<Letter | null>;
  claim(channelSlug: string, id: number, body: ClaimRequest): Promise<Letter>;
  /** Every audience option of the channels (page size 9999, as the composer asks). */
  audienceSegments(brandSlug: string, channelIds: readonly number[]): Promise<AudienceSegmentsResponse>;
  /** Letters changed after `since` (an opaque cursor), in commit order. */
  changes(since: string): Promise<SyncChangesResponse>;
  /** Scheduled sends starting, finishing or stopping; 'now' answers the cursor of this moment. */
  deliveryEvents(since: string): Promise<DeliveryEventsResponse>;
  /** Many creates and updates in one request and one platform transaction; one result per item, in order. */
  pushLetters(items: readonly SyncBatchItem[]): Promise<SyncBatchResult[]>;
  /** The whole editable letter (every local change in one request). */
  updateLetter(channelSlug: string, id: number, body: UpdateLetterRequest): Promise<Letter>;
  updateStatus(channelId: number, id: number, body: UpdateStatusRequest): Promise<Letter>;
  updateSettings(channelSlug: string, uniqueId: string, body: LetterSettingsRequest): Promise<Letter>;
  updatePrivate(channelSlug: string, id: number, body: UpdatePrivateRequest): Promise<Letter>;
  saveOnScheduling(channelId: number, id: number, body: SaveOnSchedulingRequest): Promise<Letter>;
  /** An automated template's next run, sent count and latest runs (issue 32). */
  templateAutomation(channelId: number, id: number): Promise<TemplateAutomation>;
  /** The letter's revisions, newest first, and one with its content (issue 35's history). */
  letterRevisions(channelId: number, id: number): Promise<RevisionList>;
  letterRevision(channelId: number, id: number, revisionId: number): Promise<Revision>;
  sendTestEmail(channelId: number, id: number, toEmail: string): Promise<TestEmailResponse>;
  /** The letter's email scored by the platform's SpamAssassin; the body carries the unsent subject and preview text. */
  spamCheck(channelId: number, id: number, body: SpamCheckRequest): Promise<SpamCheckResponse>;
  /** The letter as one reader will get it ('Preview as'); the body carries the unsent subject and preview text. */
  previewAs(channelId: number, id: number, body: PreviewAsRequest): Promise<PreviewAsResponse>;
  /** The emails the platform kept instead of sending (no SMTP server), and whether it has one. */
  localMailbox(): Promise<LocalMailboxResponse>;
  /** One kept email without its open pixel and with its tracked links resolved (the Local mailbox screen's preview). */
  localMailboxPreview(id: number): Promise<LocalMailboxPreview>;
  validateMergeTag(letterId: number, mergeTag: string): Promise<{ valid: boolean; message: string }>;
  suggest(letterId: number, field: 'subject' | 'previewText', uniqueId: string): Promise<GenerateSuggestionsResponse>;
  featureFlag(name: FeatureFlagName, brandSlug: string, channelId: number): Promise<boolean>;
  /** Every flag as the organization has it, and whether the caller may switch them. */
  organizationFeatureFlags(brandSlug: string): Promise<OrganizationFeatureFlags>;
  /** Turns a flag on or off for the organization and all its channels (owners and admins). */
  setOrganizationFeatureFlag(brandSlug: string, name: FeatureFlagName, enabled: boolean): Promise<OrganizationFeatureFlag>;
  deleteLetter(brandSlug: string, channelSlug: string, id: number): Promise<void>;
  letterListMetrics(brandSlug: string, channelSlug: string, ids: readonly number[]): Promise<LetterListMetricsResponse>;
  channelSettings(brandSlug: string, channelSlug: string): Promise<ChannelSettings>;
  saveChannelSettings(brandSlug: string, channelSlug: string, settings: ChannelSettings): Promise<ChannelSettings>;
}

export interface PlatformClient extends LetterCalls, ReportCalls, DashboardCalls, LinkContentCalls, AiCalls {
  /** The poll calls (polls-client.ts). */
  readonly polls: PollsClient;
  /** The subscribers and segments screens' calls (audience-client.ts). */
  readonly audience: AudienceClient;
  /** Feeds, aggregates, tags and categories (curation-client.ts). */
  curation: CurationClient;
  /** A channel's From, the sending domains and the deliverability checks (sending-client.ts). */
  readonly sending: SendingClient;
  /** A call whose path and answer schema the caller's contract holds (the promotions family). */
  request<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: S, body?: unknown): Promise<z.output<S>>;
  /** A GET answered with text (CSV downloads). */
  requestText(path: string): Promise<string>;
}

export function createPlatformClient(baseUrl: string, getToken: () => string | null): PlatformClient {
  const transport = createPlatformTransport(baseUrl, getToken, platformPaths.health());
  const { call, getText } = transport;
  return {
    ...letterCalls(transport.root, call, transport.healthy),
    ...createReportCalls(transport),
    ...createDashboardCalls(transport),
    ...createLinkContentCalls(transport),
    ...createAiCalls(transport),
    polls: createPollsClient(call, getText),
    audience: createAudienceClient(call, getText),
    curation: createCurationClient((method, path, schema, body) => call(method, path, schema, body)),
    sending: createSendingClient((method, path, schema, body) => call(method, path, schema, body)),
    request: (method, path, schema, body) => call(method, path, schema, body),
    requestText: (path) => getText(path),
  };
}

function letterCalls(root: string, call: ReturnType<typeof createPlatformTransport>['call'], healthy: () => Promise<boolean>): LetterCalls {
  return {
    baseUrl: root,
    health: healthy,
    login: (body) => call('POST', platformPaths.login(), LoginResponseSchema, body),
    me: () => call('GET', platformPaths.me(), MeResponseSchema),
    createLetter: (brandSlug, channelSlug, body) =>
      call('POST', platformPaths.letters(brandSlug, channelSlug), LetterResponseSchema, body, { idempotent: true }),
    listLetters: (brandSlug, channelSlug) => call('GET', platformPaths.letters(brandSlug, channelSlug), LetterListResponseSchema),
    async getLetter(brandSlug, channelSlug, id) {
      try {
        return await call('GET', platformPaths.letter(brandSlug, channelSlug, id), LetterResponseSchema);
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404) return null;
        throw error;
      }
    },
    claim: (channelSlug, id, body) => call('POST', platformPaths.claimLetter(channelSlug, id), LetterResponseSchema, body),
    audienceSegments: (brandSlug, channelIds) =>
      call(
        'GET',
        `${platformPaths.audienceSegments(brandSlug)}?${[...channelIds.map((id) => `channels[]=${id}`), `limit=${SEGMENT_PAGE_SIZE_MAX}`, 'page=1'].join('&')}`,
        AudienceSegmentsResponseSchema,
      ),
    changes: (since) => call('GET', `${platformPaths.syncChanges()}?since=${encodeURIComponent(since)}`, SyncChangesResponseSchema),
    deliveryEvents: (since) =>
      call('GET', `${platformPaths.deliveryEvents()}?since=${encodeURIComponent(since)}`, DeliveryEventsResponseSchema),
    updateLetter: (channelSlug, id, body) =>
      call('POST', platformPaths.updateLetter(channelSlug, id), LetterResponseSchema, body, { idempotent: true }),
    async pushLetters(items) {
      const { results } = await call('POST', platformPaths.syncLettersBatch(), SyncBatchResponseSchema, { items }, { idempotent: true });
      if (results.length !== items.length) throw new PlatformError('http', `The platform answered ${results.length} results for ${items.length} letters.`, 502);
      return results;
    },
    updateStatus: (channelId, id, body) => call('POST', platformPaths.updateStatus(channelId, id), LetterResponseSchema, body),
    updateSettings: (channelSlug, uniqueId, body) =>
      call('POST', platformPaths.letterSettings(channelSlug, uniqueId), LetterResponseSchema, body, { idempotent: true }),
    updatePrivate: (channelSlug, id, body) =>
      call('POST', platformPaths.updatePrivate(channelSlug, id), LetterResponseSchema, body, { idempotent: true }),
    saveOnScheduling: (channelId, id, body) => call('POST', platformPaths.saveOnScheduling(channelId, id), LetterResponseSchema, body),
    templateAutomation: (channelId, id) => call('GET', platformPaths.templateAutomation(channelId, id), TemplateAutomationSchema),
    letterRevisions: (channelId, id) => call('GET', platformPaths.letterRevisions(channelId, id), RevisionListSchema),
    letterRevision: (channelId, id, revisionId) => call('GET', platformPaths.letterRevision(channelId, id, revisionId), RevisionSchema),
    sendTestEmail: (channelId, id, toEmail) => call('POST', platformPaths.sendTestEmail(channelId, id), TestEmailResponseSchema, { toEmail }),
    spamCheck: (channelId, id, body) => call('POST', platformPaths.spamCheck(channelId, id), SpamCheckResponseSchema, body),
    previewAs: (channelId, id, body) => call('POST', platformPaths.previewAs(channelId, id), PreviewAsResponseSchema, body),
    localMailbox: () => call('GET', platformPaths.localMailbox(), LocalMailboxResponseSchema),
    localMailboxPreview: (id) => call('GET', platformPaths.localMailboxPreview(id), LocalMailboxPreviewSchema),
    validateMergeTag: (letterId, mergeTag) => call('POST', platformPaths.validateMergeTag(letterId), ValidateMergeTagResponseSchema, { mergeTag }),
    suggest: (letterId, field, uniqueId) =>
      call(
        'POST',
        field === 'subject' ? platformPaths.generateSubject(letterId) : platformPaths.generatePreviewText(letterId),
        GenerateSuggestionsResponseSchema,
        { uniqueId },
      ),
    featureFlag: async (name, brandSlug, channelId) =>
      (
        await call(
          'GET',
          `${platformPaths.featureFlag(name)}?brandSlug=${encodeURIComponent(brandSlug)}&channelId=${channelId}`,
          FeatureFlagResponseSchema,
        )
      ).enabled,
    organizationFeatureFlags: (brandSlug) => call('GET', platformPaths.organizationFeatureFlags(brandSlug), OrganizationFeatureFlagsSchema),
    setOrganizationFeatureFlag: (brandSlug, name, enabled) =>
      call('PUT', platformPaths.organizationFeatureFlag(brandSlug, name), OrganizationFeatureFlagSchema, { enabled }),
    deleteLetter: async (brandSlug, channelSlug, id) => {
      await call('DELETE', platformPaths.letter(brandSlug, channelSlug, id), z.null());
    },
    letterListMetrics: (brandSlug, channelSlug, ids) =>
      call('GET', `${platformPaths.letterListMetrics(brandSlug, channelSlug)}?${ids.map((id) => `ids[]=${id}`).join('&')}`, LetterListMetricsResponseSchema),
    channelSettings: (brandSlug, channelSlug) => call('GET', platformPaths.channelSettings(brandSlug, channelSlug), ChannelSettingsResponseSchema),
    saveChannelSettings: (brandSlug, channelSlug, settings) =>
      call('PUT', platformPaths.channelSettings(brandSlug, channelSlug), ChannelSettingsResponseSchema, settings),
  };
}
