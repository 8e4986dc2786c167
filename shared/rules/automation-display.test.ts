import { describe, expect, it } from 'vitest';
import { delayText, formatNextRun, recurrenceText, sentCountText, waitingCountText, zoneAbbreviation } from './automation-display';

describe('the wording of a template’s trigger', () => {
  it('says when a welcome goes out', () => {
    expect(delayText({ amount: 0, unit: 'minutes' })).toBe('at once');
    expect(delayText({ amount: 1, unit: 'hours' })).toBe('1 hour after they subscribe');
    expect(delayText({ amount: 3, unit: 'days' })).toBe('3 days after they subscribe');
  });

  it('says when a recurring template runs, weekdays in calendar order', () => {
    expect(recurrenceText({ frequency: 'daily', time: '08:00' })).toBe('Every day at 08:00');
    expect(recurrenceText({ frequency: 'weekly', time: '07:30', weekdays: [0, 1, 4] })).toBe('Every Monday, Thursday and Sunday at 07:30');
    expect(recurrenceText({ frequency: 'weekly', time: '07:30', weekdays: [3] })).toBe('Every Wednesday at 07:30');
    expect(recurrenceText({ frequency: 'monthly', time: '18:05', dayOfMonth: 31 })).toBe('Every month on day 31 at 18:05');
  });

  it('names the channel’s zone as it is at the moment, daylight saving included', () => {
    expect(zoneAbbreviation('America/New_York', new Date('2030-01-15T12:00:00Z'))).toBe('EST');
    expect(zoneAbbreviation('America/New_York', new Date('2030-07-15T12:00:00Z'))).toBe('EDT');
  });

  it('shows the next run on the channel’s clock', () => {
    expect(formatNextRun('2030-03-05T13:00:00.000Z', 'America/New_York')).toBe('Mar 05, 2030 at 8:00 am EST');
  });

  it('counts what was sent and what waits, "1 sent" for one', () => {
    expect(sentCountText(1)).toBe('1 sent');
    expect(sentCountText(0)).toBe('0 sent');
    expect(sentCountText(1204)).toBe('1,204 sent');
    expect(waitingCountText(3)).toBe('3 waiting');
  });
});
