import type { ChannelInput } from '../../../shared/contract/bridge';
import type { ChannelDashboard } from '../../../shared/contract/bridge-reports';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const dashboardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChannelDashboard: build.query<ChannelDashboard, ChannelInput<'reports.channelDashboard'>>({
      query: (input) => ipc('reports.channelDashboard', input),
    }),
  }),
});

export const { useGetChannelDashboardQuery } = dashboardsApi;
