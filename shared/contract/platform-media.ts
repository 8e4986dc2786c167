import { z } from 'zod';

// Payloads of the calls that reach services outside the platform (DECISIONS "Services that
// live outside the platform"): subject and preview-text suggestions, and copying an
// external image into the platform's storage (spec 1 §7). The paths are in platform-api.ts.

// --- Subject and preview-text suggestions ------------------------------------------------

export const AI_NOT_CONFIGURED_MESSAGE = 'AI is not configured';

/** The spec's payload is the letter's uniqueId; it must be the uniqueId of the letter in the path. */
export const GenerateSuggestionsRequestSchema = z.object({ uniqueId: z.string().min(1).max(64) });
export type GenerateSuggestionsRequest = z.infer<typeof GenerateSuggestionsRequestSchema>;

/**
 * 'ai' when a model wrote them; 'content' when the platform has no AI and took them from
 * the letter's own first heading and first sentence, so the UI can say where they came from.
 */
export const SuggestionSourceSchema = z.enum(['ai', 'content']);
export type SuggestionSource = z.infer<typeof SuggestionSourceSchema>;

export const GenerateSuggestionsResponseSchema = z.object({
  items: z.array(z.string().min(1)).min(1),
  source: SuggestionSourceSchema,
});
export type GenerateSuggestionsResponse = z.infer<typeof GenerateSuggestionsResponseSchema>;

// --- Images --------------------------------------------------------------------------------

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Spec 1 §5: the formats an uploaded image may have. */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'heif', 'tiff', 'bmp', 'avif', 'ico'] as const;
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

export const SVG_NOT_SUPPORTED_MESSAGE =
  'SVG files are not supported. Please use standard image formats such as JPEG, PNG, GIF, WebP, etc.';
export const NOT_AN_IMAGE_MESSAGE =
  'This address does not lead to an image. Please use JPEG, PNG, GIF, WebP, HEIF, TIFF, BMP, AVIF or ICO.';
export const IMAGE_TOO_LARGE_MESSAGE = 'This image is larger than 10 MB.';

export const UploadFromUrlRequestSchema = z.object({
  url: z.string().trim().min(1, 'Enter the address of the image.').max(2048, 'This address is too long.'),
});
export type UploadFromUrlRequest = z.infer<typeof UploadFromUrlRequestSchema>;

/** `url` is the platform's own copy (served publicly under /media); `originalUrl` is what was asked for. */
export const UploadFromUrlResponseSchema = z.object({
  id: z.number().int().positive(),
  url: z.string().url(),
  originalUrl: z.string(),
});
export type UploadFromUrlResponse = z.infer<typeof UploadFromUrlResponseSchema>;

// --- Images uploaded from the desktop app -------------------------------------------------

/**
 * The body of an upload is the file's bytes with its image content type; the file's name
 * travels in this query parameter (kept as where the image came from).
 */
export const UPLOAD_FILE_NAME_PARAM = 'fileName';

export const UploadImageResponseSchema = z.object({
  id: z.number().int().positive(),
  /** The platform's copy, served publicly under /media. */
  url: z.string().url(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});
export type UploadImageResponse = z.infer<typeof UploadImageResponseSchema>;
