import { describe, expect, it } from 'vitest';
import { dashboardRange, inDashboardRange } from './dashboard-period';

describe('dashboard period', () => {
  it('runs from today minus N days to tomorrow on the channel’s clock', () => {
    // 02:00 UTC on the 1st is still the 31st of December in New York.
    const now = new Date('2027-01-01T02:00:00Z');
    expect(dashboardRange(30, 'America/New_York', now)).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(dashboardRange(7, 'UTC', now)).toEqual({ from: '2026-12-25', to: '2027-01-02' });
  });

  it('takes letters sent from the first day through tomorrow, and none without a date', () => {
    const range = { from: '2026-12-01', to: '2027-01-01' };
    expect(inDashboardRange('2026-12-01 00:00:00', range)).toBe(true);
    expect(inDashboardRange('2027-01-01 23:59:59', range)).toBe(true);
    expect(inDashboardRange('2026-11-30 23:59:59', range)).toBe(false);
    expect(inDashboardRange('2027-01-02 00:00:00', range)).toBe(false);
    expect(inDashboardRange(null, range)).toBe(false);
  });
});
