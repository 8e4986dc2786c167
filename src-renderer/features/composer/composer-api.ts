import type { LetterChanges } from '../../../shared/contract/bridge';
import type { Letter } from '../../../shared/model/letter';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const composerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLetter: build.query<Letter | null, { brandSlug: string; channelSlug: string; id: string }>({
      query: (input) => ipc('letters.get', input),
      providesTags: (letter, _error, { id }) => [{ type: 'Letter', id: letter?.uniqueId ?? id }],
    }),
    saveLocal: build.mutation<Letter, { uniqueId: string; changes: LetterChanges }>({
      query: (input) => ipc('letters.saveLocal', input),
    }),
  }),
});

export const { useGetLetterQuery, useSaveLocalMutation } = composerApi;
