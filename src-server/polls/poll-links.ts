import { POLL_RESPONSE_PARAMS } from '../../shared/contract/public-pages';
import { PollType } from '../../shared/model/enums';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { pollsWithIds } from './poll-store';
import type { Poll } from '../../shared/contract/platform-polls';
import { letterPollIds } from './poll-results';

// A poll option's link and the answer it stands for. The rendered letter links each option
// to `/polls/{id}/respond?option&letter&subscriber`; each reader's email adds their
// recipient token (`r`, random and one per reader and letter) and the platform's signature
// of the reader and the letter (`s`, audience/reader-links.ts). A link is honoured only when
// all of it agrees: the token names a sent email of that letter to that subscriber, the
// signature is the platform's for them, the letter carries the poll, and the option is the
// poll's. So a forged or altered link (another token, signature, subscriber, letter, poll or
// option) records nothing.

const RESPOND_PATH = /^\/polls\/\d+\/respond$/;

/** What a reader's poll links carry: their email's recipient token and the signature of reader and letter. */
export interface PollLinkKeys {
  token: string;
  signature: string;
}

/** The signature a reader's poll links carry. */
export function pollLinkSignature(links: ReaderLinks, subscriberUniqueId: string, letterId: number): string {
  return links.sign({ action: 'poll-answer', subscriberUniqueId, letterId });
}

/** A reader's HTML with their keys on every poll option link of this platform. */
export function withPollLinkKeys(html: string, publicUrl: string, keys: PollLinkKeys): string {
  // Most letters carry no poll: no pass over their links.
  if (!html.includes('/polls/')) return html;
  return rewriteHrefs(html, (url) => pollLinkWithKeys(url, publicUrl, keys));
}

/** A poll option's link with the reader's keys; null for any other address. */
export function pollLinkWithKeys(url: string, publicUrl: string, keys: PollLinkKeys): string | null {
  if (!url.startsWith(`${publicUrl}/polls/`)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!RESPOND_PATH.test(parsed.pathname)) return null;
  parsed.searchParams.set(POLL_RESPONSE_PARAMS.recipient, keys.token);
  parsed.searchParams.set(POLL_RESPONSE_PARAMS.signature, keys.signature);
  return `${publicUrl}${parsed.pathname}${parsed.search}`;
}

export interface PollAnswerLink {
  poll: Poll;
  optionId: number;
  letterId: number;
  subscriberId: number;
  /** The option this reader chose before in this letter, if any. */
  previousOptionId: number | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a poll link stands for, or null when it names nothing (the neutral 404 page). */
export async function readPollAnswerLink(db: Db, links: ReaderLinks, pollIdParam: unknown, query: unknown): Promise<PollAnswerLink | null> {
  const pollId = Number(text(pollIdParam));
  const record = (query ?? {}) as Record<string, unknown>;
  const token = text(record[POLL_RESPONSE_PARAMS.recipient]);
  const optionId = Number(text(record[POLL_RESPONSE_PARAMS.option]));
  const letterRef = text(record[POLL_RESPONSE_PARAMS.letter]);
  const subscriberRef = text(record[POLL_RESPONSE_PARAMS.subscriber]);
  const signature = text(record[POLL_RESPONSE_PARAMS.signature]);
  if (!Number.isSafeInteger(pollId) || pollId <= 0 || !Number.isSafeInteger(optionId) || optionId <= 0) return null;
  if (!/^[0-9a-f]{40}$/.test(token) || letterRef === '' || subscriberRef === '') return null;
  const row = await db
    .selectFrom('letterRecipients')
    .innerJoin('letters', 'letters.id', 'letterRecipients.letterId')
    .innerJoin('channels', 'channels.id', 'letters.channelId')
    .innerJoin('subscribers', 'subscribers.id', 'letterRecipients.subscriberId')
    .select([
      'letterRecipients.letterId',
      'letterRecipients.subscriberId',
      'letters.uniqueId as letterUniqueId',
      'letters.blocks',
      'letters.pollIds',
      'letters.deletedAt',
      'channels.organizationId',
      'subscribers.uniqueId as subscriberUniqueId',
    ])
    .where('letterRecipients.trackingToken', '=', token)
    .where('letterRecipients.status', '=', 'sent')
    .executeTakeFirst();
  if (!row || row.deletedAt !== null || row.letterUniqueId !== letterRef || row.subscriberUniqueId !== subscriberRef) return null;
  if (!links.verify({ action: 'poll-answer', subscriberUniqueId: row.subscriberUniqueId, letterId: row.letterId }, signature)) return null;
  const carried = await letterPollIds(db, { id: row.letterId, blocks: row.blocks, pollIds: row.pollIds });
  if (!carried.includes(pollId)) return null;
  const [poll] = await pollsWithIds(db, [row.organizationId], [pollId]);
  if (!poll || !poll.options.some((option) => option.id === optionId)) return null;
  const deleted = await db.selectFrom('polls').select('deletedAt').where('id', '=', pollId).executeTakeFirstOrThrow();
  if (deleted.deletedAt !== null) return null;
  const previous = await db
    .selectFrom('pollResponses')
    .select('optionId')
    .where('pollId', '=', pollId)
    .where('letterId', '=', row.letterId)
    .where('subscriberId', '=', row.subscriberId)
    .executeTakeFirst();
  return { poll, optionId, letterId: row.letterId, subscriberId: row.subscriberId, previousOptionId: previous?.optionId ?? null };
}

/** Records the answer: one per reader, poll and letter; a later one replaces it. */
export async function recordPollAnswer(db: Db, link: PollAnswerLink): Promise<void> {
  const now = new Date();
  await db
    .insertInto('pollResponses')
    .values({ pollId: link.poll.id, letterId: link.letterId, subscriberId: link.subscriberId, optionId: link.optionId, updatedAt: now })
    .onConflict((conflict) => conflict.columns(['pollId', 'letterId', 'subscriberId']).doUpdateSet({ optionId: link.optionId, updatedAt: now }))
    .execute();
}

/** The confirmation the poll gives for this answer: a quiz's correct or incorrect message first. */
export function confirmationFor(poll: Poll, optionId: number): string {
  if (poll.pollType === PollType.quiz) {
    const correct = poll.options.find((option) => option.id === optionId)?.isCorrect === true;
    const specific = correct ? poll.confirmationMessageCorrect : poll.confirmationMessageIncorrect;
    if (specific.trim() !== '') return specific;
  }
  return poll.confirmationMessage;
}
