import { simpleParser } from 'mailparser';
import type { Readable } from 'node:stream';
import type { BounceKind } from '../db/schema';
import { RECIPIENT_HEADER } from '../delivery/recipient-message';

// Reading a bounce mail: an RFC 3464 delivery status notification (multipart/report;
// report-type=delivery-status) as mail servers send back to the envelope sender. It holds
// one field block per recipient (Final-Recipient, Action, Status, Diagnostic-Code) and
// the original message or its headers, where our X-Letterdesk-Recipient names the letter
// and the reader (delivery/recipient-message.ts).

export interface DsnRecipient {
  /** Final-Recipient's address. */
  email: string;
  /** failed, delayed, delivered, relayed or expanded. */
  action: string;
  /** The enhanced status code (5.1.1); '' when missing. */
  status: string;
  /** Diagnostic-Code without its type ('550 5.1.1 No such user'); '' when missing. */
  diagnostic: string;
}

export interface DeliveryReport {
  /** The original email's recipient token; null when the report does not quote it. */
  recipientToken: string | null;
  recipients: DsnRecipient[];
}

/** Header-style fields of one block, names lower-cased, continuation lines unfolded. */
function readFields(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** `rfc822; ada@example.com` → `ada@example.com`. */
function typedValue(value: string): string {
  const semicolon = value.indexOf(';');
  return (semicolon < 0 ? value : value.slice(semicolon + 1)).trim().replace(/^<|>$/g, '');
}

/** The per-recipient blocks of a message/delivery-status body (the first block is per message). */
export function readDeliveryStatus(body: string): DsnRecipient[] {
  const recipients: DsnRecipient[] = [];
  for (const block of body.split(/\r?\n\s*\r?\n/)) {
    const fields = readFields(block);
    const finalRecipient = fields.get('final-recipient');
    const action = fields.get('action');
    if (!finalRecipient || !action) continue;
    recipients.push({
      email: typedValue(finalRecipient),
      action: action.toLowerCase(),
      status: (fields.get('status') ?? '').split(/\s/)[0]!,
      diagnostic: typedValue(fields.get('diagnostic-code') ?? ''),
    });
  }
  return recipients;
}

/**
 * What a recipient's block means: failed with a permanent status (5.x.x, or none given) is
 * hard; failed with a temporary one (4.x.x: the server gave up retrying) is soft; any
 * other action (delayed, delivered, relayed, expanded) is no bounce.
 */
export function bounceKindOf(recipient: DsnRecipient): BounceKind | null {
  if (recipient.action !== 'failed') return null;
  return recipient.status.startsWith('4.') ? 'soft' : 'hard';
}

const RECIPIENT_LINE = new RegExp(`^${RECIPIENT_HEADER}:[ \\t]*([0-9a-f]{40})[ \\t]*$`, 'im');

/** Our recipient header in the quoted original's header section. */
export function readRecipientToken(original: string): string | null {
  const headerEnd = original.search(/\r?\n\r?\n/);
  const headers = (headerEnd < 0 ? original : original.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, ' ');
  return RECIPIENT_LINE.exec(headers)?.[1] ?? null;
}

const QUOTED_ORIGINAL = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers']);

/** The report in a mail, or null when the mail is no delivery status notification. */
export async function parseDeliveryReport(source: Readable | Buffer | string): Promise<DeliveryReport | null> {
  const mail = await simpleParser(source, { keepDeliveryStatus: true, skipHtmlToText: true, skipTextLinks: true });
  const contentType = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const isReport = contentType?.value?.toLowerCase() === 'multipart/report' && contentType.params?.['report-type']?.toLowerCase() === 'delivery-status';
  if (!isReport) return null;
  const parts = mail.attachments;
  const status = parts.find((part) => part.contentType.toLowerCase() === 'message/delivery-status');
  if (!status) return null;
  let recipientToken: string | null = null;
  for (const part of parts) {
    if (!QUOTED_ORIGINAL.has(part.contentType.toLowerCase())) continue;
    recipientToken = readRecipientToken(part.content.toString('utf8'));
    if (recipientToken) break;
  }
  return { recipientToken, recipients: readDeliveryStatus(status.content.toString('utf8')) };
}
