import nodemailer from 'nodemailer';
import type { ReceivedMail } from './smtp-fixture';

// Bounce mail as a receiving mail server writes it (RFC 3464 multipart/report), quoting
// the headers of an email the platform sent, delivered over SMTP with nodemailer.

export interface DsnOptions {
  /** The address the email went to. */
  finalRecipient: string;
  action?: 'failed' | 'delayed' | 'delivered';
  status?: string;
  diagnostic?: string;
  /** The original's header lines, quoted as text/rfc822-headers; none to quote nothing. */
  original: ReceivedMail | null;
}

export function dsnMail({ finalRecipient, action = 'failed', status = '5.1.1', diagnostic = '550 5.1.1 No such user', original }: DsnOptions): string {
  const boundary = 'report-boundary-7';
  const quoted = original ? original.mail.headerLines.map((header) => header.line).join('\r\n') : '';
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    'To: news@weekly.example',
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Tue, 24 Nov 2026 14:00:00 +0000',
    'Message-ID: <dsn-1@mx.example.net>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.net.',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Tue, 24 Nov 2026 13:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${finalRecipient}`,
    `Original-Recipient: rfc822;${finalRecipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; inbox.example.com',
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    ...(original ? [`--${boundary}`, 'Content-Type: text/rfc822-headers', '', quoted, ''] : []),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Delivers `raw` to an SMTP listener on loopback with the null sender, as bounces are sent; `to` is the envelope recipient. */
export async function deliverRaw(port: number, raw: string, to = 'bounces@weekly.example'): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  } finally {
    transport.close();
  }
}
