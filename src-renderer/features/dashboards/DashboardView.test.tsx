// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDashboard, DashboardScope } from '../../../shared/contract/bridge-dashboards';
import type { DashboardLetter } from '../../../shared/contract/platform-dashboards';
import type { Channel, Organization } from '../../../shared/model/channel';
import { DashboardView } from './DashboardView';

afterEach(cleanup);

const channel = (id: number, brandSlug: string, channelSlug: string, title: string): Channel => ({
  id,
  title,
  channelSlug,
  brandId: id,
  brandSlug,
  accentColor: '#4c6ef5',
  defaultStyleBaseFontSize: 16,
  channelSquareLogo: null,
  channelName: title,
  timezone: { tzCode: 'UTC' },
  esp: 0,
});

const ORGANIZATIONS: Organization[] = [
  { id: 1, slug: 'demo', name: 'Demo', role: 'owner', channels: [channel(1, 'demo', 'weekly', 'The Weekly')] },
  { id: 2, slug: 'harbour', name: 'Harbour', role: 'editor', channels: [channel(2, 'harbour', 'tides', 'Tides')] },
];

function letter(id: number, openRate: number, extra: Partial<DashboardLetter> = {}): DashboardLetter {
  return {
    id,
    uniqueId: `u${id}`,
    title: `Letter ${String(id).padStart(2, '0')}`,
    channelSlug: 'weekly',
    organizationSlug: 'demo',
    sentAt: `2026-11-${String(id).padStart(2, '0')}T09:00:00.000Z`,
    sent: 10,
    accepted: 10,
    delivered: 10,
    opens: openRate / 10,
    opensConfirmed: openRate / 10,
    clicks: 1,
    openRate,
    clickRate: 10,
    ...extra,
  };
}

const DASHBOARD: AppDashboard = {
  from: '2026-10-25',
  to: '2026-11-25',
  subscribers: { items: [{ day: '2026-11-24', active: 40, subscribed: 5, unsubscribed: 2, bounced: 1, netGrowth: 2 }], totals: { active: 40, subscribed: 5, unsubscribed: 2, bounced: 1, netGrowth: 2 } },
  // 27 letters: two pages; letter 3 has the best open rate, letter 27 is in the other organization.
  letters: Array.from({ length: 27 }, (_, i) => letter(i + 1, i + 1 === 3 ? 90 : 10 + (i % 5) * 10, i + 1 === 27 ? { channelSlug: 'tides', organizationSlug: 'harbour' } : {})),
  lettersTotals: { sent: 270, accepted: 270, delivered: 270, opens: 90, opensConfirmed: 90, clicks: 27, openRate: 33.3, clickRate: 10 },
  audience: [{ day: '2026-11-24', opens: 12, clicks: 3, uniqueOpens: 9, uniqueClicks: 2 }],
  fetchedAt: '2026-11-24T12:00:00.000Z',
  offline: false,
};

function renderView(scope: DashboardScope, dashboard: AppDashboard | null = DASHBOARD) {
  const onPeriodChange = vi.fn();
  const onChannelsChange = vi.fn();
  const onActivityChange = vi.fn();
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <DashboardView
          scope={scope}
          subtitle="All organizations"
          organizations={ORGANIZATIONS}
          period={30}
          onPeriodChange={onPeriodChange}
          activity="people"
          onActivityChange={onActivityChange}
          channels={[]}
          onChannelsChange={onChannelsChange}
          dashboard={dashboard}
        />
      </MemoryRouter>
    </MantineProvider>,
  );
  return { onPeriodChange, onChannelsChange, onActivityChange };
}

const rows = () => [...screen.getByRole('table', { name: 'Letters sent' }).querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('the metrics dashboard', () => {
  it('names the period and the charts’ days as the app writes dates, on the UTC days it counts', () => {
    renderView('channel');
    expect(screen.getByText('Oct 25, 2026 to Nov 25, 2026 (UTC days)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Active subscribers over time' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Nov 24');
  });

  it('offers the periods 365, 180, 90, 30 (chosen) and 7 days, and the channel filter grouped by brand', async () => {
    const { onPeriodChange, onChannelsChange } = renderView('company');
    const radios = (screen.getAllByRole('radio') as HTMLInputElement[]).filter((radio) => /^\d+$/.test(radio.value));
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['365', false],
      ['180', false],
      ['90', false],
      ['30', true],
      ['7', false],
    ]);
    fireEvent.click(screen.getByText('7 days'));
    expect(onPeriodChange).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByRole('combobox', { name: 'Channels' }));
    const listbox = screen.getByRole('listbox');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['The Weekly', 'Tides']);
    expect(listbox.textContent).toBe('DemoThe WeeklyHarbourTides');
    await userEvent.click(screen.getByRole('option', { name: 'Tides' }));
    expect(onChannelsChange).toHaveBeenCalledWith(['harbour/tides']);
  });

  it('counts people’s clicks, with every click one choice away', () => {
    const { onActivityChange } = renderView('brand');
    const radios = (screen.getAllByRole('radio') as HTMLInputElement[]).filter((radio) => !/^\d+$/.test(radio.value));
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['people', true],
      ['all', false],
    ]);
    fireEvent.click(screen.getByText('All activity'));
    expect(onActivityChange).toHaveBeenCalledWith('all');
  });

  it('hides the channel filter and the channel column on a channel’s dashboard', () => {
    renderView('channel');
    expect(screen.queryByRole('combobox', { name: 'Channels' })).toBeNull();
    expect(rows()[0]).toHaveLength(6);
  });

  it('shows the subscriber totals, the letters newest first 25 a page, sortable, and the top letters', () => {
    renderView('brand');
    const subscribers = screen.getByRole('region', { name: 'Active subscribers' }).textContent ?? '';
    for (const figure of ['Active40', 'Subscribed5', 'Unsubscribed2', 'Bounced1', 'Net growth2']) expect(subscribers).toContain(figure);
    expect(rows()).toHaveLength(25);
    expect(rows()[0]).toEqual(['Letter 27', 'Tides', 'Nov 27, 2026 at 9:00 am UTC', '10', '10', '20.0%', '10.0%']);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(rows().map((row) => row[0])).toEqual(['Letter 02', 'Letter 01']);
    fireEvent.click(screen.getByRole('button', { name: /Open rate/ }));
    expect(rows()[0]![0]).toBe('Letter 03');
    expect(screen.getByRole('button', { name: /Open rate/ }).closest('th')!.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: /Open rate/ }));
    expect(rows()[0]![5]).toBe('10.0%');
    const top = [...screen.getByRole('table', { name: 'Top letters' }).querySelectorAll('tbody tr')].map((row) => row.querySelector('td')!.textContent);
    expect(top[0]).toBe('Letter 03');
    expect(top).toHaveLength(5);
  });

  it('shows the empty states when the dashboard could not be loaded', () => {
    renderView('brand', null);
    expect(screen.getAllByText('The dashboard could not be loaded.')).toHaveLength(3);
  });
});
