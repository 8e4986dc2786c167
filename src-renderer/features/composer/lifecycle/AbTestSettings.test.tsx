// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLetterSettings } from '../../../../shared/model/letter-settings';
import type { LetterSettings } from '../../../../shared/model/letter-settings';
import { AB_TEST_MESSAGES } from '../../../../shared/rules/ab-test';
import { createAppStore } from '../../../app/store';
import { letterOpened } from '../../../block-kit/composer-slice';
import { AbTestSettings } from './AbTestSettings';

// The A/B card's sample and wait, over the real composer store: what the letter's
// settings hold after each edit is what the composer saves.

afterEach(cleanup);

function renderCard(settings: LetterSettings = defaultLetterSettings()) {
  const store = createAppStore();
  store.dispatch(letterOpened({ letterUniqueId: 'l-1', sections: [], settings }));
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <AbTestSettings />
      </MantineProvider>
    </Provider>,
  );
  return { abTest: () => store.getState().composer.settings.abTest };
}

const sample = () => screen.getByRole('textbox', { name: 'Sample per subject' }) as HTMLInputElement;

describe('the A/B card’s settings', () => {
  it('show the defaults, 10 % per subject and 4 hours, for a letter without them', () => {
    const { abTest } = renderCard();
    expect(sample().value).toBe('10%');
    expect((screen.getByLabelText('Pick the winner after', { selector: 'input' }) as HTMLInputElement).value).toBe('4 hours');
    expect(screen.getByText(/each go to 10% of the audience\. After 4 hours/)).toBeTruthy();
    expect(abTest()).toBeUndefined();
  });

  it('store a valid sample, and refuse one over 50 % with the rule’s message, keeping the last valid one', async () => {
    const { abTest } = renderCard();
    await userEvent.clear(sample());
    await userEvent.type(sample(), '25');
    expect(abTest()).toEqual({ samplePercent: 25, waitMinutes: 240 });
    await userEvent.type(sample(), '0');
    expect(screen.getByText(AB_TEST_MESSAGES.samplePercent)).toBeTruthy();
    expect(abTest()).toEqual({ samplePercent: 25, waitMinutes: 240 });
  });

  it('store the wait chosen, from 15 minutes on', async () => {
    const { abTest } = renderCard({ ...defaultLetterSettings(), abTest: { samplePercent: 20, waitMinutes: 240 } });
    await userEvent.click(screen.getByLabelText('Pick the winner after', { selector: 'input' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options[0]).toBe('15 minutes');
    await userEvent.click(screen.getByRole('option', { name: '30 minutes' }));
    expect(abTest()).toEqual({ samplePercent: 20, waitMinutes: 30 });
  });
});
