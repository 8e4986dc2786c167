import { platformPaths } from '../../../shared/contract/platform-api';
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
import { queryString, type PlatformTransport } from './platform-transport';

// An edition's report (spec 1 §7 Edition metrics), on the platform client's transport.

export interface ReportCalls {
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
}

export function createReportCalls({ call, getText }: PlatformTransport): ReportCalls {
  return {
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
  };
}
