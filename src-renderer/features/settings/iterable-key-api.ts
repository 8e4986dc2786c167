import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// Settings → Integrations: the organization's Iterable API key, kept on the platform and
// shown back only by its ending.

export const iterableKeyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIterableKey: build.query<ChannelOutput<'sending.getIterableKey'>, ChannelInput<'sending.getIterableKey'>>({
      query: (input) => ipc('sending.getIterableKey', input),
      providesTags: ['IterableKey'],
    }),
    saveIterableKey: build.mutation<ChannelOutput<'sending.saveIterableKey'>, ChannelInput<'sending.saveIterableKey'>>({
      query: (input) => ipc('sending.saveIterableKey', input),
      invalidatesTags: (saved) => (saved ? ['IterableKey'] : []),
    }),
    removeIterableKey: build.mutation<ChannelOutput<'sending.removeIterableKey'>, ChannelInput<'sending.removeIterableKey'>>({
      query: (input) => ipc('sending.removeIterableKey', input),
      invalidatesTags: (removed) => (removed ? ['IterableKey'] : []),
    }),
  }),
});

export const { useGetIterableKeyQuery, useSaveIterableKeyMutation, useRemoveIterableKeyMutation } = iterableKeyApi;
