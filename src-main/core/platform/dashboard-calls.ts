import { platformPaths } from '../../../shared/contract/platform-api';
import {
  ActiveSubscribersResponseSchema,
  AudienceResponseSchema,
  DashboardExportResponseSchema,
  DashboardLettersResponseSchema,
  type ActiveSubscribersResponse,
  type AudienceResponse,
  type DashboardExportKind,
  type DashboardExportRequest,
  type DashboardExportResponse,
  type DashboardLettersResponse,
} from '../../../shared/contract/platform-dashboards';
import { EmbedDashboardResponseSchema, type EmbedDashboardRequest, type EmbedDashboardResponse } from '../../../shared/contract/platform-embedded-dashboards';
import type { Activity } from '../../../shared/contract/platform-metrics';
import { queryString, type PlatformTransport } from './platform-transport';

// The metrics dashboards (spec 1 §7): an organization's, or with channelSlug one channel's.

/** A dashboard call's period and, for an organization, the channels it narrows to (none: all). */
export interface DashboardCallQuery {
  from: string;
  to: string;
  channels?: readonly string[];
  /** Whose clicks the letters and audience count; people's when absent. */
  activity?: Activity;
}

export interface DashboardCalls {
  dashboardActiveSubscribers(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery): Promise<ActiveSubscribersResponse>;
  dashboardLetters(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery & { page: number }): Promise<DashboardLettersResponse>;
  dashboardAudience(brandSlug: string, channelSlug: string | undefined, query: DashboardCallQuery): Promise<AudienceResponse>;
  dashboardExport(brandSlug: string, channelSlug: string | undefined, kind: DashboardExportKind, body: DashboardExportRequest): Promise<DashboardExportResponse>;
  /** An embedded dashboard: of the caller's organizations (no brandSlug), one, or one channel. */
  embedDashboard(brandSlug: string | undefined, channelSlug: string | undefined, body: EmbedDashboardRequest): Promise<EmbedDashboardResponse>;
}

export function createDashboardCalls({ call }: PlatformTransport): DashboardCalls {
  return {
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
  };
}

function dashboardQueryString({ from, to, channels = [], activity = 'people' }: DashboardCallQuery): string {
  const parts = [queryString({ from, to }), ...channels.map((slug) => `channels[]=${encodeURIComponent(slug)}`)];
  return [...parts, ...(activity === 'all' ? ['activity=all'] : [])].join('&');
}
