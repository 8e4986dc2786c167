import { createHash } from 'node:crypto';
import { createCurationClient, type CurationClient } from './curation-client';
import { createSendingClient, type SendingClient } from './sending-client';
import { z } from 'zod';
import { ChannelSettingsResponseSchema } from '../../../shared/contract/platform-channel-settings';
import { LetterListMetricsResponseSchema, type LetterListMetricsResponse } from '../../../shared/contract/platform-letter-list-metrics';
import type { ChannelSettings } from '../../../shared/model/channel-settings';
import {
  ApiErrorSchema,
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
import { FeatureFlagResponseSchema, ValidateMergeTagResponseSchema } from '../../../shared/contract/platform-audience';
import { DeliveryEventsResponseSchema, type DeliveryEventsResponse } from '../../../shared/contract/platform-delivery-events';
import {
  LocalMailboxResponseSchema,
  TestEmailResponseSchema,
  type LocalMailboxResponse,
  type TestEmailResponse,
} from '../../../shared/contract/platform-delivery';
import { GenerateSuggestionsResponseSchema, type GenerateSuggestionsResponse } from '../../../shared/contract/platform-media';
import {
  ActiveSubscribersResponseSchema,
  AudienceResponseSchema,
  DashboardLettersResponseSchema,
  type ActiveSubscribersResponse,
  type AudienceResponse,
  type DashboardLettersResponse,
  DashboardExportResponseSchema,
  type DashboardExportKind,
  type DashboardExportRequest,
  type DashboardExportResponse,
} from '../../../shared/contract/platform-dashboards';
import { EmbedDashboardResponseSchema, type EmbedDashboardRequest, type EmbedDashboardResponse } from '../../../shared/contract/platform-embedded-dashboards';
import {
  ClickLinksResponseSchema,
  EditionMetricsResponseSchema,
  activityQuery,
  type Activity,
  type ClickLinksResponse,
  type EditionMetricsResponse,
} from '../../../shared/contract/platform-metrics';
import {
  EditionReportResponseSchema,
  HourPerformanceResponseSchema,
  OpensByCountryResponseSchema,
  SentEmailResponseSchema,
  TopLinksResponseSchema,
  UserActivityResponseSchema,
  type EditionReportResponse,
  type HourPerformanceResponse,
  type OpensByCountryResponse,
  type ReportCsvQuery,
  type ReportCsvType,
  type SentEmailResponse,
  type TopLinksResponse,
  type UserActivityQuery,
  type UserActivityResponse,
} from '../../../shared/contract/platform-reports';
import {
  AiStatusResponseSchema,
  RewriteStreamEventSchema,
  type AiStatusResponse,
  type RewriteRequest,
} from '../../../shared/contract/platform-ai-rewrite';
import type { Delta } from '../../../shared/model/delta';
import type { FeatureFlagName } from '../../../shared/model/feature-flags';
import {
  CrawlResponseSchema,
  EventCategoriesResponseSchema,
  EventsResponseSchema,
  EvvntIntegrationSchema,
  NewsArticlesResponseSchema,
  NewsSourcesResponseSchema,
  ValidateHtmlResponseSchema,
  type EventCategoriesResponse,
  type EventsQuery,
  type EventsResponse,
  type EvvntIntegration,
  type NewsArticlesResponse,
  type NewsQuery,
  type NewsSourcesResponse,
  type ValidateHtmlRequest,
  type ValidateHtmlResponse,
} from '../../../shared/contract/platform-link-content';
import type { UrlPreview } from '../../../shared/model/blocks/feeds';
import { createPollsClient, type PollsClient } from './polls-client';
import { createAudienceClient, type AudienceClient } from './audience-client';
import type { Letter } from '../../../shared/model/letter';

// The core's HTTP client for the platform API. Every answer is parsed with the shared
// contract, so a server that drifts from it fails loudly here, not in the UI.

const REQUEST_TIMEOUT_MS = 15_000;
/** A streamed rewrite: the platform gives the model two minutes, and a little more for itself. */
const REWRITE_TIMEOUT_MS = 150_000;

/**
 * `network`: the platform could not be reached (offline, refused, timed out) — retry later.
 * `http`: the platform answered with an error status and, usually, a message for the user.
 */
export class PlatformError extends Error {
  constructor(
    readonly kind: 'network' | 'http',
    message: string,
    readonly status: number | null = null,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'PlatformError';
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** A 4xx other than 401/408/429 will fail the same way however often it is sent. */
  get isPermanent(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500 && ![401, 408, 429].includes(this.status);
  }
}

export interface PlatformClient {
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
  sendTestEmail(channelId: number, id: number, toEmail: string): Promise<TestEmailResponse>;
  /** The emails the platform kept instead of sending (no SMTP server), and whether it has one. */
  localMailbox(): Promise<LocalMailboxResponse>;
  validateMergeTag(letterId: number, mergeTag: string): Promise<{ valid: boolean; message: string }>;
  suggest(letterId: number, field: 'subject' | 'previewText', uniqueId: string): Promise<GenerateSuggestionsResponse>;
  featureFlag(name: FeatureFlagName, brandSlug: string, channelId: number): Promise<boolean>;
  // An edition's report (spec 1 §7 Edition metrics).
  /** The metrics calls count people's clicks unless asked for every click (activity 'all'). */
  letterMetrics(channelId: number, id: number, activity?: Activity): Promise<EditionMetricsResponse>;
  letterMetricsClicks(channelId: number, id: number, activity?: Activity): Promise<ClickLinksResponse>;
  report(brandSlug: string, channelSlug: string, id: number, activity?: Activity): Promise<EditionReportResponse>;
  reportHourPerformance(brandSlug: string, channelSlug: string, id: number, activity?: Activity): Promise<HourPerformanceResponse>;
  reportOpensByCountry(brandSlug: string, channelSlug: string, id: number): Promise<OpensByCountryResponse>;
  /** The email the latest send used, per variant; empty before a send was kept. */
  reportSentEmail(brandSlug: string, channelSlug: string, id: number): Promise<SentEmailResponse>;
  /** The legacy top-links-clicked (letters published before 2023-12-15 answer `{url, clicks}`). */
  reportTopLinks(brandSlug: string, channelSlug: string, id: number, activity?: Activity): Promise<TopLinksResponse>;
  reportUserActivity(brandSlug: string, channelSlug: string, id: number, query: UserActivityQuery): Promise<UserActivityResponse>;
  reportUserActivityCsv(brandSlug: string, channelSlug: string, id: number, query: Pick<UserActivityQuery, 'filter' | 'search'>): Promise<string>;
  reportCsv(brandSlug: string, channelSlug: string, id: number, type: ReportCsvType, query: ReportCsvQuery): Promise<string>;
  deleteLetter(brandSlug: string, channelSlug: string, id: number): Promise<void>;
  letterListMetrics(brandSlug: string, channelSlug: string, ids: readonly number[]): Promise<LetterListMetricsResponse>;
  channelSettings(brandSlug: string, channelSlug: string): Promise<ChannelSettings>;
  /** Whether the platform has an AI service configured. */
  aiStatus(): Promise<AiStatusResponse>;
  /**
   * The AI rewrite of a section (POST autopilot/rewrite): `onText` hears each piece of the
   * model's answer as it arrives; resolves to the suggestion, or throws a PlatformError with
   * the platform's reason (status null when the stream itself ended in an error).
   */
  rewrite(body: RewriteRequest, options: { onText: (text: string) => void; signal?: AbortSignal }): Promise<Delta>;
  saveChannelSettings(brandSlug: string, channelSlug: string, settings: ChannelSettings): Promise<ChannelSettings>;
  // Link previews, news, events and HTML validation (platform-link-content.ts).
  crawl(url: string): Promise<UrlPreview>;
  news(channelSlug: string, query: Omit<NewsQuery, 'type' | 'page'>): Promise<NewsArticlesResponse>;
  newsSources(channelSlug: string, category: NewsQuery['category']): Promise<NewsSourcesResponse>;
  evvntIntegration(brandSlug: string): Promise<EvvntIntegration>;
  saveEvvntIntegration(brandSlug: string, token: string): Promise<EvvntIntegration>;
  removeEvvntIntegration(brandSlug: string): Promise<EvvntIntegration>;
  evvntCategories(brandSlug: string, channelSlug: string): Promise<EventCategoriesResponse>;
  evvntEvents(brandSlug: string, channelSlug: string, query: EventsQuery): Promise<EventsResponse>;
  validateHtml(body: ValidateHtmlRequest): Promise<ValidateHtmlResponse>;
  // The metrics dashboards (spec 1 §7): an organization's, or with channelSlug one channel's.
  dashboardActiveSubscribers(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery): Promise<ActiveSubscribersResponse>;
  dashboardLetters(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery & { page: number }): Promise<DashboardLettersResponse>;
  dashboardAudience(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery): Promise<AudienceResponse>;
  dashboardExport(brandSlug: string, channelSlug: string | undefined, kind: DashboardExportKind, body: DashboardExportRequest): Promise<DashboardExportResponse>;
  /** An embedded dashboard: of the caller's organizations (no brandSlug), one, or one channel. */
  embedDashboard(brandSlug: string | undefined, channelSlug: string | undefined, body: EmbedDashboardRequest): Promise<EmbedDashboardResponse>;
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

/** A dashboard call's period and, for an organization, the channels it narrows to (none: all). */
export interface DashboardCallQuery {
  from: string;
  to: string;
  channels?: readonly string[];
  /** Whose clicks the letters and audience count; people's when absent. */
  activity?: Activity;
}

export function createPlatformClient(baseUrl: string, getToken: () => string | null): PlatformClient {
  const root = baseUrl.replace(/\/+$/, '');

  /**
   * `idempotent`: the request carries a key made from its path and body, so sending the same
   * push again (its first answer lost) is applied once; a push with new content gets a new key.
   */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    schema: S,
    body?: unknown,
    options: { idempotent?: boolean; contentType?: string; timeoutMs?: number } = {},
  ): Promise<z.output<S>> {
    const response = await send(method, path, 'application/json', body, options);
    // 204 (a delete) has no body: the schema is z.null() then.
    const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    return schema.parse(payload);
  }

  /** A GET answered with text (the report's CSV downloads). */
  async function getText(path: string): Promise<string> {
    const response = await send('GET', path, 'text/csv');
    return response.text();
  }

  /** Sends one request; a network failure or an error status throws a PlatformError. */
  async function send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    accept: string,
    body?: unknown,
    options: { idempotent?: boolean; timeoutMs?: number; signal?: AbortSignal; contentType?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { accept };
    if (options.idempotent) headers['idempotency-key'] = createHash('sha256').update(`${path}\n${JSON.stringify(body)}`).digest('hex');
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    // A contentType names a body sent as it is (a CSV import); anything else goes as JSON.
    const raw = options.contentType !== undefined && typeof body === 'string';
    if (body !== undefined) headers['content-type'] = raw ? options.contentType! : 'application/json';
    let response: Response;
    try {
      response = await fetch(root + path, {
        method,
        headers,
        body: body === undefined ? null : raw ? (body as string) : JSON.stringify(body),
        signal: withTimeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS, options.signal),
      });
    } catch {
      throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
    }
    if (!response.ok) {
      const payload: unknown = await response.json().catch(() => null);
      const parsed = ApiErrorSchema.safeParse(payload);
      const message = parsed.success ? parsed.data.message : `The platform answered ${response.status}.`;
      throw new PlatformError('http', message, response.status, parsed.success ? parsed.data.errors : undefined);
    }
    return response;
  }

  async function rewrite(body: RewriteRequest, options: { onText: (text: string) => void; signal?: AbortSignal }): Promise<Delta> {
    const response = await send('POST', platformPaths.aiRewrite(), 'application/x-ndjson', body, {
      timeoutMs: REWRITE_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.body) throw new PlatformError('http', 'The platform answered without a rewrite.', response.status);
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue;
          const event = RewriteStreamEventSchema.parse(JSON.parse(line));
          if (event.type === 'text') options.onText(event.text);
          else if (event.type === 'done') return event.suggestion;
          else throw new PlatformError('http', event.message);
        }
      }
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      if (options.signal?.aborted) throw new PlatformError('network', 'The rewrite was cancelled.');
      throw new PlatformError('network', `The platform at ${root} stopped answering.`);
    }
    throw new PlatformError('network', `The platform at ${root} stopped answering.`);
  }

  return {
    baseUrl: root,
    aiStatus: () => call('GET', platformPaths.aiStatus(), AiStatusResponseSchema),
    rewrite,
    polls: createPollsClient(call, getText),
    audience: createAudienceClient(call, getText),
    async health() {
      try {
        const response = await fetch(root + platformPaths.health(), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        return response.ok;
      } catch {
        return false;
      }
    },
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
    sendTestEmail: (channelId, id, toEmail) => call('POST', platformPaths.sendTestEmail(channelId, id), TestEmailResponseSchema, { toEmail }),
    localMailbox: () => call('GET', platformPaths.localMailbox(), LocalMailboxResponseSchema),
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
    letterMetrics: (channelId, id, activity = 'people') =>
      call('GET', `${platformPaths.letterMetrics(channelId, id)}${activityQuery(activity)}`, EditionMetricsResponseSchema),
    letterMetricsClicks: (channelId, id, activity = 'people') =>
      call('GET', `${platformPaths.letterMetricsClicks(channelId, id)}${activityQuery(activity)}`, ClickLinksResponseSchema),
    report: (brandSlug, channelSlug, id, activity = 'people') =>
      call('GET', `${platformPaths.report(brandSlug, channelSlug, id)}${activityQuery(activity)}`, EditionReportResponseSchema),
    reportHourPerformance: (brandSlug, channelSlug, id, activity = 'people') =>
      call('GET', `${platformPaths.reportHourPerformance(brandSlug, channelSlug, id)}${activityQuery(activity)}`, HourPerformanceResponseSchema),
    reportOpensByCountry: (brandSlug, channelSlug, id) =>
      call('GET', platformPaths.reportOpensByCountry(brandSlug, channelSlug, id), OpensByCountryResponseSchema),
    reportSentEmail: (brandSlug, channelSlug, id) => call('GET', platformPaths.reportSentEmail(brandSlug, channelSlug, id), SentEmailResponseSchema),
    reportTopLinks: (brandSlug, channelSlug, id, activity = 'people') =>
      call('GET', `${platformPaths.reportTopLinks(brandSlug, channelSlug, id)}${activityQuery(activity)}`, TopLinksResponseSchema),
    reportUserActivity: (brandSlug, channelSlug, id, query) =>
      call('GET', `${platformPaths.reportUserActivity(brandSlug, channelSlug, id)}?${queryString(query)}`, UserActivityResponseSchema),
    reportUserActivityCsv: (brandSlug, channelSlug, id, query) =>
      getText(`${platformPaths.reportUserActivityCsv(brandSlug, channelSlug, id)}?${queryString(query)}`),
    reportCsv: (brandSlug, channelSlug, id, type, query) => getText(`${platformPaths.reportCsv(brandSlug, channelSlug, id, type)}?${queryString(query)}`),
    deleteLetter: async (brandSlug, channelSlug, id) => {
      await call('DELETE', platformPaths.letter(brandSlug, channelSlug, id), z.null());
    },
    letterListMetrics: (brandSlug, channelSlug, ids) =>
      call('GET', `${platformPaths.letterListMetrics(brandSlug, channelSlug)}?${ids.map((id) => `ids[]=${id}`).join('&')}`, LetterListMetricsResponseSchema),
    request: (method, path, schema, body) => call(method, path, schema, body),
    requestText: (path) => getText(path),
    channelSettings: (brandSlug, channelSlug) => call('GET', platformPaths.channelSettings(brandSlug, channelSlug), ChannelSettingsResponseSchema),
    saveChannelSettings: (brandSlug, channelSlug, settings) =>
      call('PUT', platformPaths.channelSettings(brandSlug, channelSlug), ChannelSettingsResponseSchema, settings),
    crawl: (url) => call('GET', `${platformPaths.crawl()}?${queryString({ url })}`, CrawlResponseSchema),
    news: (channelSlug, query) => call('GET', `${platformPaths.news(channelSlug)}?${queryString({ type: 'articles', page: 1, ...query })}`, NewsArticlesResponseSchema),
    newsSources: (channelSlug, category) =>
      call('GET', `${platformPaths.news(channelSlug)}?${queryString({ type: 'sources', category })}`, NewsSourcesResponseSchema),
    evvntIntegration: (brandSlug) => call('GET', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema),
    saveEvvntIntegration: (brandSlug, token) => call('PUT', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema, { token }),
    removeEvvntIntegration: (brandSlug) => call('DELETE', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema),
    evvntCategories: (brandSlug, channelSlug) => call('GET', platformPaths.evvntCategories(brandSlug, channelSlug), EventCategoriesResponseSchema),
    evvntEvents: (brandSlug, channelSlug, query) =>
      call('GET', `${platformPaths.evvntEvents(brandSlug, channelSlug)}?${queryString(query)}`, EventsResponseSchema),
    validateHtml: (body) => call('POST', platformPaths.validateHtml(), ValidateHtmlResponseSchema, body),
    dashboardActiveSubscribers: (brandSlug, channelSlug, query) =>
      call('GET', `${platformPaths.dashboardActiveSubscribers(brandSlug, channelSlug)}?${dashboardQueryString(query)}`, ActiveSubscribersResponseSchema),
    dashboardLetters: (brandSlug, channelSlug, query) =>
      call('GET', `${platformPaths.dashboardLetters(brandSlug, channelSlug)}?${dashboardQueryString(query)}&page=${query.page}`, DashboardLettersResponseSchema),
    dashboardAudience: (brandSlug, channelSlug, query) =>
      call('GET', `${platformPaths.dashboardAudience(brandSlug, channelSlug)}?${dashboardQueryString(query)}`, AudienceResponseSchema),
    embedDashboard: (brandSlug, channelSlug, body) =>
      call(
        'POST',
        brandSlug === undefined
          ? platformPaths.embedAudienceMetrics()
          : channelSlug === undefined
            ? platformPaths.embedOrganizationMetrics(brandSlug)
            : platformPaths.embedChannelMetrics(brandSlug, channelSlug),
        EmbedDashboardResponseSchema,
        body,
      ),
    dashboardExport: (brandSlug, channelSlug, kind, body) => call('POST', platformPaths.dashboardExport(brandSlug, kind, channelSlug), DashboardExportResponseSchema, body),
    curation: createCurationClient((method, path, schema, body) => call(method, path, schema, body)),
    sending: createSendingClient((method, path, schema, body) => call(method, path, schema, body)),
  };
}

/** Query parameters of the defined values, in the order given. */
function queryString(query: Record<string, string | number | undefined>): string {
  return Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

function withTimeout(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  return signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
}

function dashboardQueryString({ from, to, channels = [], activity = 'people' }: DashboardCallQuery): string {
  const parts = [queryString({ from, to }), ...channels.map((slug) => `channels[]=${encodeURIComponent(slug)}`)];
  return [...parts, ...(activity === 'all' ? ['activity=all'] : [])].join('&');
}
