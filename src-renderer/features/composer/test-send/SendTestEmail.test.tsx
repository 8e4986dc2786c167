// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, Session } from '../../../../shared/contract/bridge';
import type { Result } from '../../../../shared/contract/errors';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LOCAL_MAILBOX_NOTE, TEST_SENT_MESSAGE } from '../../../../shared/contract/platform-delivery';
import { installCommandSources } from '../../../app/command-bus';
import { createAppStore } from '../../../app/store';
import { testLetter } from '../../../testing/composer-test-support';
import { KEPT_IN_LOCAL_MAILBOX_STATUS } from './SendTestEmailDialog';
import { SendTestEmailButton } from './SendTestEmailButton';

// The dialog and its button over the bridge's transport: the fake below stands in for the
// core at the window.bridge boundary and records what the renderer asks of it.

const SESSION: Session = {
  mode: 'embedded',
  platformUrl: 'http://127.0.0.1:1',
  signedIn: true,
  user: { uniqueId: 'u-1', email: 'editor@example.com', name: 'Edie', surname: 'Tor' },
  organizations: [],
};

type Call = { channel: string; input: unknown; at: number };
let calls: Call[] = [];
let order = 0;
let answerSendTest: () => Promise<Result<unknown>>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input, at: order++ });
    if (channel === 'app.session') return { ok: true, data: SESSION } as never;
    if (channel === 'letters.sendTest') return (await answerSendTest()) as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

let uninstall: () => void;
beforeAll(() => {
  window.bridge = fakeBridge;
  uninstall = installCommandSources(window);
});
afterAll(() => uninstall());
beforeEach(() => {
  calls = [];
  answerSendTest = async () => ({ ok: true, data: { message: TEST_SENT_MESSAGE, note: null, keptInLocalMailbox: false } });
});
afterEach(cleanup);

function renderButton(letter = testLetter({ title: 'Spring issue' }), onBeforeSend?: () => Promise<void>) {
  return render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter initialEntries={['/letter']}>
          <Routes>
            <Route path="/letter" element={<SendTestEmailButton letter={letter} {...(onBeforeSend ? { onBeforeSend } : {})} />} />
            <Route path="/local-mailbox" element={<p>Local mailbox screen</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
}

const sendTestCalls = () => calls.filter((c) => c.channel === 'letters.sendTest');

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Send test' }));
  return screen.getByRole('dialog', { name: 'Send a Test Email' });
}

describe('Send a Test Email', () => {
  it('opens from CmdOrCtrl+Shift+E with the editor’s address filled in', async () => {
    renderButton();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('{Control>}{Shift>}E{/Shift}{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Send a Test Email' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'editor@example.com'));
  });

  it('requires an address and a valid one, and sends nothing until it has one', async () => {
    renderButton();
    const dialog = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(field).toHaveProperty('value', 'editor@example.com'));

    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(within(dialog).getByText('Email is required')).toBeTruthy();

    await userEvent.type(field, 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(sendTestCalls()).toEqual([]);
    expect(within(dialog).getByRole('status').textContent).toBe('');
  });

  it('reads Sending... while it runs, then the platform’s message, after the composer’s saves', async () => {
    let release: () => void = () => {};
    answerSendTest = () => new Promise((resolve) => (release = () => resolve({ ok: true, data: { message: TEST_SENT_MESSAGE, note: null, keptInLocalMailbox: false } })));
    let savedAt = -1;
    renderButton(testLetter({ uniqueId: 'letter-9', title: 'Spring issue' }), async () => {
      savedAt = order++;
    });
    const dialog = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Email address' });
    await userEvent.clear(field);
    await userEvent.type(field, '  reader@example.org ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));

    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Sending...'));
    await waitFor(() => expect(sendTestCalls()).toHaveLength(1));
    expect(sendTestCalls()[0]?.input).toEqual({ uniqueId: 'letter-9', toEmail: 'reader@example.org' });
    expect(savedAt).toBeGreaterThanOrEqual(0);
    expect(savedAt).toBeLessThan(sendTestCalls()[0]!.at);

    act(() => release());
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Test sent. It should arrive in a jiffy.'));
  });

  it('says one true thing when the platform has no mail server: the test is in its local mailbox, which it opens', async () => {
    answerSendTest = async () => ({ ok: true, data: { message: TEST_SENT_MESSAGE, note: LOCAL_MAILBOX_NOTE, keptInLocalMailbox: true } });
    renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'editor@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(KEPT_IN_LOCAL_MAILBOX_STATUS));
    // Neither 'Test sent' nor the platform's setting name: the dialog says what happened.
    expect(dialog.textContent).not.toContain(TEST_SENT_MESSAGE);
    expect(dialog.textContent).not.toContain('SMTP_URL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open the local mailbox' }));
    await waitFor(() => expect(screen.getByText('Local mailbox screen')).toBeTruthy());
  });

  it('shows the platform’s refusal in the status and as a toast', async () => {
    const refusal = 'Sorry, the test email was not sent: 550 5.1.1 No such user';
    answerSendTest = async () => ({ ok: false, error: { code: 'platform_error', message: refusal } });
    renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'editor@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));

    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(refusal));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Test email not sent');
    expect(toast.textContent).toContain(refusal);
  });

  it('says so when there is no connection', async () => {
    const offline = 'The platform cannot be reached. Check your connection and try again.';
    answerSendTest = async () => ({ ok: false, error: { code: 'offline', message: offline } });
    renderButton();
    const dialog = await openDialog();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Email address' })).toHaveProperty('value', 'editor@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe(offline));
  });

  it.each([
    ['the special provider’s letters', testLetter({ esp: 1 })],
    ['company letters', testLetter({ channelSlug: 'company' })],
  ])('is hidden, shortcut included, for %s', async (_name, letter) => {
    renderButton(letter);
    expect(screen.queryByRole('button', { name: 'Send test' })).toBeNull();
    await userEvent.keyboard('{Control>}{Shift>}E{/Shift}{/Control}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
