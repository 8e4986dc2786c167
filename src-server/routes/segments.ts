import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AudienceSegmentsQuerySchema,
  AudienceSegmentsResponseSchema,
  ChannelSegmentsQuerySchema,
  ChannelSegmentsResponseSchema,
  CreateSegmentRequestSchema,
  SegmentCountRequestSchema,
  SegmentCountResponseSchema,
  SegmentCriteriasQuerySchema,
  SegmentCriteriasResponseSchema,
  SpecificEmailsLeftOutRequestSchema,
  SpecificEmailsLeftOutResponseSchema,
  UpdateSegmentRequestSchema,
  SegmentSchema,
} from '../../shared/contract/platform-audience';
import type { SegmentCriteria } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { PublicationStatus } from '../../shared/model/publication';
import { NO_CHANNEL, brandBySlug, queryList, queryScalars } from '../audience/brand-access';
import {
  allActiveSubscribers,
  channelCriterias,
  readCriteria,
  segmentSql,
  segmentTags,
  selectSegmentRows,
  toSegments,
  usesEngagement,
} from '../audience/segment-store';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { conflict, invalidData, notFound } from '../http/errors';
import type { FieldErrors } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../letters/letter-records';
import { parseSpecificEmails } from '../../shared/rules/specific-emails';

// Audience segments (spec 3 §7): the organization-wide picker list the composer reads, and
// the channel's own list, read, create, delete and criterias calls; and what a 'Specific
// emails' list will leave out, which the schedule step shows.

const SEGMENT_NOT_FOUND = 'This segment does not exist.';
const ChannelParams = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
const SegmentParams = ChannelParams.extend({ id: z.coerce.number().int().nonnegative().max(2_147_483_647) });
const BrandParams = z.object({ brand: z.string().min(1) });

const docs = {
  audience: routeDocs({
    summary: "The segment picker list of a brand's channels ('All active subscribers' first)",
    params: BrandParams,
    querystring: AudienceSegmentsQuerySchema,
    response: { 200: AudienceSegmentsResponseSchema },
  }),
  criterias: routeDocs({
    summary: 'The fields a segment of this channel may use (only the tag entry unless all=true)',
    params: ChannelParams,
    querystring: SegmentCriteriasQuerySchema,
    response: { 200: SegmentCriteriasResponseSchema },
  }),
  specificEmailsLeftOut: routeDocs({
    summary: "Of a 'Specific emails' list, how many addresses its send leaves out: unsubscribed or bounced in this channel",
    params: ChannelParams,
    body: SpecificEmailsLeftOutRequestSchema,
    response: { 200: SpecificEmailsLeftOutResponseSchema },
  }),
  count: routeDocs({ summary: 'How many active subscribers criteria match now', params: ChannelParams, body: SegmentCountRequestSchema, response: { 200: SegmentCountResponseSchema } }),
  update: routeDocs({ summary: 'Edit a segment', params: SegmentParams, body: UpdateSegmentRequestSchema, response: { 200: SegmentSchema } }),
  list: routeDocs({
    summary: "A channel's segments, filtered by name and tags",
    params: ChannelParams,
    querystring: ChannelSegmentsQuerySchema,
    response: { 200: ChannelSegmentsResponseSchema },
  }),
  get: routeDocs({ summary: 'One segment with its count', params: SegmentParams, response: { 200: SegmentSchema } }),
  create: routeDocs({ summary: 'Create a segment', params: ChannelParams, body: CreateSegmentRequestSchema, response: { 201: SegmentSchema } }),
  delete: routeDocs({ summary: 'Delete a segment no scheduled letter uses', params: SegmentParams, response: { 204: null } }),
};

/** Letters in these states will still be sent to their segment, so it must stay. */
const SENDING_STATUSES: number[] = [
  PublicationStatus.scheduled,
  PublicationStatus.publishing,
  PublicationStatus.processingForAutomation,
  PublicationStatus.sending,
  PublicationStatus.sending25,
  PublicationStatus.sending50,
  PublicationStatus.sending75,
];

function params<S extends z.ZodType>(schema: S, raw: unknown, missing: string): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound(missing);
  return parsed.data;
}

function page<T>(items: T[], pageNumber: number, size: number): T[] {
  return items.slice((pageNumber - 1) * size, pageNumber * size);
}

