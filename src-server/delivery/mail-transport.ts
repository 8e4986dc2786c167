import nodemailer from 'nodemailer';
import { LOCAL_MAILBOX_NOTE } from '../../shared/contract/platform-delivery';
import type { Db } from '../db/database';
import { storeInLocalMailbox } from './local-mailbox';

// Where the platform's emails go: an SMTP server when SMTP_URL is set, otherwise the local
// mailbox in the database, so a platform installed with no set-up can still show what it
// would have sent. Callers see one interface and learn from the receipt which it was.

export const DEFAULT_MAIL_FROM = 'Letterdesk <no-reply@localhost>';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** Extra header lines (List-Unsubscribe on a scheduled send); the local mailbox keeps none. */
  headers?: Record<string, string>;
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
  /** The From header; default DEFAULT_MAIL_FROM. */
  from?: string | undefined;
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

export function createMailTransport(db: Db, settings: MailSettings = {}): MailTransport {
  const from = settings.from?.trim() || DEFAULT_MAIL_FROM;
  const smtpUrl = settings.smtpUrl?.trim();
  if (smtpUrl) {
    assertSmtpUrl(smtpUrl);
    return smtpTransport(smtpUrl, from, settings.pool ? (settings.connections ?? 1) : 0);
  }
  return localMailboxTransport(db, from);
}

/** `pooled`: connections kept open and used at once; 0 opens one per message. */
function smtpTransport(url: string, from: string, pooled: number): MailTransport {
  // Values in the URL's query win over these defaults (nodemailer merges them that way).
  const transporter = nodemailer.createTransport({
    url,
    ...SMTP_TIMEOUTS,
    // A pooled connection stays open for the whole send rather than reconnecting every 100 messages.
    ...(pooled > 0 ? { pool: true, maxConnections: pooled, maxMessages: Infinity } : {}),
  });
  // Bulk sends encode bodies in base64: quoted-printable (nodemailer's default) costs the
  // sending process more CPU per email than everything else it does for that email.
  const bulk = pooled > 0 ? { textEncoding: 'base64' as const } : {};
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          headers: mail.headers ?? {},
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
          ...bulk,
        });
      } catch (error) {
        throw new MailDeliveryError(serverMessage(error), { cause: error, recipientRefused: isRecipientRefusal(error) });
      }
      return { sent: true, note: null };
    },
    close: () => transporter.close(),
  };
}

function localMailboxTransport(db: Db, from: string): MailTransport {
  return {
    kind: 'local-mailbox',
    async send(mail, origin) {
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
