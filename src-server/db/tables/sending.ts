import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types';

// An organization's sending domains and their DKIM keys (migration 0025).

export type DkimKeyState = 'pending' | 'active' | 'retired';

export interface SendingDomainsTable {
  id: Generated<number>;
  organizationId: number;
  /** Lower-cased, without a trailing dot. */
  domain: string;
  /** Where bounces go (the envelope sender's domain): a subdomain of `domain`, so SPF aligns. */
  returnPathDomain: string;
  verifiedAt: Timestamp | null;
  checkedAt: Timestamp | null;
  /** The last DNS check's findings per record (sending/dns-check.ts). */
  lastCheck: Json<unknown> | null;
  createdAt: Generated<Date>;
}

export interface DkimKeysTable {
  id: Generated<number>;
  sendingDomainId: number;
  selector: string;
  /** The public key as the DKIM record's p= value (base64 SubjectPublicKeyInfo DER). */
  publicKey: string;
  /** The PKCS#8 PEM private key, sealed with the platform's secret key. */
  sealedPrivateKey: string;
  state: DkimKeyState;
  createdAt: Generated<Date>;
  activatedAt: Timestamp | null;
  retiredAt: Timestamp | null;
}

/** These tables, as members of `Database`. */
export interface SendingTables {
  sendingDomains: SendingDomainsTable;
  dkimKeys: DkimKeysTable;
}
