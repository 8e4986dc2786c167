import { z } from 'zod';
import { platformPaths } from '../../../shared/contract/platform-api';
import {
  PollDetailsResponseSchema,
  PollListResponseSchema,
  PollMetricsSchema,
  PollSchema,
  PollSummariesResponseSchema,
} from '../../../shared/contract/platform-polls';
import type { PollInput, PollListQuery } from '../../../shared/contract/platform-polls';

// The poll calls of spec 3 §7, on the platform client's transport.

export type PlatformCall = <S extends z.ZodType>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, schema: S, body?: unknown) => Promise<z.output<S>>;

/** The list filter as a query string; arrays go as `name[]` (spec 3 §3). */
export function pollListQueryString(query: PollListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createPollsClient(call: PlatformCall, getText: (path: string) => Promise<string>) {
  return {
    list: (brandSlug: string, query: PollListQuery) => call('GET', `${platformPaths.polls(brandSlug)}${pollListQueryString(query)}`, PollListResponseSchema),
    channelList: (channelSlug: string, query: PollListQuery) =>
      call('GET', `${platformPaths.channelPolls(channelSlug)}${pollListQueryString(query)}`, PollListResponseSchema),
    channelGet: (channelSlug: string, id: number, letterUniqueId?: string) =>
      call('GET', `${platformPaths.channelPoll(channelSlug, id)}${letterUniqueId ? `?campaignId=${encodeURIComponent(letterUniqueId)}` : ''}`, PollSchema),
    create: (brandSlug: string, poll: PollInput) => call('POST', platformPaths.polls(brandSlug), PollSchema, poll),
    update: (brandSlug: string, id: number, poll: PollInput) => call('POST', platformPaths.poll(brandSlug, id), PollSchema, poll),
    delete: async (brandSlug: string, id: number) => {
      await call('DELETE', platformPaths.poll(brandSlug, id), z.null());
    },
    metrics: (brandSlug: string, id: number) => call('POST', platformPaths.pollMetrics(brandSlug, id), PollMetricsSchema, {}),
    downloadCsv: (brandSlug: string, id: number) => getText(platformPaths.pollMetricsDownload(brandSlug, id)),
    letterSummary: (channelSlug: string, letterRef: string) =>
      call('GET', platformPaths.pollLetterSummary(channelSlug, letterRef), PollSummariesResponseSchema),
    letterDetails: (channelSlug: string, id: number, letterRef: string) =>
      call('GET', platformPaths.pollLetterDetails(channelSlug, id, letterRef), PollDetailsResponseSchema),
  };
}

export type PollsClient = ReturnType<typeof createPollsClient>;
