import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { LOCAL_MAILBOX_NOTE } from '../../shared/contract/platform-delivery';
import type { Db } from '../db/database';
import type { Sender, SenderDirectory } from '../sending/sender-directory';
import { storeInLocalMailbox } from './local-mailbox';

// Where the platform's emails go: an SMTP server when SMTP_URL is set, otherwise the local
// mailbox in the database, so a platform installed with no set-up can still show what it
// would have sent. Callers see one interface and learn from the receipt which it was.
//
// Every email leaves here identified the same way, whoever built it (sending/): From and
// Reply-To from the sender directory, DKIM-signed with the From domain's key when it is a
// verified sending domain, an envelope sender on the return-path domain that names the
// email (VERP: a bounce to it finds the reader without any header), Feedback-ID, and for a
// channel's letters List-Id and List-Unsubscribe in both forms (https and mailto).

export const DEFAULT_MAIL_FROM = 'Letterdesk <no-reply@localhost>';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** The text/plain alternative (delivery/letter-text.ts); without it the email is HTML only. */
  text?: string;
  /** Extra header lines; the local mailbox keeps none. */
  headers?: Record<string, string>;
  /**
   * The reader's unsubscribe address and their email's recipient token: List-Unsubscribe
   * then names both the https link (RFC 8058 one-click) and a mailto the bounce listener reads.
   */
  unsubscribe?: { url: string; token: string };
  /** The email's recipient token: the envelope sender becomes `bounce-{token}@{return-path domain}`. */
  bounceToken?: string;
  /** Files sent with it (a dashboard export's CSV); the local mailbox shows their text in the body. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Who sent it from where: the local mailbox files messages by brand. */
export interface MailOrigin {
  organizationId: number;
  channelId: number;
  letterId: number | null;
  userId: number | null;
}

export interface MailReceipt {
  /** False when the message went to the local mailbox instead of a mail server. */
  sent: boolean;
  /** Why it was not sent; null when it was. */
  note: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'local-mailbox';
  /** Throws MailDeliveryError when the mail server does not take the message. */
  send(mail: OutgoingMail, origin: MailOrigin): Promise<MailReceipt>;
  close(): void;
}

/** The mail server refused the message or could not be reached; `message` is its own words. */
export class MailDeliveryError extends Error {
  /**
   * True when the server refused this one address for good (a 5xx reply to RCPT TO): another
   * address may still go through. False for everything that would fail any message — no
   * connection, a timeout, a refused greeting or sender, a temporary (4xx) reply.
   */
  readonly recipientRefused: boolean;

  constructor(message: string, options?: { cause?: unknown; recipientRefused?: boolean }) {
    super(message, options);
    this.name = 'MailDeliveryError';
    this.recipientRefused = options?.recipientRefused ?? false;
  }
}

export interface MailSettings {
  /** smtp:// or smtps:// URL (user and password in it, options as query parameters). */
  smtpUrl?: string | undefined;
  /** Who each email is from (sending/sender-directory.ts). */
  senders: SenderDirectory;
  /** The name given in EHLO (MAIL_HOSTNAME). */
  hostname: string;
  /** Keep SMTP connections open between messages (bulk sends); default false, one per message. */
  pool?: boolean | undefined;
  /** With `pool`: how many connections send at once; default 1. */
  connections?: number | undefined;
}

// nodemailer waits minutes by default; a test send holds an HTTP request open meanwhile.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Refuses a malformed SMTP_URL at start-up rather than at the first test send. */
export function assertSmtpUrl(smtpUrl: string): void {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  if (!url.hostname) throw new Error('SMTP_URL names no host');
}

export function createMailTransport(db: Db, settings: MailSettings): MailTransport {
  const smtpUrl = settings.smtpUrl?.trim();
  if (smtpUrl) {
    assertSmtpUrl(smtpUrl);
    return smtpTransport(smtpUrl, settings, settings.pool ? (settings.connections ?? 1) : 0);
  }
  return localMailboxTransport(db, settings.senders);
}

/** The platform's name in Feedback-ID, the header Gmail's Postmaster Tools groups complaints by. */
const FEEDBACK_SENDER_ID = 'letterdesk';

/** `"Name" <address>` as the local mailbox shows it; the address alone without a name. */
export function formatMailbox(name: string, address: string): string {
  return name ? `"${name.replace(/["\\]/g, '\\$&')}" <${address}>` : address;
}

