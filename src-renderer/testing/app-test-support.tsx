import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createAppStore } from '../app/store';

/** A screen or card as the app shows it: its store (the api over window.bridge), Mantine, a router. */
export function renderInApp(ui: ReactNode) {
  const store = createAppStore();
  const result = render(
    <Provider store={store}>
      <MantineProvider env="test">
        <MemoryRouter>{ui}</MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
  return { ...result, store };
}
