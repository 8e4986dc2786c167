import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { composerReducer } from '../block-kit/composer-slice';
import { api } from './api';
import { getBridge } from './bridge';

export function createAppStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, composer: composerReducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // Letters changed by sync (or another window) refresh whatever shows them.
  getBridge().on('letters.changed', ({ uniqueIds }) => {
    store.dispatch(api.util.invalidateTags([{ type: 'Letters', id: 'LIST' }, ...uniqueIds.map((id) => ({ type: 'Letter' as const, id }))]));
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
