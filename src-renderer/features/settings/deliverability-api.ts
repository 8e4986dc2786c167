import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// Settings' deliverability checks: read again whenever a sending domain or a channel's From changes.

export const deliverabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliverabilityChecks: build.query<ChannelOutput<'sending.deliverabilityChecks'>, ChannelInput<'sending.deliverabilityChecks'>>({
      query: (input) => ipc('sending.deliverabilityChecks', input),
      providesTags: ['SendingDomains', 'ChannelSender'],
    }),
  }),
});

export const { useGetDeliverabilityChecksQuery } = deliverabilityApi;
