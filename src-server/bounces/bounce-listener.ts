import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/database';
import { recordBounce } from './bounce-records';
import { bounceKindOf, parseDeliveryReport } from './dsn-report';
import { readReturnPathAddress } from './return-path-address';
import { unsubscribeByRecipientToken } from '../audience/subscriber-links';

// The platform's inbound SMTP listener for bounce mail (BOUNCE_SMTP_PORT, off unless set):
// mail servers that took a letter's email and could not deliver it send a delivery status
// notification back, here when the return-path domain routes bounces to it (its MX record,
// see sending/dns-records.ts, or the outgoing server's own bounce forwarding). The address
// a report comes to names the email (`bounce-{token}@`, VERP), so a report that quotes
// nothing of the original still finds its reader; mail to `unsubscribe-{token}@` (the
// List-Unsubscribe mailto) unsubscribes that reader. Every mail is taken (250): one that is
// no report, or names no email of ours, changes nothing — refusing it would only make the
// sending server retry or bounce the bounce.

/** A bounce quotes at most the original message; nothing we send comes near this. */
export const BOUNCE_MAIL_MAX_BYTES = 10 * 1024 * 1024;

export interface BounceListenerOptions {
  db: Db;
  port: number;
  /** Default 127.0.0.1; 0.0.0.0 to take mail from other machines. */
  host?: string;
  /** Told what each mail did; default silent. */
  log?: (line: string) => void;
}

export interface BounceListener {
  port: number;
  close(): Promise<void>;
}

export async function startBounceListener(options: BounceListenerOptions): Promise<BounceListener> {
  const { db } = options;
  const log = options.log ?? (() => undefined);

  const takeMail = async (stream: Readable & { sizeExceeded?: boolean }, rcptTo: readonly string[]): Promise<'taken' | 'too-large'> => {
    const addressed = rcptTo.map(readReturnPathAddress).filter((address) => address !== null);
    const unsubscribes = addressed.filter((address) => address.kind === 'unsubscribe');
    if (unsubscribes.length > 0) {
      // The mail's content says nothing more: mail clients send an empty or "unsubscribe" body.
      stream.resume();
      await new Promise((resolve) => stream.once('end', resolve));
      if (stream.sizeExceeded) return 'too-large';
      for (const { token } of unsubscribes) log(`Bounce listener: unsubscribe by mail: ${await unsubscribeByRecipientToken(db, token)}`);
      return 'taken';
    }
    const report = await parseDeliveryReport(stream);
    if (stream.sizeExceeded) return 'too-large';
    if (!report) {
      log('Bounce listener: a mail that is no delivery status notification, ignored');
      return 'taken';
    }
    // The envelope's token first: it is ours, where a quoted header is only what the report chose to quote.
    const recipientToken = addressed.find((address) => address.kind === 'bounce')?.token ?? report.recipientToken;
    for (const recipient of report.recipients) {
      const kind = bounceKindOf(recipient);
      if (!kind) continue;
      const outcome = await recordBounce(db, {
        source: 'dsn',
        kind,
        email: recipient.email,
        recipientToken,
        reason: recipient.diagnostic || recipient.status,
      });
      log(`Bounce listener: ${kind} bounce (${recipientToken ? 'recipient token given' : 'no recipient token'}): ${outcome}`);
      // One email of ours has one recipient: the token is spent on the first failure.
      if (recipientToken) break;
    }
    return 'taken';
  };
  const server = new SMTPServer({
    // Bounces come from any mail server, unauthenticated; no certificate of its own, so no STARTTLS.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: BOUNCE_MAIL_MAX_BYTES,
    logger: false,
    banner: 'Letterdesk bounce listener',
    onData(stream, session, callback) {
      takeMail(stream, session.envelope.rcptTo.map((rcpt) => rcpt.address)).then(
        (answer) => (answer === 'too-large' ? callback(Object.assign(new Error('Message too large'), { responseCode: 552 })) : callback()),
        (error: Error) => {
          log(`Bounce listener: could not take a mail: ${error.message}`);
          callback(Object.assign(new Error('Could not process the message, try again later'), { responseCode: 451 }));
        },
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
