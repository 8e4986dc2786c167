import { createHash } from 'node:crypto';
import type { z } from 'zod';
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
  type UpdateStatusRequest,
} from '../../../shared/contract/platform-letters';
import { FeatureFlagResponseSchema, ValidateMergeTagResponseSchema } from '../../../shared/contract/platform-audience';
import { DeliveryEventsResponseSchema, type DeliveryEventsResponse } from '../../../shared/contract/platform-delivery-events';
import {
  LocalMailboxResponseSchema,
  TestEmailResponseSchema,
  type LocalMailboxResponse,
  type TestEmailResponse,
} from '../../../shared/contract/platform-delivery';
import { GenerateSuggestionsResponseSchema, type GenerateSuggestionsResponse } from '../../../shared/contract/platform-media';
import type { FeatureFlagName } from '../../../shared/model/feature-flags';
import type { Letter } from '../../../shared/model/letter';

// The core's HTTP client for the platform API. Every answer is parsed with the shared
// contract, so a server that drifts from it fails loudly here, not in the UI.

const REQUEST_TIMEOUT_MS = 15_000;

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
  /** The whole editable letter (every local change in one request). */
  updateLetter(channelSlug: string, id: number, body: UpdateLetterRequest): Promise<Letter>;
  updateStatus(channelId: number, id: number, body: UpdateStatusRequest): Promise<Letter>;
  updateSettings(channelSlug: string, uniqueId: string, body: LetterSettingsRequest): Promise<Letter>;
  saveOnScheduling(channelId: number, id: number, body: SaveOnSchedulingRequest): Promise<Letter>;
  sendTestEmail(channelId: number, id: number, toEmail: string): Promise<TestEmailResponse>;
  /** The emails the platform kept instead of sending (no SMTP server), and whether it has one. */
  localMailbox(): Promise<LocalMailboxResponse>;
  validateMergeTag(letterId: number, mergeTag: string): Promise<{ valid: boolean; message: string }>;
  suggest(letterId: number, field: 'subject' | 'previewText', uniqueId: string): Promise<GenerateSuggestionsResponse>;
  featureFlag(name: FeatureFlagName, brandSlug: string, channelId: number): Promise<boolean>;
}

export function createPlatformClient(baseUrl: string, getToken: () => string | null): PlatformClient {
  const root = baseUrl.replace(/\/+$/, '');

  /**
   * `idempotent`: the request carries a key made from its path and body, so sending the same
   * push again (its first answer lost) is applied once; a push with new content gets a new key.
   */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    options: { idempotent?: boolean } = {},
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.idempotent) headers['idempotency-key'] = createHash('sha256').update(`${path}\n${JSON.stringify(body)}`).digest('hex');
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(root + path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = ApiErrorSchema.safeParse(payload);
      const message = parsed.success ? parsed.data.message : `The platform answered ${response.status}.`;
      throw new PlatformError('http', message, response.status, parsed.success ? parsed.data.errors : undefined);
    }
    return schema.parse(payload);
  }

  return {
    baseUrl: root,
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
    updateStatus: (channelId, id, body) => call('POST', platformPaths.updateStatus(channelId, id), LetterResponseSchema, body),
    updateSettings: (channelSlug, uniqueId, body) =>
      call('POST', platformPaths.letterSettings(channelSlug, uniqueId), LetterResponseSchema, body, { idempotent: true }),
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
  };
}
