// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { defaultLetterSettings, type LetterSettings } from '../../../shared/model/letter-settings';
import { newSection } from '../../../shared/model/section-factory';
import { createAppStore } from '../../app/store';
import { letterOpened } from '../../block-kit/composer-slice';
import { SchedulePromotionsPanel } from './SchedulePromotionsPanel';

// The schedule step's promotion settings over the bridge's transport: the day's promotions
// come from a fake core at window.bridge; the choice and the promotion box are the letter's
// settings in the composer store, which the composer saves.

const DAY = '2099-06-01';
const asked: unknown[] = [];
const promotion = (id: number, zone: number, headline: string, dateRangeStart: string | null) => ({
  id,
  zone,
  adTypeId: null,
  headline,
  content: '',
  image: '',
  imageAlternativeText: '',
  callToAction: 'Book',
  callToActionUrl: 'https://boats.example/book',
  dateRangeStart,
  dateRangeEnd: null,
  dates: dateRangeStart ? [] : [DAY],
});

const bridge: Bridge = {
  async invoke(channel, input) {
    if (channel !== 'promotions.scheduled') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    asked.push(input);
    const items = [promotion(1, 1, 'Week of sails', '2099-05-30'), promotion(2, 2, 'Single day sail', null)];
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

function show(publicationDate: string | null, settings: LetterSettings = defaultLetterSettings()) {
  const store = createAppStore();
  const zone = newSection('newpromotion', 'promo');
  store.dispatch(letterOpened({ letterUniqueId: 'l1', sections: [{ ...zone, blockModel: { ...zone.blockModel, zone: 1 } }], settings }));
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <SchedulePromotionsPanel brandSlug="demo" channelSlug="weekly" publicationDate={publicationDate} />
      </MantineProvider>
    </Provider>,
  );
  return { settings: () => store.getState().composer.settings };
}

const ads = () => screen.getByRole('group', { name: 'Promoter ads' });
const box = (name: string) => within(ads()).getByRole('checkbox', { name }) as HTMLInputElement;

describe('the schedule step promotion settings', () => {
  it("lists the day's promotions in this channel with their zones and start dates, all chosen until the editor chooses", async () => {
    show(`${DAY} 09:00:00`);
    expect(await screen.findByText('Promotions scheduled for June 1: choose the ads that go with this letter.')).toBeTruthy();
    expect(asked).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', date: DAY }]);
    expect(box('Week of sails').checked).toBe(true);
    expect(box('Single day sail').checked).toBe(true);
    expect(screen.getByText('Zone 1 · from 2099-05-30')).toBeTruthy();
    // Placed on single dates, it starts on the first of them.
    expect(screen.getByText(`Zone 2 (no block in this letter) · from ${DAY}`)).toBeTruthy();
  });

  it("keeps the editor's choice for the day in the letter's settings", async () => {
    const { settings } = show(`${DAY} 09:00:00`);
    await screen.findByText('Week of sails');
    await userEvent.click(box('Single day sail'));
    expect(settings().promotionAds).toEqual({ date: DAY, ads: [{ id: 1, zone: 1, dateStart: '2099-05-30' }] });
    await userEvent.click(box('Week of sails'));
    expect(settings().promotionAds).toEqual({ date: DAY, ads: [] });
    expect(box('Week of sails').checked).toBe(false);
  });

  it("after 'Pause and edit', lists a promotion approved since scheduling, unticked, beside the ones chosen then", async () => {
    // Schedule stored the choice for the day: then only 'Week of sails' was approved.
    const settings = { ...defaultLetterSettings(), promotionAds: { date: DAY, ads: [{ id: 1, zone: 1, dateStart: '2099-05-30' }] } };
    show(`${DAY} 09:00:00`, settings);
    await screen.findByText('Single day sail');
    expect(box('Week of sails').checked).toBe(true);
    expect(box('Single day sail').checked).toBe(false);
  });

  it('shows a choice made for another day as all chosen', async () => {
    const settings = { ...defaultLetterSettings(), promotionAds: { date: '2099-06-02', ads: [] } };
    show(`${DAY} 09:00:00`, settings);
    await screen.findByText('Week of sails');
    expect(box('Week of sails').checked).toBe(true);
  });

  it('asks for a send date first', () => {
    show(null);
    expect(screen.getByText('Choose the date and time to see the promotions scheduled for that day.')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it("edits the letter's promotion box, starting from the spec's defaults", async () => {
    const { settings } = show(`${DAY} 09:00:00`);
    const disclaimer = screen.getByRole('switch', { name: 'Display disclaimer' }) as HTMLInputElement;
    expect(disclaimer.checked).toBe(true);
    const thickness = screen.getByRole('textbox', { name: 'Promotion border thickness' }) as HTMLInputElement;
    expect(thickness.value).toBe('1');
    const top = screen.getByRole('textbox', { name: 'Promotion padding top' }) as HTMLInputElement;
    expect(top.value).toBe('4');
    expect(settings().promotionSettings.backgroundColor).toBe('#FFFFFF');

    await userEvent.click(disclaimer);
    expect(settings().promotionSettings.displayDisclaimer).toBe(false);
    fireEvent.change(thickness, { target: { value: '3' } });
    fireEvent.blur(thickness);
    await waitFor(() => expect(settings().promotionSettings.borders.thickness).toEqual({ top: 3, right: 3, bottom: 3, left: 3 }));
    fireEvent.change(top, { target: { value: '12' } });
    fireEvent.blur(top);
    await waitFor(() => expect(settings().promotionSettings.padding).toEqual({ top: 12, right: 4, bottom: 4, left: 4 }));
  });
});
