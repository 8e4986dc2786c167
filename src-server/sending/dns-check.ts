import { Resolver } from 'node:dns/promises';
import type { DnsRecord, DnsRecordStatus } from '../../shared/contract/platform-sending';
import { dkimPublicKeyOf } from './dkim-keys';
import { spfMechanism } from './dns-records';
import type { SendingSettings } from './sending-settings';

// Check DNS: asks a resolver (the system's, or DNS_SERVERS) for each record a sending domain
// should publish and says whether it is found, missing or different. "Different" is a
// record of the right kind saying something else: a DKIM key that is not ours, an SPF
// record without our mechanism, an MX elsewhere.

export interface DnsLookup {
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
}

/** Seconds a check waits for each answer: a resolver that does not answer is "missing", not a hang. */
const TIMEOUT_MS = 3_000;

export function createDnsLookup(settings: Pick<SendingSettings, 'dnsServers'>): DnsLookup {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (settings.dnsServers.length > 0) resolver.setServers(settings.dnsServers);
  return resolver;
}

/** No such name, or no record of that type: a record not published yet. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

async function answers<T>(lookup: () => Promise<T[]>): Promise<T[] | 'absent'> {
  try {
    return await lookup();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (ABSENT.has(code)) return 'absent';
    // A resolver fault (timeout, refused) says nothing about the record: shown as missing,
    // with the reason in what was found, so the editor knows to check again.
    return Promise.reject(error);
  }
}

type Unchecked = Omit<DnsRecord, 'status' | 'found'>;

function judge(record: Unchecked, found: string[], settings: Pick<SendingSettings, 'spfInclude' | 'mailHostname'>): DnsRecordStatus {
  if (found.length === 0) return 'missing';
  switch (record.kind) {
    case 'dkim':
    case 'dkim-next':
    case 'dkim-previous': {
      const expected = dkimPublicKeyOf(record.value);
      return found.some((text) => dkimPublicKeyOf(text) === expected) ? 'found' : 'different';
    }
    case 'spf': {
      const spf = found.filter((text) => /^v=spf1(\s|$)/i.test(text));
      if (spf.length === 0) return 'missing';
      const mechanism = spfMechanism(settings).toLowerCase();
      return spf.length === 1 && spf[0]!.toLowerCase().split(/\s+/).some((term) => term.replace(/^[+?~]/, '') === mechanism) ? 'found' : 'different';
    }
    case 'return-path': {
      const host = settings.mailHostname.toLowerCase();
      return found.some((text) => text.split(' ')[1]?.toLowerCase().replace(/\.$/, '') === host) ? 'found' : 'different';
    }
    case 'dmarc':
      return found.some((text) => /^v=DMARC1(\s*;|$)/i.test(text)) ? 'found' : 'missing';
  }
}

export async function checkRecords(
  records: readonly Unchecked[],
  lookup: DnsLookup,
  settings: Pick<SendingSettings, 'spfInclude' | 'mailHostname'>,
): Promise<DnsRecord[]> {
  return Promise.all(
    records.map(async (record): Promise<DnsRecord> => {
      try {
        const found =
          record.type === 'MX'
            ? await answers(() => lookup.resolveMx(record.name)).then((mx) => (mx === 'absent' ? [] : mx.map((entry) => `${entry.priority} ${entry.exchange}`)))
            : await answers(() => lookup.resolveTxt(record.name)).then((txt) => (txt === 'absent' ? [] : txt.map((chunks) => chunks.join(''))));
        return { ...record, status: judge(record, found, settings), found };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'error';
        return { ...record, status: 'missing', found: [`The DNS server did not answer (${code}): check again later.`] };
      }
    }),
  );
}

/** A domain may send when every required record is found. */
export function allRequiredFound(records: readonly DnsRecord[]): boolean {
  return records.every((record) => !record.required || record.status === 'found');
}
