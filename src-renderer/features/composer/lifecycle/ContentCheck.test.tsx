// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, ChannelName, Preview } from '../../../../shared/contract/bridge';
import type { Result } from '../../../../shared/contract/errors';
import type { InboxCompatibility } from '../../../../shared/contract/inbox-compatibility';
import { newSection } from '../../../../shared/model';
import { createAppStore } from '../../../app/store';
import { letterOpened } from '../../../block-kit/composer-slice';
import { testLetter } from '../../../testing/composer-test-support';
import { gmailClipMessage } from '../../../../shared/rules/gmail-clip';
import { ContentCheck } from './ContentCheck';
import { PreviewPane } from '../PreviewPane';
import { FINDINGS_SHOWN, INBOX_FAILED_MESSAGE, allClearMessage, selectedMessage } from './InboxCompatibility';

// The CONTENT CHECK's inbox compatibility over the bridge's transport: the fake below stands
// in for the core at the window.bridge boundary (the core's answer is tested in
// src-main/core/render/inbox-service.test.ts), and the real store selects the block.

type Answer = () => Result<unknown>;
let answers: Partial<Record<ChannelName, Answer>>;

const ok = <T,>(data: T): Result<T> => ({ ok: true, data });

const PREVIEW: Preview = {
  html: '<html><body>Hello</body></html>',
  insights: {
    wordCount: 12,
    readability: { ease: 70, time: 1 },
    size: 20,
    weight: 'Good',
    flags: { gmailClipping: false, imagesWithoutAlt: [], insecureLinks: [], missingUnsubscribe: false, emptyTextBlocks: 0, emptyImageSlots: [] },
  },
  errors: [],
};

const clear = (family: string, label: string) => ({ family, label, blocks: [] });
const roundCorners = { feature: 'border-radius', effect: 'corners show square', clients: [] };

const INBOXES: InboxCompatibility = {
  families: [
    clear('gmail', 'Gmail'),
    clear('appleMail', 'Apple Mail'),
    {
      family: 'outlookWindows',
      label: 'Outlook for Windows',
      blocks: [
        { block: null, features: [{ feature: 'max-width', effect: 'the width is not limited', clients: [] }] },
        { block: { uniqueId: 'yt', name: 'YouTube', position: 2 }, features: [roundCorners] },
      ],
    },
    clear('yahoo', 'Yahoo Mail'),
  ],
  mailSize: { size: 14.5, weight: 'Good', gmailClipping: false },
};

