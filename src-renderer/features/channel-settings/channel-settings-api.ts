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
    /** The channel's From / Reply-To, with what readers see and whether its domain is verified. */
    getChannelSender: build.query<ChannelOutput<'sending.getSender'>, ChannelInput<'sending.getSender'>>({
      query: (input) => ipc('sending.getSender', input),
      providesTags: ['ChannelSender'],
    }),
    saveChannelSender: build.mutation<ChannelOutput<'sending.saveSender'>, ChannelInput<'sending.saveSender'>>({
      query: (input) => ipc('sending.saveSender', input),
      invalidatesTags: (saved) => (saved ? ['ChannelSender'] : []),
    }),
    /** The organization's sending domains, to say which a From address may use. */
    getOrganizationSendingDomains: build.query<ChannelOutput<'sending.listDomains'>, ChannelInput<'sending.listDomains'>>({
      query: (input) => ipc('sending.listDomains', input),
      providesTags: ['SendingDomains'],
    }),
  }),
});

export const { useGetChannelSettingsQuery, useSaveChannelSettingsMutation, useGetChannelSenderQuery, useSaveChannelSenderMutation, useGetOrganizationSendingDomainsQuery } =
  channelSettingsApi;
