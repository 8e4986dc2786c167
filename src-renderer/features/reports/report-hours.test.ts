import { describe, expect, it } from 'vitest';
import { hoursOnChannelClock } from './report-hours';

describe('hours on the channel’s clock', () => {
  it('reads each UTC hour in the channel’s zone, counts unchanged', () => {
    const rows = [
      { hour: '2026-11-24T14:00:00.000Z', opens: 5, clicks: 2, uniqueOpens: 4, uniqueClicks: 1 },
      { hour: '2026-11-24T15:00:00.000Z', opens: 0, clicks: 0, uniqueOpens: 0, uniqueClicks: 0 },
    ];
    expect(hoursOnChannelClock(rows, 'America/New_York')).toEqual([
      { hour: 'Nov 24, 9 AM', opens: 5, clicks: 2 },
      { hour: 'Nov 24, 10 AM', opens: 0, clicks: 0 },
    ]);
    expect(hoursOnChannelClock(rows, 'Asia/Kolkata')[0]!.hour).toBe('Nov 24, 7 PM');
  });
});
