import { UtmEntrySchema } from '../../shared/model/utm';
import { letterUtmRows, resolveUtmParams, utmLinkFor } from '../../shared/render/utm-links';
import type { Db } from '../db/database';
import { recipientLookup } from '../delivery/recipient-message';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { findLetter, toLetter } from '../letters/letter-records';
import type { ClickTarget } from './tracking-records';

// Where a tracked click lands: the letter's own address with the letter's UTM parameters
// (spec 1 §5), their merge tags filled for the reader the token names, as the email's
// direct links got them (delivery/recipient-message.ts). Worked out at the click rather than
// stored per reader at the send, so the send writes nothing more per email.

export async function clickDestination(db: Db, target: ClickTarget, platformUrl: string): Promise<string> {
  const head = target.letter;
  const stored = UtmEntrySchema.array().safeParse(head.utms);
  const rows = stored.success ? letterUtmRows({ utmEnabled: head.utmEnabled, utms: stored.data }) : [];
  if (rows.length === 0) return target.url;
  const [record, channel, subscriber] = await Promise.all([
    findLetter(db, head.channelId, target.letterId),
    db.selectFrom('channels').select('channelName').where('id', '=', head.channelId).executeTakeFirst(),
    db
      .selectFrom('subscribers')
      .select(['email', 'firstName', 'lastName', 'uniqueId', 'customFields'])
      .where('id', '=', target.subscriberId)
      .executeTakeFirst(),
  ]);
  if (!record || !channel || !subscriber) return target.url;
  const lookup = recipientLookup({ letter: toLetter(record), channel }, subscriber);
  const params = resolveUtmParams(rows, (value) => fillMergeTags(value, lookup, 'text'));
  return utmLinkFor(target.url, params, platformUrl);
}
