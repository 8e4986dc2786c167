import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

// A real DNS server on loopback (dns2, UDP and TCP on one port) answering the TXT and MX
// records a test sets: what Check DNS and DKIM verifiers resolve in tests, as they would a
// domain's name servers. Unknown names answer NXDOMAIN, known names without the asked type
// an empty answer (NODATA), as real servers do.

const { Packet } = dns2;

export interface LoopbackDns {
  /** `127.0.0.1:{port}`: a DNS_SERVERS entry. */
  server: string;
  port: number;
  setTxt(name: string, ...values: string[]): void;
  setMx(name: string, exchange: string, priority?: number): void;
  remove(name: string): void;
  close(): Promise<void>;
}

interface Zone {
  txt: string[];
  mx: { exchange: string; priority: number }[];
}

/** A TXT record's text as DNS carries it: character-strings of at most 255 bytes. */
function characterStrings(text: string): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += 255) chunks.push(text.slice(at, at + 255));
  return chunks.length > 0 ? chunks : [''];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startLoopbackDns(): Promise<LoopbackDns> {
  const zones = new Map<string, Zone>();
  const zone = (name: string) => {
    const key = name.toLowerCase().replace(/\.$/, '');
    let entry = zones.get(key);
    if (!entry) zones.set(key, (entry = { txt: [], mx: [] }));
    return entry;
  };
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const entry = question ? zones.get(question.name.toLowerCase().replace(/\.$/, '')) : undefined;
      if (!question || !entry) {
        response.header.rcode = 3; // NXDOMAIN
      } else if (question.type === Packet.TYPE.TXT) {
        for (const text of entry.txt) {
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: characterStrings(text) } as never);
        }
      } else if (question.type === Packet.TYPE.MX) {
        for (const mx of entry.mx) {
          response.answers.push({ name: question.name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 60, exchange: mx.exchange, priority: mx.priority } as never);
        }
      }
      void send(response);
    },
  });
  // UDP and TCP on the same port: a resolver retries a truncated UDP answer over TCP.
  let port = 0;
  for (let attempt = 0; ; attempt += 1) {
    port = await freePort();
    try {
      await Promise.race([
        server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } } as never),
        new Promise((_, reject) => server.once('error', reject)),
      ]);
      break;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
  return {
    server: `127.0.0.1:${port}`,
    port,
    setTxt: (name, ...values) => {
      zone(name).txt = values;
    },
    setMx: (name, exchange, priority = 10) => {
      zone(name).mx = [{ exchange, priority }];
    },
    remove: (name) => {
      zones.delete(name.toLowerCase().replace(/\.$/, ''));
    },
    close: () => server.close(),
  };
}
