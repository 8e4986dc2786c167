import { PublicationStatus } from '../../../shared/model/publication';

// Spec 1 §8 "Older template": templates configured before this day keep the design controls
// they were made with until they are changed.

/** The first day of the current design controls, read in UTC. */
export const OLDER_TEMPLATE_CUTOFF = '2024-03-27T00:00:00Z';

export const OLDER_TEMPLATE_TITLE = 'Older template';
export const OLDER_TEMPLATE_MESSAGE =
  'This template was configured before March 27, 2024. Its older design controls stay as they are until you change the template. After you change it, send a test email to check how it looks.';

/**
 * A configured (active) template last written before the cut-off. Configuring writes the
 * letter and a configured template cannot be edited, so its last update is when it was
 * configured.
 */
export function isOlderTemplate(letter: { publicationStatus: number; updatedAt: string }): boolean {
  if (letter.publicationStatus !== PublicationStatus.templateConfigured) return false;
  const updated = Date.parse(letter.updatedAt);
  return Number.isFinite(updated) && updated < Date.parse(OLDER_TEMPLATE_CUTOFF);
}
