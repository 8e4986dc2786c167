import { PREVIEW_AS_EMPTY_SEGMENT_MESSAGE, PREVIEW_AS_NO_SUBSCRIBER_MESSAGE } from '../../shared/contract/platform-preview-as';
import type { PreviewAsReaderChoice, PreviewAsResponse, PreviewReader } from '../../shared/contract/platform-preview-as';
import type { Letter } from '../../shared/model/letter';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { customFieldText, subscriberLookup } from '../../shared/render/merge-values';
import { letterUtmRows, resolveUtmParams, utmLinkFor } from '../../shared/render/utm-links';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { pollLinkSignature, pollLinkWithKeys } from '../polls/poll-links';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { segmentSampleReaderId } from './audience-snapshot';
import { signedReaderPages } from './recipient-message';
import { subjectFor } from './recipient-send';
import { letterHtmlAsSentToday } from './test-send';
import { withInertReaderLinks } from '../../shared/render/inert-reader-links';
import type { TestSend } from './test-send';

// 'Preview as' (issue 35): one reader's email as a send would build it today — the test
// email's render (curated blocks, the day's promotions), then the reader's merge tags and
// subject as recipient-message.ts fills them, the letter's UTM on direct links, and their
// footer and poll links signed for them and this letter. What differs from their real email
// is only what would record something: there is no open pixel and no tracked link (nothing
// is rendered through tracking), and each link that acts for the reader is written as a
// fragment (`#` + its address), which shows the address and navigates nowhere. A poll link
// carries the reader's signature but no recipient token: that token is made by the send.

export type ReaderPreviewSend = Pick<TestSend, 'access' | 'letterId' | 'platformUrl' | 'fetchGuard'> & { links: ReaderLinks };

/** The subscriber the choice names, in the letter's channel; 404 when there is none. */
export async function previewReader(db: Db, channelId: number, choice: PreviewAsReaderChoice): Promise<PreviewReader> {
  const subscriberId = 'subscriberId' in choice ? choice.subscriberId : await segmentSampleReaderId(db, channelId, choice.segmentId);
  if (subscriberId === null) throw notFound(PREVIEW_AS_EMPTY_SEGMENT_MESSAGE);
  const row = await db
    .selectFrom('subscribers')
    .select(['id', 'uniqueId', 'email', 'firstName', 'lastName', 'customFields'])
    .where('id', '=', subscriberId)
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  if (!row) throw notFound(PREVIEW_AS_NO_SUBSCRIBER_MESSAGE);
  // As the merge fill reads them: text.
  const customFields = Object.fromEntries(Object.entries(row.customFields).map(([name, value]) => [name, customFieldText(value)]));
  return { subscriberId: row.id, uniqueId: row.uniqueId, email: row.email, firstName: row.firstName, lastName: row.lastName, customFields };
}

/** The letter (as stored, or with the editor's unsent fields on top) as `reader` will get it. */
export async function readerPreview(db: Db, send: ReaderPreviewSend, letter: Letter, reader: PreviewReader): Promise<PreviewAsResponse> {
  const { channel } = send.access;
  const platformUrl = send.platformUrl.replace(/\/+$/, '');
  const rendered = await letterHtmlAsSentToday(db, send, letter);
  const lookup = subscriberLookup({ subscriber: reader, letter, channelName: channel.channelName });
  const utms = resolveUtmParams(letterUtmRows(letter), (value) => fillMergeTags(value, lookup, 'text'));
  const signedPages = signedReaderPages(send.links, platformUrl, channel.slug, reader.uniqueId, send.letterId);
  const pollKeys = { token: '', signature: pollLinkSignature(send.links, reader.uniqueId, send.letterId) };
  const html = rewriteHrefs(fillMergeTags(rendered, lookup, 'html'), (url) => {
    const signed = signedPages.get(url) ?? pollLinkWithKeys(url, platformUrl, pollKeys);
    if (signed) return signed;
    return utms.length > 0 ? utmLinkFor(url, utms, platformUrl) : null;
  });
  return {
    // The A subject: a reader outside an A/B sample gets the winner's, which is not known yet.
    subject: fillMergeTags(subjectFor(letter, 'A'), lookup, 'text'),
    preheader: fillMergeTags(letter.subtitle, lookup, 'text'),
    html: withInertReaderLinks(html, platformUrl),
    reader,
  };
}
