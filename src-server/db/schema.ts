import type { Insertable, Selectable } from 'kysely';
import type { AccountTables } from './tables/accounts';
import type { AudienceTables } from './tables/audience';
import type { LetterTables } from './tables/letters';
import type { TrackingTables } from './tables/tracking';
import type { IntegrationTables } from './tables/integrations';
import type { PollTables } from './tables/polls';
import type { CurationTables } from './tables/curation';
import type { PromotionTables } from './tables/promotions';
import type { SendingTables } from './tables/sending';
import type { AutomationTables } from './tables/automations';
import type { ChannelsTable, UsersTable } from './tables/accounts';
import type { LettersTable } from './tables/letters';

// The platform's tables as Kysely sees them, one file per area under tables/. Columns are
// snake_case in PostgreSQL and camelCase here (CamelCasePlugin, see database.ts). A new
// table goes into its area's file, with its member in that file's `…Tables` interface.

export type * from './tables/accounts';
export type * from './tables/audience';
export type * from './tables/letters';
export type * from './tables/tracking';
export type * from './tables/integrations';
export type * from './tables/polls';
export type * from './tables/curation';
export type * from './tables/promotions';
export type * from './tables/sending';
export type * from './tables/automations';

export interface Database extends AccountTables, AudienceTables, LetterTables, TrackingTables, IntegrationTables, PollTables, CurationTables, PromotionTables, SendingTables, AutomationTables {}

export type LetterRow = Selectable<LettersTable>;
export type NewLetter = Insertable<LettersTable>;
export type ChannelRow = Selectable<ChannelsTable>;
export type UserRow = Selectable<UsersTable>;
