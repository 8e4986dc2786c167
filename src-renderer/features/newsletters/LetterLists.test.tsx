// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, LetterListItem, Session } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import { createAppStore } from '../../app/store';
import { testLetter } from '../composer/test-support';
import { NewslettersPage } from './NewslettersPage';
import { TemplatesPage } from './TemplatesPage';

// The newsletters and templates lists over the bridge's transport: the fake below stands in
// for the core at the window.bridge boundary and records what the lists ask of it.

const SESSION: Session = { mode: 'embedded', platformUrl: 'http://127.0.0.1:1', signedIn: true, user: null, organizations: [] };

function item(overrides: Partial<LetterListItem>): LetterListItem {
  return {
    id: 1,
    uniqueId: 'u-1',
    version: 1,
    title: 'A letter',
    publicationStatus: 0,
    publicationDate: null,
    segmentName: null,
    brandSlug: 'demo',
    channelSlug: 'weekly',
    updatedAt: '2026-01-01T10:00:00.000Z',
    unsynced: false,
    syncError: null,
    ...overrides,
  };
}

let calls: Array<{ channel: string; input: Record<string, unknown> }> = [];
let lists: Record<string, LetterListItem[]>;
let answerClone: (input: Record<string, unknown>) => Result<unknown>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as Record<string, unknown>;
    calls.push({ channel, input: args });
    switch (channel) {
      case 'app.session':
        return { ok: true, data: SESSION } as never;
      case 'letters.list':
        return { ok: true, data: lists[String(args.status)] ?? [] } as never;
      case 'letters.clone':
        return answerClone(args) as never;
      case 'letters.create':
        return { ok: true, data: { ...testLetter({ id: 77, publicationStatus: args.template ? 3 : 0 }) } } as never;
      default:
        return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    }
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  calls = [];
  lists = {
    any: [item({ uniqueId: 'n-1', title: 'Monday issue' })],
    templates: [
      item({ uniqueId: 't-1', id: 11, title: 'Welcome series', publicationStatus: 9, updatedAt: '2024-01-10T09:00:00.000Z' }),
      item({ uniqueId: 't-2', id: 12, title: 'Birthday note', publicationStatus: 3 }),
    ],
  };
  answerClone = (args) => ({ ok: true, data: testLetter({ uniqueId: 'copy', title: `Copy of ${String(args.uniqueId)}` }) });
});
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/organizations/:brandSlug/channels/:channelSlug/newsletters', element: <NewslettersPage /> },
      { path: '/organizations/:brandSlug/channels/:channelSlug/newsletters/templates', element: <TemplatesPage /> },
      { path: '/organizations/:brandSlug/channels/:channelSlug/newsletters/:id', element: <p>Composer</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
  return router;
}

const NEWSLETTERS = '/organizations/demo/channels/weekly/newsletters';
const TEMPLATES = `${NEWSLETTERS}/templates`;
const listCalls = () => calls.filter((c) => c.channel === 'letters.list').map((c) => c.input.status);

describe('the templates list', () => {
  it('lists templates, marks those configured before 2024-03-27, and opens a row in the composer', async () => {
    const router = renderAt(TEMPLATES);
    const table = await screen.findByRole('table', { name: 'Templates' });
    expect(listCalls()).toEqual(['templates']);
    const welcome = within(table).getByRole('link', { name: 'Welcome series' }).closest('tr')!;
    expect(within(welcome).getByRole('note', { name: 'Older template' }).textContent).toContain('older design controls');
    const birthday = within(table).getByRole('link', { name: 'Birthday note' }).closest('tr')!;
    expect(within(birthday).queryByRole('note')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: /Audience/ })).toBeNull();

    await userEvent.click(within(table).getByRole('link', { name: 'Birthday note' }));
    expect(router.state.location.pathname).toBe(`${NEWSLETTERS}/12`);
  });

  it('makes a new template and opens it', async () => {
    const router = renderAt(TEMPLATES);
    await userEvent.click(await screen.findByRole('button', { name: 'New template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NEWSLETTERS}/77`));
    expect(calls.find((c) => c.channel === 'letters.create')?.input).toEqual({ brandSlug: 'demo', channelSlug: 'weekly', template: true });
  });

  it('clones a template as a template', async () => {
    renderAt(TEMPLATES);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Birthday note' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clone' }));
    await waitFor(() => expect(calls.find((c) => c.channel === 'letters.clone')?.input).toEqual({ uniqueId: 't-2', status: 3 }));
  });
});

describe('the newsletters list', () => {
  it('sits beside the templates list, and its status filter offers no templates', async () => {
    const router = renderAt(NEWSLETTERS);
    await screen.findByRole('table', { name: 'Newsletters' });
    expect(listCalls()).toEqual(['any']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Any status', 'Drafts', 'Scheduled', 'Published']);

    await userEvent.click(screen.getByRole('tab', { name: 'Templates' }));
    expect(router.state.location.pathname).toBe(TEMPLATES);
    await screen.findByRole('table', { name: 'Templates' });
    await userEvent.click(screen.getByRole('tab', { name: 'Newsletters' }));
    expect(router.state.location.pathname).toBe(NEWSLETTERS);
  });

  it('clones a letter from its row menu and lists again', async () => {
    renderAt(NEWSLETTERS);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Monday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clone' }));
    await waitFor(() => expect(calls.find((c) => c.channel === 'letters.clone')?.input).toEqual({ uniqueId: 'n-1' }));
    // The clone invalidates the list, which is asked for again.
    await waitFor(() => expect(listCalls()).toEqual(['any', 'any']));
    expect(screen.queryByText('Failed to clone letter')).toBeNull();
  });

  it('says Failed to clone letter, with the reason, when the clone fails', async () => {
    answerClone = () => ({ ok: false, error: { code: 'not_found', message: 'Eep. It doesn’t look like this letter exists.' } });
    renderAt(NEWSLETTERS);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Monday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clone' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to clone letter');
    expect(alert.textContent).toContain('Eep. It doesn’t look like this letter exists.');
    expect(listCalls()).toEqual(['any']);
  });
});
