import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The link-content blocks' loads (mutations: each load is an action whose answer the panel
// stores in the letter) and the integrations page's Evvnt token.

export const linkContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    crawlUrl: build.mutation<ChannelOutput<'linkContent.crawl'>, ChannelInput<'linkContent.crawl'>>({
      query: (input) => ipc('linkContent.crawl', input),
    }),
    loadNews: build.mutation<ChannelOutput<'linkContent.news'>, ChannelInput<'linkContent.news'>>({
      query: (input) => ipc('linkContent.news', input),
    }),
    getNewsSources: build.query<ChannelOutput<'linkContent.newsSources'>, ChannelInput<'linkContent.newsSources'>>({
      query: (input) => ipc('linkContent.newsSources', input),
    }),
    getEventCategories: build.query<ChannelOutput<'linkContent.eventCategories'>, ChannelInput<'linkContent.eventCategories'>>({
      query: (input) => ipc('linkContent.eventCategories', input),
      providesTags: ['EvvntIntegration'],
    }),
    loadEvents: build.mutation<ChannelOutput<'linkContent.events'>, ChannelInput<'linkContent.events'>>({
      query: (input) => ipc('linkContent.events', input),
    }),
    validateHtml: build.mutation<ChannelOutput<'linkContent.validateHtml'>, ChannelInput<'linkContent.validateHtml'>>({
      query: (input) => ipc('linkContent.validateHtml', input),
    }),
    getEvvntIntegration: build.query<ChannelOutput<'integrations.getEvvnt'>, ChannelInput<'integrations.getEvvnt'>>({
      query: (input) => ipc('integrations.getEvvnt', input),
      providesTags: ['EvvntIntegration'],
    }),
    saveEvvntIntegration: build.mutation<ChannelOutput<'integrations.saveEvvnt'>, ChannelInput<'integrations.saveEvvnt'>>({
      query: (input) => ipc('integrations.saveEvvnt', input),
      invalidatesTags: (saved) => (saved ? ['EvvntIntegration'] : []),
    }),
    removeEvvntIntegration: build.mutation<ChannelOutput<'integrations.removeEvvnt'>, ChannelInput<'integrations.removeEvvnt'>>({
      query: (input) => ipc('integrations.removeEvvnt', input),
      invalidatesTags: (removed) => (removed ? ['EvvntIntegration'] : []),
    }),
  }),
});

export const {
  useCrawlUrlMutation,
  useLoadNewsMutation,
  useGetNewsSourcesQuery,
  useGetEventCategoriesQuery,
  useLoadEventsMutation,
  useValidateHtmlMutation,
  useGetEvvntIntegrationQuery,
  useSaveEvvntIntegrationMutation,
  useRemoveEvvntIntegrationMutation,
} = linkContentApi;

/** The sentence to show for a failed call: the bridge's message, or `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message ? error.message : fallback;
}

/** Whether a failed call failed for want of a connection. */
export function isOffline(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'code' in error && error.code === 'offline';
}
