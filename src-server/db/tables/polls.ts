import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

// Polls, their options and readers' answers.

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

/** These tables, as members of `Database`. */
export interface PollTables {
  polls: PollsTable;
  pollOptions: PollOptionsTable;
  pollResponses: PollResponsesTable;
}
