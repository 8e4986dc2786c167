import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

// A loopback SMTP server that takes every message and keeps only a count, in a process of
// its own: the delivery bench's figures (time, and the resident memory of the process that
// sends) are then the sender's alone. It is smtp-server, the same server the tests use.
// It also counts by the name each sender gives in EHLO, so the cluster bench can tell what
// each platform instance sent (MAIL_HOSTNAME).

const SINK = `
const { SMTPServer } = require('smtp-server');
let count = 0;
const byName = {};
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 200,
  onData(stream, session, callback) {
    stream.on('end', () => {
      count += session.envelope.rcptTo.length;
      byName[session.hostNameAppearsAs] = (byName[session.hostNameAppearsAs] || 0) + session.envelope.rcptTo.length;
      callback();
    });
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send({ count });
  if (message === 'byName') process.send({ byName });
  if (message === 'stop') server.close(() => process.exit(0));
});
`;

export interface SmtpSink {
  url: string;
  /** Messages taken so far (one per recipient). */
  count(): Promise<number>;
  /** Messages taken so far by each EHLO name. */
  countByName(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

function nextMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      resolve(message[key] as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`The SMTP sink exited (${code})`)));
  });
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], cwd: process.cwd() });
  const port = await nextMessage<number>(child, 'port');
  return {
    url: `smtp://127.0.0.1:${port}`,
    async count() {
      const answer = nextMessage<number>(child, 'count');
      child.send('count');
      return answer;
    },
    async countByName() {
      const answer = nextMessage<Record<string, number>>(child, 'byName');
      child.send('byName');
      return answer;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
    },
  };
}
