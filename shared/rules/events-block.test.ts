import { describe, expect, it } from 'vitest';
import { checkEventsSize, countPerDayOptions, eventItemsFrom, eventsDateRange, loadEventsDisabled, requestedEventsTotal, type ProviderEvent } from './events-block';

const event = (slug: string, startsAt: string): ProviderEvent => ({
  slug,
  title: slug,
  description: '',
  image: null,
  startsAt,
  price: '1250',
  venue: 'Hall',
  link: `https://e.example/${slug}`,
});

describe('events counts', () => {
  it('offers up to floor(100 / days) events per day', () => {
    expect(countPerDayOptions(7)).toHaveLength(14);
    expect(countPerDayOptions(28).at(-1)).toBe(3);
    expect(countPerDayOptions(1)).toHaveLength(100);
  });

  it('caps the total at 100, and asks 100 when the product is 0', () => {
    expect(requestedEventsTotal(3, 7)).toBe(21);
    expect(requestedEventsTotal(0, 7)).toBe(100);
    expect(requestedEventsTotal(50, 7)).toBe(100);
  });

  it('disables Load events with no count or no category', () => {
    expect(loadEventsDisabled({ countPerDay: 0, categories: [{ slug: 'a', name: 'A' }] })).toBe(true);
    expect(loadEventsDisabled({ countPerDay: 1, categories: [] })).toBe(true);
    expect(loadEventsDisabled({ countPerDay: 1, categories: [{ slug: 'a', name: 'A' }] })).toBe(false);
  });
});

describe('eventsDateRange', () => {
  it("starts tomorrow on the channel's clock unless today is included", () => {
    // 23:30 UTC on the 1st is already the 2nd in Madrid.
    const now = new Date('2026-12-01T23:30:00Z');
    expect(eventsDateRange(now, 'Europe/Madrid', { daysToDisplay: 7, includeCurrentDate: false })).toEqual({ from: '2026-12-03', to: '2026-12-09' });
    expect(eventsDateRange(now, 'America/New_York', { daysToDisplay: 1, includeCurrentDate: true })).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });
});

describe('eventItemsFrom', () => {
  it('keeps countPerDay per local day, in start order, dated in the channel timezone', () => {
    const items = eventItemsFrom(
      [event('late', '2026-12-02T03:00:00Z'), event('first', '2026-12-01T18:00:00Z'), event('second', '2026-12-01T20:00:00Z'), event('next', '2026-12-02T18:00:00Z')],
      { countPerDay: 1, daysToDisplay: 7, callToAction: 'Get tickets' },
      'America/New_York',
    );
    // 03:00 UTC on the 2nd is still the 1st in New York, so it competes with the 1st's events.
    expect(items.map((item) => item.slug)).toEqual(['first', 'next']);
    expect(items[0]).toMatchObject({ heading: 'first', date: 'Tuesday, December 1 at 1:00 PM', price: '1250', venue: 'Hall', buttonText: 'Get tickets', link: 'https://e.example/first' });
  });
});

describe('checkEventsSize', () => {
  it('requires a number, and turns a value that is not positive into 1 (0 for the space)', () => {
    expect(checkEventsSize('18', 'Date font size')).toEqual({ ok: true, value: 18 });
    expect(checkEventsSize('0', 'Date font size')).toEqual({ ok: true, value: 1 });
    expect(checkEventsSize('-4', 'Space between elements', true)).toEqual({ ok: true, value: 0 });
    expect(checkEventsSize('', 'Date font size')).toEqual({ ok: false, message: 'Date font size is required.' });
    expect(checkEventsSize('big', 'Date font size')).toEqual({ ok: false, message: 'Date font size must be a number.' });
  });
});
