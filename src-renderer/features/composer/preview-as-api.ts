import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// 'Preview as' (issue 35): the readers the picker offers (a search of the channel's
// subscribers, and those previewed as before, kept by the core for offline use), and the
// letter as the chosen one will get it, asked again for each revision of the letter.

export const previewAsApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewAsReaders: build.query<ChannelOutput<'letters.previewAsReaders'>, ChannelInput<'letters.previewAsReaders'>>({
      query: (input) => ipc('letters.previewAsReaders', input),
      keepUnusedDataFor: 30,
    }),
    previewAs: build.query<ChannelOutput<'letters.previewAs'>, ChannelInput<'letters.previewAs'> & { revision: string }>({
      query: ({ uniqueId, reader }) => ipc('letters.previewAs', { uniqueId, reader }),
      keepUnusedDataFor: 5,
    }),
  }),
});

export const { usePreviewAsReadersQuery, usePreviewAsQuery } = previewAsApi;
