import { z } from 'zod';

// Ad widgets. The id formats (alphanumeric and so on) are checked by shared/rules with
// their messages; the model only says they are text.

export const RevContentModelSchema = z.strictObject({ widgetId: z.string(), placementId: z.string() });
export type RevContentModel = z.infer<typeof RevContentModelSchema>;

export const IterableModelSchema = z.strictObject({
  templateId: z.string(),
  campaignId: z.number().int().nullable(),
});
export type IterableModel = z.infer<typeof IterableModelSchema>;

/** The spec says the template id "defaults to demo". */
export const ITERABLE_TEMPLATE_ID_DEFAULT = 'demo';

export function defaultRevContentModel(): RevContentModel {
  return { widgetId: '', placementId: '' };
}

export function defaultIterableModel(): IterableModel {
  return { templateId: ITERABLE_TEMPLATE_ID_DEFAULT, campaignId: null };
}
