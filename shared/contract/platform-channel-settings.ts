import { z } from 'zod';
import { ChannelSettingsSchema } from '../model/channel-settings';

// The channel settings screen's calls (GET and PUT brands/{b}/channels/{c}/settings): the
// settings as the screen edits them. PUT takes the whole set and answers what was stored.

export const ChannelSettingsResponseSchema = ChannelSettingsSchema;
/** The reader options may be left out (apps older than them): the stored values stay. */
export const UpdateChannelSettingsRequestSchema = ChannelSettingsSchema.extend({
  madeWithCredit: z.boolean().optional(),
  viewInBrowserLink: z.boolean().optional(),
});
export type UpdateChannelSettingsRequest = z.input<typeof UpdateChannelSettingsRequestSchema>;
export type UpdateChannelSettings = z.output<typeof UpdateChannelSettingsRequestSchema>;
