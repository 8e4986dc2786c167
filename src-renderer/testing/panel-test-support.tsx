import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, useSelector } from 'react-redux';
import { newSection, type Section } from '../../shared/model';
import { BlockSettingsPanel, type BlockSettingsPanelProps } from '../features/composer/BlockSettingsPanel';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../app/api';
import { composerReducer, letterOpened, type ComposerState } from '../block-kit/composer-slice';
import { testStore } from './composer-test-support';

// Component tests of the block panels: the panel drawn for one section of a real composer
// store, following the store as the workspace does, so an edit shows up in the slice.

type Extra = Omit<BlockSettingsPanelProps, 'section' | 'onClose'>;

/** A store with the app's api besides the composer, for panels whose fields call the bridge. */
export function storeWithApi(sections: Section[]) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, composer: composerReducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  store.dispatch(letterOpened({ letterUniqueId: 'letter-1', sections }));
  return store;
}

export function renderPanel<S extends Section>(section: S, extra: Extra = {}, withApi = false) {
  const sections = [section, newSection('footer', 'footer')];
  const store = withApi ? storeWithApi(sections) : testStore(sections);
  function Selected() {
    const current = useSelector((state: { composer: ComposerState }) => state.composer.present.find((s) => s.uniqueId === section.uniqueId) ?? null);
    return <BlockSettingsPanel section={current} onClose={() => {}} letter={{ uniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'weekly' }} {...extra} />;
  }
  // The test environment turns Mantine's transitions off, so dropdowns and dialogs open at once.
  const view = render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Selected />
      </MantineProvider>
    </Provider>,
  );
  const current = () => store.getState().composer.present.find((s) => s.uniqueId === section.uniqueId) as S;
  return { ...view, store, current, user: userEvent.setup() };
}

/** Opens one of the collapsible sections (BORDER, COLOR, FONT, PADDING). */
export async function openSection(name: string) {
  await userEvent.click(screen.getByRole('button', { name }));
}

/** Replaces a field's text in one go: clear, paste. */
export async function retype(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (text !== '') await userEvent.paste(text);
  return field;
}

/** Replaces a field's text key by key, for what happens along the way. */
export async function typeKeys(label: string, text: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.setup({ delay: null }).type(field, text);
  return field;
}

/** Picks an option of a select field. */
export async function chooseOption(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }));
  // The dropdown fades in: its options are hidden for a moment.
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** The composer's panel of any block, for tests that provide the panel context themselves. */
export { BlockPanel } from '../features/composer/settings/BlockPanel';
