import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json, JsonWithDefault } from './column-types';

// Letters, their saved versions, and who a send is for.

export interface LettersTable {
  id: Generated<number>;
  uniqueId: string;
  channelId: number;
  version: number;
  title: string;
  subtitle: string;
  subjectB: string;
  hasAbTest: boolean;
  blocks: string;
  delta: Json<unknown>;
  authors: Json<unknown>;
  settings: Json<unknown>;
  publicationStatus: number;
  /** Wall-clock `YYYY-MM-DD HH:mm:ss` in `publicationDateTzCode` (read back as text). */
  publicationDate: ColumnType<string, string | null, string | null> | null;
  publicationDateTzCode: string | null;
  /** The same moment as a UTC instant, for the scheduler (DECISIONS). */
  publicationAt: Timestamp | null;
  publicationEvent: number;
  /** 0 = all active subscribers and 99991 = specific emails are not rows: no foreign key. */
  segmentId: number | null;
  esp: number;
  emailTemplate: string;
  copyRendered: string;
  includePromotions: boolean;
  private: boolean;
  /** An editor set `private` (update-private); until then scheduling sets it from the audience. */
  privateChosen: Generated<boolean>;
  insights: Json<unknown> | null;
  openGraphHeadline: string;
  openGraphDescription: string;
  openGraphImageUrl: string;
  abTestMetrics: Json<unknown> | null;
  utmEnabled: boolean;
  utms: Json<unknown>;
  automationUniqueId: string | null;
  /** A template's trigger settings (migration 0031, shared/model/automation.ts); null when not configured. */
  automation: ColumnType<unknown, string | null | undefined, string | null>;
  updatePreviewText: boolean;
  claimant: Json<unknown> | null;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
  /** Set on delete: the row stays for its revisions and the sync feed's tombstone. */
  deletedAt: Timestamp | null;
  /** Set while someone holds the editing claim; `claimant` says who. */
  claimedAt: Timestamp | null;
  pollIds: JsonWithDefault<unknown>;
  /** Change feed position, set by a trigger on every write (migration 0002); int8 and xid8 read as text. */
  changeSeq: Generated<string>;
  changeXid: Generated<string>;
}

/** One row per saved version of a letter, so nothing written is ever lost. */
export interface LetterRevisionsTable {
  id: Generated<number>;
  letterId: number;
  version: number;
  /** The whole letter as it was answered after that write. */
  body: Json<unknown>;
  userId: number | null;
  createdAt: Generated<Date>;
}

export type RecipientVariant = 'A' | 'B';

export type RecipientStatus = 'pending' | 'sent' | 'refused';

/** One subscriber of a scheduled send, taken when the send starts (migration 0007). */
export interface LetterRecipientsTable {
  letterId: number;
  subscriberId: number;
  email: string;
  /** The subject an A/B letter sends this subscriber; null without an A/B test. */
  variant: RecipientVariant | null;
  status: ColumnType<RecipientStatus, RecipientStatus | undefined, RecipientStatus>;
  /** The mail server's words when it refused this address. */
  error: string | null;
  sentAt: Timestamp | null;
  createdAt: Generated<Date>;
  /** The key of this reader's open pixel and tracked links (migration 0009): random, made with the row. */
  trackingToken: Generated<string>;
  /** When this letter's email came back after the mail server took it (migration 0011). */
  bouncedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the reader left through this letter's unsubscribe link (migration 0011). */
  unsubscribedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  // The reader's own rollup (migration 0012), kept by tracking/tracking-records.ts.
  opens: Generated<number>;
  firstOpenedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  firstConfirmedOpenAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** ISO country code of the first open's address; null when unknown. */
  openCountry: ColumnType<string | null, string | null | undefined, string | null>;
  clicks: Generated<number>;
  firstClickedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lastClickedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Every click, machines' too (migration 0026); the three above count the reader's own. */
  clicksAll: Generated<number>;
  firstClickedAtAll: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The batch of a send run holding this waiting reader (migration 0036, delivery/recipient-claims.ts). */
  claimedBy: ColumnType<string | null, string | null | undefined, string | null>;
  /** When that claim runs out, on the database's clock; another run may take the reader after it. */
  claimedUntil: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Last click, else first open, else sent: user activity's order (generated). */
  lastActivityAt: ColumnType<Date | null, never, never>;
}

/**
 * The email one send used, per variant (migration 0029): rendered once, promotions filled,
 * before any reader's merge tags, links or tracking. Written once per send.
 */
export interface LetterSendSnapshotsTable {
  letterId: number;
  /** The publication instant the send was queued for: one send of the letter. */
  publicationAt: Date;
  /** A and B for an A/B subject test; A alone otherwise. */
  variant: RecipientVariant;
  /** The subject line of the variant, merge tags unfilled. */
  subject: string;
  html: string;
  /** The platform address the HTML's own links (poll answers, unsubscribe) begin with. */
  platformUrl: string;
  createdAt: Generated<Date>;
}

export type DeliveryEventKind = 'started' | 'sent' | 'failed';

/** What the desktop app hears about a send (GET /api/sync/delivery-events). */
export interface DeliveryEventsTable {
  /** bigserial, read as text. */
  id: Generated<string>;
  letterId: number;
  kind: DeliveryEventKind;
  recipients: number;
  delivered: number;
  message: Generated<string>;
  title: string;
  createdAt: Generated<Date>;
  /** The writing transaction (xid8, read as text): the feed's fence, as for letters. */
  changeXid: Generated<string>;
}

/** These tables, as members of `Database`. */
export interface LetterTables {
  letters: LettersTable;
  letterRevisions: LetterRevisionsTable;
  letterRecipients: LetterRecipientsTable;
  deliveryEvents: DeliveryEventsTable;
  letterSendSnapshots: LetterSendSnapshotsTable;
}
