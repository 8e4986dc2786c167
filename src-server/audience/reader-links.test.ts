import { describe, expect, it } from 'vitest';
import { createPlatformSecret, readSecretKey } from '../sending/platform-secret';
import { createReaderLinks } from './reader-links';

// A reader link's signature: the one spelling sign() writes passes; any other string, even one
// that decodes to the same bytes (base64url's last character carries unused bits), does not.

const links = createReaderLinks(createPlatformSecret(readSecretKey('c'.repeat(64))));
const claim = { action: 'unsubscribe' as const, subscriberUniqueId: 'reader-1', letterId: 7 };

describe('reader link signatures', () => {
  it('accept their own spelling only', () => {
    const signature = links.sign(claim);
    expect(signature).toHaveLength(22);
    expect(links.verify(claim, signature)).toBe(true);
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const other of alphabet.replace(last, '')) {
      expect(links.verify(claim, `${signature.slice(0, -1)}${other}`), other).toBe(false);
    }
    expect(links.verify({ ...claim, letterId: 8 }, signature)).toBe(false);
  });
});
