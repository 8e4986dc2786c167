import { z } from 'zod';

export const HtmlModelSchema = z.strictObject({
  html: z.string(),
  /** Set from the server's validation; an invalid block blocks scheduling unless relaxed. */
  isValid: z.boolean(),
  isRelaxed: z.boolean(),
});
export type HtmlModel = z.infer<typeof HtmlModelSchema>;

/** Empty html has not been validated yet, so it is not valid. */
export function defaultHtmlModel(): HtmlModel {
  return { html: '', isValid: false, isRelaxed: false };
}
