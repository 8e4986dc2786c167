import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';

// A DKIM key pair as the platform makes one for a sending domain: 2048-bit RSA (what Gmail
// and Yahoo expect; 1024 is the floor, 4096 does not fit every DNS host's TXT editor), the
// public key as a DKIM record's p= value, and a selector the platform picks, dated so that
// a rotated key is easy to tell from its predecessor in DNS.

const generate = promisify(generateKeyPair);

export const DKIM_KEY_BITS = 2048;

export interface DkimKeyPair {
  selector: string;
  /** base64 of the SubjectPublicKeyInfo DER: what `p=` carries. */
  publicKey: string;
  /** PKCS#8 PEM, as nodemailer's `dkim.privateKey` takes it. */
  privateKeyPem: string;
}

/** `ld` + year and month + four random hex digits, e.g. ld2611a3f0. */
export function newSelector(now: Date = new Date()): string {
  const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `ld${yymm}${randomBytes(2).toString('hex')}`;
}

export async function generateDkimKey(now: Date = new Date()): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: DKIM_KEY_BITS,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { selector: newSelector(now), publicKey: (publicKey as Buffer).toString('base64'), privateKeyPem: privateKey as string };
}

/** The TXT record a key's selector publishes. */
export function dkimRecordValue(publicKey: string): string {
  return `v=DKIM1; k=rsa; p=${publicKey}`;
}

/** The p= value of a DKIM record as DNS answered it; null when it is no DKIM record. */
export function dkimPublicKeyOf(record: string): string | null {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  const version = tags.get('v');
  if (version !== undefined && version !== 'DKIM1') return null;
  return tags.get('p') ?? null;
}
