import { publicPagePaths } from '../../shared/contract/public-pages';
import { escapeAttr } from '../../shared/render/escape';
import { letterUtmRows, resolveUtmParams, utmLinkFor } from '../../shared/render/utm-links';
import { pollLinkSignature, pollLinkWithKeys, withPollLinkKeys } from '../polls/poll-links';
import { trackedHtml } from '../tracking/link-rewrite';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import type { OutgoingMail } from './mail-transport';
import { rewriteTextUrls } from './letter-text';
import { fillMergeTags } from '../../shared/render/merge-fill';
import type { MergeLookup } from '../../shared/render/merge-fill';
import { subscriberLookup } from '../../shared/render/merge-values';
import type { PreparedEdition } from './recipient-send';
import type { ReaderLinks } from '../audience/reader-links';

// One reader's email of a scheduled send, built from the letter rendered once for the send:
//   - tracked links and the open pixel with the reader's token, then their merge tags;
//   - the letter's UTM parameters (spec 1 §5) on every direct http(s) link — tracked links
//     get theirs at the redirect (routes/tracking.ts), the platform's own pages none;
//   - the unsubscribe link and List-Unsubscribe header, the behaviour opt-out link and the
//     poll answers signed for this reader and letter (audience/reader-links.ts), so they act
//     for this reader only and an unsubscribe counts against this letter, with RFC 8058
//     one-click; the List-Unsubscribe mailto names the email by its token;
//   - the text/plain part from the send's text template, the same way: merge tags, the
//     reader's unsubscribe and poll links, UTM on direct links — never a tracked address;
//   - the envelope sender names the email (VERP, the mail transport builds it from the
//     token), and X-Letterdesk-Recipient carries the token too, which a bounce (DSN) quotes
//     back with the original headers: either way the bounce finds its letter and reader.

/** The header a bounce report quotes back to name the recipient row. */
export const RECIPIENT_HEADER = 'X-Letterdesk-Recipient';

/** What one reader's email needs to know of them. */
export interface MessageRecipient {
  email: string;
  trackingToken: string;
  uniqueId: string;
  firstName: string;
  lastName: string;
  customFields: Record<string, unknown>;
}

/** The reader's merge values: their fields, custom fields and the letter's. */
export function recipientLookup(
  edition: { letter: PreparedEdition['letter']; channel: Pick<PreparedEdition['channel'], 'channelName'> },
  recipient: Omit<MessageRecipient, 'trackingToken'>,
): MergeLookup {
  return subscriberLookup({
    subscriber: {
      email: recipient.email,
      firstName: recipient.firstName,
      lastName: recipient.lastName,
      uniqueId: recipient.uniqueId,
      customFields: recipient.customFields,
    },
    letter: edition.letter,
    channelName: edition.channel.channelName,
  });
}

/** The footer's bare unsubscribe and opt-out addresses of a reader, each with its signed address for this letter. */
export function signedReaderPages(links: ReaderLinks, publicUrl: string, channelSlug: string, uniqueId: string, letterId: number): Map<string, string> {
  return new Map([
    [`${publicUrl}${publicPagePaths.unsubscribe(channelSlug, uniqueId)}`, `${publicUrl}${links.unsubscribe(channelSlug, uniqueId, letterId)}`],
    [`${publicUrl}${publicPagePaths.behaviourOptOut(channelSlug, uniqueId)}`, `${publicUrl}${links.optOut(channelSlug, uniqueId, letterId)}`],
  ]);
}

/** `subject` is the subject line this reader gets, merge tags not yet filled. */
export function recipientMessage(edition: PreparedEdition, recipient: MessageRecipient, subject: string): OutgoingMail {
  const { channel, publicUrl } = edition;
  const lookup = recipientLookup(edition, recipient);
  const token = recipient.trackingToken;
  const utms = resolveUtmParams(letterUtmRows(edition.letter), (value) => fillMergeTags(value, lookup, 'text'));
  // Tracked before the merge tags are filled: a link made by a tag is the reader's own and stays direct.
  let html = fillMergeTags(trackedHtml(edition.tracking, token), lookup, 'html');
  // A pass over every link only when there are UTMs: most letters have none, and a send is
  // as fast as its slowest per-reader step.
  if (utms.length > 0) html = rewriteHrefs(html, (url) => utmLinkFor(url, utms, publicUrl));
  // The footer's links, their reader's id filled in: the same addresses, signed.
  const letterId = edition.letter.id;
  if (letterId === null) throw new Error('A scheduled send always has a stored letter');
  const { links } = edition;
  const signedPages = signedReaderPages(links, publicUrl, channel.slug, recipient.uniqueId, letterId);
  for (const [bare, signed] of signedPages) html = html.split(`href="${escapeAttr(bare)}"`).join(`href="${escapeAttr(signed)}"`);
  const pollKeys = { token, signature: pollLinkSignature(links, recipient.uniqueId, letterId) };
  html = withPollLinkKeys(html, publicUrl, pollKeys);
  const text = rewriteTextUrls(fillMergeTags(edition.text, lookup, 'text'), (url) => {
    const signed = signedPages.get(url);
    if (signed) return signed;
    const poll = pollLinkWithKeys(url, publicUrl, pollKeys);
    if (poll) return poll;
    return utms.length > 0 ? utmLinkFor(url, utms, publicUrl) : null;
  });
  const unsubscribe = signedPages.get(`${publicUrl}${publicPagePaths.unsubscribe(channel.slug, recipient.uniqueId)}`)!;
  return {
    to: recipient.email,
    subject: fillMergeTags(subject, lookup, 'text'),
    html,
    text,
    unsubscribe: { url: unsubscribe, token },
    bounceToken: token,
    headers: { [RECIPIENT_HEADER]: token },
  };
}
