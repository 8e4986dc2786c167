import type { ChannelInput, ChannelOutput } from '../../../../shared/contract/bridge';
import { api } from '../../../app/api';
import { ipc } from '../../../app/ipc-base-query';

// The CONTENT CHECK's spam score (issue 35), asked for on demand: the core pushes local
// edits, then the platform scores the email with its SpamAssassin (a second or three).

export const spamCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkSpamScore: build.mutation<ChannelOutput<'letters.spamCheck'>, ChannelInput<'letters.spamCheck'>>({
      query: (input) => ipc('letters.spamCheck', input),
    }),
  }),
});

export const { useCheckSpamScoreMutation } = spamCheckApi;
