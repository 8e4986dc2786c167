import type { FeatureFlagName } from '../../shared/model/feature-flags';
import { api } from './api';
import { ipc } from './ipc-base-query';

// Remote feature flags (spec 1 §6): off unless the platform says otherwise. The core asks
// the platform for every flag of the channel and keeps the answer for offline use.

const featureFlagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFeatureFlags: build.query<Partial<Record<FeatureFlagName, boolean>>, { brandSlug: string; channelSlug: string }>({
      query: (input) => ipc('featureFlags.get', input),
      // Asked again when an organization's switch changes (Settings → Features).
      providesTags: ['FeatureFlags'],
    }),
  }),
});

/** Whether each flag is on for the channel; every flag reads as off until the answer arrives, or when it fails. */
export function useFeatureFlags(brandSlug: string, channelSlug: string): (name: FeatureFlagName) => boolean {
  const { data } = featureFlagsApi.useGetFeatureFlagsQuery({ brandSlug, channelSlug }, { skip: !brandSlug || !channelSlug });
  return (name) => data?.[name] === true;
}
