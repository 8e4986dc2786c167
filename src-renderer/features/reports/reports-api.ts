import type { ChannelInput } from '../../../shared/contract/bridge';
import type { ReportCsvFile, ReportSnapshot, SentEmailPage, UserActivityPage } from '../../../shared/contract/bridge-reports';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// An edition's report over the bridge (bridge-reports.ts): the core answers from the
// platform, or offline from its cache.

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReport: build.query<ReportSnapshot, ChannelInput<'reports.get'>>({
      query: (input) => ipc('reports.get', input),
    }),
    getUserActivity: build.query<UserActivityPage, ChannelInput<'reports.userActivity'>>({
      query: (input) => ipc('reports.userActivity', input),
    }),
    getSentEmail: build.query<SentEmailPage, ChannelInput<'reports.sentEmail'>>({
      query: (input) => ipc('reports.sentEmail', input),
    }),
    downloadReportCsv: build.mutation<ReportCsvFile, ChannelInput<'reports.downloadCsv'>>({
      query: (input) => ipc('reports.downloadCsv', input),
    }),
  }),
});

export const { useGetReportQuery, useGetUserActivityQuery, useGetSentEmailQuery, useDownloadReportCsvMutation } = reportsApi;