/** The message nodemailer sends: the email plus everything that identifies it. */
export function identifiedMessage(mail: OutgoingMail, sender: Sender, origin: MailOrigin): Mail.Options {
  const headers: Record<string, string> = {
    // campaign:channel:organization:sender, most specific first (Gmail's Feedback Loop).
    'Feedback-ID': `${origin.letterId ?? 'platform'}:${origin.channelId}:${origin.organizationId}:${FEEDBACK_SENDER_ID}`,
    ...(origin.letterId !== null && sender.listId ? { 'List-Id': sender.listId } : {}),
    ...mail.headers,
  };
  if (mail.unsubscribe) {
    const mailto = `mailto:unsubscribe-${mail.unsubscribe.token}@${sender.returnPathDomain}?subject=unsubscribe`;
    headers['List-Unsubscribe'] = `<${mail.unsubscribe.url}>, <${mailto}>`;
    // RFC 8058 one-click: mail clients POST to the https address.
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const envelopeFrom = `${mail.bounceToken ? `bounce-${mail.bounceToken}` : 'bounce'}@${sender.returnPathDomain}`;
  return {
    // nodemailer quotes and encodes the name (non-ASCII included) itself.
    from: { name: sender.fromName, address: sender.fromAddress },
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    ...(mail.text !== undefined ? { text: mail.text } : {}),
    headers,
    envelope: { from: envelopeFrom, to: mail.to },
    ...(sender.dkim ? { dkim: sender.dkim } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}

// Builds messages without sending them: nodemailer's stream transport runs the same
// composition (MIME, headers, DKIM signing) an SMTP send does and hands back the bytes.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });

/**
 * The email exactly as the platform would send it — From, Reply-To, List-Unsubscribe,
 * Feedback-ID, the text part, the DKIM signature when its domain signs — as raw MIME bytes:
 * what a spam filter reads (delivery/spam-check.ts). Nothing is sent.
 */
export async function composeMessage(senders: SenderDirectory, mail: OutgoingMail, origin: MailOrigin): Promise<Buffer> {
  const sender = await senders.forOrigin(origin);
  const info = await composer.sendMail(identifiedMessage(mail, sender, origin));
  return info.message as Buffer;
}

/** `pooled`: connections kept open and used at once; 0 opens one per message. */
function smtpTransport(url: string, settings: MailSettings, pooled: number): MailTransport {
  // Values in the URL's query win over these defaults (nodemailer merges them that way).
  const transporter = nodemailer.createTransport({
    url,
    name: settings.hostname,
    ...SMTP_TIMEOUTS,
    // A pooled connection stays open for the whole send rather than reconnecting every 100 messages.
    ...(pooled > 0 ? { pool: true, maxConnections: pooled, maxMessages: Infinity } : {}),
  });
  // Bulk sends encode bodies in base64: quoted-printable (nodemailer's default) costs the
  // sending process more CPU per email than everything else it does for that email.
  const bulk = pooled > 0 ? { textEncoding: 'base64' as const } : {};
  return {
    kind: 'smtp',
    async send(mail, origin) {
      const sender = await settings.senders.forOrigin(origin);
      try {
        await transporter.sendMail({ ...identifiedMessage(mail, sender, origin), ...bulk });
      } catch (error) {
        throw new MailDeliveryError(serverMessage(error), { cause: error, recipientRefused: isRecipientRefusal(error) });
      }
      return { sent: true, note: null };
    },
    close: () => transporter.close(),
  };
}

function localMailboxTransport(db: Db, senders: SenderDirectory): MailTransport {
  return {
    kind: 'local-mailbox',
    async send(mail, origin) {
      const sender = await senders.forOrigin(origin);
      const from = formatMailbox(sender.fromName, sender.fromAddress);
      await storeInLocalMailbox(db, {
        organizationId: origin.organizationId,
        channelId: origin.channelId,
        letterId: origin.letterId,
        sentByUserId: origin.userId,
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html + (mail.attachments ?? []).map(attachmentAsHtml).join(''),
      });
      return { sent: false, note: LOCAL_MAILBOX_NOTE };
    },
    close: () => undefined,
  };
}

/** The local mailbox keeps no files: an attachment's text is shown under the message instead. */
function attachmentAsHtml(attachment: MailAttachment): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<hr><p>Attachment: ${escape(attachment.filename)}</p><pre>${escape(attachment.content)}</pre>`;
}

/** A permanent (5xx) reply to RCPT TO: this address is refused, not the message or the sender. */
function isRecipientRefusal(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, command, responseCode } = error as { code?: unknown; command?: unknown; responseCode?: unknown };
  // 503 is "bad sequence of commands": the session went wrong, not the address.
  return code === 'EENVELOPE' && command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode !== 503;
}

/** The SMTP server's reply when there is one ('550 5.1.1 No such user'), else what failed. */
function serverMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const { response, message } = error as { response?: unknown; message?: unknown };
    if (typeof response === 'string' && response.trim() !== '') return response.trim();
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
  }
  return String(error);
}
