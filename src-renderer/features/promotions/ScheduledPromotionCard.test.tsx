// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { createAppStore } from '../../app/store';
import { ScheduledPromotionCard } from './ScheduledPromotionCard';

// The canvas's view of a promotion slot: the day's promotion for its zone or ad type, asked
// of the core over the bridge's transport for the letter's send day, else the placeholder.

const asked: unknown[] = [];
const promotion = (id: number, zone: number, adTypeId: number | null, headline: string) => ({
  id,
  zone,
  adTypeId,
  headline,
  content: `${headline}: the details.`,
  image: '',
  imageAlternativeText: '',
  callToAction: 'Book now',
  callToActionUrl: 'https://boats.example/book',
});

const bridge: Bridge = {
  async invoke(channel, input) {
    if (channel !== 'promotions.scheduled') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    asked.push(input);
    const items = [promotion(1, 1, null, 'Sail with Boats Ltd'), promotion(2, 2, 7, 'Ride the ferry')];
    return { ok: true, data: { items, total: items.length } } as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = bridge;
});
beforeEach(() => {
  asked.length = 0;
});
afterEach(cleanup);

const letter = (publicationDate: string | null) => ({ brandSlug: 'demo', channelSlug: 'weekly', publicationDate });

function show(ui: React.ReactNode) {
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </Provider>,
  );
}

describe('the scheduled promotion on the canvas', () => {
  it("shows the zone's promotion for the letter's send day", async () => {
    show(<ScheduledPromotionCard letter={letter('2099-06-01 09:00:00')} slot={{ zone: 2 }} fallback={<p>placeholder</p>} />);
    expect(await screen.findByText('Ride the ferry')).toBeTruthy();
    expect(screen.getByText('Ride the ferry: the details.')).toBeTruthy();
    expect(screen.getByText('Book now')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    expect(asked).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', date: '2099-06-01' }]);
  });

  it("shows a legacy block's ad type promotion", async () => {
    show(<ScheduledPromotionCard letter={letter('2099-06-01 09:00:00')} slot={{ adTypeId: 7 }} fallback={<p>placeholder</p>} />);
    expect(await screen.findByText('Ride the ferry')).toBeTruthy();
  });

  it('keeps the placeholder when the zone has no promotion that day, and asks nothing without a send day', async () => {
    show(<ScheduledPromotionCard letter={letter('2099-06-01 09:00:00')} slot={{ zone: 3 }} fallback={<p>placeholder</p>} />);
    await expect.poll(() => asked.length).toBe(1);
    expect(screen.getByText('placeholder')).toBeTruthy();
    cleanup();
    asked.length = 0;
    show(<ScheduledPromotionCard letter={letter(null)} slot={{ zone: 1 }} fallback={<p>placeholder</p>} />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
