import { minifyEmailHtml } from '../../shared/render/minify-email';
import { carriedPromotionIds } from '../../shared/rules/promotions';
import { resolveCurationSections } from '../curation/resolve-curation-sections';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { fillScheduledPromotions } from '../promotions/scheduled-promotions';
import type { Letter } from '../../shared/model/letter';
import { renderInChannel } from './letter-render';
import { subjectFor } from './recipient-send';
import { keepSendSnapshot, storedSendHtml } from './send-snapshots';
import type { SendSnapshotVariant } from './send-snapshots';

// A send's HTML, before any reader's merge tags, links or tracking: rendered by the send's
// first run — curated blocks as their query answers then, the promotions of the send day
// filled — and kept (send-snapshots.ts); every later run of the same send takes the kept copy.

export interface EditionHtmlInput {
  db: Db;
  letter: Letter & { id: number };
  channel: ChannelRow;
  /** The publication instant the send was queued for. */
  publicationAt: Date;
  /** Where the platform's public pages are, without a trailing slash. */
  publicUrl: string;
  fetchGuard: FetchGuard;
  /** Whether the send is an A/B subject test: both subjects are kept. */
  abTest: boolean;
  /** The instant curated blocks are filled as of; default now. A recurring template's run passes its due time. */
  curationNow?: Date | undefined;
}

/** The variants a send goes out in: A alone, or A and B for an A/B subject test. */
export function sendVariants(letter: Letter, abTest: boolean): SendSnapshotVariant[] {
  const variants: SendSnapshotVariant[] = [{ variant: 'A', subject: subjectFor(letter, 'A') }];
  if (abTest) variants.push({ variant: 'B', subject: subjectFor(letter, 'B') });
  return variants;
}

/** Throws the render's HttpError when the letter's sections do not render (the caller stops the send). */
export async function editionHtml(input: EditionHtmlInput): Promise<string> {
  const { db, letter, channel } = input;
  const send = { letterId: letter.id, publicationAt: input.publicationAt };
  const stored = await storedSendHtml(db, send);
  if (stored !== null) return stored;
  // Curations blocks show what their query returns now (curation/resolve-curation-sections.ts).
  const blocks = await resolveCurationSections(db, channel, letter.blocks, input.fetchGuard, input.curationNow);
  const rendered = (await renderInChannel(db, channel, letter, input.publicUrl, blocks)).html;
  const day = letter.publicationDate?.slice(0, 10) ?? null;
  const filled = await fillScheduledPromotions(db, {
    letterId: letter.id,
    organizationId: channel.organizationId,
    channelSlug: channel.slug,
    day,
    html: rendered,
    // The ads the schedule step submitted for this day, if it did (docs/decisions.md "Promotions at scheduling").
    carried: carriedPromotionIds(letter.settings.promotionAds, day),
  });
  // Minified once per edition, after the promotions' slot marks are gone (they are comments).
  const html = await minifyEmailHtml(filled);
  return keepSendSnapshot(db, { ...send, html, platformUrl: input.publicUrl, variants: sendVariants(letter, input.abTest) });
}
