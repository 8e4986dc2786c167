// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../shared/contract/bridge';
import type { Result } from '../../../../shared/contract/errors';
import type { Letter } from '../../../../shared/model/letter';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../../../shared/model/segment';
import { createAppStore } from '../../../app/store';
import { testLetter } from '../../../testing/composer-test-support';
import { PrivateSwitch } from './PrivateSwitch';

// The schedule step's Private switch over the bridge's transport: the fake below stands in
// for the core at the window.bridge boundary and records what the switch asks of it.

let calls: { channel: string; input: unknown }[];
let answer: (input: { uniqueId: string; private: boolean }) => Result<Letter>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    if (channel !== 'letters.setPrivate') return { ok: false, error: { code: 'platform_error', message: `unexpected ${channel}` } } as never;
    return answer(input as never) as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  calls = [];
  answer = (input) => ({ ok: true, data: testLetter({ private: input.private, privateChosen: true }) });
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

function renderSwitch(letter: Partial<Letter>, segmentId: number | null) {
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Notifications />
        <PrivateSwitch letter={testLetter(letter)} segmentId={segmentId} />
      </MantineProvider>
    </Provider>,
  );
  return screen.getByRole('switch', { name: /^Private/ });
}

describe('the Private switch', () => {
  it('shows the audience’s default until the editor chooses: private for a segment or specific emails, public for everyone', () => {
    expect((renderSwitch({}, 12) as HTMLInputElement).checked).toBe(true);
    cleanup();
    expect((renderSwitch({}, SPECIFIC_EMAILS_SEGMENT_ID) as HTMLInputElement).checked).toBe(true);
    cleanup();
    expect((renderSwitch({}, ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/The default for this audience/)).toBeTruthy();
  });

  it('shows the editor’s choice once made, whatever the audience', () => {
    expect((renderSwitch({ private: false, privateChosen: true }, 12) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/The default for this audience/)).toBeNull();
  });

  it('asks the core for update-private when flipped', async () => {
    const user = userEvent.setup();
    const control = renderSwitch({ uniqueId: 'u-9' }, 12);
    await user.click(control);
    expect(calls).toEqual([{ channel: 'letters.setPrivate', input: { uniqueId: 'u-9', private: false } }]);
  });

  it('says why when the platform cannot be reached', async () => {
    answer = () => ({ ok: false, error: { code: 'offline', message: 'Changing who can read the letter on the web needs a connection to the platform.' } });
    const user = userEvent.setup();
    await user.click(renderSwitch({}, ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID));
    await waitFor(() => expect(screen.getByText(/needs a connection to the platform/)).toBeTruthy());
  });
});