export const segmentRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const segmentsPath = decodeURIComponent(platformPaths.segments(':brand', ':channel'));
  /** Every condition must name a field the channel's criterias offer. */
  const checkFields = async (channelId: number, criteria: SegmentCriteria) => {
    const fields = new Set((await channelCriterias(db, channelId)).map((criterion) => criterion.field));
    const errors: FieldErrors = {};
    criteria.conditions.forEach((condition, i) => {
      if (!fields.has(condition.field)) {
        errors[`criteria.conditions.${i}.field`] = [
          `Unknown field '${condition.field}': use 'tag', 'engagement', 'subscribed_at', email, first_name, last_name or a custom field of this channel.`,
        ];
      }
    });
    if (Object.keys(errors).length > 0) throw invalidData(errors);
  };
  const segmentPath = `${segmentsPath}/:id`;

  app.get(decodeURIComponent(platformPaths.audienceSegments(':brand')), { schema: docs.audience }, async (request, reply) => {
    const user = currentUser(request);
    const { brand } = params(BrandParams, request.params, 'This brand does not exist.');
    const access = await brandBySlug(db, user.id, brand);
    const query = parseInput(AudienceSegmentsQuerySchema, {
      ...queryScalars(request.query, ['channels']),
      channels: queryList(request.query, 'channels'),
    });
    const brandChannels = await db
      .selectFrom('channels')
      .select('id')
      .where('organizationId', '=', access.organizationId)
      .execute();
    const brandIds = new Set(brandChannels.map((channel) => channel.id));
    // Another brand's channel is answered like a missing one, so nothing leaks.
    if (query.channels.some((id) => !brandIds.has(id))) throw notFound(NO_CHANNEL);
    const channelIds = query.channels.length > 0 ? [...new Set(query.channels)] : [...brandIds];
    const rows =
      channelIds.length === 0
        ? []
        : await selectSegmentRows(db).where('channelId', 'in', channelIds).orderBy('name').orderBy('id').execute();
    // "All active subscribers" is item zero of the list: it leads page 1 and counts in total.
    const listed = page([null, ...rows], query.page, query.limit);
    const segments = await toSegments(db, listed.filter((row) => row !== null));
    const items = listed[0] === null ? [await allActiveSubscribers(db, channelIds), ...segments] : segments;
    return sendAs(reply, AudienceSegmentsResponseSchema, {
      items: items.map(({ criteria: _criteria, ...option }) => option),
      total: rows.length + 1,
    });
  });

  app.get(decodeURIComponent(platformPaths.segmentCriterias(':brand', ':channel')), { schema: docs.criterias }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel } = params(ChannelParams, request.params, NO_CHANNEL);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const { all } = parseInput(SegmentCriteriasQuerySchema, request.query);
    const items = await channelCriterias(db, access.channel.id);
    return sendAs(reply, SegmentCriteriasResponseSchema, { items: all ? items : items.filter((item) => item.attribute === 'tags') });
  });

  app.post(decodeURIComponent(platformPaths.segmentsCount(':brand', ':channel')), { schema: docs.count }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel } = params(ChannelParams, request.params, NO_CHANNEL);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const body = parseInput(SegmentCountRequestSchema, request.body);
    await checkFields(access.channel.id, body.criteria);
    const row = await db
      .selectFrom('subscribers')
      .select(sql<string>`count(*)`.as('n'))
      .where('channelId', '=', access.channel.id)
      .where('status', '=', 'active')
      .where(segmentSql(body.criteria, usesEngagement(body.criteria)))
      .executeTakeFirstOrThrow();
    return sendAs(reply, SegmentCountResponseSchema, { total: Number(row.n) });
  });

  app.post(decodeURIComponent(platformPaths.specificEmailsLeftOut(':brand', ':channel')), { schema: docs.specificEmailsLeftOut }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel } = params(ChannelParams, request.params, NO_CHANNEL);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const body = parseInput(SpecificEmailsLeftOutRequestSchema, request.body);
    // Read as the send reads the stored list (delivery/audience-snapshot.ts): what is not an address names nobody.
    const emails = parseSpecificEmails(body.emails.join('\n')).emails;
    const row = await db
      .selectFrom('subscribers')
      .select([
        sql<string>`count(*) FILTER (WHERE status = 'unsubscribed')`.as('unsubscribed'),
        sql<string>`count(*) FILTER (WHERE status = 'bounced')`.as('bounced'),
      ])
      .where('channelId', '=', access.channel.id)
      .where(sql<boolean>`email = ANY(${emails}::text[])`)
      .executeTakeFirstOrThrow();
    return sendAs(reply, SpecificEmailsLeftOutResponseSchema, { unsubscribed: Number(row.unsubscribed), bounced: Number(row.bounced) });
  });

  app.get(segmentsPath, { schema: docs.list }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel } = params(ChannelParams, request.params, NO_CHANNEL);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const query = parseInput(ChannelSegmentsQuerySchema, {
      ...queryScalars(request.query, ['tags']),
      tags: queryList(request.query, 'tags'),
    });
    const rows = await selectSegmentRows(db).where('channelId', '=', access.channel.id).orderBy('name').orderBy('id').execute();
    const name = query.name?.toLowerCase() ?? '';
    const wanted = query.tags.map((tag) => tag.toLowerCase());
    // Filters read the stored rows; totals are counted for the answered page only.
    const matching = rows.filter((row) => {
      const tags = segmentTags(readCriteria(row.criteria)).map((tag) => tag.toLowerCase());
      return row.name.toLowerCase().includes(name) && wanted.every((tag) => tags.includes(tag));
    });
    return sendAs(reply, ChannelSegmentsResponseSchema, {
      segments: await toSegments(db, page(matching, query.page, query.itemsPerPage)),
      total: matching.length,
    });
  });

  app.get(segmentPath, { schema: docs.get }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel, id } = params(SegmentParams, request.params, SEGMENT_NOT_FOUND);
    const access = await channelBySlugs(db, user.id, brand, channel);
    if (id === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID) {
      return sendAs(reply, SegmentSchema, await allActiveSubscribers(db, [access.channel.id]));
    }
    const row = await selectSegmentRows(db).where('id', '=', id).where('channelId', '=', access.channel.id).executeTakeFirst();
    if (!row) throw notFound(SEGMENT_NOT_FOUND);
    const [segment] = await toSegments(db, [row]);
    return sendAs(reply, SegmentSchema, segment!);
  });

  app.post(segmentsPath, { schema: docs.create }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel } = params(ChannelParams, request.params, NO_CHANNEL);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const body = parseInput(CreateSegmentRequestSchema, request.body);
    await checkFields(access.channel.id, body.criteria);
    const inserted = await db
      .insertInto('segments')
      .values({
        channelId: access.channel.id,
        name: body.name,
        criteria: toJson(body.criteria),
        isEngagementSegment: body.isEngagementSegment || usesEngagement(body.criteria),
      })
      .returning(['id', 'channelId', 'name', 'criteria', 'isEngagementSegment'])
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidData({ name: ['A segment with this name already exists in this channel.'] });
        throw error;
      });
    const [segment] = await toSegments(db, [inserted]);
    return sendAs(reply, SegmentSchema, segment!, 201);
  });

  app.put(segmentPath, { schema: docs.update }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel, id } = params(SegmentParams, request.params, SEGMENT_NOT_FOUND);
    const access = await channelBySlugs(db, user.id, brand, channel);
    if (id === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID || id === SPECIFIC_EMAILS_SEGMENT_ID) {
      throw conflict('This audience is built in and cannot be changed.');
    }
    const body = parseInput(UpdateSegmentRequestSchema, request.body);
    await checkFields(access.channel.id, body.criteria);
    const updated = await db
      .updateTable('segments')
      .set({
        name: body.name,
        criteria: toJson(body.criteria),
        isEngagementSegment: body.isEngagementSegment || usesEngagement(body.criteria),
      })
      .where('id', '=', id)
      .where('channelId', '=', access.channel.id)
      .returning(['id', 'channelId', 'name', 'criteria', 'isEngagementSegment'])
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidData({ name: ['A segment with this name already exists in this channel.'] });
        throw error;
      });
    if (!updated) throw notFound(SEGMENT_NOT_FOUND);
    const [segment] = await toSegments(db, [updated]);
    return sendAs(reply, SegmentSchema, segment!);
  });

  app.delete(segmentPath, { schema: docs.delete }, async (request, reply) => {
    const user = currentUser(request);
    const { brand, channel, id } = params(SegmentParams, request.params, SEGMENT_NOT_FOUND);
    const access = await channelBySlugs(db, user.id, brand, channel);
    if (id === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID || id === SPECIFIC_EMAILS_SEGMENT_ID) {
      throw conflict('This audience is built in and cannot be deleted.');
    }
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('segments')
        .select('id')
        .where('id', '=', id)
        .where('channelId', '=', access.channel.id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(SEGMENT_NOT_FOUND);
      const letter = await trx
        .selectFrom('letters')
        .select('title')
        .where('channelId', '=', access.channel.id)
        .where('segmentId', '=', id)
        .where('publicationStatus', 'in', SENDING_STATUSES)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (letter) {
        throw conflict(`The letter '${letter.title}' is scheduled for this segment. Choose another audience for it first.`);
      }
      await trx.deleteFrom('segments').where('id', '=', id).execute();
    });
    return reply.code(204).send();
  });
};

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
