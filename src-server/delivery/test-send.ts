import {
  COMPANY_TEST_REFUSED_MESSAGE,
  ITERABLE_TEST_REFUSED_MESSAGE,
} from '../../shared/contract/platform-delivery';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { UNTITLED_LETTER } from '../../shared/render/render-letter';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import type { Db } from '../db/database';
import type { ChannelAccess } from '../http/access';
import { HttpError, conflict, notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, toLetter } from '../letters/letter-records';
import { renderInChannel } from './letter-render';
import { MailDeliveryError } from './mail-transport';
import type { MailReceipt, MailTransport } from './mail-transport';
import { fillMergeTags } from './merge-fill';
import { testSubscriberLookup } from './merge-values';
import { letterTextTemplate } from './letter-text';
import { assertChannelMaySend } from '../sending/sender-directory';
import { assertMergeTagsValid } from '../letters/merge-tag-check';

// A test email (spec 1 §7 sendTestEmail / test): the letter as a subscriber would get it,
// rendered now from its stored blocks, with a test subscriber's merge tags filled, sent to
// one address. Allowed in any status: checking the email of a scheduled letter is the point.

export interface TestSend {
  access: ChannelAccess;
  letterId: number;
  toEmail: string;
  userId: number;
  platformUrl: string;
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
  const letter = toLetter(record);
  // The renderer writes the subject as the title and the preview text as the preheader.
  const rendered = await renderInChannel(db, channel, letter, send.platformUrl);
  const lookup = testSubscriberLookup({ toEmail: send.toEmail, letter, channelName: channel.channelName });
  const subject = fillMergeTags(letter.title.trim() || UNTITLED_LETTER, lookup, 'text');
  const html = fillMergeTags(rendered.html, lookup, 'html');
  const text = fillMergeTags(letterTextTemplate(rendered.html), lookup, 'text');
  try {
    return await transport.send(
      { to: send.toEmail, subject, html, text },
      { organizationId: channel.organizationId, channelId: channel.id, letterId: letter.id, userId: send.userId },
    );
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      throw new HttpError(502, `Sorry, the test email was not sent: ${error.message}`);
    }
    throw error;
  }
}
