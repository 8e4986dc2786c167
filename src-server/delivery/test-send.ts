import {
  COMPANY_TEST_REFUSED_MESSAGE,
  ITERABLE_TEST_REFUSED_MESSAGE,
} from '../../shared/contract/platform-delivery';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { UNTITLED_LETTER } from '../../shared/render/render-letter';
import { minifyEmailHtml } from '../../shared/render/minify-email';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import type { Db } from '../db/database';
import type { ChannelAccess } from '../http/access';
import { HttpError, conflict, notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, toLetter } from '../letters/letter-records';
import { renderInChannel } from './letter-render';
import { MailDeliveryError } from './mail-transport';
import type { MailOrigin, MailReceipt, MailTransport, OutgoingMail } from './mail-transport';
import type { Letter } from '../../shared/model/letter';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { testSubscriberLookup } from '../../shared/render/merge-values';
import { letterTextTemplate, rewriteTextUrls } from './letter-text';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { letterUtmRows, resolveUtmParams, utmLinkFor } from '../../shared/render/utm-links';
import { carriedPromotionIds } from '../../shared/rules/promotions';
import { startOfTodayIn } from '../../shared/rules/schedule-dates';
import { resolveCurationSections } from '../curation/resolve-curation-sections';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { fillScheduledPromotions } from '../promotions/scheduled-promotions';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { assertChannelMaySend } from '../sending/sender-directory';
import { assertMergeTagsValid } from '../letters/merge-tag-check';
import { isReaderPageLink } from '../../shared/render/inert-reader-links';

// A test email (spec 1 §7 sendTestEmail / test): the email a reader would get, for a test
// subscriber, sent to one address. Allowed in any status: checking the email of a scheduled
// letter is the point. It is built as the send builds a reader's email — curated blocks
// filled as they would be now, the promotions of the letter's send day (today for a draft)
// without counting them as carried, the letter's UTM on direct links, merge tags, the text
// part, List-Unsubscribe and the channel's identity (the mail transport) — except that its
// unsubscribe, opt-out and poll links open the test-email page, which records nothing.
// The subject is not marked: the spec names no mark, and the point is the real subject.

export interface TestSend {
  access: ChannelAccess;
  letterId: number;
  toEmail: string;
  userId: number;
  platformUrl: string;
  /** Who curated blocks may fetch (a legacy RSS block's feed), as the send's. */
  fetchGuard: FetchGuard;
}

/** Fields of the letter as the editor sees them, in place of the stored ones (the schedule step's, not yet sent). */
export interface TestEmailOverrides {
  title?: string | undefined;
  subtitle?: string | undefined;
}


export async function sendTestEmail(db: Db, transport: MailTransport, send: TestSend): Promise<MailReceipt> {
  const { channel } = send.access;
  const record = await findLetter(db, channel.id, send.letterId);
  if (!record) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  // The composer hides Send a Test Email for both (spec 1 §2 Overlays, §6).
  if (channel.slug === COMPANY_CHANNEL_SLUG) throw conflict(COMPANY_TEST_REFUSED_MESSAGE);
  if (record.esp === ITERABLE_ESP) throw conflict(ITERABLE_TEST_REFUSED_MESSAGE);

  // As scheduling would: a From domain not yet verified, or a merge tag the validate call
  // refuses, sends nothing, tests included.
  await assertChannelMaySend(db, channel);
  await assertMergeTagsValid(db, record);
  const { mail, origin } = await testEmail(db, send, toLetter(record));
  try {
    return await transport.send(mail, origin);
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      throw new HttpError(502, `Sorry, the test email was not sent: ${error.message}`);
    }
    throw error;
  }
}

/**
 * The test email of `letter` (as stored, or with the editor's unsent fields on top) and
 * where it comes from: what a test send hands the mail transport, and what the spam check
 * composes and scores, so both read the same email.
 */
export async function testEmail(db: Db, send: TestSend, letter: Letter): Promise<{ mail: OutgoingMail; origin: MailOrigin }> {
  const { channel } = send.access;
  const platformUrl = send.platformUrl.replace(/\/+$/, '');
  // As the send minifies it (edition-html.ts): the test email is the real one.
  const rendered = await minifyEmailHtml(await letterHtmlAsSentToday(db, send, letter));
  const lookup = testSubscriberLookup({ toEmail: send.toEmail, letter, channelName: channel.channelName });
  const utms = resolveUtmParams(letterUtmRows(letter), (value) => fillMergeTags(value, lookup, 'text'));
  const testPage = `${platformUrl}${publicPagePaths.testEmail()}`;
  const link = (url: string): string | null => {
    if (isReaderPageLink(url, platformUrl)) return testPage;
    return utms.length > 0 ? utmLinkFor(url, utms, platformUrl) : null;
  };
  const subject = fillMergeTags(letter.title.trim() || UNTITLED_LETTER, lookup, 'text');
  const html = rewriteHrefs(fillMergeTags(rendered, lookup, 'html'), link);
  const text = rewriteTextUrls(fillMergeTags(letterTextTemplate(rendered), lookup, 'text'), link);
  return {
    mail: { to: send.toEmail, subject, html, text, unsubscribe: { url: testPage, token: 'test' } },
    origin: { organizationId: channel.organizationId, channelId: channel.id, letterId: letter.id, userId: send.userId },
  };
}

/**
 * The letter's HTML as a send today would render it, before any reader's merge tags or
 * links: curated blocks filled as now, the promotions of its send day (today for a draft)
 * without counting them as carried. What a test email and 'Preview as' start from.
 */
export async function letterHtmlAsSentToday(db: Db, send: Pick<TestSend, 'access' | 'letterId' | 'platformUrl' | 'fetchGuard'>, letter: Letter): Promise<string> {
  const { channel } = send.access;
  const platformUrl = send.platformUrl.replace(/\/+$/, '');
  const blocks = await resolveCurationSections(db, channel, letter.blocks, send.fetchGuard);
  // The renderer writes the subject as the title and the preview text as the preheader.
  let rendered = (await renderInChannel(db, channel, letter, platformUrl, blocks)).html;
  const day = letter.publicationDate?.slice(0, 10) ?? startOfTodayIn(channel.timezone, new Date()).slice(0, 10);
  rendered = await fillScheduledPromotions(db, {
    letterId: send.letterId,
    organizationId: channel.organizationId,
    channelSlug: channel.slug,
    day,
    html: rendered,
    carried: carriedPromotionIds(letter.settings.promotionAds, day),
    record: false,
  });
  return rendered;
}

/** The stored letter with the editor's unsent fields on top; 404 when the channel has no such letter. */
export async function letterAsEdited(db: Db, access: ChannelAccess, letterId: number, overrides: TestEmailOverrides = {}): Promise<Letter> {
  const record = await findLetter(db, access.channel.id, letterId);
  if (!record) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  const letter = toLetter(record);
  return {
    ...letter,
    ...(overrides.title !== undefined ? { title: overrides.title } : {}),
    ...(overrides.subtitle !== undefined ? { subtitle: overrides.subtitle } : {}),
  };
}
