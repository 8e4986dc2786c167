import { z } from 'zod';
import { platformPaths } from '../../../shared/contract/platform-api';
import {
  ChannelSegmentsResponseSchema,
  SegmentCountResponseSchema,
  SegmentCriteriasResponseSchema,
  SegmentSchema,
  SubscriberBulkTagsResponseSchema,
  SubscriberDetailSchema,
  SubscriberImportProgressSchema,
  SubscriberImportResponseSchema,
  SubscriberListResponseSchema,
  SubscriberSchema,
} from '../../../shared/contract/platform-audience';
import type {
  CreateSegmentRequest,
  ImportExistingMode,
  ImportMapping,
  SegmentCriteria,
  SubscriberBulkTagsRequest,
  SubscriberCreateRequest,
  SubscriberUpdateRequest,
} from '../../../shared/contract/platform-audience';

// The subscriber and segment calls of spec 3 §7, on the platform client's transport.

export type AudienceCall = <S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  schema: S,
  body?: unknown,
  options?: { contentType?: string; timeoutMs?: number },
) => Promise<z.output<S>>;

/** An import of 100,000 rows takes seconds; a slow machine gets ten minutes before the core gives up. */
const IMPORT_TIMEOUT_MS = 600_000;

export interface SubscriberListFilter {
  status?: string | undefined;
  search?: string | undefined;
  tags: readonly string[];
  page: number;
  itemsPerPage: number;
}

/** A query string with arrays as `name[]` (spec 3 §3); empty values are left out. */
function queryString(values: Record<string, string | number | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createAudienceClient(call: AudienceCall, getText: (path: string) => Promise<string>) {
  return {
    subscribers: (brand: string, channel: string, filter: SubscriberListFilter) =>
      call('GET', `${platformPaths.subscribers(brand, channel)}${queryString({ ...filter })}`, SubscriberListResponseSchema),
    subscriber: (brand: string, channel: string, id: number) => call('GET', platformPaths.subscriber(brand, channel, id), SubscriberDetailSchema),
    addSubscriber: (brand: string, channel: string, body: SubscriberCreateRequest) => call('POST', platformPaths.subscribers(brand, channel), SubscriberSchema, body),
    updateSubscriber: (brand: string, channel: string, id: number, body: SubscriberUpdateRequest) =>
      call('PATCH', platformPaths.subscriber(brand, channel, id), SubscriberSchema, body),
    unsubscribe: (brand: string, channel: string, id: number) => call('POST', platformPaths.subscriberUnsubscribe(brand, channel, id), SubscriberSchema, {}),
    deleteSubscriber: async (brand: string, channel: string, id: number) => {
      await call('DELETE', platformPaths.subscriber(brand, channel, id), z.null());
    },
    tagSubscribers: (brand: string, channel: string, body: SubscriberBulkTagsRequest) =>
      call('POST', platformPaths.subscribersBulkTags(brand, channel), SubscriberBulkTagsResponseSchema, body),
    exportSubscribers: (brand: string, channel: string) => getText(platformPaths.subscribersExport(brand, channel)),
    /** The file goes as the body (text/csv), which the platform reads as a stream. */
    importSubscribers: (brand: string, channel: string, csv: string, options: { importId: string; existing: ImportExistingMode; mapping: ImportMapping; sendWelcome?: boolean }) =>
      call(
        'POST',
        `${platformPaths.subscribersImport(brand, channel)}${queryString({
          importId: options.importId,
          existing: options.existing,
          mapping: JSON.stringify(options.mapping),
          ...(options.sendWelcome ? { sendWelcome: 'true' } : {}),
        })}`,
        SubscriberImportResponseSchema,
        csv,
        { contentType: 'text/csv', timeoutMs: IMPORT_TIMEOUT_MS },
      ),
    importProgress: (brand: string, channel: string, importId: string) =>
      call('GET', platformPaths.subscribersImportProgress(brand, channel, importId), SubscriberImportProgressSchema),
    segments: (brand: string, channel: string, query: { name: string; page: number; itemsPerPage: number }) =>
      call('GET', `${platformPaths.segments(brand, channel)}${queryString(query)}`, ChannelSegmentsResponseSchema),
    segmentCriterias: (brand: string, channel: string) => call('GET', `${platformPaths.segmentCriterias(brand, channel)}?all=true`, SegmentCriteriasResponseSchema),
    segmentCount: (brand: string, channel: string, criteria: SegmentCriteria) =>
      call('POST', platformPaths.segmentsCount(brand, channel), SegmentCountResponseSchema, { criteria }),
    createSegment: (brand: string, channel: string, body: CreateSegmentRequest) => call('POST', platformPaths.segments(brand, channel), SegmentSchema, body),
    updateSegment: (brand: string, channel: string, id: number, body: CreateSegmentRequest) =>
      call('PUT', platformPaths.segment(brand, channel, id), SegmentSchema, body),
    deleteSegment: async (brand: string, channel: string, id: number) => {
      await call('DELETE', platformPaths.segment(brand, channel, id), z.null());
    },
  };
}

export type AudienceClient = ReturnType<typeof createAudienceClient>;
