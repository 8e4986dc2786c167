import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID } from '../model/segment';

// Whether a letter shows on the channel's public web archive once sent. A letter to all
// active subscribers is for everyone and public by default; one to a segment or to specific
// emails (paying readers, a test group) is private by default. The default holds until an
// editor chooses (update-private); the platform applies it when the letter is scheduled.

/** The private flag a letter to this audience gets when no editor chose one. */
export function privateByDefault(segmentId: number | null): boolean {
  return segmentId !== null && segmentId !== ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID;
}

/** What the letter will be once scheduled to `segmentId`: the editor's choice, or the audience's default. */
export function privateWhenScheduled(letter: { private: boolean; privateChosen: boolean }, segmentId: number | null): boolean {
  return letter.privateChosen ? letter.private : privateByDefault(segmentId);
}
