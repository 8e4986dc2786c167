import { describe, expect, it } from 'vitest';
import { addressRange, canonicalAddress, isPublicAddress } from './public-address';

// Pure: no address here is ever connected to.

describe('canonicalAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.000.000.001', '127.0.0.1'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['::ffff:7f00:1', '::ffff:7f00:1'],
  ])('reads %s as %s', (spelling, canonical) => {
    expect(canonicalAddress(spelling)).toBe(canonical);
  });

  it('answers null for host names and nonsense', () => {
    expect(canonicalAddress('localhost')).toBeNull();
    expect(canonicalAddress('example.com')).toBeNull();
    expect(canonicalAddress('')).toBeNull();
    expect(canonicalAddress('1.2.3.4.5')).toBeNull();
    expect(canonicalAddress('[::1')).toBeNull();
  });
});

describe('addressRange', () => {
  it.each([
    // Loopback in every spelling a URL accepts.
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['2002:7f00:0001::', 'loopback'],
    // Unspecified and broadcast.
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['[::]', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['4294967295', 'broadcast'],
    // RFC 1918, shared address space, link-local (cloud metadata).
    ['10.0.0.1', 'private'],
    ['012.0.0.1', 'private'],
    ['0xa000001', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['3232235777', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['fec0::1', 'private'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    // Multicast.
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['ff02::1', 'multicast'],
    ['::ffff:224.0.0.1', 'multicast'],
    // IPv6 unique local.
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    // Reserved, documentation, benchmarking and the rest of the special registry.
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.1', 'reserved'],
    ['203.0.113.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['64:ff9b:1::a00:1', 'reserved'],
    ['100::1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (spelling, range) => {
    expect(addressRange(spelling)).toBe(range);
    expect(isPublicAddress(spelling)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '192.167.255.255',
    '11.0.0.1',
    '126.255.255.255',
    '128.0.0.0',
    '223.255.255.255',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
  ])('%s is public', (spelling) => {
    expect(addressRange(spelling)).toBe('public');
    expect(isPublicAddress(spelling)).toBe(true);
  });

  it('answers null for a host name, which must be resolved first', () => {
    expect(addressRange('localhost')).toBeNull();
    expect(isPublicAddress('localhost')).toBe(false);
  });
});
