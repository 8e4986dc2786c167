import { describe, expect, it } from 'vitest';
import { DAYS_TO_DISPLAY_OPTIONS } from '../model/constants';
import { daysLabel } from './days-label';

describe('daysLabel', () => {
  it("names the spec's spans: days up to 6, then weeks, and all days for no limit", () => {
    expect(DAYS_TO_DISPLAY_OPTIONS.map(daysLabel)).toEqual(['1 day', '2 days', '3 days', '4 days', '5 days', '6 days', '1 week', '2 weeks', '4 weeks', 'All days']);
  });
});
