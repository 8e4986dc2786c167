import { createHmac, timingSafeEqual } from 'node:crypto';
import { READER_LINK_PARAMS, publicPagePaths, withReaderLinkQuery } from '../../shared/contract/public-pages';
import type { PlatformSecret } from '../sending/platform-secret';

// The links of a sent email that act for its reader — unsubscribe and its undo, the
// behaviour opt-out, a poll answer — carry an HMAC-SHA256 of the action, the reader (their
// uniqueId) and the letter the email came from, keyed by a key derived from the platform's
// secret (PLATFORM_SECRET_KEY). A subscriber's uniqueId alone is no key: it travels in
// exports, merge tags and support threads. Only the platform can make a signature, so a bare,
// forged or altered link (another reader, another letter, another action) changes nothing.
// An undo's signature also names the instant of the unsubscribe it undoes, so it works for
// that unsubscribe only. During a key rotation links signed with the previous key still work.

export type ReaderLinkAction = 'unsubscribe' | 'unsubscribe-undo' | 'opt-out' | 'poll-answer';

export interface ReaderLinkClaim {
  action: ReaderLinkAction;
  subscriberUniqueId: string;
  letterId: number;
  /** For 'unsubscribe-undo': when the unsubscribe it undoes was made (ms since the epoch). */
  unsubscribedAt?: number;
}

/** The key's purpose for PlatformSecret.derive(): no other use shares this key. */
const KEY_PURPOSE = 'reader-links';
/** 128 bits: beyond guessing, and short enough for a link (22 base64url characters). */
const SIGNATURE_BYTES = 16;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const MAX_LETTER_ID = 2_147_483_647;

export interface ReaderLinks {
  sign(claim: ReaderLinkClaim): string;
  /** Whether `signature` is the platform's for this claim, with the current key or the previous one. */
  verify(claim: ReaderLinkClaim, signature: string): boolean;
  /** `/unsubscribe/{slug}/{uniqueId}?l&s` for one reader of one letter. */
  unsubscribe(channelSlug: string, subscriberUniqueId: string, letterId: number): string;
  /** The undo of the unsubscribe made at `unsubscribedAt`. */
  undoUnsubscribe(channelSlug: string, subscriberUniqueId: string, letterId: number, unsubscribedAt: Date): string;
  optOut(channelSlug: string, subscriberUniqueId: string, letterId: number): string;
  /** The opt-out's way back carries the opt-out's own signature: both are the same reader's choice. */
  undoOptOut(channelSlug: string, subscriberUniqueId: string, letterId: number): string;
}

/** The letter and signature a link's query names, or null when it names none. */
export function readReaderLinkQuery(query: unknown): { letterId: number; signature: string } | null {
  const record = (query ?? {}) as Record<string, unknown>;
  const letter = record[READER_LINK_PARAMS.letter];
  const signature = record[READER_LINK_PARAMS.signature];
  if (typeof letter !== 'string' || !/^[1-9]\d{0,9}$/.test(letter) || Number(letter) > MAX_LETTER_ID) return null;
  if (typeof signature !== 'string' || !SIGNATURE_PATTERN.test(signature)) return null;
  return { letterId: Number(letter), signature };
}

function message(claim: ReaderLinkClaim): string {
  // Unambiguous: a uniqueId holds no newline (SubscriberLinkParams), the rest are numbers.
  return [claim.action, claim.subscriberUniqueId, String(claim.letterId), claim.unsubscribedAt === undefined ? '' : String(claim.unsubscribedAt)].join('\n');
}

const mac = (key: Buffer, claim: ReaderLinkClaim) => createHmac('sha256', key).update(message(claim), 'utf8').digest().subarray(0, SIGNATURE_BYTES);

export function createReaderLinks(secret: PlatformSecret): ReaderLinks {
  const current = secret.derive(KEY_PURPOSE);
  const accepted = secret.deriveAccepted(KEY_PURPOSE);
  const sign = (claim: ReaderLinkClaim) => mac(current, claim).toString('base64url');
  const signed = (path: string, claim: ReaderLinkClaim) => withReaderLinkQuery(path, claim.letterId, sign(claim));
  return {
    sign,
    verify(claim, signature) {
      if (!SIGNATURE_PATTERN.test(signature)) return false;
      const given = Buffer.from(signature, 'base64url');
      // Only the one spelling sign() writes: the last character's unused bits would let a
      // changed link decode to the same bytes and pass.
      if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return false;
      return accepted.some((key) => timingSafeEqual(mac(key, claim), given));
    },
    unsubscribe: (channelSlug, subscriberUniqueId, letterId) =>
      signed(publicPagePaths.unsubscribe(channelSlug, subscriberUniqueId), { action: 'unsubscribe', subscriberUniqueId, letterId }),
    undoUnsubscribe: (channelSlug, subscriberUniqueId, letterId, unsubscribedAt) =>
      signed(publicPagePaths.undoUnsubscribe(channelSlug, subscriberUniqueId), {
        action: 'unsubscribe-undo',
        subscriberUniqueId,
        letterId,
        unsubscribedAt: unsubscribedAt.getTime(),
      }),
    optOut: (channelSlug, subscriberUniqueId, letterId) =>
      signed(publicPagePaths.behaviourOptOut(channelSlug, subscriberUniqueId), { action: 'opt-out', subscriberUniqueId, letterId }),
    undoOptOut: (channelSlug, subscriberUniqueId, letterId) =>
      signed(publicPagePaths.undoBehaviourOptOut(channelSlug, subscriberUniqueId), { action: 'opt-out', subscriberUniqueId, letterId }),
  };
}
