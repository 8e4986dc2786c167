import { z } from 'zod';
import { LetterSettingsSchema } from '../model/letter-settings';

// A letter's version history on the platform (issue 35): every accepted write keeps a
// revision (letter_revisions); these list them and answer one. Paths in platform-api.ts
// (letterRevisions, letterRevision). Grouping into editing sessions is the app's, by the
// shared rule (shared/model/letter-history.ts), so local and platform versions group alike.

/** The newest revisions a list answers: weeks of autosaves, and thinning keeps older ones few. */
export const REVISION_LIST_LIMIT = 500;

export const RevisionSummarySchema = z.object({
  id: z.number().int().positive(),
  /** The letter's version this revision was. */
  version: z.number().int().nonnegative(),
  savedAt: z.string(),
  /** Who wrote it (the user's unique id); null when no user did (a send, an automation). */
  userUniqueId: z.string().nullable(),
  /** Their name as the platform knows it; null with no user. */
  userName: z.string().nullable(),
  /** shared/model/letter-history.ts contentFingerprint of its blocks and styles. */
  fingerprint: z.string(),
});
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>;

export const RevisionListSchema = z.object({ revisions: z.array(RevisionSummarySchema) });
export type RevisionList = z.infer<typeof RevisionListSchema>;

/** What a version holds that history shows and restores: the content, not the schedule. */
export const VersionContentSchema = z.object({
  title: z.string(),
  blocks: z.string(),
  settings: LetterSettingsSchema,
});
export type VersionContentPayload = z.infer<typeof VersionContentSchema>;

export const RevisionSchema = RevisionSummarySchema.extend({ content: VersionContentSchema });
export type Revision = z.infer<typeof RevisionSchema>;
