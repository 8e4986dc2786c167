import type { Generated } from 'kysely';
import type { Timestamp, JsonWithDefault } from './column-types';

// Tenants, organizations (brands), channels, users, their tokens and memberships.

export type MembershipRole = 'owner' | 'admin' | 'editor';

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
  /** The sending identity (migration 0025); '' = the platform's MAIL_FROM and no Reply-To. */
  fromName: Generated<string>;
  fromAddress: Generated<string>;
  replyTo: Generated<string>;
  /** Reader options (migration 0027): the footer's credit and the 'View in browser' link. */
  madeWithCredit: Generated<boolean>;
  viewInBrowserLink: Generated<boolean>;
  /** New readers of the public subscribe form confirm by email first (migration 0031). */
  doubleOptIn: Generated<boolean>;
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

/** These tables, as members of `Database`. */
export interface AccountTables {
  tenants: TenantsTable;
  organizations: OrganizationsTable;
  channels: ChannelsTable;
  users: UsersTable;
  apiTokens: ApiTokensTable;
  memberships: MembershipsTable;
}
