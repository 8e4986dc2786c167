import type { ChannelInput, LetterListItem } from '../../../shared/contract/bridge';
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
    createLetter: build.mutation<Letter, ChannelRef>({
      query: (input) => ipc('letters.create', input),
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
  }),
});

export const { useListLettersQuery, useCreateLetterMutation } = newslettersApi;
