import type { ChannelInput } from '../../shared/contract/bridge';
import type { Letter } from '../../shared/model/letter';
import { api } from './api';
import { ipc } from './ipc-base-query';

// Cloning a letter, from a list (newsletters) and from the open letter (composer): one call
// both features use, so it lives with the app.

/** Spec 1 §8 "Clone failure". */
export const CLONE_FAILED_MESSAGE = 'Failed to clone letter';

export const letterCloneApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** 'Copy of {title}', made on this computer first (spec 1 §4 Cloning). */
    cloneLetter: build.mutation<Letter, ChannelInput<'letters.clone'>>({
      query: (input) => ipc('letters.clone', input),
      // A failed clone changed nothing: the list stays as it is.
      invalidatesTags: (copy) => (copy ? [{ type: 'Letters', id: 'LIST' }] : []),
    }),
  }),
});

export const { useCloneLetterMutation } = letterCloneApi;
