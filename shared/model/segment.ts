// The audience options that are not stored segments (spec 1 §3 "Segment option").

export const ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID = 0;
export const ALL_ACTIVE_SUBSCRIBERS_NAME = 'All active subscribers';
/** Specific manual emails. */
export const SPECIFIC_EMAILS_SEGMENT_ID = 99991;
export const SPECIFIC_EMAILS_NAME = 'Specific emails';

/** The name of a built-in audience option, or null for a stored segment's id. */
export function builtInSegmentName(segmentId: number | null): string | null {
  if (segmentId === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID) return ALL_ACTIVE_SUBSCRIBERS_NAME;
  if (segmentId === SPECIFIC_EMAILS_SEGMENT_ID) return SPECIFIC_EMAILS_NAME;
  return null;
}
