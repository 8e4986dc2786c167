import type { AppDashboard, DashboardRequest } from '../../../shared/contract/bridge-dashboards';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const dashboardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<AppDashboard, DashboardRequest>({
      query: (input) => ipc('dashboards.get', input),
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardsApi;
