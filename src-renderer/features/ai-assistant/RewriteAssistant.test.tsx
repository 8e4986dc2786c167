// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import type { Delta } from '../../../shared/model/delta';
import { AI_SETUP_HINT, REWRITE_FAILED_MESSAGE } from '../../../shared/rules/ai-rewrite';
import { createAppStore } from '../../app/store';
import { RewriteAssistant } from './RewriteAssistant';

// The overlay over the bridge's transport: the fake below stands in for the core at the
// window.bridge boundary. The whole walk against a real platform and model is in
// tests/e2e/ai-assistant.e2e.test.ts; here, what that walk does not reach.

type Call = { channel: string; input: unknown };
let calls: Call[] = [];
let configured: boolean | null = true;
let answerRewrite: () => Promise<Result<unknown>>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    if (channel === 'ai.status') return { ok: true, data: { configured } } as never;
    if (channel === 'ai.rewrite') return (await answerRewrite()) as never;
    if (channel === 'ai.cancelRewrite') return { ok: true, data: { cancelled: true } } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  calls = [];
  configured = true;
  answerRewrite = async () => ({ ok: true, data: { suggestion: { ops: [{ insert: 'Shorter.\n' }] } } });
});
afterEach(cleanup);

function open(delta: Delta, onClose = () => {}) {
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RewriteAssistant section={{ delta }} brandSlug="demo" channelSlug="weekly" onSave={() => {}} onClose={onClose} />
      </MantineProvider>
    </Provider>,
  );
  return screen.getByRole('dialog', { name: 'AI assistant' });
}

const words = (text: string): Delta => ({ ops: [{ insert: `${text}\n` }] });

describe('the AI assistant overlay', () => {
  it('says the AI is not configured and how an administrator sets it, with nothing to press', async () => {
    configured = false;
    const dialog = open(words('Some words.'));
    await waitFor(() => expect(within(dialog).getByText('AI is not configured')).toBeTruthy());
    expect(within(dialog).getByText(AI_SETUP_HINT)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Rewrite' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the list and subheading prompts only for a text over 1000 characters', () => {
    const dialog = open(words('A harbour sentence. '.repeat(60)));
    expect(within(dialog).getByRole('radio', { name: 'Reformatted as a list' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Reformatted with subheadings' })).toBeTruthy();
  });

  it("shows the spec's warning when a failure carries no message of its own", async () => {
    answerRewrite = async () => ({ ok: false, error: { code: 'internal', message: 'TypeError: x is undefined' } });
    const dialog = open(words('Some words.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(REWRITE_FAILED_MESSAGE));
  });

  it('cancels a running rewrite when the editor closes the overlay', async () => {
    answerRewrite = () => new Promise(() => {});
    let closed = false;
    const dialog = open(words('Some words.'), () => (closed = true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(calls.some((call) => call.channel === 'ai.rewrite')).toBe(true));
    const rewrite = calls.find((call) => call.channel === 'ai.rewrite')!.input as { requestId: string; prompt: string; channelSlug: string };
    expect(rewrite).toMatchObject({ prompt: 'easierToRead', brandSlug: 'demo', channelSlug: 'weekly', content: 'Some words.' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(closed).toBe(true);
    await waitFor(() => expect(calls).toContainEqual({ channel: 'ai.cancelRewrite', input: { requestId: rewrite.requestId } }));
  });
});
