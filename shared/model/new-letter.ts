import type { Channel, User } from './channel';
import { emptyDelta } from './delta';
import type { Letter } from './letter';
import { defaultLetterSettings } from './letter-settings';
import { PublicationEvent, PublicationStatus } from './publication';
import { serializeSections } from './section';
import { newSection } from './section-factory';

// A new draft as the app creates it: empty title (the platform names it 'Draft {id}'),
// only the footer (every letter has one, and it cannot be deleted), the channel's timezone
// and provider, the creator as author. A new template starts as template (3), the status
// the platform's create accepts for templates (DECISIONS).

/** The footer in the channel's footer language (channel settings), English by default. */
function footerFor(channel: Channel, id: string) {
  const footer = newSection('footer', id);
  return { ...footer, blockModel: { ...footer.blockModel, languageType: channel.footerLanguage ?? footer.blockModel.languageType } };
}

export function newDraftLetter(input: { uniqueId: string; channel: Channel; author: User | null; now: string; template?: boolean }): Letter {
  const { uniqueId, channel, author, now, template = false } = input;
  return {
    id: null,
    uniqueId,
    version: 0,
    title: '',
    subtitle: '',
    subjectB: '',
    hasAbTest: false,
    blocks: serializeSections([footerFor(channel, `${uniqueId}-footer`)]),
    delta: emptyDelta(),
    authors: author ? [{ uniqueId: author.uniqueId, name: author.name, surname: author.surname, email: author.email }] : [],
    settings: defaultLetterSettings(),
    publicationStatus: template ? PublicationStatus.template : PublicationStatus.draft,
    publicationDate: null,
    publicationDateTzCode: channel.timezone.tzCode,
    publicationEvent: PublicationEvent.date,
    segmentId: null,
    segmentName: null,
    channelId: channel.id,
    channelSlug: channel.channelSlug,
    brandSlug: channel.brandSlug,
    esp: channel.esp,
    emailTemplate: '',
    copyRendered: '',
    includePromotions: false,
    private: false,
    privateChosen: false,
    insights: null,
    updatedAt: now,
    openGraphHeadline: '',
    openGraphDescription: '',
    openGraphImageUrl: '',
    abTestMetrics: null,
    utmEnabled: false,
    utms: [],
    automationUniqueId: null,
    updatePreviewText: false,
    claimant: null,
  };
}
