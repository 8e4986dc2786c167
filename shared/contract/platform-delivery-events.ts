import { z } from 'zod';
import { SyncCursorSchema, SYNC_PAGE_SIZE_MAX } from './platform-letters';

// What the platform says about a scheduled send as it happens: it started, it finished, or
// it stopped. The desktop app reads them like the letter feed (a cursor, pages in commit
// order) and turns them into native notifications. Path: platformPaths.deliveryEvents().

export const DELIVERY_EVENT_KINDS = ['started', 'sent', 'failed'] as const;
export const DeliveryEventKindSchema = z.enum(DELIVERY_EVENT_KINDS);
export type DeliveryEventKind = z.infer<typeof DeliveryEventKindSchema>;

export const DeliveryEventSchema = z.object({
  /** Unique per platform; a client that sees one twice shows it once. */
  id: z.number().int().positive(),
  kind: DeliveryEventKindSchema,
  letterId: z.number().int().positive(),
  letterUniqueId: z.string(),
  channelId: z.number().int().positive(),
  channelSlug: z.string(),
  brandSlug: z.string(),
  /** The letter's subject when the event happened. */
  title: z.string(),
  /** Everyone the send is for. */
  recipients: z.number().int().min(0),
  /** Emails the mail server took so far (all of them for 'sent'). */
  delivered: z.number().int().min(0),
  /** For 'failed': why, in the mail server's words where it gave any. Empty otherwise. */
  message: z.string(),
  /** ISO 8601 instant. */
  at: z.string(),
});
export type DeliveryEvent = z.infer<typeof DeliveryEventSchema>;

export const DeliveryEventsQuerySchema = z.object({
  /** '0' starts from the beginning; 'now' answers no events and the cursor of this moment. */
  since: z.union([SyncCursorSchema, z.literal('now')]).default('0'),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_SIZE_MAX).default(SYNC_PAGE_SIZE_MAX),
});

export const DeliveryEventsResponseSchema = z.object({
  items: z.array(DeliveryEventSchema),
  cursor: SyncCursorSchema,
  hasMore: z.boolean(),
});
export type DeliveryEventsResponse = z.infer<typeof DeliveryEventsResponseSchema>;

// The words of a 'failed' event, exactly, so the app can show them as they are.

/** A send the mail server stopped: how far it got, then the server's own words. */
export function deliveryStoppedMessage(delivered: number, recipients: number, reason: string): string {
  return `Sending stopped after ${delivered} of ${recipients} ${recipients === 1 ? 'email' : 'emails'}: ${reason}`;
}

/** An Iterable (esp 1) letter reached its publication time: the platform's SMTP does not send those. */
export const ITERABLE_DELIVERY_REFUSED_MESSAGE =
  'This letter was not sent: letters for Iterable are sent from Iterable, not by the platform’s own email delivery.';

/** The letter's stored sections could not be made into an email; `detail` names what is wrong. */
export function deliveryRenderFailedMessage(detail: string): string {
  return `This letter was not sent: it could not be made into an email (${detail}).`;
}
