import type { ChannelOutput, LetterChanges, Preview } from '../../../shared/contract/bridge';
import type { InboxCompatibility } from '../../../shared/contract/inbox-compatibility';
import type { Letter } from '../../../shared/model/letter';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const composerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLetter: build.query<Letter | null, { brandSlug: string; channelSlug: string; id: string }>({
      query: (input) => ipc('letters.get', input),
      // Local saves do not go through this cache: a composer opened again reads the letter afresh.
      keepUnusedDataFor: 0,
      providesTags: (letter, _error, { id }) => [{ type: 'Letter', id: letter?.uniqueId ?? id }],
    }),
    /** `revision` only makes a new preview after each local save; the core reads the cache. */
    /** The schedule step's preview with its promotions; `revision` refetches it after each local save. */
    getSchedulePreview: build.query<ChannelOutput<'promotions.schedulePreview'>, { uniqueId: string; revision: string }>({
      query: ({ uniqueId }) => ipc('promotions.schedulePreview', { uniqueId }),
      keepUnusedDataFor: 5,
    }),
    getPreview: build.query<Preview, { uniqueId: string; revision: string }>({
      query: ({ uniqueId }) => ipc('render.preview', { uniqueId }),
      keepUnusedDataFor: 5,
    }),
    /**
     * The CONTENT CHECK's inbox compatibility, asked for only while the schedule step shows it;
     * `revision` asks again after a local save (the core answers an unchanged letter from its cache).
     */
    getInboxCompatibility: build.query<InboxCompatibility, { uniqueId: string; revision: string }>({
      query: ({ uniqueId }) => ipc('render.inboxCompatibility', { uniqueId }),
      keepUnusedDataFor: 5,
    }),
    saveLocal: build.mutation<Letter, { uniqueId: string; changes: LetterChanges }>({
      query: (input) => ipc('letters.saveLocal', input),
    }),
  }),
});

export const { useGetLetterQuery, useGetPreviewQuery, useGetSchedulePreviewQuery, useGetInboxCompatibilityQuery, useSaveLocalMutation } = composerApi;
