import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, JsonWithDefault } from './column-types';

// A channel's subscribers and segments, and the history of their statuses.

/**
 * 'recipient' (migration 0030): an address a 'Specific emails' letter named that is not a
 * subscriber. Only that send takes it; no audience, list or count does.
 */
export type SubscriberStatus = 'active' | 'unsubscribed' | 'bounced' | 'recipient';

export interface SubscribersTable {
  id: Generated<number>;
  channelId: number;
  uniqueId: string;
  email: string;
  firstName: string;
  lastName: string;
  status: SubscriberStatus;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  customFields: JsonWithDefault<Record<string, unknown>>;
  createdAt: Generated<Date>;
  /** Left out of engagement segments (the footer's opt-out link, migration 0008). */
  behaviourOptOut: Generated<boolean>;
  /** When the reader unsubscribed through the email's link; only then can the page undo it. */
  unsubscribedByLinkAt: Timestamp | null;
}

export interface SegmentsTable {
  id: Generated<number>;
  channelId: number;
  name: string;
  criteria: JsonWithDefault<Record<string, unknown>>;
  isEngagementSegment: Generated<boolean>;
  createdAt: Generated<Date>;
}

/** A change of a subscriber's status (migration 0015), written by triggers on subscribers. */
export interface SubscriberEventsTable {
  id: Generated<string>;
  channelId: number;
  /** Kept when the subscriber is deleted (no foreign key): the history stays true. */
  subscriberId: number | null;
  kind: 'subscribed' | 'unsubscribed' | 'bounced' | 'removed';
  /** +1 on becoming active, -1 on leaving active, else 0. */
  delta: number;
  at: Generated<Date>;
}

/** subscriber_events per channel and UTC day, kept by a trigger (what the dashboards read). */
export interface SubscriberDaysTable {
  channelId: number;
  day: Date;
  subscribed: number;
  unsubscribed: number;
  bounced: number;
  net: number;
}

/** These tables, as members of `Database`. */
export interface AudienceTables {
  subscribers: SubscribersTable;
  segments: SegmentsTable;
  subscriberEvents: SubscriberEventsTable;
  subscriberDays: SubscriberDaysTable;
}
