import { randomUUID } from 'node:crypto';
import { conflictedCopyTitle, type Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';

/**
 * A new draft holding local edits that lost to a newer version on the platform: its own
 * identity, no platform id yet, the local content under 'Conflicted copy of {title}'.
 */
export function conflictedCopy(local: Letter, now: string): Letter {
  return {
    ...local,
    id: null,
    uniqueId: randomUUID(),
    version: 0,
    title: conflictedCopyTitle(local.title),
    publicationStatus: PublicationStatus.draft,
    publicationDate: null,
    claimant: null,
    updatedAt: now,
  };
}
