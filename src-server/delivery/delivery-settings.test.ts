import { describe, expect, it } from 'vitest';
import { deliverySettingsFromEnv } from './delivery-settings';

describe('AB_TEST_MIN_WAIT_SECONDS', () => {
  it('changes nothing unless set', () => {
    expect(deliverySettingsFromEnv({})).toEqual({});
    expect(deliverySettingsFromEnv({ AB_TEST_MIN_WAIT_SECONDS: '  ' })).toEqual({});
  });

  it('sets every A/B wait to a whole number of seconds', () => {
    expect(deliverySettingsFromEnv({ AB_TEST_MIN_WAIT_SECONDS: '5' })).toEqual({ abTestWaitSeconds: 5 });
    expect(deliverySettingsFromEnv({ AB_TEST_MIN_WAIT_SECONDS: '0' })).toEqual({ abTestWaitSeconds: 0 });
  });

  it('refuses anything else at start-up, saying what it wants', () => {
    for (const value of ['-1', '1.5', 'soon', '2e3']) {
      expect(() => deliverySettingsFromEnv({ AB_TEST_MIN_WAIT_SECONDS: value })).toThrow(
        `AB_TEST_MIN_WAIT_SECONDS must be a whole number of seconds, not "${value}"`,
      );
    }
  });
});

describe('DELIVERY_LEASE_SECONDS', () => {
  it('sets how long a claim on recipients lasts, in whole seconds', () => {
    expect(deliverySettingsFromEnv({ DELIVERY_LEASE_SECONDS: '4' })).toEqual({ sendLeaseSeconds: 4 });
    expect(deliverySettingsFromEnv({ DELIVERY_LEASE_SECONDS: '', AB_TEST_MIN_WAIT_SECONDS: '3' })).toEqual({ abTestWaitSeconds: 3 });
  });

  it('refuses a lease too short to renew, or not a whole number', () => {
    for (const value of ['0', '1', '2.5', 'long']) {
      expect(() => deliverySettingsFromEnv({ DELIVERY_LEASE_SECONDS: value })).toThrow(
        `DELIVERY_LEASE_SECONDS must be a whole number of seconds (at least 2), not "${value}"`,
      );
    }
  });
});
