import { DragDropContext } from '@hello-pangea/dnd';
import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { newDraftLetter, type Channel, type Letter, type Section } from '../../shared/model';
import { composerReducer, letterOpened } from '../block-kit/composer-slice';

// Shared by the composer's component tests: a letter, a store holding it, and providers.

export function testLetter(overrides: Partial<Letter> = {}, channel: Partial<Channel> = {}): Letter {
  const base = newDraftLetter({
    uniqueId: 'letter-1',
    channel: {
      id: 1,
      title: 'Weekly',
      channelSlug: 'weekly',
      brandId: 1,
      brandSlug: 'demo',
      accentColor: '#123456',
      defaultStyleBaseFontSize: 16,
      channelSquareLogo: null,
      channelName: 'Weekly',
      timezone: { tzCode: 'UTC' },
      esp: 0,
      ...channel,
    },
    author: null,
    now: '2026-01-01T00:00:00.000Z',
  });
  return { ...base, ...overrides };
}

export function testStore(sections: Section[]) {
  const store = configureStore({ reducer: { composer: composerReducer } });
  store.dispatch(letterOpened({ letterUniqueId: 'letter-1', sections }));
  return store;
}

export function renderWith(ui: ReactNode, store = testStore([])) {
  const result = render(
    <Provider store={store}>
      <MantineProvider>
        <DragDropContext onDragEnd={() => {}}>{ui}</DragDropContext>
      </MantineProvider>
    </Provider>,
  );
  return { ...result, store };
}
