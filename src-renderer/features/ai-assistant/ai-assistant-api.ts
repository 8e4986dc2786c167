import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The AI assistant's calls (bridge-ai.ts): whether the platform has a model, the rewrite
// (its progress arrives as `ai.rewriteProgress` events, see use-rewrite.ts) and its cancel.

export const aiAssistantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAiStatus: build.query<ChannelOutput<'ai.status'>, void>({
      query: () => ipc('ai.status', {}),
      // An administrator may set the AI up while the app runs: ask again on each opening.
      keepUnusedDataFor: 0,
    }),
    rewriteSection: build.mutation<ChannelOutput<'ai.rewrite'>, ChannelInput<'ai.rewrite'>>({
      query: (input) => ipc('ai.rewrite', input),
    }),
    cancelRewrite: build.mutation<ChannelOutput<'ai.cancelRewrite'>, ChannelInput<'ai.cancelRewrite'>>({
      query: (input) => ipc('ai.cancelRewrite', input),
    }),
  }),
});

export const { useGetAiStatusQuery, useRewriteSectionMutation, useCancelRewriteMutation } = aiAssistantApi;
