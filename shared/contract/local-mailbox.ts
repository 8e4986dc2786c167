import { z } from 'zod';

// The platform's local mailbox (GET /api/local-mailbox): where test emails and scheduled
// sends are kept when the platform has no SMTP server.

export const LocalMailboxMessageSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  letterId: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  createdAt: z.string(),
  sent: z.boolean(),
  note: z.string(),
});
export type LocalMailboxMessage = z.infer<typeof LocalMailboxMessageSchema>;

/**
 * The newest messages first. `smtpConfigured`: whether this platform emails for real; when
 * false, test emails and scheduled sends are kept here and nothing leaves the machine.
 */
export const LocalMailboxResponseSchema = z.object({ items: z.array(LocalMailboxMessageSchema), smtpConfigured: z.boolean() });
export type LocalMailboxResponse = z.infer<typeof LocalMailboxResponseSchema>;

/**
 * What the app shows of a kept email (GET /api/local-mailbox/{id}/preview): the email
 * without its open pixel, each tracked link pointing where it leads, so viewing it and
 * following its links record no open and no click. The kept email itself is `html` above.
 */
export const LocalMailboxPreviewSchema = z.object({ html: z.string() });
export type LocalMailboxPreview = z.infer<typeof LocalMailboxPreviewSchema>;
