import type { ChannelInput, ChannelOutput } from '../../../../shared/contract/bridge';
import { api } from '../../../app/api';
import { ipc } from '../../../app/ipc-base-query';

// Send a Test Email (spec 1 §7 sendTestEmail): the core pushes local edits first, then asks
// the platform to send; the answer is the platform's message.

export const testSendApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendTestEmail: build.mutation<ChannelOutput<'letters.sendTest'>, ChannelInput<'letters.sendTest'>>({
      query: (input) => ipc('letters.sendTest', input),
    }),
  }),
});

export const { useSendTestEmailMutation } = testSendApi;
