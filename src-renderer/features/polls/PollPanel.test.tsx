// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Poll } from '../../../shared/contract/platform-polls';
import { defaultPollModel, newSection, type Section, type SectionOf } from '../../../shared/model';
import { renderPanel, retype } from '../../testing/panel-test-support';
import { letterOpened } from '../../block-kit/composer-slice';

// The poll block's panel over the bridge's transport: the fake stands in for the core at
// window.bridge and records the picker's searches.

const poll = (id: number, title: string): Poll => ({
  id,
  title,
  questionText: `${title}?`,
  pollType: 1,
  feedbackScale: null,
  originType: 1,
  originId: 1,
  options: [
    { id: id * 10 + 1, title: 'Yes', isCorrect: false },
    { id: id * 10 + 2, title: 'No', isCorrect: false },
  ],
  isAnonymous: false,
  showResultsOnResponsePage: true,
  confirmationMessage: 'Thanks',
  confirmationMessageCorrect: '',
  confirmationMessageIncorrect: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  totalResponses: 0,
});
const POLLS = [poll(1, 'Lunch'), poll(2, 'Dinner')];
let searches: string[] = [];

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as { title?: string; id?: number };
    if (channel === 'polls.pick') {
      searches.push(args.title ?? '');
      const items = POLLS.filter((p) => p.title.toLowerCase().includes((args.title ?? '').toLowerCase()));
      return { ok: true, data: { items, total: items.length } } as never;
    }
    if (channel === 'polls.get') return { ok: true, data: POLLS.find((p) => p.id === args.id) } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  searches = [];
});
afterEach(() => cleanup());

/** A poll block, and another block that already uses 'Dinner'. */
function renderWithDinnerElsewhere() {
  const view = renderPanel(newSection('poll', 'poll-a') as SectionOf<'poll'>, {}, true);
  const other = newSection('poll', 'poll-b') as SectionOf<'poll'>;
  const used: Section = { ...other, blockModel: { ...defaultPollModel(), id: 2, title: 'Dinner', pollType: 1 } };
  view.store.dispatch(letterOpened({ letterUniqueId: 'letter-1', sections: [view.current(), used, newSection('footer', 'footer')] }));
  return view;
}

describe('the poll picker', () => {
  it('shows a poll another block uses as disabled, and copies the chosen poll into the block', async () => {
    const { current } = renderWithDinnerElsewhere();
    await userEvent.click(screen.getByLabelText('Poll', { selector: 'input' }));
    const dinner = await screen.findByRole('option', { name: 'Dinner' });
    expect(dinner.getAttribute('data-combobox-disabled') ?? dinner.getAttribute('aria-disabled')).toBeTruthy();
    await userEvent.click(await screen.findByRole('option', { name: 'Lunch' }));
    await waitFor(() => expect(current().blockModel.id).toBe(1));
    expect(current().blockModel).toMatchObject({ title: 'Lunch', questionText: 'Lunch?', pollType: 1, options: [{ id: 11, title: 'Yes' }, { id: 12, title: 'No' }] });
  });

  it('searches 300 ms after the typing stops, once', async () => {
    renderWithDinnerElsewhere();
    await waitFor(() => expect(searches).toEqual(['']));
    const input = screen.getByLabelText('Poll', { selector: 'input' });
    await userEvent.type(input, 'Lun');
    expect(searches).toEqual(['']);
    await waitFor(() => expect(searches).toEqual(['', 'Lun']), { timeout: 1000 });
  });
});

describe('the poll buttons (spec 2 §4)', () => {
  it('full width sets width 100; a width under 100 while full width sets left; 100 sets full width', async () => {
    const { current } = renderPanel(newSection('poll', 'poll-a') as SectionOf<'poll'>, {}, true);
    expect(current().blockModel).toMatchObject({ buttonAlignment: 'full width', buttonWidth: 100 });
    await retype('Button width', '60');
    await waitFor(() => expect(current().blockModel).toMatchObject({ buttonAlignment: 'left', buttonWidth: 60 }));
    await userEvent.click(screen.getByText('Full width'));
    await waitFor(() => expect(current().blockModel).toMatchObject({ buttonAlignment: 'full width', buttonWidth: 100 }));
    await userEvent.click(screen.getByText('Center'));
    await retype('Button width', '100');
    await waitFor(() => expect(current().blockModel).toMatchObject({ buttonAlignment: 'full width', buttonWidth: 100 }));
  });
});

