import { SMTPServer } from 'smtp-server';
import { listenOnLoopback } from './smtp-fixture';

// A loopback SMTP server whose final answer to each message (the reply after DATA, which is
// when a mail server takes responsibility for it) a test can hold: `gate` decides per message
// whether it is answered now or held, and held messages are reconsidered after every answer
// and whenever the test says so. A message is counted as taken only once it is answered, and
// a held message of a sender the test has killed can be dropped, unanswered and uncounted —
// what a real server does when the client goes before its reply. Senders are told apart by
// the name they give in EHLO (each platform instance's MAIL_HOSTNAME).

export interface TakenMessage {
  /** The EHLO name of the sender. */
  by: string;
  to: string[];
}

export interface HeldMessage extends TakenMessage {
  answer: () => void;
}

export interface GatedSmtp {
  url: string;
  /** Every message answered "taken", in order. */
  taken: TakenMessage[];
  /** Messages whose answer is being held. */
  held(): TakenMessage[];
  /** Answers now (true) or holds (false); asked again for every held message after each answer and on reconsider(). */
  setGate(gate: (message: TakenMessage) => boolean): void;
  reconsider(): void;
  /** Drops the held messages of this sender: never answered, never counted. */
  dropHeld(by: string): number;
  close(): Promise<void>;
}

export async function startGatedSmtp(): Promise<GatedSmtp> {
  const taken: TakenMessage[] = [];
  let waiting: HeldMessage[] = [];
  let gate: (message: TakenMessage) => boolean = () => true;

  const reconsider = () => {
    // Answering one can open the gate for others (the gate reads `taken`): repeat until still.
    for (let moved = true; moved; ) {
      moved = false;
      for (const message of waiting) {
        if (!gate(message)) continue;
        waiting = waiting.filter((other) => other !== message);
        message.answer();
        moved = true;
        break;
      }
    }
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    maxClients: 100,
    onData(stream, session, callback) {
      stream.resume();
      stream.once('end', () => {
        const message: TakenMessage = { by: session.hostNameAppearsAs, to: session.envelope.rcptTo.map((recipient) => recipient.address) };
        const answer = () => {
          taken.push(message);
          callback();
        };
        if (gate(message)) {
          answer();
          reconsider();
        } else {
          waiting.push({ ...message, answer });
        }
      });
    },
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    taken,
    held: () => waiting.map(({ by, to }) => ({ by, to })),
    setGate(next) {
      gate = next;
    },
    reconsider,
    dropHeld(by) {
      const dropped = waiting.filter((message) => message.by === by);
      waiting = waiting.filter((message) => message.by !== by);
      return dropped.length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
