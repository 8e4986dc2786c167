import { createApi } from '@reduxjs/toolkit/query/react';
import { ipcBaseQuery } from './ipc-base-query';

// The one RTK Query api; features add their endpoints with api.injectEndpoints. A tag two
// features share is declared here ('AudienceSegment': the Segments screen and the schedule step;
// 'SendingDomains': the Sending domains screen, the channel's sending identity and Settings'
// deliverability checks, which all change when a domain is added, checked or removed).
export const api = createApi({
  reducerPath: 'api',
  baseQuery: ipcBaseQuery,
  tagTypes: ['Session', 'Letters', 'Letter', 'Sync', 'LetterMetrics', 'ChannelSettings', 'EvvntIntegration', 'Curation', 'CurationTags', 'Feeds', 'AudienceSegment', 'SendingDomains', 'ChannelSender', 'FeatureFlags', 'TemplateAutomation', 'IterableKey'],
  endpoints: () => ({}),
});
