import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The Sending domains screen's calls. Every change refreshes 'SendingDomains', which the
// channel's sending identity and Settings' deliverability checks read too ('ChannelSender':
// a check can verify the domain a channel sends from).

const changed = (answer: unknown) => (answer ? (['SendingDomains', 'ChannelSender'] as const) : []);

export const sendingDomainsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSendingDomains: build.query<ChannelOutput<'sending.listDomains'>, ChannelInput<'sending.listDomains'>>({
      query: (input) => ipc('sending.listDomains', input),
      providesTags: ['SendingDomains'],
    }),
    addSendingDomain: build.mutation<ChannelOutput<'sending.addDomain'>, ChannelInput<'sending.addDomain'>>({
      query: (input) => ipc('sending.addDomain', input),
      invalidatesTags: (answer) => [...changed(answer)],
    }),
    checkSendingDomain: build.mutation<ChannelOutput<'sending.checkDomain'>, ChannelInput<'sending.checkDomain'>>({
      query: (input) => ipc('sending.checkDomain', input),
      invalidatesTags: (answer) => [...changed(answer)],
    }),
    rotateDkimKey: build.mutation<ChannelOutput<'sending.rotateDkim'>, ChannelInput<'sending.rotateDkim'>>({
      query: (input) => ipc('sending.rotateDkim', input),
      invalidatesTags: (answer) => [...changed(answer)],
    }),
    removeSendingDomain: build.mutation<ChannelOutput<'sending.removeDomain'>, ChannelInput<'sending.removeDomain'>>({
      query: (input) => ipc('sending.removeDomain', input),
      invalidatesTags: (answer) => [...changed(answer)],
    }),
  }),
});

export const {
  useListSendingDomainsQuery,
  useAddSendingDomainMutation,
  useCheckSendingDomainMutation,
  useRotateDkimKeyMutation,
  useRemoveSendingDomainMutation,
} = sendingDomainsApi;
