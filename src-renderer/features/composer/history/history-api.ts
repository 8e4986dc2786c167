import type { ChannelInput, ChannelOutput, Preview } from '../../../../shared/contract/bridge';
import type { Letter } from '../../../../shared/model/letter';
import { api } from '../../../app/api';
import { ipc } from '../../../app/ipc-base-query';

// The composer's History (issue 35): the versions (this computer's, and the platform's when
// it answers), one version's content, and that content rendered as the preview renders it.

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLetterHistory: build.query<ChannelOutput<'letters.history'>, ChannelInput<'letters.history'>>({
      query: (input) => ipc('letters.history', input),
      keepUnusedDataFor: 0,
    }),
    getLetterVersion: build.query<ChannelOutput<'letters.version'>, ChannelInput<'letters.version'>>({
      query: (input) => ipc('letters.version', input),
    }),
    /** An unsaved letter (the open one with a version's blocks and styles) through the core's renderer. */
    getVersionPreview: build.query<Preview, { letter: Letter }>({
      query: ({ letter }) => ipc('render.preview', { letter }),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetLetterHistoryQuery, useGetLetterVersionQuery, useGetVersionPreviewQuery } = historyApi;
