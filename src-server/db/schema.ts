import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// The platform's tables as Kysely sees them. Columns are snake_case in PostgreSQL and
// camelCase here (CamelCasePlugin, see database.ts). jsonb columns are written as JSON
// text (`toJson`), because node-postgres would turn a JS array into a PostgreSQL array.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export type MembershipRole = 'owner' | 'admin' | 'editor';
export type SubscriberStatus = 'active' | 'unsubscribed' | 'bounced';

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  createdAt: Generated<Date>;
}

/** An organization is a brand (DECISIONS: the two slugs name the same thing). */
export interface OrganizationsTable {
  id: Generated<number>;
  tenantId: number;
  slug: string;
  name: string;
  createdAt: Generated<Date>;
}

export interface ChannelsTable {
  id: Generated<number>;
  tenantId: number;
  organizationId: number;
  slug: string;
  title: string;
  timezone: string;
  accentColor: string;
  defaultStyleBaseFontSize: number;
  channelSquareLogo: string | null;
  channelName: string;
  contactCompany: string;
  contactAddressLine1: string;
  contactAddressLine2: string;
  contactCity: string;
  contactRegion: string;
  contactPostalCode: string;
  contactCountry: string;
  esp: number;
  settings: JsonWithDefault<Record<string, unknown>>;
  createdAt: Generated<Date>;
  fontColor: Generated<string>;
  backgroundColor: Generated<string>;
  footerLanguage: Generated<'en' | 'sp'>;
}

export interface UsersTable {
  id: Generated<number>;
  uniqueId: string;
  /** Stored lower-cased, so the unique index is case-insensitive. */
  email: string;
  name: string;
  surname: string;
  passwordHash: string;
  createdAt: Generated<Date>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  userId: number;
  /** sha256 (hex) of the token; the token itself is only ever in the client's hands. */
  tokenHash: string;
  createdAt: Generated<Date>;
  lastUsedAt: Timestamp | null;
}

export interface MembershipsTable {
  userId: number;
  organizationId: number;
  role: MembershipRole;
  createdAt: Generated<Date>;
}

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
  insights: Json<unknown> | null;
  openGraphHeadline: string;
  openGraphDescription: string;
  openGraphImageUrl: string;
  abTestMetrics: Json<unknown> | null;
  utmEnabled: boolean;
  utms: Json<unknown>;
  automationUniqueId: string | null;
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
  /** Last click, else first open, else sent: user activity's order (generated). */
  lastActivityAt: ColumnType<Date | null, never, never>;
}

export type BounceKind = 'hard' | 'soft';
export type BounceSource = 'dsn' | 'webhook';

/** Every bounce the platform heard of (migration 0011); letter and subscriber when it named them. */
export interface BounceEventsTable {
  /** bigserial, read as text. */
  id: Generated<string>;
  receivedAt: Generated<Date>;
  source: BounceSource;
  kind: BounceKind;
  email: string;
  letterId: number | null;
  subscriberId: number | null;
  reason: Generated<string>;
}

/** A letter's tracked address, by position: the only places a tracked click leads (migration 0009). */
export interface LetterLinksTable {
  letterId: number;
  position: number;
  url: string;
  /** Readers who followed it, and every follow (migration 0012), kept by the click writer. */
  uniques: Generated<number>;
  total: Generated<number>;
}

