import type { z } from 'zod';
import { ChannelSettingsSchema } from '../model/channel-settings';

// The channel settings screen's calls (GET and PUT brands/{b}/channels/{c}/settings): the
// settings as the screen edits them. PUT answers what was stored.

export const ChannelSettingsResponseSchema = ChannelSettingsSchema;
/**
 * Any of the settings; those left out keep their stored values (the screen sends them all,
 * a script or an app older than a field sends what it knows). The address is one field.
 */
export const UpdateChannelSettingsRequestSchema = ChannelSettingsSchema.partial();
export type UpdateChannelSettingsRequest = z.input<typeof UpdateChannelSettingsRequestSchema>;
