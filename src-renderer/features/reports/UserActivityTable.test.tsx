// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecipientActivity, UserActivityResponse } from '../../../shared/contract/platform-reports';
import { renderCard } from './test-support';
import { UserActivityTable, type UserActivityTableProps } from './UserActivityTable';

afterEach(cleanup);

const reader = (overrides: Partial<RecipientActivity>): RecipientActivity => ({
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  variant: null,
  sentAt: '2026-11-24T14:00:00.000Z',
  firstOpenedAt: null,
  lastClickedAt: null,
  opens: 0,
  clicks: 0,
  bounced: false,
  unsubscribed: false,
  ...overrides,
});

const PAGE: UserActivityResponse = {
  items: [
    reader({ firstOpenedAt: '2026-11-24T14:05:00.000Z', lastClickedAt: '2026-11-24T15:30:00.000Z', opens: 2, clicks: 1, variant: 'B' }),
    reader({ email: 'bo@example.com', firstName: 'Bo', lastName: 'Unce', bounced: true }),
  ],
  page: 1,
  pageSize: 2,
  total: 5,
};

function renderTable(props: Partial<UserActivityTableProps> = {}) {
  const handlers = { onFilterChange: vi.fn(), onSearchChange: vi.fn(), onPageChange: vi.fn() };
  renderCard(<UserActivityTable activity={PAGE} zone="America/New_York" filter="all" search="" {...handlers} {...props} />);
  return handlers;
}

describe('the user activity table', () => {
  it('shows who opened and clicked, when on the channel’s clock, and who bounced', () => {
    renderTable();
    const rows = [...screen.getByRole('table', { name: 'User activity' }).querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['ada@example.com', 'Ada Lovelace', 'Nov 24, 2026 9:05 AM EST', 'Nov 24, 2026 10:30 AM EST', '2', '1', 'Subject B'],
      ['bo@example.com', 'Bo Unce', '—', '—', '0', '0', 'Bounced'],
    ]);
    expect(screen.getByText('5 readers')).toBeTruthy();
  });

  it('asks for another page and passes the search on', () => {
    const handlers = renderTable();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(handlers.onPageChange).toHaveBeenCalledWith(2);
    // The arrows are icons: they are named for screen readers.
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(handlers.onPageChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'ada' } });
    expect(handlers.onSearchChange).toHaveBeenCalledWith('ada');
  });

  it('shows the empty state when the list could not be loaded', () => {
    renderTable({ activity: null });
    expect(screen.getByRole('status').textContent).toContain('No activity to show');
    expect(screen.queryByRole('table', { name: 'User activity' })).toBeNull();
  });
});
