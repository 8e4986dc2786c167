import { sql } from 'kysely';
import type { RawBuilder, SqlBool } from 'kysely';
import {
  ALL_ACTIVE_SUBSCRIBERS_NAME,
  DATE_OPERATORS,
  ENGAGEMENT_FIELD,
  ENGAGEMENT_OPERATORS,
  SUBSCRIBED_FIELD,
  SUBSCRIBER_CRITERIA_FIELDS,
  isEngagementCondition,
  SegmentCriteriaSchema,
  TAG_FIELD,
  TAG_OPERATORS,
  TEXT_OPERATORS,
} from '../../shared/contract/platform-audience';
import type { Segment, SegmentCondition, SegmentCriteria, SegmentCriterion } from '../../shared/contract/platform-audience';
import type { Db } from '../db/database';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID } from '../letters/letter-records';

// Segments as the API answers them: criteria turned into SQL over `subscribers`, totals
// counted in one pass per page, and the fields a channel's criteria may name. The criteria
// language is described in shared/contract/platform-audience.ts.

export interface SegmentRow {
  id: number;
  channelId: number;
  name: string;
  criteria: unknown;
  isEngagementSegment: boolean;
}

const TEXT_COLUMNS: Record<string, string> = {
  email: 'subscribers.email',
  first_name: 'subscribers.firstName',
  last_name: 'subscribers.lastName',
};

function fieldText(field: string): RawBuilder<string> {
  const column = TEXT_COLUMNS[field];
  if (column) return sql<string>`${sql.ref(column)}`;
  // A subscriber without the field reads as empty text, so 'is_not' matches them.
  return sql<string>`coalesce(${sql.ref('subscribers.customFields')} ->> ${field}::text, '')`;
}

