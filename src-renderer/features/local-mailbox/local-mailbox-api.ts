import type { ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The platform's local mailbox through the core (localMailbox.list): asked afresh each time
// the screen opens, since new test emails land there at any time. A kept email is shown from
// its preview (localMailbox.preview): no open pixel, links pointing where they lead.

export const localMailboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLocalMailbox: build.query<ChannelOutput<'localMailbox.list'>, void>({
      query: () => ipc('localMailbox.list', {}),
    }),
    localMailboxPreview: build.query<ChannelOutput<'localMailbox.preview'>, number>({
      query: (id) => ipc('localMailbox.preview', { id }),
    }),
  }),
});

export const { useListLocalMailboxQuery, useLocalMailboxPreviewQuery } = localMailboxApi;
