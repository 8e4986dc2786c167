import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './recurrence';

const NY = 'America/New_York';

describe('nextRunAfter', () => {
  it('runs daily at the time on the channel clock, the same day when the time is still ahead', () => {
    // 2026-12-04 10:00 in New York is 15:00Z (EST, UTC−5).
    expect(nextRunAfter({ frequency: 'daily', time: '11:30' }, NY, new Date('2026-12-04T15:00:00Z')).toISOString()).toBe('2026-12-04T16:30:00.000Z');
    expect(nextRunAfter({ frequency: 'daily', time: '08:00' }, NY, new Date('2026-12-04T15:00:00Z')).toISOString()).toBe('2026-12-05T13:00:00.000Z');
  });

  it('runs weekly on the chosen weekdays only, strictly after the given instant', () => {
    const mondayAndThursday = { frequency: 'weekly' as const, time: '08:00', weekdays: [1, 4] };
    // Friday 2026-12-04 → Monday 2026-12-07 08:00 EST.
    expect(nextRunAfter(mondayAndThursday, NY, new Date('2026-12-04T15:00:00Z')).toISOString()).toBe('2026-12-07T13:00:00.000Z');
    // At the Monday run itself: the next is Thursday.
    expect(nextRunAfter(mondayAndThursday, NY, new Date('2026-12-07T13:00:00Z')).toISOString()).toBe('2026-12-10T13:00:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // Sunday 2027-03-14 New York moves to EDT (UTC−4): Monday 08:00 is 12:00Z, not 13:00Z.
    expect(nextRunAfter({ frequency: 'weekly', time: '08:00', weekdays: [1] }, NY, new Date('2027-03-09T13:00:00Z')).toISOString()).toBe(
      '2027-03-15T12:00:00.000Z',
    );
  });

  it('runs monthly on the day, or the last day of a shorter month', () => {
    const the31st = { frequency: 'monthly' as const, time: '09:15', dayOfMonth: 31 };
    expect(nextRunAfter(the31st, 'Europe/Berlin', new Date('2027-01-31T09:00:00Z')).toISOString()).toBe('2027-02-28T08:15:00.000Z');
    expect(nextRunAfter(the31st, 'Europe/Berlin', new Date('2027-02-28T09:00:00Z')).toISOString()).toBe('2027-03-31T07:15:00.000Z');
  });
});
