import type { Db } from '../db/database';
import { storeLetterLinks } from './letter-links';
import { trackableLinks, trackingTemplate } from './link-rewrite';
import type { TrackingTemplate } from './link-rewrite';

// What a scheduled send prepares once for tracking, right after rendering the letter: its
// links stored by position and its HTML cut where each reader's tracked links go.

export async function prepareTracking(db: Db, letterId: number, html: string, publicUrl: string): Promise<TrackingTemplate> {
  const positions = await storeLetterLinks(db, letterId, trackableLinks(html, publicUrl));
  return trackingTemplate(html, publicUrl, positions);
}
