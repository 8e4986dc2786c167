import { fromDomainUnverifiedMessage, domainOfAddress } from '../../shared/rules/sending-identity';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import type { PlatformSecret } from './platform-secret';
import type { SendingSettings } from './sending-settings';

// Who an email comes from, decided in one place for every email the platform sends (the
// mail transport asks here): the channel's From and Reply-To when it has them and its From
// domain is verified, else the platform's MAIL_FROM; the DKIM key of the From domain when
// it is a verified sending domain of the organization; the return-path domain bounces go
// to; the List-Id of the channel. Answers are kept a short while, since a send asks once
// per email.

export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface Sender {
  fromName: string;
  fromAddress: string;
  replyTo: string | null;
  /** The envelope sender's domain: bounces to `bounce-{token}@` it reach the bounce listener. */
  returnPathDomain: string;
  dkim: DkimSigning | null;
  /** `Title <slug.brand.host>` for a channel's mail; null for the platform's own (exports). */
  listId: string | null;
}

export interface SenderOrigin {
  organizationId: number;
  channelId: number | null;
}

export interface SenderDirectory {
  forOrigin(origin: SenderOrigin): Promise<Sender>;
  /** Forget what was kept (a domain checked, a channel's identity saved). */
  forget(): void;
}

/** How long an answer is kept: a bulk send asks for every email, an identity change shows within it. */
const KEEP_MS = 30_000;

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
export function parseMailbox(text: string): { name: string; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(text);
  return match ? { name: match[1]!.trim(), address: match[2]!.trim() } : { name: '', address: text.trim() };
}

interface VerifiedDomain {
  returnPathDomain: string;
  dkim: DkimSigning | null;
}

async function verifiedDomain(db: Db, secret: PlatformSecret, organizationId: number, domain: string): Promise<VerifiedDomain | null> {
  const row = await db
    .selectFrom('sendingDomains')
    .leftJoin('dkimKeys', (join) => join.onRef('dkimKeys.sendingDomainId', '=', 'sendingDomains.id').on('dkimKeys.state', '=', 'active'))
    .select(['sendingDomains.returnPathDomain', 'dkimKeys.selector', 'dkimKeys.sealedPrivateKey'])
    .where('sendingDomains.organizationId', '=', organizationId)
    .where('sendingDomains.domain', '=', domain)
    .where('sendingDomains.verifiedAt', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  const dkim = row.selector && row.sealedPrivateKey ? { domainName: domain, keySelector: row.selector, privateKey: secret.open(row.sealedPrivateKey) } : null;
  return { returnPathDomain: row.returnPathDomain, dkim };
}

export function createSenderDirectory(db: Db, secret: PlatformSecret, settings: SendingSettings): SenderDirectory {
  const kept = new Map<string, { at: number; sender: Promise<Sender> }>();
  const platformFrom = parseMailbox(settings.mailFrom);
  const listHost = settings.publicUrl ? new URL(settings.publicUrl).hostname : settings.mailHostname;

  const resolve = async (origin: SenderOrigin): Promise<Sender> => {
    const channel =
      origin.channelId === null
        ? null
        : await db
            .selectFrom('channels')
            .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
            .select(['channels.slug', 'channels.title', 'channels.fromName', 'channels.fromAddress', 'channels.replyTo', 'organizations.slug as brandSlug'])
            .where('channels.id', '=', origin.channelId)
            .executeTakeFirst();
    const own = channel?.fromAddress ? await verifiedDomain(db, secret, origin.organizationId, domainOfAddress(channel.fromAddress)) : null;
    // A From domain that lost its verification after scheduling sends as the platform, never unsigned as the channel.
    const fromAddress = own ? channel!.fromAddress : platformFrom.address;
    const platform = own ? null : await verifiedDomain(db, secret, origin.organizationId, domainOfAddress(platformFrom.address));
    const domain = own ?? platform;
    return {
      fromName: channel?.fromName || platformFrom.name,
      fromAddress,
      replyTo: channel?.replyTo || null,
      returnPathDomain: domain?.returnPathDomain ?? domainOfAddress(fromAddress),
      dkim: domain?.dkim ?? null,
      listId: channel ? `${channel.title.replace(/[<>"\r\n]/g, '')} <${channel.slug}.${channel.brandSlug}.${listHost}>` : null,
    };
  };

  return {
    forOrigin(origin) {
      const key = `${origin.organizationId}:${origin.channelId ?? ''}`;
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && now - hit.at < KEEP_MS) return hit.sender;
      const sender = resolve(origin);
      kept.set(key, { at: now, sender });
      // A failed lookup is not kept: the next email asks again.
      sender.catch(() => kept.delete(key));
      return sender;
    },
    forget: () => kept.clear(),
  };
}

/**
 * Refuses a send (scheduling, a test email) from a channel whose From domain is not a
 * verified sending domain of its organization: the mail could be neither signed nor trusted.
 * A channel without a From address of its own sends as the platform and is not refused.
 */
export async function assertChannelMaySend(db: Db, channel: { organizationId: number; fromAddress: string }): Promise<void> {
  if (!channel.fromAddress) return;
  const domain = domainOfAddress(channel.fromAddress);
  const row = await db
    .selectFrom('sendingDomains')
    .select('id')
    .where('organizationId', '=', channel.organizationId)
    .where('domain', '=', domain)
    .where('verifiedAt', 'is not', null)
    .executeTakeFirst();
  if (!row) throw conflict(fromDomainUnverifiedMessage(domain));
}
