import type { ColumnType, Generated } from 'kysely';

// An organization's use of outside services: AI tokens and content providers' credentials.

/** AI tokens an organization used on one UTC day (the daily budget, ai/ai-usage.ts). */
export interface AiUsageTable {
  organizationId: number;
  /** Read as a Date; written and compared as 'YYYY-MM-DD' text. */
  day: ColumnType<Date | string, string, string>;
  /** bigint, read as text. */
  tokens: ColumnType<string, number | string, number | string>;
  requests: number;
}

/** A provider's credential for an organization (0021-providers; 'iterable' 0033, sealed). */
export interface OrganizationIntegrationsTable {
  id: Generated<number>;
  organizationId: number;
  kind: 'evvnt' | 'iterable';
  /** Evvnt's token as given; Iterable's API key sealed by the platform secret. */
  token: string;
  updatedAt: Generated<Date>;
}

/** bigint ids Iterable gave (read as text by node-postgres). */
type IterableId = ColumnType<string | null, number | null | undefined, number | null>;

/** An Iterable letter's send: what Iterable answered at each step, and its event reads (0033). */
export interface IterableSendsTable {
  letterId: number;
  /** The publication instant of the send this row is for. */
  publicationAt: Date;
  listId: IterableId;
  templateId: IterableId;
  campaignRequestedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  campaignId: IterableId;
  nextPollAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  pollUntil: ColumnType<Date | null, Date | null | undefined, Date | null>;
  readTo: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An Iterable event already counted (0033). */
export interface IterableEventReceiptsTable {
  letterId: number;
  eventKey: string;
}

/** These tables, as members of `Database`. */
export interface IntegrationTables {
  aiUsage: AiUsageTable;
  organizationIntegrations: OrganizationIntegrationsTable;
  iterableSends: IterableSendsTable;
  iterableEventReceipts: IterableEventReceiptsTable;
}
