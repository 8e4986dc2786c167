import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

export const channelSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChannelSettings: build.query<ChannelOutput<'channels.getSettings'>, ChannelInput<'channels.getSettings'>>({
      query: (input) => ipc('channels.getSettings', input),
      providesTags: ['ChannelSettings'],
    }),
    /** The session is read again afterwards: the composer's logo, footer and colours follow. */
    saveChannelSettings: build.mutation<ChannelOutput<'channels.saveSettings'>, ChannelInput<'channels.saveSettings'>>({
      query: (input) => ipc('channels.saveSettings', input),
      invalidatesTags: (saved) => (saved ? ['ChannelSettings', 'Session'] : []),
    }),
  }),
});

export const { useGetChannelSettingsQuery, useSaveChannelSettingsMutation } = channelSettingsApi;
