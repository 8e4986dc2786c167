// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { defaultLetterSettings } from '../../../shared/model/letter-settings';
import { createAppStore } from '../../app/store';
import { letterOpened } from '../../block-kit/composer-slice';
import { SpecificEmailsField } from './SpecificEmailsField';

// The 'Specific emails' field says how many of the saved addresses the send will leave out,
// as the platform answers through a fake core at window.bridge.

const asked: unknown[] = [];
let answer: { unsubscribed: number; bounced: number };

beforeEach(() => {
  asked.length = 0;
  const bridge: Bridge = {
    async invoke(channel, input) {
      if (channel !== 'segments.specificEmailsLeftOut') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
      asked.push(input);
      return { ok: true, data: answer } as never;
    },
    on: () => () => {},
  };
  window.bridge = bridge;
});
afterEach(cleanup);

function show(specificEmails: string[]) {
  const store = createAppStore();
  store.dispatch(letterOpened({ letterUniqueId: 'l1', sections: [], settings: { ...defaultLetterSettings(), specificEmails } }));
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <SpecificEmailsField brandSlug="demo" channelSlug="weekly" />
      </MantineProvider>
    </Provider>,
  );
}

describe("the 'Specific emails' field", () => {
  it('says how many saved addresses will be left out, and why', async () => {
    answer = { unsubscribed: 1, bounced: 2 };
    show(['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']);
    expect((await screen.findByTestId('specific-emails-left-out')).textContent).toBe('3 addresses will be left out: 1 unsubscribed from this channel, 2 bounced.');
    expect(asked).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', emails: ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'] }]);
    expect(screen.getByTestId('specific-emails-count').textContent).toBe('4 addresses');
  });

  it('says nothing when every address will get the letter, and asks nothing of an empty list', async () => {
    answer = { unsubscribed: 0, bounced: 0 };
    show([]);
    expect(screen.getByTestId('specific-emails-count').textContent).toBe('0 addresses');
    expect(asked).toEqual([]);
    expect(screen.queryByTestId('specific-emails-left-out')).toBeNull();
  });
});
