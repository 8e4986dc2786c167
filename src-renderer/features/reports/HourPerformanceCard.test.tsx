// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HourPerformanceCard } from './HourPerformanceCard';
import { renderCard } from './test-support';

afterEach(cleanup);

describe('the hour performance card', () => {
  it('charts opens and clicks per hour on the channel’s clock', () => {
    const rows = [
      { hour: '2026-11-24T14:00:00.000Z', opens: 8, clicks: 3, uniqueOpens: 6, uniqueClicks: 2 },
      { hour: '2026-11-24T15:00:00.000Z', opens: 2, clicks: 0, uniqueOpens: 2, uniqueClicks: 0 },
    ];
    renderCard(<HourPerformanceCard rows={rows} zone="America/New_York" />);
    const chart = screen.getByRole('figure', { name: 'Opens and clicks by hour' });
    const table = within(chart).getByRole('table', { hidden: true });
    const cells = [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Nov 24, 9 AM', '8', '3'],
      ['Nov 24, 10 AM', '2', '0'],
    ]);
  });

  it('says nothing happened yet, or shows the empty state when the hours could not be loaded', () => {
    renderCard(<HourPerformanceCard rows={[]} zone="UTC" />);
    expect(screen.getByRole('status').textContent).toContain('Nothing has been opened or clicked yet.');
    cleanup();
    renderCard(<HourPerformanceCard rows={null} zone="UTC" />);
    expect(screen.getByRole('status').textContent).toContain('could not be loaded');
  });
});
