import { z } from 'zod';
import { LetterSchema } from '../model/letter';

// The letters list's Import (issue 35): a file from another tool made into a new draft.

/** The largest file Import reads; an email past it would be clipped by every inbox anyway. */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** What the file picker offers: HTML emails, saved emails, MJML and letter JSON. */
export const IMPORT_FILE_TYPES = '.html,.htm,.eml,.mjml,.json';

export const LetterImportSchema = z.object({
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
  fileName: z.string().max(255),
  /** The file's bytes in base64: an .eml may be in any charset, so the core decodes it. */
  contentBase64: z.string().min(1, 'This file is empty.').max(Math.ceil(IMPORT_FILE_MAX_BYTES / 3) * 4, 'This file is too big to import (5 MB at most).'),
});

export const LetterImportResultSchema = z.object({
  letter: LetterSchema,
  /** What the import did, for the editor: '24 blocks, 2 kept as HTML'. */
  summary: z.string(),
  blocks: z.number().int().nonnegative(),
  keptAsHtml: z.number().int().nonnegative(),
  /** Pictures the platform could not copy (offline, refused): they load from their own address. */
  imagesByAddress: z.number().int().nonnegative(),
});
export type LetterImportResult = z.infer<typeof LetterImportResultSchema>;

export const importChannels = {
  /**
   * A new draft from an HTML email, an .eml, an MJML file or a letter JSON: what it
   * recognises as blocks, the rest as HTML blocks. Works offline; pictures are copied to
   * the platform through its guarded fetch when it can be reached, else keep their address.
   */
  'letters.import': { input: LetterImportSchema, output: LetterImportResultSchema },
} as const;
