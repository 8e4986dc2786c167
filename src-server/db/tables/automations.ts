import type { ColumnType, Generated } from 'kysely';

// Templates that run (migration 0031, issue 32): which templates are active and when a
// recurring one runs next, each run of a recurring template, and each welcome owed.

export interface TemplateActivationsTable {
  letterId: number;
  activatedAt: Date;
  /** A recurring template's next run; null for a new-subscriber template. */
  nextRunAt: Date | null;
}

export type AutomationRunOutcome = 'sent' | 'skipped';

export interface AutomationRunsTable {
  id: Generated<number>;
  templateId: number;
  /** The instant the run was due: one run per template and instant. */
  runAt: Date;
  outcome: AutomationRunOutcome;
  /** The edition the run made (a letter of its own); null for a skipped run. */
  editionId: number | null;
  message: Generated<string>;
  createdAt: Generated<Date>;
}

export type WelcomeState = 'waiting' | 'queued' | 'dropped';

export interface AutomationWelcomesTable {
  templateId: number;
  subscriberId: number;
  dueAt: Date;
  state: ColumnType<WelcomeState, WelcomeState | undefined, WelcomeState>;
  createdAt: Generated<Date>;
}

/** A sign-up through the public form waiting for its email to be confirmed (double opt-in). */
export interface SubscribeRequestsTable {
  token: string;
  channelId: number;
  email: string;
  firstName: Generated<string>;
  createdAt: Generated<Date>;
  confirmedAt: Date | null;
}

/** These tables, as members of `Database`. */
export interface AutomationTables {
  subscribeRequests: SubscribeRequestsTable;
  templateActivations: TemplateActivationsTable;
  automationRuns: AutomationRunsTable;
  automationWelcomes: AutomationWelcomesTable;
}
