import { z } from 'zod';
import { ChannelSettingsSchema } from '../model/channel-settings';

// The channel settings screen's calls (GET and PUT brands/{b}/channels/{c}/settings): the
// settings as the screen edits them. PUT takes the whole set and answers what was stored.

export const ChannelSettingsResponseSchema = ChannelSettingsSchema;
export const UpdateChannelSettingsRequestSchema = ChannelSettingsSchema;
export type UpdateChannelSettingsRequest = z.input<typeof UpdateChannelSettingsRequestSchema>;
