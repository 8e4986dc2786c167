import type { AppDashboard, DashboardExportAsk, DashboardRequest } from '../../../shared/contract/bridge-dashboards';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const dashboardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<AppDashboard, DashboardRequest>({
      query: (input) => ipc('dashboards.get', input),
    }),
    shareDashboard: build.mutation<{ url: string; expiresAt: string }, DashboardRequest>({
      query: (input) => ipc('dashboards.share', input),
    }),
    exportDashboard: build.mutation<{ message: string }, DashboardExportAsk>({
      query: (input) => ipc('dashboards.export', input),
    }),
  }),
});

export const { useGetDashboardQuery, useExportDashboardMutation, useShareDashboardMutation } = dashboardsApi;
