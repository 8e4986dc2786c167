import { z } from 'zod';
import { VersionContentSchema } from './platform-revisions';

// The bridge channels of the composer's History (issue 35), `letters.history` and
// `letters.version`: the versions this computer saved, and the platform's revisions when it
// can be reached. Restoring is the composer's own edit (undoable), saved like any other.

export const HistoryVersionSchema = z.object({
  /** 'l:{id}' a version this computer saved, 'p:{revisionId}' one of the platform's. */
  key: z.string(),
  source: z.enum(['local', 'platform']),
  savedAt: z.string(),
  /** Who saved it (a user's unique id; a local version is the signed-in editor's); null: the platform itself. */
  author: z.string().nullable(),
  /** Their name; null when no user saved it. */
  authorName: z.string().nullable(),
  /** Whether the signed-in editor saved it (shown as 'You'). */
  mine: z.boolean(),
  fingerprint: z.string(),
});
export type HistoryVersion = z.infer<typeof HistoryVersionSchema>;

export const LetterHistorySchema = z.object({
  /** Newest first. */
  versions: z.array(HistoryVersionSchema),
  /** False when the platform's revisions could not be read (offline, signed out, not yet synced). */
  platformReached: z.boolean(),
  /** Why not, in words for the editor; null when they were read. */
  platformMessage: z.string().nullable(),
});
export type LetterHistory = z.infer<typeof LetterHistorySchema>;

export const HistoryVersionContentSchema = z.object({ key: z.string(), savedAt: z.string(), content: VersionContentSchema });
export type HistoryVersionContent = z.infer<typeof HistoryVersionContentSchema>;

export const historyChannels = {
  'letters.history': { input: z.object({ uniqueId: z.string().min(1) }), output: LetterHistorySchema },
  'letters.version': { input: z.object({ uniqueId: z.string().min(1), key: z.string().min(3) }), output: HistoryVersionContentSchema },
};
