import { PublicationStatus } from '../../../shared/model/publication';
import { publicationTimeHasPassed } from '../../../shared/rules/schedule-dates';
import { SENDING_STATUSES } from '../../../shared/rules/schedule-actions';

// How soon the core asks the platform again. Once a minute is enough for letters edited
// elsewhere; while one of this editor's letters is being sent, or is about to be, the
// editor is waiting for news of it (the send starting, finishing, failing), so ask often.

/** Online, the platform's changes are pulled this often (and on start and on demand). */
export const PULL_INTERVAL_MS = 60_000;
/** While a send is under way or due. */
export const DELIVERY_PULL_INTERVAL_MS = 10_000;
/** A scheduled letter this close to its time counts as due. */
const DUE_WITHIN_MS = 2 * 60_000;
/**
 * A letter still scheduled this long after its time is not about to go out (a platform
 * without delivery, say): asking every few seconds would not change that.
 */
const OVERDUE_AFTER_MS = 60 * 60_000;

export interface WatchedLetter {
  publicationStatus: number;
  publicationDate: string | null;
  /** The letter's zone (IANA); the channel's when the letter has none. */
  zone: string;
}

export function nextPullDelayMs(letters: readonly WatchedLetter[], now: Date): number {
  const soon = new Date(now.getTime() + DUE_WITHIN_MS);
  const longAgo = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const due = (letter: WatchedLetter) =>
    letter.publicationStatus === PublicationStatus.scheduled &&
    publicationTimeHasPassed(letter.publicationDate, letter.zone, soon) &&
    !publicationTimeHasPassed(letter.publicationDate, letter.zone, longAgo);
  const waiting = letters.some((letter) => SENDING_STATUSES.includes(letter.publicationStatus) || due(letter));
  return waiting ? DELIVERY_PULL_INTERVAL_MS : PULL_INTERVAL_MS;
}
