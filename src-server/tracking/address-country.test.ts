import { describe, expect, it } from 'vitest';
import { countryOfAddress } from './address-country';

describe('countryOfAddress', () => {
  it('finds the country of public IPv4 and IPv6 addresses offline', () => {
    expect(countryOfAddress('81.2.69.142')).toBe('GB');
    expect(countryOfAddress('::ffff:81.2.69.142')).toBe('GB');
    expect(countryOfAddress('2001:4860:4860::8888')).toBe('US');
  });

  it('answers null for loopback, private, malformed and missing addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not an address', '', undefined]) {
      expect(countryOfAddress(address)).toBeNull();
    }
  });
});