/** One load of the open pixel; `confirmed` is false for privacy proxies, prefetchers and scanners. */
export interface RecipientOpensTable {
  /** bigserial, read as text. */
  id: Generated<string>;
  letterId: number;
  subscriberId: number;
  openedAt: Generated<Date>;
  confirmed: boolean;
  userAgent: Generated<string>;
  /** ISO country code of the address it came from (migration 0012); the address is never stored. */
  country: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One follow of a tracked link. */
export interface RecipientClicksTable {
  /** bigserial, read as text. */
  id: Generated<string>;
  letterId: number;
  subscriberId: number;
  position: number;
  clickedAt: Generated<Date>;
}

/** The A/B subject test of a scheduled send (migration 0010). */
export interface AbTestsTable {
  letterId: number;
  /** The letter's settings when the sample was drawn: what the test ran with. */
  samplePercent: number;
  waitMinutes: number;
  /** Readers of the audience when the sample was drawn. */
  audience: number;
  samplePerSubject: number;
  /** When the wait ends; null until the whole sample has been sent. */
  decideAt: Timestamp | null;
  winner: RecipientVariant | null;
  decidedAt: Timestamp | null;
  createdAt: Generated<Date>;
}

/** A letter's counts of readers (migration 0012), kept by triggers on letter_recipients. */
export interface LetterReportCountersTable {
  letterId: number;
  recipients: number;
  accepted: number;
  refused: number;
  /** Accepted, then bounced back (bounced_at). */
  bouncedBack: number;
  opened: number;
  openedConfirmed: number;
  clicked: number;
  unsubscribed: number;
  firstSentAt: Timestamp | null;
}

/** Per letter and UTC hour: events (kept by the writers) and readers whose first open / click fell in it (the trigger). */
export interface LetterReportHoursTable {
  letterId: number;
  hour: Timestamp;
  opens: number;
  clicks: number;
  uniqueOpens: number;
  uniqueClicks: number;
}

/** Readers by the country of their first open's address; '' is unknown. */
export interface LetterReportCountriesTable {
  letterId: number;
  countryCode: string;
  readers: number;
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

/** AI tokens an organization used on one UTC day (the daily budget, ai/ai-usage.ts). */
export interface AiUsageTable {
  organizationId: number;
  /** Read as a Date; written and compared as 'YYYY-MM-DD' text. */
  day: ColumnType<Date | string, string, string>;
  /** bigint, read as text. */
  tokens: ColumnType<string, number | string, number | string>;
  requests: number;
}

/** A content provider's token for an organization (0021-providers). */
export interface OrganizationIntegrationsTable {
  id: Generated<number>;
  organizationId: number;
  kind: 'evvnt';
  token: string;
  updatedAt: Generated<Date>;
}

/** An organization's poll (migration 0019). */
export interface PollsTable {
  id: Generated<number>;
  organizationId: number;
  title: string;
  questionText: string;
  pollType: number;
  /** A feedback scale's range; null for other types. */
  feedbackScale: '1-5' | '0-10' | null;
  originType: Generated<number>;
  originId: number | null;
  isAnonymous: boolean;
  showResultsOnResponsePage: boolean;
  confirmationMessage: string;
  confirmationMessageCorrect: string;
  confirmationMessageIncorrect: string;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
  deletedAt: Timestamp | null;
}

export interface PollOptionsTable {
  id: Generated<number>;
  pollId: number;
  position: number;
  title: string;
  isCorrect: boolean;
}

/** One reader's answer to a poll in one letter (migration 0019). */
export interface PollResponsesTable {
  pollId: number;
  letterId: number;
  subscriberId: number;
  optionId: number;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

/** A channel's feed and its polling state (migration 0020-curation). */
export interface FeedsTable {
  id: Generated<number>;
  channelId: number;
  uniqueId: string;
  url: string;
  title: Generated<string>;
  etag: string | null;
  lastModified: string | null;
  nextFetchAt: Generated<Date>;
  failures: Generated<number>;
  lastError: string | null;
  lastFetchedAt: Date | null;
  fetchingUntil: Date | null;
  createdAt: Generated<Date>;
}

export interface AggregatesTable {
  id: Generated<number>;
  channelId: number;
  feedId: number | null;
  title: string;
  author: Generated<string>;
  excerpt: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  originalUrl: string;
  publicationDate: Date | null;
  siteName: Generated<string>;
  curated: Generated<boolean>;
  curatedAt: Date | null;
  createdAt: Generated<Date>;
}

export interface CurationTagsTable {
  id: Generated<number>;
  channelId: number;
  name: string;
  createdAt: Generated<Date>;
}

export interface CurationCategoriesTable {
  id: Generated<number>;
  channelId: number;
  name: string;
}

export interface AggregateTagsTable {
  aggregateId: number;
  tagId: number;
}

export interface AggregateCategoriesTable {
  aggregateId: number;
  categoryId: number;
}

type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;

/** Promotions (migration 0023): see its comments. Dates are YYYY-MM-DD text. */
export interface PromotionAdvertisersTable {
  userId: number;
  organizationId: number;
  createdAt: Generated<Date>;
}

export interface PromotionAdTypesTable {
  id: Generated<number>;
  organizationId: number;
  title: string;
  templateId: number | null;
  hasHeading: Generated<boolean>;
  hasContent: Generated<boolean>;
  hasImage: Generated<boolean>;
  hasCallToActionUrl: Generated<boolean>;
  headingCharacterCount: Generated<number>;
  contentCharacterCount: Generated<number>;
  callToActionCharacterCount: Generated<number>;
  imageWidth: Generated<number>;
  imageHeight: Generated<number>;
  inventory: Generated<number>;
  positionManual: Generated<number>;
  position: Generated<number>;
  createdAt: Generated<Date>;
}

export interface PromotionCampaignsTable {
  id: Generated<number>;
  uniqueId: string;
  organizationId: number;
  channels: JsonWithDefault<string[]>;
  title: Generated<string>;
  description: Generated<string>;
  campaignInstructions: Generated<string>;
  promoterName: Generated<string>;
  promoterEmail: Generated<string>;
  status: Generated<number>;
  isTemplate: Generated<boolean>;
  dateRangeStart: DateColumn;
  dateRangeEnd: DateColumn;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface PromotionCampaignCommentsTable {
  id: Generated<number>;
  campaignId: number;
  userId: number | null;
  comment: Generated<string>;
  status: number | null;
  createdAt: Generated<Date>;
}

export interface PromotionsTable {
  id: Generated<number>;
  uniqueId: string;
  campaignId: number;
  organizationId: number;
  adTypeId: number | null;
  zone: Generated<number>;
  headline: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  imageAlternativeText: Generated<string>;
  callToAction: Generated<string>;
  callToActionUrl: Generated<string>;
  promoterDisplayName: Generated<string>;
  dateRangeStart: DateColumn;
  dateRangeEnd: DateColumn;
  dates: JsonWithDefault<string[]>;
  status: Generated<number>;
  payActionNameCode: Generated<number>;
  payActionQuantity: Generated<number>;
  /** numeric: node-postgres reads it as text. */
  payActionValue: ColumnType<string, string | number | undefined, string | number>;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface PromotionMessagesTable {
  id: Generated<number>;
  promotionId: number;
  userId: number | null;
  kind: 'approve' | 'request-changes';
  message: Generated<string>;
  createdAt: Generated<Date>;
}

export interface LetterPromotionsTable {
  letterId: number;
  promotionId: number;
  slot: string;
  callToActionUrl: string;
  createdAt: Generated<Date>;
}

export interface Database {
  tenants: TenantsTable;
  organizations: OrganizationsTable;
  channels: ChannelsTable;
  users: UsersTable;
  apiTokens: ApiTokensTable;
  memberships: MembershipsTable;
  subscribers: SubscribersTable;
  segments: SegmentsTable;
  letters: LettersTable;
  letterRevisions: LetterRevisionsTable;
  letterRecipients: LetterRecipientsTable;
  deliveryEvents: DeliveryEventsTable;
  letterLinks: LetterLinksTable;
  recipientOpens: RecipientOpensTable;
  recipientClicks: RecipientClicksTable;
  bounceEvents: BounceEventsTable;
  abTests: AbTestsTable;
  letterReportCounters: LetterReportCountersTable;
  letterReportHours: LetterReportHoursTable;
  letterReportCountries: LetterReportCountriesTable;
  subscriberEvents: SubscriberEventsTable;
  subscriberDays: SubscriberDaysTable;
  aiUsage: AiUsageTable;
  organizationIntegrations: OrganizationIntegrationsTable;
  polls: PollsTable;
  pollOptions: PollOptionsTable;
  pollResponses: PollResponsesTable;
  feeds: FeedsTable;
  aggregates: AggregatesTable;
  curationTags: CurationTagsTable;
  curationCategories: CurationCategoriesTable;
  aggregateTags: AggregateTagsTable;
  aggregateCategories: AggregateCategoriesTable;
  promotionAdvertisers: PromotionAdvertisersTable;
  promotionAdTypes: PromotionAdTypesTable;
  promotionCampaigns: PromotionCampaignsTable;
  promotionCampaignComments: PromotionCampaignCommentsTable;
  promotions: PromotionsTable;
  promotionMessages: PromotionMessagesTable;
  letterPromotions: LetterPromotionsTable;
}

export type LetterRow = Selectable<LettersTable>;
export type NewLetter = Insertable<LettersTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type UserRow = Selectable<UsersTable>;
