import type { DnsRecordKind, DnsRecordStatus } from '../../../shared/contract/platform-sending';

// How the Sending domains screen names a record and its state. Teal, not green: green's
// light badge text is under 4.5:1 on its tint (axe), teal's reads.

export const RECORD_LABELS: Record<DnsRecordKind, string> = {
  dkim: 'DKIM',
  'dkim-next': 'DKIM, next key',
  'dkim-previous': 'DKIM, previous key',
  spf: 'SPF',
  'return-path': 'Return path',
  dmarc: 'DMARC',
};

export const STATUS_LABELS: Record<DnsRecordStatus, { label: string; color: string }> = {
  found: { label: 'Found', color: 'teal' },
  missing: { label: 'Missing', color: 'red' },
  different: { label: 'Different', color: 'orange' },
  unchecked: { label: 'Not checked', color: 'gray' },
};