const fakeBridge: Bridge = {
  async invoke(channel) {
    const answer = answers[channel];
    return (answer ? answer() : { ok: false, error: { code: 'platform_error', message: `unexpected ${channel}` } }) as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  answers = { 'render.preview': () => ok(PREVIEW), 'render.inboxCompatibility': () => ok(INBOXES) };
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

function renderCheck(sectionIds = ['p', 'yt']) {
  const store = createAppStore();
  const letter = testLetter();
  store.dispatch(letterOpened({ letterUniqueId: letter.uniqueId, sections: sectionIds.map((id) => newSection(id.startsWith('yt') ? 'youtube' : 'paragraph', id)), settings: letter.settings }));
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Notifications />
        <ContentCheck uniqueId={letter.uniqueId} revision="r1" />
      </MantineProvider>
    </Provider>,
  );
  return store;
}

const inboxes = () => screen.getByRole('group', { name: 'In the inboxes' });

describe('CONTENT CHECK: in the inboxes', () => {
  it('lists the families with findings, with how many blocks, and the others on one line', async () => {
    renderCheck();
    const outlook = await within(inboxes()).findByRole('button', { name: /Outlook for Windows/ });
    expect(outlook.textContent).toContain('2 blocks');
    expect(within(inboxes()).getByText(allClearMessage(['Gmail', 'Apple Mail', 'Yahoo Mail']))).toBeTruthy();
    expect(within(inboxes()).queryByRole('button', { name: /Gmail/ })).toBeNull();
    // Closed until asked for: a long letter does not fill the sidebar.
    expect(within(inboxes()).queryByText(/YouTube \(block 2\)/)).toBeNull();

    await userEvent.click(outlook);
    expect(await within(inboxes()).findByText("The letter's frame")).toBeTruthy();
    expect(within(inboxes()).getByRole('button', { name: 'YouTube (block 2): border-radius — corners show square' })).toBeTruthy();
  });

  it('selects the block in the composer when its finding is clicked', async () => {
    const store = renderCheck();
    await userEvent.click(await within(inboxes()).findByRole('button', { name: /Outlook for Windows/ }));
    const finding = await within(inboxes()).findByRole('button', { name: /^YouTube \(block 2\)/ });
    expect(store.getState().composer.selectedId).toBeNull();
    await userEvent.click(finding);
    expect(store.getState().composer.selectedId).toBe('yt');
    expect(finding.getAttribute('aria-current')).toBe('true');
    expect(within(inboxes()).getByText(selectedMessage('YouTube (block 2)'))).toBeTruthy();
    expect(selectedMessage('YouTube (block 2)')).toBe('YouTube (block 2) is selected: choose Continue editing to change it.');
  });

  it(`shows ${FINDINGS_SHOWN} blocks of a family, then all of them when asked`, async () => {
    const ids = Array.from({ length: FINDINGS_SHOWN + 3 }, (_, i) => `yt-${i}`);
    answers['render.inboxCompatibility'] = () =>
      ok({
        ...INBOXES,
        families: [{ family: 'outlookWindows', label: 'Outlook for Windows', blocks: ids.map((uniqueId, i) => ({ block: { uniqueId, name: 'YouTube', position: i + 1 }, features: [roundCorners] })) }],
      });
    const store = renderCheck(ids);
    await userEvent.click(await within(inboxes()).findByRole('button', { name: /Outlook for Windows/ }));
    await waitFor(() => expect(within(inboxes()).getAllByRole('button', { name: /^YouTube/ })).toHaveLength(FINDINGS_SHOWN));
    await userEvent.click(within(inboxes()).getByRole('button', { name: `Show all ${ids.length}` }));
    const all = within(inboxes()).getAllByRole('button', { name: /^YouTube/ });
    expect(all).toHaveLength(ids.length);
    await userEvent.click(all.at(-1)!);
    expect(store.getState().composer.selectedId).toBe(ids.at(-1));
  });

  it('says the inboxes could not be checked when the core fails, and keeps the other figures', async () => {
    answers['render.inboxCompatibility'] = () => ({ ok: false, error: { code: 'invalid_input', message: 'This letter’s blocks cannot be read, so it cannot be previewed.' } });
    renderCheck();
    expect(await within(inboxes()).findByText(INBOX_FAILED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText('~12')).toBeTruthy();
  });

  it('shows the size of the email as mailed (the core measures it minified), and warns when Gmail would clip that', async () => {
    renderCheck();
    // 14.5 KB mailed, where the preview's unminified HTML is 20 KB.
    expect(await screen.findByText('14.5 KB')).toBeTruthy();
    expect(screen.queryByText('20 KB')).toBeNull();
    cleanup();
    answers['render.inboxCompatibility'] = () => ok({ ...INBOXES, mailSize: { size: 130.2, weight: 'Warning', gmailClipping: true } });
    renderCheck();
    expect(await screen.findByText(gmailClipMessage(130.2))).toBeTruthy();
  });

  it('gives the preview’s size badge the mailed size once the check has measured it, without asking for it itself', async () => {
    const store = createAppStore();
    const letter = testLetter();
    const mountPreview = (withCheck: boolean) =>
      render(
        <Provider store={store}>
          <MantineProvider env="test">
            <PreviewPane letter={letter} device="desktop" revision="r1" />
            {withCheck && <ContentCheck uniqueId={letter.uniqueId} revision="r1" />}
          </MantineProvider>
        </Provider>,
      );
    let inboxCalls = 0;
    answers['render.inboxCompatibility'] = () => {
      inboxCalls += 1;
      return ok(INBOXES);
    };
    mountPreview(false);
    // The preview's own HTML size (20 KB), and no inbox check asked for.
    expect(await screen.findByText('20 KB · Good')).toBeTruthy();
    expect(inboxCalls).toBe(0);
    cleanup();
    mountPreview(true);
    expect(await screen.findByText('14.5 KB · Good')).toBeTruthy();
    expect(inboxCalls).toBe(1);
  });
});