/** Whether the reader opened (or clicked) any letter in the last `days` days. */
function activityWithin(table: 'recipient_opens' | 'recipient_clicks', days: number): RawBuilder<SqlBool> {
  const at = sql.raw(table === 'recipient_opens' ? 'opened_at' : 'clicked_at');
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${sql.raw(table)} e WHERE e.subscriber_id = ${sql.ref('subscribers.id')}
    AND e.${at} >= now() - make_interval(days => ${days}::int))`;
}

function engagementSql(condition: SegmentCondition): RawBuilder<SqlBool> {
  if (condition.field === SUBSCRIBED_FIELD) {
    const day = sql`${condition.value.trim()}::date::timestamptz`;
    // 'after' a day means from the next day on, so a date is wholly before or after.
    return condition.op === 'before'
      ? sql<SqlBool>`${sql.ref('subscribers.createdAt')} < ${day}`
      : sql<SqlBool>`${sql.ref('subscribers.createdAt')} >= ${day} + interval '1 day'`;
  }
  const days = Number(condition.value.trim());
  if (condition.op === 'clicked_within') return activityWithin('recipient_clicks', days);
  const opened = activityWithin('recipient_opens', days);
  return condition.op === 'opened_within' ? opened : sql<SqlBool>`NOT ${opened}`;
}

function conditionSql(condition: SegmentCondition): RawBuilder<SqlBool> {
  if (isEngagementCondition(condition)) return engagementSql(condition);
  const value = sql`lower(${condition.value}::text)`;
  if (condition.op === 'has_tag' || condition.op === 'lacks_tag') {
    const has = sql`EXISTS (SELECT 1 FROM unnest(${sql.ref('subscribers.tags')}) AS t(tag) WHERE lower(t.tag) = ${value})`;
    return condition.op === 'has_tag' ? sql<SqlBool>`${has}` : sql<SqlBool>`NOT ${has}`;
  }
  const text = sql`lower(${fieldText(condition.field)})`;
  if (condition.op === 'is') return sql<SqlBool>`${text} = ${value}`;
  if (condition.op === 'is_not') return sql<SqlBool>`${text} <> ${value}`;
  return sql<SqlBool>`strpos(${text}, ${value}) > 0`;
}

export function criteriaSql(criteria: SegmentCriteria): RawBuilder<SqlBool> {
  const joiner = sql.raw(criteria.match === 'all' ? ' AND ' : ' OR ');
  return sql<SqlBool>`(${sql.join(criteria.conditions.map(conditionSql), joiner)})`;
}

/**
 * Who a stored segment reaches: its criteria and, for an engagement segment, only readers
 * who have not opted out of emails based on their activity (the footer's opt-out link).
 * Totals use it; so must anything that resolves a segment's recipients.
 */
export function segmentSql(criteria: SegmentCriteria, isEngagementSegment: boolean): RawBuilder<SqlBool> {
  if (!isEngagementSegment) return criteriaSql(criteria);
  return sql<SqlBool>`(${criteriaSql(criteria)} AND NOT ${sql.ref('subscribers.behaviourOptOut')})`;
}

/** A segment whose criteria use engagement conditions is an engagement segment, whatever the caller said. */
export function usesEngagement(criteria: SegmentCriteria): boolean {
  return criteria.conditions.some(isEngagementCondition);
}

/** Stored criteria in another shape (older rows) read as null: such a segment matches nobody. */
export function readCriteria(stored: unknown): SegmentCriteria | null {
  const parsed = SegmentCriteriaSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** The tags a segment targets: the values of its 'has_tag' conditions. */
export function segmentTags(criteria: SegmentCriteria | null): string[] {
  const tags = (criteria?.conditions ?? []).filter((c) => c.op === 'has_tag').map((c) => c.value);
  return [...new Set(tags)];
}

// Each count is a FILTER over one scan; chunks keep the bind parameters well under
// PostgreSQL's 65535 for a page of 9999 segments.
const TOTALS_CHUNK = 200;

async function countMatching(db: Db, channelIds: number[], filters: (RawBuilder<SqlBool> | null)[]): Promise<number[]> {
  if (filters.length === 0) return [];
  const totals: number[] = [];
  for (let start = 0; start < filters.length; start += TOTALS_CHUNK) {
    const chunk = filters.slice(start, start + TOTALS_CHUNK);
    const row = (await db
      .selectFrom('subscribers')
      .select(chunk.map((filter, i) => (filter ? sql<string>`count(*) FILTER (WHERE ${filter})` : sql<string>`0`).as(`t${i}`)))
      .where('subscribers.status', '=', 'active')
      .where('subscribers.channelId', 'in', channelIds)
      .executeTakeFirstOrThrow()) as Record<string, string | number>;
    chunk.forEach((_filter, i) => totals.push(Number(row[`t${i}`] ?? 0)));
  }
  return totals;
}

export async function activeSubscriberCount(db: Db, channelIds: number[]): Promise<number> {
  if (channelIds.length === 0) return 0;
  const [total] = await countMatching(db, channelIds, [sql<SqlBool>`true`]);
  return total ?? 0;
}

export async function toSegments(db: Db, rows: SegmentRow[]): Promise<Segment[]> {
  const criteria = rows.map((row) => readCriteria(row.criteria));
  const channelIds = [...new Set(rows.map((row) => row.channelId))];
  const filters = rows.map((row, i) => {
    const readable = criteria[i];
    return readable ? sql<SqlBool>`${sql.ref('subscribers.channelId')} = ${row.channelId} AND ${segmentSql(readable, row.isEngagementSegment)}` : null;
  });
  const totals = await countMatching(db, channelIds, filters);
  return rows.map((row, i) => ({
    id: row.id,
    name: row.name,
    total: totals[i] ?? 0,
    isEngagementSegment: row.isEngagementSegment,
    tags: segmentTags(criteria[i] ?? null),
    channelId: row.channelId,
    criteria: criteria[i] ?? null,
  }));
}

/** "All active subscribers" (id 0) over the given channels. */
export async function allActiveSubscribers(db: Db, channelIds: number[]): Promise<Segment> {
  return {
    id: ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID,
    name: ALL_ACTIVE_SUBSCRIBERS_NAME,
    total: await activeSubscriberCount(db, channelIds),
    isEngagementSegment: false,
    tags: [],
    channelId: channelIds.length === 1 ? channelIds[0]! : null,
    criteria: null,
  };
}

export function selectSegmentRows(db: Db) {
  return db.selectFrom('segments').select(['id', 'channelId', 'name', 'criteria', 'isEngagementSegment']);
}

/** Custom field names seen on the channel's subscribers, whatever their status. */
export async function channelCustomFields(db: Db, channelId: number): Promise<string[]> {
  const result = await sql<{ key: string }>`
    SELECT DISTINCT jsonb_object_keys(custom_fields) AS key FROM subscribers
    WHERE channel_id = ${channelId} ORDER BY key`.execute(db);
  return result.rows.map((row) => row.key);
}

export async function channelTags(db: Db, channelId: number): Promise<string[]> {
  const result = await sql<{ tag: string }>`
    SELECT DISTINCT unnest(tags) AS tag FROM subscribers WHERE channel_id = ${channelId} ORDER BY tag`.execute(db);
  return result.rows.map((row) => row.tag);
}

const SUBSCRIBER_FIELD_LABELS: Record<(typeof SUBSCRIBER_CRITERIA_FIELDS)[number], string> = {
  email: 'Email',
  first_name: 'First name',
  last_name: 'Last name',
};

/** What a condition may name in this channel (the "criterias" call). */
export async function channelCriterias(db: Db, channelId: number): Promise<SegmentCriterion[]> {
  const [tags, customFields] = await Promise.all([channelTags(db, channelId), channelCustomFields(db, channelId)]);
  const reserved = new Set<string>([TAG_FIELD, ENGAGEMENT_FIELD, SUBSCRIBED_FIELD, ...SUBSCRIBER_CRITERIA_FIELDS]);
  return [
    { attribute: 'tags', field: TAG_FIELD, label: 'Tag', kind: 'tag', operators: [...TAG_OPERATORS], values: tags },
    {
      attribute: ENGAGEMENT_FIELD,
      field: ENGAGEMENT_FIELD,
      label: 'Engagement (days)',
      kind: 'engagement',
      operators: [...ENGAGEMENT_OPERATORS],
      values: [],
    },
    { attribute: SUBSCRIBED_FIELD, field: SUBSCRIBED_FIELD, label: 'Subscribed', kind: 'engagement', operators: [...DATE_OPERATORS], values: [] },
    ...SUBSCRIBER_CRITERIA_FIELDS.map((field) => ({
      attribute: field,
      field,
      label: SUBSCRIBER_FIELD_LABELS[field],
      kind: 'subscriber' as const,
      operators: [...TEXT_OPERATORS],
      values: [],
    })),
    // A custom field spelled like a built-in one is shadowed by it, so it is not offered.
    ...customFields
      .filter((field) => !reserved.has(field))
      .map((field) => ({
        attribute: field,
        field,
        label: field,
        kind: 'custom' as const,
        operators: [...TEXT_OPERATORS],
        values: [],
      })),
  ];
}
