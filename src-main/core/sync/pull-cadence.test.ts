import { describe, expect, it } from 'vitest';
import { PublicationStatus } from '../../../shared/model/publication';
import { DELIVERY_PULL_INTERVAL_MS, PULL_INTERVAL_MS, nextPullDelayMs } from './pull-cadence';

// 2026-11-22 15:00 UTC is 10:00 in New York.
const now = new Date('2026-11-22T15:00:00Z');
const zone = 'America/New_York';
const scheduled = (publicationDate: string | null) => ({ publicationStatus: PublicationStatus.scheduled, publicationDate, zone });

describe('pull cadence', () => {
  it('asks once a minute when nothing is being sent', () => {
    expect(nextPullDelayMs([], now)).toBe(PULL_INTERVAL_MS);
    expect(nextPullDelayMs([scheduled('2026-11-22 10:03:00')], now)).toBe(PULL_INTERVAL_MS);
    expect(nextPullDelayMs([scheduled(null)], now)).toBe(PULL_INTERVAL_MS);
    expect(nextPullDelayMs([{ publicationStatus: PublicationStatus.published, publicationDate: '2026-11-22 10:00:00', zone }], now)).toBe(PULL_INTERVAL_MS);
  });

  it('asks often while a letter is due within two minutes, or up to an hour late, in its own zone', () => {
    expect(nextPullDelayMs([scheduled('2026-11-22 10:02:00')], now)).toBe(DELIVERY_PULL_INTERVAL_MS);
    expect(nextPullDelayMs([scheduled('2026-11-22 09:40:00')], now)).toBe(DELIVERY_PULL_INTERVAL_MS);
    // The same wall-clock time in London passed minutes ago.
    expect(nextPullDelayMs([{ ...scheduled('2026-11-22 14:55:00'), zone: 'Europe/London' }], now)).toBe(DELIVERY_PULL_INTERVAL_MS);
    expect(nextPullDelayMs([scheduled('2026-11-22 12:00:00')], now)).toBe(PULL_INTERVAL_MS);
    // Hours late: the platform is not sending it, asking often would not help.
    expect(nextPullDelayMs([scheduled('2026-11-22 08:30:00')], now)).toBe(PULL_INTERVAL_MS);
  });

  it('asks often while a letter is being sent', () => {
    for (const status of [PublicationStatus.publishing, PublicationStatus.sending, PublicationStatus.sending25, PublicationStatus.sending50, PublicationStatus.sending75]) {
      expect(nextPullDelayMs([{ publicationStatus: status, publicationDate: null, zone }], now)).toBe(DELIVERY_PULL_INTERVAL_MS);
    }
  });
});
