// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { LocalMailboxMessage } from '../../../shared/contract/local-mailbox';
import { createAppStore } from '../../app/store';
import { LocalMailboxPage } from './LocalMailboxPage';

// The Local mailbox screen over the bridge's transport: a kept send is shown from the
// platform's preview of it (no open pixel, links where they lead), never from the kept email
// itself, and its links open outside the app.

const KEPT: LocalMailboxMessage = {
  id: 7,
  channelId: 1,
  letterId: 12,
  from: 'The Weekly <news@weekly.example>',
  to: 'ada@example.com',
  subject: 'Harbour news',
  html: '<html><body><a href="http://127.0.0.1:4400/t/c/abc/1">Story</a><img src="http://127.0.0.1:4400/t/o/abc.gif"></body></html>',
  createdAt: '2026-11-20T10:00:00.000Z',
  sent: false,
  note: '',
};
const PREVIEW = '<!DOCTYPE html><html><head></head><body><a href="https://example.com/story?utm_source=weekly">Story</a><p>Hello Ada</p></body></html>';

const asked: Array<{ channel: string; input: unknown }> = [];
const bridge: Bridge = {
  async invoke(channel, input) {
    asked.push({ channel, input });
    if (channel === 'localMailbox.list') return { ok: true, data: { items: [KEPT], smtpConfigured: false } } as never;
    if (channel === 'localMailbox.preview') return { ok: true, data: { html: PREVIEW } } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = bridge;
});
afterEach(cleanup);

describe('the local mailbox screen', () => {
  it("shows the kept email's preview, whose links open in a new tab, never the kept email with its pixel", async () => {
    render(
      <Provider store={createAppStore()}>
        <MantineProvider env="test">
          <MemoryRouter>
            <LocalMailboxPage />
          </MemoryRouter>
        </MantineProvider>
      </Provider>,
    );
    const frame = await screen.findByTitle('Kept email content');
    expect(asked).toContainEqual({ channel: 'localMailbox.preview', input: { id: 7 } });
    const shown = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
    expect(shown.body.textContent).toContain('Hello Ada');
    expect(frame.getAttribute('srcdoc')).not.toContain('/t/o/');
    expect(frame.getAttribute('srcdoc')).not.toContain('/t/c/');
    const link = shown.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/story?utm_source=weekly');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Popups only: no scripts, no same-origin access, no navigation of the app.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    await waitFor(() => expect(screen.getByText('Viewing it here counts no open', { exact: false })).toBeTruthy());
  });
});
