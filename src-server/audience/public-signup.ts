import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import { escapeAttr, escapeHtml } from '../../shared/render/escape';
import { oweWelcomes } from '../automations/welcomes';
import type { Db } from '../db/database';
import type { ChannelRow, Database } from '../db/schema';
import type { MailTransport } from '../delivery/mail-transport';

// Sign-ups through a channel's public subscribe form (issue 32, routes/public-subscribe.ts).
// A new address becomes an active subscriber at once, and is owed the channel's welcome
// templates; with the channel's double opt-in on — and always for an address that
// unsubscribed before — it gets a confirmation email instead (through the mail transport,
// the channel's From and DKIM as every email), and becomes a subscriber only when its link
// is followed and confirmed. A bounced address is never mailed. What the page answers
// never tells one case from another beyond "subscribed" or "check your inbox".

const text = PUBLIC_PAGE_TEXT.en;

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7;

export type SignupOutcome = 'subscribed' | 'confirmation-sent';

export interface SignupContext {
  db: Db;
  mail: MailTransport;
  /** Where the confirmation link points, without a trailing slash. */
  publicUrl: string;
}

/** Makes the address an active subscriber (or keeps it one) and owes it the welcomes; answers whether it joined now. */
async function subscribe(trx: Kysely<Database>, channelId: number, email: string, firstName: string, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto('subscribers')
    .values({ channelId, uniqueId: randomUUID(), email, firstName, lastName: '', status: 'active', tags: [], customFields: '{}' })
    // A 'Specific emails' recipient, or a reader who unsubscribed and has now confirmed, subscribes.
    .onConflict((c) =>
      c
        .columns(['channelId', 'email'])
        .doUpdateSet({ status: 'active', unsubscribedByLinkAt: null, firstName: sql<string>`CASE WHEN excluded.first_name <> '' THEN excluded.first_name ELSE subscribers.first_name END` })
        .where('subscribers.status', 'in', ['recipient', 'unsubscribed']),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await oweWelcomes(trx, channelId, [row.id], now);
  return true;
}

function confirmationMail(channel: ChannelRow, link: string): { subject: string; html: string; text: string } {
  const name = channel.channelName.trim() || channel.title;
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif">',
    `<p>${escapeHtml(text.confirmEmailLead(name))}</p>`,
    `<p><a href="${escapeAttr(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(text.confirmEmailIgnore)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: text.confirmEmailSubject(name), html, text: `${text.confirmEmailLead(name)}\n\n${link}\n\n${text.confirmEmailIgnore}\n` };
}

/** A sign-up from the form: answers what the page says; `joined` when a subscriber was made now. */
export async function signUp(
  ctx: SignupContext,
  channel: ChannelRow,
  input: { email: string; firstName: string },
): Promise<{ outcome: SignupOutcome; joined: boolean }> {
  const { db } = ctx;
  const existing = await db
    .selectFrom('subscribers')
    .select('status')
    .where('channelId', '=', channel.id)
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (existing?.status === 'active') return { outcome: 'subscribed', joined: false };
  // Never mailed again; the answer is the one a double opt-in gives.
  if (existing?.status === 'bounced') return { outcome: 'confirmation-sent', joined: false };
  if (channel.doubleOptIn || existing?.status === 'unsubscribed') {
    const token = randomBytes(24).toString('base64url');
    await db.insertInto('subscribeRequests').values({ token, channelId: channel.id, email: input.email, firstName: input.firstName }).execute();
    const link = `${ctx.publicUrl}${publicPagePaths.confirmSubscription(channel.slug, token)}`;
    await ctx.mail.send({ to: input.email, ...confirmationMail(channel, link) }, { organizationId: channel.organizationId, channelId: channel.id, letterId: null, userId: null });
    return { outcome: 'confirmation-sent', joined: false };
  }
  const joined = await db.transaction().execute((trx) => subscribe(trx, channel.id, input.email, input.firstName, new Date()));
  return { outcome: 'subscribed', joined };
}

/** A confirmation link still waiting (or already followed), or null: unknown, another channel's, expired. */
export async function findRequest(db: Db, channelId: number, token: string) {
  const row = await db
    .selectFrom('subscribeRequests')
    .selectAll()
    .where('token', '=', token)
    .where('channelId', '=', channelId)
    .where('createdAt', '>', sql<Date>`now() - make_interval(days => ${CONFIRMATION_DAYS})`)
    .executeTakeFirst();
  return row ?? null;
}

/** Confirms a sign-up once; a second confirm of the same link changes nothing. Answers whether a subscriber joined. */
export async function confirmRequest(db: Db, channelId: number, token: string): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('subscribeRequests')
      .selectAll()
      .where('token', '=', token)
      .where('channelId', '=', channelId)
      .where('createdAt', '>', sql<Date>`now() - make_interval(days => ${CONFIRMATION_DAYS})`)
      .forUpdate()
      .executeTakeFirst();
    if (!request) return null;
    if (request.confirmedAt !== null) return false;
    await trx.updateTable('subscribeRequests').set({ confirmedAt: new Date() }).where('token', '=', token).execute();
    const bounced = await trx
      .selectFrom('subscribers')
      .select('id')
      .where('channelId', '=', channelId)
      .where('email', '=', request.email)
      .where('status', '=', 'bounced')
      .executeTakeFirst();
    if (bounced) return false;
    return subscribe(trx, channelId, request.email, request.firstName, new Date());
  });
}
