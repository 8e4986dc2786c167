import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatHour, formatTimeWithSeconds } from './display-dates';

const MOMENT = '2026-11-27T14:05:00Z';

describe('display dates', () => {
  it("shows a moment on the channel's clock, a time always with its zone's abbreviation", () => {
    expect(formatDateTime(MOMENT, 'America/New_York')).toBe('Nov 27, 2026 9:05 AM EST');
    expect(formatDateTime(MOMENT, 'UTC')).toBe('Nov 27, 2026 2:05 PM UTC');
    expect(formatDate(MOMENT, 'Pacific/Auckland')).toBe('Nov 28, 2026');
    expect(formatDay('2026-03-05T12:00:00Z', 'UTC')).toBe('Mar 05');
    expect(formatHour(MOMENT, 'Europe/Berlin')).toBe('Nov 27, 3 PM');
    expect(formatTimeWithSeconds('2026-11-27T14:05:42Z', 'America/New_York')).toBe('9:05:42 AM');
  });

  it("uses this computer's clock when the moment belongs to no channel, and still names the zone", () => {
    expect(formatDateTime(MOMENT)).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{1,2}:\d{2} [AP]M \S+$/);
  });
});
