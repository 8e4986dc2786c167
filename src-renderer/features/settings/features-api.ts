import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// Settings → Features: an organization's feature flags, read and switched on the platform.
// A switch changed makes every screen ask its channel's flags again.

export const featuresApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationFeatures: build.query<ChannelOutput<'featureFlags.organization'>, ChannelInput<'featureFlags.organization'>>({
      query: (input) => ipc('featureFlags.organization', input),
      providesTags: ['FeatureFlags'],
    }),
    setOrganizationFeature: build.mutation<ChannelOutput<'featureFlags.set'>, ChannelInput<'featureFlags.set'>>({
      query: (input) => ipc('featureFlags.set', input),
      invalidatesTags: ['FeatureFlags'],
    }),
  }),
});

export const { useGetOrganizationFeaturesQuery, useSetOrganizationFeatureMutation } = featuresApi;
