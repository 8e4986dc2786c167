import { describe, expect, it } from 'vitest';
import {
  DATE_MESSAGES,
  formatScheduledNotice,
  formatSendDate,
  minimumDateField,
  parseDateField,
  publicationTimeHasPassed,
  scheduledToastMessage,
  startOfTodayIn,
  toDateField,
} from './schedule-dates';

// 20:00 UTC on 9 March 2026: already the 10th in Tokyo, still the 9th in UTC and New York.
const now = new Date('2026-03-09T20:00:00Z');

describe('the minimum date: the start of today in the channel timezone', () => {
  it.each([
    { zone: 'UTC', start: '2026-03-09 00:00:00' },
    { zone: 'Asia/Tokyo', start: '2026-03-10 00:00:00' },
    { zone: 'America/New_York', start: '2026-03-09 00:00:00' },
  ])('$zone → $start', ({ zone, start }) => {
    expect(startOfTodayIn(zone, now)).toBe(start);
  });

  it('is a day behind UTC west of Greenwich late in the UTC day', () => {
    expect(startOfTodayIn('America/Los_Angeles', new Date('2026-03-10T02:00:00Z'))).toBe('2026-03-09 00:00:00');
    expect(minimumDateField('America/Los_Angeles', new Date('2026-03-10T02:00:00Z'))).toBe('2026-03-09 00:00');
  });

  it.each([
    // Tokyo's today is the 10th: the 9th is refused there although it is today in UTC.
    { zone: 'Asia/Tokyo', text: '2026-03-09 23:59', ok: false },
    { zone: 'Asia/Tokyo', text: '2026-03-10 00:00', ok: true },
    { zone: 'UTC', text: '2026-03-08 23:59', ok: false },
    { zone: 'UTC', text: '2026-03-09 00:00', ok: true },
    // Earlier today is still allowed here; the platform asks for a time in the future.
    { zone: 'UTC', text: '2026-03-09 08:00', ok: true },
  ])('$text in $zone → ok $ok', ({ zone, text, ok }) => {
    const parsed = parseDateField(text, zone, now);
    expect(parsed.ok).toBe(ok);
    if (!parsed.ok) expect(parsed.message).toBe(DATE_MESSAGES.beforeToday);
  });
});

describe('the date field', () => {
  it('reads Y-m-d H:i and stores seconds as :00', () => {
    expect(parseDateField('2030-01-31 09:05', 'UTC', now)).toEqual({ ok: true, publicationDate: '2030-01-31 09:05:00' });
    // What a native datetime-local picker hands over.
    expect(parseDateField('2030-01-31T09:05', 'UTC', now)).toEqual({ ok: true, publicationDate: '2030-01-31 09:05:00' });
    expect(parseDateField('  ', 'UTC', now)).toEqual({ ok: true, publicationDate: null });
  });

  it.each(['31/01/2030 09:05', '2030-1-31 9:05', '2030-01-31', '2030-01-31 09:05:00'])('refuses the format of %s', (text) => {
    expect(parseDateField(text, 'UTC', now)).toEqual({ ok: false, message: DATE_MESSAGES.format });
  });

  it('refuses days that do not exist', () => {
    expect(parseDateField('2030-02-30 10:00', 'UTC', now)).toEqual({ ok: false, message: DATE_MESSAGES.notReal });
    expect(parseDateField('2030-01-31 24:00', 'UTC', now)).toEqual({ ok: false, message: DATE_MESSAGES.notReal });
  });

  it('shows a stored date without seconds', () => {
    expect(toDateField('2030-01-31 09:05:00')).toBe('2030-01-31 09:05');
    expect(toDateField(null)).toBe('');
  });
});

describe('display formats', () => {
  it("writes the send date as 'MMM DD, YYYY at h:mm a z' in the letter's zone", () => {
    expect(formatSendDate('2030-03-05 09:00:00', 'UTC')).toBe('Mar 05, 2030 at 9:00 am UTC');
    expect(formatSendDate('2030-07-04 17:30:00', 'America/New_York')).toBe('Jul 04, 2030 at 5:30 pm EDT');
  });

  it("writes the toast with 'MMMM Do [at] h:mm a'", () => {
    expect(formatScheduledNotice('2030-03-01 14:05:00', 'Asia/Tokyo')).toBe('March 1st at 2:05 pm');
    expect(scheduledToastMessage('2030-03-22 08:00:00', 'UTC')).toBe('Your newsletter is scheduled for March 22nd at 8:00 am');
  });
});

describe('whether the send time has passed', () => {
  it.each([
    { date: '2026-03-09 19:59:00', zone: 'UTC', passed: true },
    { date: '2026-03-09 20:00:00', zone: 'UTC', passed: true },
    { date: '2026-03-09 20:01:00', zone: 'UTC', passed: false },
    // 05:00 on the 10th in Tokyo is 20:00 UTC on the 9th.
    { date: '2026-03-10 05:00:00', zone: 'Asia/Tokyo', passed: true },
    { date: '2026-03-10 05:01:00', zone: 'Asia/Tokyo', passed: false },
  ])('$date in $zone → $passed', ({ date, zone, passed }) => {
    expect(publicationTimeHasPassed(date, zone, now)).toBe(passed);
  });

  it('has not passed without a date', () => {
    expect(publicationTimeHasPassed(null, 'UTC', now)).toBe(false);
  });
});
