import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';
import type { RecipientVariant } from './letters';

/** Why a click was judged a machine's (tracking/click-classification.ts). */
export type MachineReason = 'early' | 'agent' | 'network' | 'burst';

// What happened after a send: bounces, opens, clicks, the A/B test and the report rollups.

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
  /** The same with machines' follows counted (migration 0026); the two above count people only. */
  uniquesAll: Generated<number>;
  totalAll: Generated<number>;
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
  /** The click that wrote this open (a reader who clicked has read the email), if one did (migration 0026). */
  clickId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One follow of a tracked link. */
export interface RecipientClicksTable {
  /** bigserial, read as text. */
  id: Generated<string>;
  letterId: number;
  subscriberId: number;
  position: number;
  clickedAt: Generated<Date>;
  /** Null for a reader's own click; why it was judged a machine's otherwise (migration 0026). */
  machineReason: ColumnType<MachineReason | null, MachineReason | null | undefined, MachineReason | null>;
}

/** A reader's clicks on one link, every one and their own (migration 0026): the writer's "first on this link?". */
export interface RecipientLinkClicksTable {
  letterId: number;
  subscriberId: number;
  position: number;
  clicks: number;
  peopleClicks: number;
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
  /** Readers with a click of their own; clickedAll counts machines' clicks too (migration 0026). */
  clicked: number;
  clickedAll: number;
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
  /** Clicks counted with machines' (migration 0026); clicks and uniqueClicks are people's. */
  clicksAll: number;
  uniqueClicksAll: number;
}

/** Readers by the country of their first open's address; '' is unknown. */
export interface LetterReportCountriesTable {
  letterId: number;
  countryCode: string;
  readers: number;
}

/** These tables, as members of `Database`. */
export interface TrackingTables {
  bounceEvents: BounceEventsTable;
  letterLinks: LetterLinksTable;
  recipientOpens: RecipientOpensTable;
  recipientClicks: RecipientClicksTable;
  recipientLinkClicks: RecipientLinkClicksTable;
  abTests: AbTestsTable;
  letterReportCounters: LetterReportCountersTable;
  letterReportHours: LetterReportHoursTable;
  letterReportCountries: LetterReportCountriesTable;
}
