// The envelope addresses the platform's mail carries (delivery/mail-transport.ts): bounces
// come back to `bounce-{token}@{return-path domain}` (VERP) and the List-Unsubscribe mailto
// is `unsubscribe-{token}@{return-path domain}`; the token is the email's recipient token,
// random and one per reader and letter, so holding it is holding that email.

export type ReturnPathAddress = { kind: 'bounce' | 'unsubscribe'; token: string };

const ADDRESS = /^(bounce|unsubscribe)-([0-9a-f]{40})@/i;

/** What an address the listener took mail for means; null for any other address. */
export function readReturnPathAddress(address: string): ReturnPathAddress | null {
  const match = ADDRESS.exec(address.trim());
  return match ? { kind: match[1]!.toLowerCase() as ReturnPathAddress['kind'], token: match[2]!.toLowerCase() } : null;
}
