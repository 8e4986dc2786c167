import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for the test-send and delivery tests: it parses each
// message it takes with mailparser, and can misbehave the way mail servers do — refuse
// every recipient or only some addresses (a 5xx reply to RCPT TO), refuse every connection
// (a 421 greeting), or take its time over each message.

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
  /** The message as it arrived, for checks of its bytes (DKIM, spam scores). */
  raw: Buffer;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Refuse every recipient from now on with this reply (null accepts again). */
  refuseRecipients(reply: string | null): void;
  /** Refuse this one address (any case) with a 550 and this reply; null accepts it again. */
  refuseAddress(address: string, reply: string | null): void;
  /** Greet every new connection with a 421 and this reply, as a server that is down does (null: greet again). */
  refuseConnections(reply: string | null): void;
  /**
   * Once `afterMessages` more messages have arrived, answer every MAIL FROM with a 451 and
   * this reply, as a server that has stopped taking mail does mid-session (null: take mail again).
   */
  refuseSenders(reply: string | null, afterMessages?: number): void;
  /** Wait this long before accepting each message (0: at once). */
  delayMessages(milliseconds: number): void;
  close(): Promise<void>;
}

/** Starts `server` on a free loopback port; answers its smtp:// URL. */
export async function listenOnLoopback(server: SMTPServer): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusal: string | null = null;
  let connectionRefusal: string | null = null;
  let messageDelay = 0;
  let senderRefusal: { reply: string; from: number } | null = null;
  const refusedAddresses = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    // Without a certificate of its own, offering STARTTLS would make nodemailer try it and fail.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (connectionRefusal === null) return callback();
      return callback(Object.assign(new Error(connectionRefusal), { responseCode: 421 }));
    },
    onMailFrom(_address, _session, callback) {
      if (senderRefusal === null || received.length < senderRefusal.from) return callback();
      return callback(Object.assign(new Error(senderRefusal.reply), { responseCode: 451 }));
    },
    onRcptTo(address, _session, callback) {
      const reply = refusal ?? refusedAddresses.get(address.address.toLowerCase()) ?? null;
      if (reply === null) return callback();
      const error = Object.assign(new Error(reply), { responseCode: 550 });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', (error: Error) => callback(error));
      stream.once('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          async (mail) => {
            if (messageDelay > 0) await new Promise((resolve) => setTimeout(resolve, messageDelay));
            const envelope = {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            };
            received.push({ envelope, mail, raw });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    received,
    refuseRecipients: (reply) => {
      refusal = reply;
    },
    refuseAddress: (address, reply) => {
      if (reply === null) refusedAddresses.delete(address.toLowerCase());
      else refusedAddresses.set(address.toLowerCase(), reply);
    },
    refuseConnections: (reply) => {
      connectionRefusal = reply;
    },
    refuseSenders: (reply, afterMessages = 0) => {
      senderRefusal = reply === null ? null : { reply, from: received.length + afterMessages };
    },
    delayMessages: (milliseconds) => {
      messageDelay = milliseconds;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
