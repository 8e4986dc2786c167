import type { AutosaveRequest, CreateLetterRequest } from '../../../shared/contract/platform-api';
import type { Letter } from '../../../shared/model/letter';

// How a local letter is sent to the platform: the spec's create and autosave payloads.

export function createPayload(letter: Letter, channelId: number): CreateLetterRequest {
  return {
    uniqueId: letter.uniqueId,
    authors: letter.authors,
    blocks: letter.blocks,
    channelId,
    copyRendered: letter.copyRendered,
    delta: letter.delta,
    emailTemplate: letter.emailTemplate,
    includePromotions: letter.includePromotions,
    openGraphHeadline: letter.openGraphHeadline,
    openGraphDescription: letter.openGraphDescription,
    openGraphImageUrl: letter.openGraphImageUrl,
    private: letter.private,
    publicationDate: letter.publicationDate,
    publicationStatus: letter.publicationStatus,
    publicationEvent: letter.publicationEvent,
    segmentId: letter.segmentId,
    subtitle: letter.subtitle,
    settings: JSON.stringify(letter.settings),
    title: letter.title,
  };
}

/** `claimant` is who saves now (the signed-in editor), not whoever last held the letter. */
export function autosavePayload(letter: Letter, claimant: string | null): AutosaveRequest {
  return {
    blocks: letter.blocks,
    title: letter.title,
    claimant,
    uniqueId: letter.uniqueId,
    publicationStatus: letter.publicationStatus,
    baseVersion: letter.version,
  };
}
