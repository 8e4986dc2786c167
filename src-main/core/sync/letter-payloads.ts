import type { CreateLetterRequest } from '../../../shared/contract/platform-api';
import type { SaveOnSchedulingRequest, UpdateLetterRequest } from '../../../shared/contract/platform-letters';
import type { Letter } from '../../../shared/model/letter';

// How a local letter is sent to the platform: the create, update-letter and
// save-on-scheduling payloads. (The spec's autosave carries only blocks and title; a push
// sends the whole editable letter so styles and schedule fields travel too.)

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

/**
 * Every editable field at once: a push carries the blocks, the title and the letter's
 * styles (and whatever else was edited locally) in one request.
 */
export function updateLetterPayload(letter: Letter, claimant: string | null): UpdateLetterRequest {
  return {
    uniqueId: letter.uniqueId,
    baseVersion: letter.version,
    claimant,
    title: letter.title,
    subtitle: letter.subtitle,
    subjectB: letter.subjectB,
    hasAbTest: letter.hasAbTest,
    blocks: letter.blocks,
    delta: letter.delta,
    authors: letter.authors,
    settings: letter.settings,
    publicationDate: letter.publicationDate,
    publicationDateTzCode: letter.publicationDateTzCode,
    publicationEvent: letter.publicationEvent,
    segmentId: letter.segmentId,
    emailTemplate: letter.emailTemplate,
    copyRendered: letter.copyRendered,
    includePromotions: letter.includePromotions,
    private: letter.private,
    openGraphHeadline: letter.openGraphHeadline,
    openGraphDescription: letter.openGraphDescription,
    openGraphImageUrl: letter.openGraphImageUrl,
    automationUniqueId: letter.automationUniqueId,
    updatePreviewText: letter.updatePreviewText,
  };
}

/** 'Schedule': the schedule step's fields, the email as rendered here, and the target status. */
export function saveOnSchedulingPayload(letter: Letter, claimant: string | null, emailTemplate: string, publicationStatus: number): SaveOnSchedulingRequest {
  return {
    claimant,
    emailTemplate,
    hasAbTest: letter.hasAbTest,
    openGraphHeadline: letter.openGraphHeadline,
    openGraphDescription: letter.openGraphDescription,
    openGraphImageUrl: letter.openGraphImageUrl,
    publicationDate: letter.publicationDate,
    publicationStatus,
    publicationDateTzCode: letter.publicationDateTzCode,
    segmentId: letter.segmentId,
    subjectB: letter.subjectB,
    subtitle: letter.subtitle,
    title: letter.title,
    uniqueId: letter.uniqueId,
    updatePreviewText: letter.updatePreviewText,
    baseVersion: letter.version,
  };
}
