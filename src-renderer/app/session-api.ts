import type { Session, SyncStatus } from '../../shared/contract/bridge';
import { api } from './api';
import { getBridge } from './bridge';
import { ipc } from './ipc-base-query';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<Session, void>({
      query: () => ipc('app.session', {}),
      providesTags: ['Session'],
    }),
    signIn: build.mutation<Session, { email: string; password: string }>({
      query: (input) => ipc('auth.signIn', input),
      invalidatesTags: ['Session', 'Letters', 'Sync'],
    }),
    signOut: build.mutation<Session, void>({
      query: () => ipc('auth.signOut', {}),
      invalidatesTags: ['Session', 'Letters', 'Sync'],
    }),
    getSyncStatus: build.query<SyncStatus, void>({
      query: () => ipc('sync.status', {}),
      providesTags: ['Sync'],
      // The core pushes every change of sync state; the cache follows it live.
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded;
        const off = getBridge().on('sync.status', (status) => updateCachedData(() => status));
        await cacheEntryRemoved;
        off();
      },
    }),
  }),
});

export const { useGetSessionQuery, useSignInMutation, useSignOutMutation, useGetSyncStatusQuery } = sessionApi;
