import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { Section } from '../../../../shared/model';
import { testStore } from '../../../testing/composer-test-support';
import type { StylesChannel } from '../../../block-kit/styles-context';
import { StylesTab } from './StylesTab';

// Shared by the Styles tab's component tests: the tab over a real composer store, and ways
// to reach its sections and fields the way a user does.

/** A channel whose three colours differ, so a checkbox that applies the wrong one is caught. */
export const TEST_CHANNEL: StylesChannel = { accentColor: '#123456', fontColor: '#654321', backgroundColor: '#fdf6e3' };

export function renderStyles(sections: Section[] = [], options: { readOnly?: boolean; channel?: StylesChannel | null } = {}) {
  const store = testStore(sections);
  // The test environment turns Mantine's transitions off, so dropdowns and dialogs open at once.
  const result = render(
    <Provider store={store}>
      <MantineProvider env="test">
        <StylesTab readOnly={options.readOnly ?? false} channel={options.channel ?? null} />
      </MantineProvider>
    </Provider>,
  );
  return { ...result, store, settings: () => store.getState().composer.settings, sections: () => store.getState().composer.present };
}

/** Opens a section of the tab (EMAIL STYLES starts open) and returns its panel. */
export async function openSection(name: string) {
  const control = screen.getByRole('button', { name });
  if (control.getAttribute('aria-expanded') !== 'true') await userEvent.click(control);
  return screen.getByRole('region', { name });
}

/** Replaces what a field holds by typing, key by key, as a user would (each key is an edit). */
export async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.type(field, text);
}

/** Replaces what a field holds in one edit (a paste), so no partial value is ever checked. */
export async function replaceWith(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.paste(text);
}

/** Picks an option of a select or multi-select. */
export async function chooseOption(panel: HTMLElement, field: string, option: string) {
  await userEvent.click(within(panel).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

export function fieldIn(panel: HTMLElement, name: string | RegExp) {
  return within(panel).getByRole('textbox', { name }) as HTMLInputElement;
}
