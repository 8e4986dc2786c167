import type { DnsRecord, DnsRecordKind } from '../../shared/contract/platform-sending';
import type { DkimKeyState } from '../db/schema';
import { dkimRecordValue } from './dkim-keys';
import type { SendingSettings } from './sending-settings';

// The DNS records a sending domain publishes, each with what it is for:
//   DKIM         {selector}._domainkey.{domain} TXT: the public key receivers check the
//                signature with; the From domain's own signature is what DMARC aligns on.
//   SPF          on the return-path domain: which servers may send with that envelope sender.
//   return path  an MX on the return-path domain pointing at the platform, so bounces (DSNs)
//                reach its bounce listener, which reads the recipient from the address.
//   DMARC        _dmarc.{domain}: the policy receivers apply when neither aligns. A
//                suggestion (p=none with reports): the domain's owner may already have one.
// During a DKIM rotation the next key's record is listed too (publish it before it signs),
// and the retired key's (keep it until mail it signed is no longer being checked).

export const RETURN_PATH_LABEL = 'bounces';

export interface KeyForRecords {
  selector: string;
  publicKey: string;
  state: DkimKeyState;
}

type Unchecked = Omit<DnsRecord, 'status' | 'found'>;

export function returnPathDomainFor(domain: string): string {
  return `${RETURN_PATH_LABEL}.${domain}`;
}

export function spfMechanism(settings: Pick<SendingSettings, 'spfInclude' | 'mailHostname'>): string {
  return settings.spfInclude ? `include:${settings.spfInclude}` : `a:${settings.mailHostname}`;
}

const DKIM_KIND: Record<DkimKeyState, DnsRecordKind> = { active: 'dkim', pending: 'dkim-next', retired: 'dkim-previous' };

const DKIM_PURPOSE: Record<DkimKeyState, string> = {
  active: 'DKIM: the public key receivers check every email’s signature with. Required.',
  pending: 'DKIM, next key: publish it now; it signs once Check DNS finds it, and the current key is then kept for a week.',
  retired: 'DKIM, previous key: keep it published for a week after the rotation, so mail it signed still checks; then remove it.',
};

export function recordsToPublish(
  domain: { domain: string; returnPathDomain: string },
  keys: readonly KeyForRecords[],
  settings: Pick<SendingSettings, 'spfInclude' | 'mailHostname'>,
): Unchecked[] {
  const order: DkimKeyState[] = ['active', 'pending', 'retired'];
  const dkim = [...keys]
    .sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state))
    .map((key) => ({
      kind: DKIM_KIND[key.state],
      type: 'TXT' as const,
      name: `${key.selector}._domainkey.${domain.domain}`,
      value: dkimRecordValue(key.publicKey),
      purpose: DKIM_PURPOSE[key.state],
      required: key.state === 'active',
    }));
  return [
    ...dkim,
    {
      kind: 'spf',
      type: 'TXT',
      name: domain.returnPathDomain,
      value: `v=spf1 ${spfMechanism(settings)} ~all`,
      purpose: 'SPF for the return-path domain: lets the platform’s mail servers send with its envelope sender. Add the mechanism to an SPF record already there instead of publishing a second one. Required.',
      required: true,
    },
    {
      kind: 'return-path',
      type: 'MX',
      name: domain.returnPathDomain,
      value: `10 ${settings.mailHostname}`,
      purpose: 'Return path: bounces are mailed to this domain, and the MX sends them to the platform, which marks the reader bounced. Required.',
      required: true,
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${domain.domain}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain.domain}`,
      purpose: 'DMARC: Gmail and Yahoo require one from bulk senders. A suggestion to start with (p=none, reports to an address of yours); any DMARC record counts.',
      required: false,
    },
  ];
}
