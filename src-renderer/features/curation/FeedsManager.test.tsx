// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { INVALID_FEED_URL_MESSAGE, feedUnreachableMessage } from '../../../shared/contract/platform-curation';
import { createAppStore } from '../../app/store';
import { FeedsManager } from './FeedsManager';

// Adding a feed with the core standing in at window.bridge, answering as the platform does
// (issue 37): a page is 'This url is invalid.', a site that refuses the connection is a
// feed that could not be reached, with the reason.

const PAGE = 'https://harbour.example/page.html';
const DOWN = 'https://down.example/feed.xml';
const REFUSED = feedUnreachableMessage('down.example refused the connection.');

beforeAll(() => {
  window.bridge = {
    async invoke(channel, input) {
      if (channel === 'curation.feeds') return { ok: true, data: { items: [] } } as never;
      if (channel === 'curation.validateFeed') {
        const { url } = input as { url: string };
        const message = url === DOWN ? REFUSED : INVALID_FEED_URL_MESSAGE;
        return { ok: false, error: { code: 'invalid_input', message, fields: { url: [message] } } };
      }
      return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
afterEach(cleanup);

function show() {
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <FeedsManager brandSlug="demo" channelSlug="weekly" />
      </MantineProvider>
    </Provider>,
  );
  return screen.getByRole('textbox', { name: 'Feed URL' }) as HTMLInputElement;
}

describe('adding a feed', () => {
  it('says a feed could not be reached, and why, and keeps the typed address', async () => {
    const user = userEvent.setup();
    const field = show();
    await user.type(field, DOWN);
    await user.click(screen.getByRole('button', { name: 'Add feed' }));
    await waitFor(() => expect(screen.getByText(REFUSED)).toBeTruthy());
    expect(screen.queryByText(INVALID_FEED_URL_MESSAGE)).toBeNull();
    expect(field.value).toBe(DOWN);
  });

  it("clears an address that is not a feed with the spec's 'This url is invalid.'", async () => {
    const user = userEvent.setup();
    const field = show();
    await user.type(field, PAGE);
    await user.click(screen.getByRole('button', { name: 'Add feed' }));
    await waitFor(() => expect(screen.getByText(INVALID_FEED_URL_MESSAGE)).toBeTruthy());
    expect(field.value).toBe('');
  });
});
