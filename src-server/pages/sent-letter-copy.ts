import { publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter } from '../../shared/model/letter';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { fillMergeTags } from '../../shared/render/merge-fill';
import type { MergeLookup } from '../../shared/render/merge-fill';
import { latestSendSnapshots } from '../delivery/send-snapshots';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { archiveLookup } from './archive-merge';

// A sent letter as anyone may see it, from the HTML its latest send kept
// (delivery/send-snapshots.ts): the channel's logo, colours and the promotions as readers
// got them that day, whatever has changed since. Nobody in particular reads this copy, so
// merge tags get the archive's neutral values (archive-merge.ts) and the links that act for
// one reader — poll answers, unsubscribe, behaviour opt-out — lead to pages that say they
// work from the email (routes/public-copy-pages.ts). The send kept no tracking to remove.

export interface SentLetterCopy {
  variant: 'A' | 'B';
  /** Merge tags filled as on the page. */
  subject: string;
  html: string;
  /** When the send this copy is of began (ISO 8601). */
  sentAt: string;
}

/** The platform's pages whose links act for one reader, and where the copy's links to them lead. */
const READER_PAGES = [
  { prefix: '/polls/', to: publicPagePaths.pollByEmail() },
  { prefix: '/unsubscribe/', to: publicPagePaths.unsubscribeByEmail() },
  { prefix: '/opt-out/', to: publicPagePaths.unsubscribeByEmail() },
];

/** The kept HTML with neutral merge values and no link that acts for a reader. */
export function publicCopyHtml(html: string, platformUrl: string, lookup: MergeLookup): string {
  return rewriteHrefs(fillMergeTags(html, lookup, 'html'), (url) => {
    const page = READER_PAGES.find(({ prefix }) => url.startsWith(`${platformUrl}${prefix}`));
    return page ? `${platformUrl}${page.to}` : null;
  });
}

/** Each variant of the letter's latest send as anyone may see it; empty for a letter sent before sends were kept. */
export async function sentLetterCopies(db: Db, letter: Letter, channel: ChannelRow): Promise<SentLetterCopy[]> {
  if (letter.id === null) return [];
  const snapshots = await latestSendSnapshots(db, letter.id);
  const lookup = archiveLookup(letter, channel.channelName.trim() || channel.title, channel.footerLanguage);
  return snapshots.map((snapshot) => ({
    variant: snapshot.variant,
    subject: fillMergeTags(snapshot.subject, lookup, 'text'),
    html: publicCopyHtml(snapshot.html, snapshot.platformUrl, lookup),
    sentAt: snapshot.createdAt.toISOString(),
  }));
}
