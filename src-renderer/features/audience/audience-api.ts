import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// Subscribers and segments over the bridge (bridge-audience.ts).

const audienceApi = api.enhanceEndpoints({ addTagTypes: ['Subscriber'] }).injectEndpoints({
  endpoints: (build) => ({
    listSubscribers: build.query<ChannelOutput<'audience.subscribers'>, ChannelInput<'audience.subscribers'>>({
      query: (input) => ipc('audience.subscribers', input),
      providesTags: ['Subscriber'],
    }),
    subscriberDetail: build.query<ChannelOutput<'audience.subscriber'>, ChannelInput<'audience.subscriber'>>({
      query: (input) => ipc('audience.subscriber', input),
      providesTags: ['Subscriber'],
    }),
    addSubscriber: build.mutation<ChannelOutput<'audience.addSubscriber'>, ChannelInput<'audience.addSubscriber'>>({
      query: (input) => ipc('audience.addSubscriber', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    updateSubscriber: build.mutation<ChannelOutput<'audience.updateSubscriber'>, ChannelInput<'audience.updateSubscriber'>>({
      query: (input) => ipc('audience.updateSubscriber', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    unsubscribeSubscriber: build.mutation<ChannelOutput<'audience.unsubscribe'>, ChannelInput<'audience.unsubscribe'>>({
      query: (input) => ipc('audience.unsubscribe', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    deleteSubscriber: build.mutation<null, ChannelInput<'audience.deleteSubscriber'>>({
      query: (input) => ipc('audience.deleteSubscriber', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    tagSubscribers: build.mutation<ChannelOutput<'audience.tagSubscribers'>, ChannelInput<'audience.tagSubscribers'>>({
      query: (input) => ipc('audience.tagSubscribers', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    /** Subscribers change who is left out, so it is asked again when they do. */
    specificEmailsLeftOut: build.query<ChannelOutput<'segments.specificEmailsLeftOut'>, ChannelInput<'segments.specificEmailsLeftOut'>>({
      query: (input) => ipc('segments.specificEmailsLeftOut', input),
      providesTags: ['Subscriber'],
    }),
    exportSubscribers: build.mutation<ChannelOutput<'audience.exportSubscribers'>, ChannelInput<'audience.exportSubscribers'>>({
      query: (input) => ipc('audience.exportSubscribers', input),
    }),
    importSubscribers: build.mutation<ChannelOutput<'audience.importSubscribers'>, ChannelInput<'audience.importSubscribers'>>({
      query: (input) => ipc('audience.importSubscribers', input),
      invalidatesTags: ['Subscriber', 'AudienceSegment'],
    }),
    importProgress: build.query<ChannelOutput<'audience.importProgress'>, ChannelInput<'audience.importProgress'>>({
      query: (input) => ipc('audience.importProgress', input),
    }),
    listChannelSegments: build.query<ChannelOutput<'audience.segments'>, ChannelInput<'audience.segments'>>({
      query: (input) => ipc('audience.segments', input),
      providesTags: ['AudienceSegment'],
    }),
    segmentCriterias: build.query<ChannelOutput<'audience.segmentCriterias'>, ChannelInput<'audience.segmentCriterias'>>({
      query: (input) => ipc('audience.segmentCriterias', input),
      providesTags: ['AudienceSegment'],
    }),
    segmentCount: build.query<ChannelOutput<'audience.segmentCount'>, ChannelInput<'audience.segmentCount'>>({
      query: (input) => ipc('audience.segmentCount', input),
    }),
    saveSegment: build.mutation<ChannelOutput<'audience.saveSegment'>, ChannelInput<'audience.saveSegment'>>({
      query: (input) => ipc('audience.saveSegment', input),
      invalidatesTags: ['AudienceSegment'],
    }),
    deleteSegment: build.mutation<null, ChannelInput<'audience.deleteSegment'>>({
      query: (input) => ipc('audience.deleteSegment', input),
      invalidatesTags: ['AudienceSegment'],
    }),
  }),
});

export const {
  useListSubscribersQuery,
  useSubscriberDetailQuery,
  useAddSubscriberMutation,
  useUpdateSubscriberMutation,
  useUnsubscribeSubscriberMutation,
  useDeleteSubscriberMutation,
  useTagSubscribersMutation,
  useSpecificEmailsLeftOutQuery,
  useExportSubscribersMutation,
  useImportSubscribersMutation,
  useImportProgressQuery,
  useListChannelSegmentsQuery,
  useSegmentCriteriasQuery,
  useSegmentCountQuery,
  useSaveSegmentMutation,
  useDeleteSegmentMutation,
} = audienceApi;

/** The message of a failed call, as the core or the platform worded it. */
export function errorMessage(error: unknown, fallback: string): string {
  return error && typeof error === 'object' && 'message' in error ? String(error.message) : fallback;
}

/** The first field message of a refused form, or the call's message. */
export function fieldOrMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'fields' in error && error.fields && typeof error.fields === 'object') {
    const first = Object.values(error.fields as Record<string, string[]>).flat()[0];
    if (first) return first;
  }
  return errorMessage(error, fallback);
}
