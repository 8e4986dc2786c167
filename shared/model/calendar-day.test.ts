import { describe, expect, it } from 'vitest';
import { daySchema, isRealDay } from './calendar-day';

describe('isRealDay', () => {
  it('takes days that exist, leap days included', () => {
    for (const day of ['2024-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) expect(isRealDay(day), day).toBe(true);
  });

  it('refuses days that match the pattern but do not exist', () => {
    for (const day of ['2024-13-01', '2024-00-10', '2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '0000-01-01', '2024-01-00']) {
      expect(isRealDay(day), day).toBe(false);
    }
  });

  it('refuses anything not written YYYY-MM-DD', () => {
    for (const day of ['2024-1-01', '20240101', '2024-01-01T00:00:00Z', ' 2024-01-01', '99999-01-01', '']) expect(isRealDay(day), day).toBe(false);
  });
});

describe('daySchema', () => {
  it('answers its one message whichever way the day is wrong', () => {
    const schema = daySchema('Use a date as YYYY-MM-DD');
    for (const value of ['2024-13-01', 'soon']) {
      expect(schema.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(['Use a date as YYYY-MM-DD']);
    }
    expect(schema.parse('2024-12-01')).toBe('2024-12-01');
  });
});
