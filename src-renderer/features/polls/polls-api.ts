import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// Polls over the bridge (bridge-polls.ts): the organization's polls screen, the poll
// block's picker and the letter report's poll results.

const pollsApi = api.enhanceEndpoints({ addTagTypes: ['Poll'] }).injectEndpoints({
  endpoints: (build) => ({
    listPolls: build.query<ChannelOutput<'polls.list'>, ChannelInput<'polls.list'>>({
      query: (input) => ipc('polls.list', input),
      providesTags: ['Poll'],
    }),
    pickPolls: build.query<ChannelOutput<'polls.pick'>, ChannelInput<'polls.pick'>>({
      query: (input) => ipc('polls.pick', input),
      providesTags: ['Poll'],
    }),
    savePoll: build.mutation<ChannelOutput<'polls.save'>, ChannelInput<'polls.save'>>({
      query: (input) => ipc('polls.save', input),
      invalidatesTags: ['Poll'],
    }),
    getPoll: build.mutation<ChannelOutput<'polls.get'>, ChannelInput<'polls.get'>>({
      query: (input) => ipc('polls.get', input),
    }),
    deletePoll: build.mutation<null, ChannelInput<'polls.delete'>>({
      query: (input) => ipc('polls.delete', input),
      invalidatesTags: ['Poll'],
    }),
    pollMetrics: build.query<ChannelOutput<'polls.metrics'>, ChannelInput<'polls.metrics'>>({
      query: (input) => ipc('polls.metrics', input),
      providesTags: ['Poll'],
    }),
    downloadPollCsv: build.mutation<ChannelOutput<'polls.downloadCsv'>, ChannelInput<'polls.downloadCsv'>>({
      query: (input) => ipc('polls.downloadCsv', input),
    }),
    letterPollSummary: build.query<ChannelOutput<'polls.letterSummary'>, ChannelInput<'polls.letterSummary'>>({
      query: (input) => ipc('polls.letterSummary', input),
    }),
    letterPollDetail: build.query<ChannelOutput<'polls.letterDetail'>, ChannelInput<'polls.letterDetail'>>({
      query: (input) => ipc('polls.letterDetail', input),
    }),
  }),
});

export const {
  useListPollsQuery,
  usePickPollsQuery,
  useSavePollMutation,
  useGetPollMutation,
  useDeletePollMutation,
  usePollMetricsQuery,
  useDownloadPollCsvMutation,
  useLetterPollSummaryQuery,
  useLetterPollDetailQuery,
} = pollsApi;
