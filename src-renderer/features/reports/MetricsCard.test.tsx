// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricsCard } from './MetricsCard';
import { METRICS, renderCard } from './test-support';

afterEach(cleanup);

const figure = (label: string) => within(screen.getByRole('group', { name: label })).getAllByText(/./)[1]!.textContent;

describe('the metrics card', () => {
  it('shows every rate of spec 1 §9 with one decimal, the open rate of the platform’s delivery from confirmed opens over accepted', () => {
    renderCard(<MetricsCard metrics={METRICS} esp={0} />);
    expect(figure('Sent')).toBe('200');
    expect(figure('Delivered')).toBe('195');
    expect(figure('Delivery rate')).toBe('97.5%');
    expect(figure('Open rate')).toBe('31.1%');
    expect(figure('Click rate')).toBe('11.5%');
    expect(figure('Click-through rate')).toBe('25.6%');
    expect(figure('Bounces')).toBe('4');
    expect(figure('Unsubscribes')).toBe('2');
  });

  it('counts every unique open over sent for an outside provider', () => {
    renderCard(<MetricsCard metrics={METRICS} esp={1} />);
    expect(figure('Open rate')).toBe('45.0%');
  });

  it('shows dashes for rates of a letter nobody got, and zeros for its counts', () => {
    renderCard(<MetricsCard metrics={{ sent: 0, accepted: 0, bounced: 0, delivered: 0, opensUnique: 0, opensUniqueConfirmed: 0, clicksUnique: 0, unsubscribed: 0 }} esp={0} />);
    expect(figure('Open rate')).toBe('—');
    expect(figure('Bounces')).toBe('0');
  });

  it('says one reader in the singular', () => {
    renderCard(<MetricsCard metrics={{ ...METRICS, opensUniqueConfirmed: 1, clicksUnique: 1 }} esp={0} />);
    expect(screen.getByRole('group', { name: 'Open rate' }).textContent).toContain('1 confirmed unique open');
    expect(screen.getByRole('group', { name: 'Open rate' }).textContent).not.toContain('opens');
    expect(screen.getByRole('group', { name: 'Click rate' }).textContent).toMatch(/1 unique click$/);
  });

  it('shows the empty state when the metrics could not be loaded', () => {
    renderCard(<MetricsCard metrics={null} esp={0} />);
    expect(screen.getByRole('status').textContent).toContain('No metrics to show');
    expect(screen.queryByRole('group', { name: 'Open rate' })).toBeNull();
  });
});
