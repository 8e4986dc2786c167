import { isIP } from 'node:net';

// Which addresses the platform may fetch from on a user's behalf: only public ones. An
// address is first brought to its one canonical spelling by the WHATWG URL parser, the
// same parser that reads the addresses users give (so decimal 2130706433, octal
// 0177.0.0.1, hex 0x7f.1, short 127.1 and [::ffff:127.0.0.1] all become what they mean),
// then its bytes are matched against the special-purpose ranges of the IANA registries.
// IPv6 forms that carry an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96, 6to4) are
// judged by that IPv4 address. Hand-written rather than ipaddr.js: that library is only
// here as a dependency of fastify's, not one of ours (docs/decisions.md "Outbound fetches").

export type AddressRange =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'unique-local'
  | 'reserved';

type Bytes = readonly number[];
/** A range, or how to read the IPv4 address an IPv6 range carries (its first byte's index). */
type Meaning = Exclude<AddressRange, 'public'> | { ipv4At: number };

const V4_RANGES: ReadonlyArray<readonly [string, number, Meaning]> = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the host itself on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade-nat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata services live here
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'reserved'], // documentation
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast, deprecated
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'reserved'], // documentation
  ['203.0.113.0', 24, 'reserved'], // documentation
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'], // before 240/4, which holds it
  ['240.0.0.0', 4, 'reserved'],
];

// First match wins, so the narrow ranges come before the wide ones that hold them.
const V6_RANGES: ReadonlyArray<readonly [string, number, Meaning]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, { ipv4At: 12 }], // IPv4-mapped
  ['64:ff9b::', 96, { ipv4At: 12 }], // NAT64 well-known prefix
  ['64:ff9b:1::', 48, 'reserved'], // NAT64 local use: may carry any IPv4 address
  ['::', 8, 'reserved'], // the rest of ::/8: IPv4-compatible (deprecated), SIIT, unassigned
  ['100::', 64, 'reserved'], // discard
  ['2001:db8::', 32, 'reserved'], // documentation
  ['2001::', 23, 'reserved'], // IETF protocol assignments, Teredo among them
  ['2002::', 16, { ipv4At: 2 }], // 6to4
  ['3fff::', 20, 'reserved'], // documentation
  ['5f00::', 16, 'reserved'], // segment routing
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // site-local, deprecated
  ['ff00::', 8, 'multicast'],
];
/** Global unicast: an IPv6 address outside it is unassigned or special, never a web server's. */
const V6_GLOBAL_UNICAST: readonly [string, number] = ['2000::', 3];

/**
 * The canonical spelling of an IP address written any way a URL may write it (without
 * brackets), or null when the text is no IP address — a host name, which must be resolved.
 */
export function canonicalAddress(spelling: string): string | null {
  const text = spelling.trim();
  if (text === '') return null;
  const bracketed = text.startsWith('[') ? text : text.includes(':') ? `[${text}]` : text;
  let hostname: string;
  try {
    hostname = new URL(`http://${bracketed}/`).hostname;
  } catch {
    return null;
  }
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

/** The special-purpose range an address is in, 'public' for none; null when the text is no address. */
export function addressRange(spelling: string): AddressRange | null {
  const address = canonicalAddress(spelling);
  if (address === null) return null;
  return isIP(address) === 4 ? v4Range(v4Bytes(address)) : v6Range(v6Bytes(address));
}

/** True only for an address of the public internet, in any spelling. */
export function isPublicAddress(spelling: string): boolean {
  return addressRange(spelling) === 'public';
}

function v4Range(bytes: Bytes): AddressRange {
  return rangeOf(bytes, V4_RANGES, v4Bytes) ?? 'public';
}

function v6Range(bytes: Bytes): AddressRange {
  const found = rangeOf(bytes, V6_RANGES, v6Bytes);
  if (found) return found;
  return inPrefix(bytes, v6Bytes(V6_GLOBAL_UNICAST[0]), V6_GLOBAL_UNICAST[1]) ? 'public' : 'reserved';
}

function rangeOf(bytes: Bytes, ranges: ReadonlyArray<readonly [string, number, Meaning]>, parse: (text: string) => Bytes): AddressRange | null {
  for (const [base, bits, meaning] of ranges) {
    if (!inPrefix(bytes, parse(base), bits)) continue;
    return typeof meaning === 'string' ? meaning : v4Range(bytes.slice(meaning.ipv4At, meaning.ipv4At + 4));
  }
  return null;
}

function inPrefix(bytes: Bytes, base: Bytes, bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8]! & mask) !== (base[i / 8]! & mask)) return false;
  }
  return true;
}

function v4Bytes(address: string): Bytes {
  return address.split('.').map(Number);
}

/** Bytes of a canonical IPv6 address (as canonicalAddress gives it: hex groups, at most one ::). */
function v6Bytes(address: string): Bytes {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}
