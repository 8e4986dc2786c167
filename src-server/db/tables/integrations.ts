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

/** A content provider's token for an organization (0021-providers). */
export interface OrganizationIntegrationsTable {
  id: Generated<number>;
  organizationId: number;
  kind: 'evvnt';
  token: string;
  updatedAt: Generated<Date>;
}

/** These tables, as members of `Database`. */
export interface IntegrationTables {
  aiUsage: AiUsageTable;
  organizationIntegrations: OrganizationIntegrationsTable;
}
