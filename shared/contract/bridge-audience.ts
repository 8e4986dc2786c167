import { z } from 'zod';
import {
  ChannelSegmentsResponseSchema,
  CreateSegmentRequestSchema,
  IMPORT_EXISTING_MODES,
  ImportMappingSchema,
  SEGMENT_PAGE_SIZE_DEFAULT,
  SegmentCountResponseSchema,
  SegmentCriteriaSchema,
  SegmentCriteriasResponseSchema,
  SegmentSchema,
  SUBSCRIBER_PAGE_SIZE_DEFAULT,
  SUBSCRIBER_STATUSES,
  SubscriberBulkTagsRequestSchema,
  SubscriberBulkTagsResponseSchema,
  SubscriberCreateRequestSchema,
  SubscriberDetailSchema,
  SubscriberImportProgressSchema,
  SubscriberImportResponseSchema,
  SubscriberListResponseSchema,
  SubscriberSchema,
  SubscriberUpdateRequestSchema,
} from './platform-audience';

// The bridge channels of the audience screens (`audience.*` in bridge.ts): a channel's
// subscribers (list, detail, add, edit, unsubscribe, delete, bulk tags, CSV export and
// import) and its segments (list, criteria, live count, save, delete). Every one needs the
// platform. The import takes the file's text: the renderer reads the chosen or dropped file
// (the browser host has no paths), and the core sends it on to the platform as text/csv.

const channel = {
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
};
const subscriberId = z.number().int().positive();
const segmentId = z.number().int().positive();

export const AudienceSubscriberListRequestSchema = z.object({
  ...channel,
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  search: z.string().trim().max(200).default(''),
  tags: z.array(z.string().trim().min(1)).max(100).default([]),
  page: z.number().int().min(1).default(1),
  itemsPerPage: z.number().int().min(1).max(1000).default(SUBSCRIBER_PAGE_SIZE_DEFAULT),
});
export type AudienceSubscriberListRequest = z.input<typeof AudienceSubscriberListRequestSchema>;

export const AudienceImportRequestSchema = z.object({
  ...channel,
  /** Made by the renderer so it can ask for progress while the import runs. */
  importId: z.uuid(),
  csv: z.string().min(1, 'The file is empty.'),
  existing: z.enum(IMPORT_EXISTING_MODES),
  mapping: ImportMappingSchema,
  /** The channel's welcome templates go to the subscribers the import creates (issue 32); off unless ticked. */
  sendWelcome: z.boolean().default(false),
});
export type AudienceImportRequest = z.input<typeof AudienceImportRequestSchema>;

export const AudienceSegmentListRequestSchema = z.object({
  ...channel,
  name: z.string().trim().max(200).default(''),
  page: z.number().int().min(1).default(1),
  itemsPerPage: z.number().int().min(1).max(100).default(SEGMENT_PAGE_SIZE_DEFAULT),
});
export type AudienceSegmentListRequest = z.input<typeof AudienceSegmentListRequestSchema>;

export const audienceChannels = {
  'audience.subscribers': { input: AudienceSubscriberListRequestSchema, output: SubscriberListResponseSchema },
  /** One subscriber with the letters they got and what they did with them. */
  'audience.subscriber': { input: z.object({ ...channel, id: subscriberId }), output: SubscriberDetailSchema },
  'audience.addSubscriber': { input: z.object({ ...channel, subscriber: SubscriberCreateRequestSchema }), output: SubscriberSchema },
  'audience.updateSubscriber': { input: z.object({ ...channel, id: subscriberId, changes: SubscriberUpdateRequestSchema }), output: SubscriberSchema },
  'audience.unsubscribe': { input: z.object({ ...channel, id: subscriberId }), output: SubscriberSchema },
  'audience.deleteSubscriber': { input: z.object({ ...channel, id: subscriberId }), output: z.null() },
  'audience.tagSubscribers': { input: z.object({ ...channel, change: SubscriberBulkTagsRequestSchema }), output: SubscriberBulkTagsResponseSchema },
  'audience.exportSubscribers': { input: z.object(channel), output: z.object({ fileName: z.string(), content: z.string() }) },
  'audience.importSubscribers': { input: AudienceImportRequestSchema, output: SubscriberImportResponseSchema },
  'audience.importProgress': { input: z.object({ ...channel, importId: z.uuid() }), output: SubscriberImportProgressSchema.nullable() },
  'audience.segments': { input: AudienceSegmentListRequestSchema, output: ChannelSegmentsResponseSchema },
  /** Every criterion a condition may name in the channel (tags with their known values). */
  'audience.segmentCriterias': { input: z.object(channel), output: SegmentCriteriasResponseSchema },
  /** The live count while a segment is edited. */
  'audience.segmentCount': { input: z.object({ ...channel, criteria: SegmentCriteriaSchema }), output: SegmentCountResponseSchema },
  /** Create (no id) or update a segment. */
  'audience.saveSegment': { input: z.object({ ...channel, id: segmentId.optional(), segment: CreateSegmentRequestSchema }), output: SegmentSchema },
  'audience.deleteSegment': { input: z.object({ ...channel, id: segmentId }), output: z.null() },
} as const;
