import type { ChannelInput, ChannelOutput, LetterListItem } from '../../../shared/contract/bridge';
import type { Letter } from '../../../shared/model/letter';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export interface ChannelRef {
  brandSlug: string;
  channelSlug: string;
}

export const newslettersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLetters: build.query<LetterListItem[], ChannelInput<'letters.list'>>({
      query: (input) => ipc('letters.list', input),
      providesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
    /** A new draft, or with `template` a new template; `templateUniqueId` starts it from a template. */
    createLetter: build.mutation<Letter, ChannelRef & { template?: boolean; templateUniqueId?: string }>({
      query: (input) => ipc('letters.create', input),
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
    /** A new draft from a file (an email, MJML, a letter JSON), with what the import did. */
    importLetter: build.mutation<ChannelOutput<'letters.import'>, ChannelInput<'letters.import'>>({
      query: (input) => ipc('letters.import', input),
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
    /** Gone from the platform and this computer (the confirm-delete dialog). */
    deleteLetter: build.mutation<ChannelOutput<'letters.delete'>, ChannelInput<'letters.delete'>>({
      query: (input) => ipc('letters.delete', input),
      invalidatesTags: (deleted) => (deleted ? [{ type: 'Letters', id: 'LIST' }] : []),
    }),
    /** Recipients, opens and clicks of the letters on screen (none offline). */
    letterMetrics: build.query<ChannelOutput<'letters.metrics'>, ChannelInput<'letters.metrics'>>({
      query: (input) => ipc('letters.metrics', input),
      providesTags: ['LetterMetrics'],
    }),
  }),
});

export const { useListLettersQuery, useCreateLetterMutation, useImportLetterMutation, useDeleteLetterMutation, useLetterMetricsQuery } = newslettersApi;
