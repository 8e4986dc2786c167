// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, LetterListItem, Session } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import type { LetterListMetricsItem } from '../../../shared/contract/platform-letter-list-metrics';
import { createAppStore } from '../../app/store';
import { testLetter } from '../../testing/composer-test-support';
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
    private: false,
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
let answerDelete: (input: Record<string, unknown>) => Result<unknown>;
let metrics: LetterListMetricsItem[];
let answerImport: (input: Record<string, unknown>) => Result<unknown>;

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
      case 'letters.delete':
        return answerDelete(args) as never;
      case 'letters.metrics':
        return { ok: true, data: { items: metrics.filter((m) => (args.ids as number[]).includes(m.id)), offline: false } } as never;
      case 'letters.import':
        return answerImport(args) as never;
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
  answerDelete = (args) => ({ ok: true, data: { uniqueId: args.uniqueId } });
  metrics = [];
  answerImport = () => ({ ok: true, data: { letter: testLetter({ id: 88 }), summary: '3 blocks, 1 kept as HTML', blocks: 3, keptAsHtml: 1, imagesByAddress: 0 } });
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
/** The newsletters list's own calls (the page also looks up the channel's templates for New letter). */
const newsletterCalls = () => listCalls().filter((status) => status !== 'templates');

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

  it('says what templates are for when there are none, and makes the first from there', async () => {
    lists.templates = [];
    const router = renderAt(TEMPLATES);
    const empty = await screen.findByRole('region', { name: 'No templates yet' });
    expect(empty.textContent).toContain('a welcome email to each new subscriber');
    await userEvent.click(within(empty).getByRole('button', { name: 'Make your first template' }));
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
    expect(newsletterCalls()).toEqual(['any']);
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
    await waitFor(() => expect(newsletterCalls()).toEqual(['any', 'any']));
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
    expect(newsletterCalls()).toEqual(['any']);
  });
});

describe('the newsletters list columns', () => {
  it("shows recipients, open and click rates from the platform's counts, one decimal, and '—' for a letter not sent", async () => {
    lists.any = [item({ uniqueId: 'n-1', id: 5, title: 'Sent issue', publicationStatus: 1 }), item({ uniqueId: 'n-2', id: 6, title: 'Draft issue' })];
    metrics = [
      { id: 5, sent: 8, accepted: 6, delivered: 6, opensUnique: 5, opensUniqueConfirmed: 2, clicksUnique: 1 },
      { id: 6, sent: 0, accepted: 0, delivered: 0, opensUnique: 0, opensUniqueConfirmed: 0, clicksUnique: 0 },
    ];
    renderAt(NEWSLETTERS);
    const table = await screen.findByRole('table', { name: 'Newsletters' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Title', 'Status', 'Audience', 'Send date', 'Recipients', 'Open rate', 'Click rate', 'Updated', 'Actions']);
    const sent = within(table).getByRole('link', { name: 'Sent issue' }).closest('tr')!;
    // esp 0: confirmed unique opens / accepted = 2/6; clicks 1/8.
    await waitFor(() => expect(within(sent).getAllByRole('cell').map((c) => c.textContent).slice(4, 7)).toEqual(['8', '33.3%', '12.5%']));
    const draft = within(table).getByRole('link', { name: 'Draft issue' }).closest('tr')!;
    expect(within(draft).getAllByRole('cell').map((c) => c.textContent).slice(3, 7)).toEqual(['—', '—', '—', '—']);
    expect(calls.find((c) => c.channel === 'letters.metrics')?.input).toEqual({ brandSlug: 'demo', channelSlug: 'weekly', ids: [5, 6] });
  });
});

describe('the private mark', () => {
  it('marks a private letter, and only that one', async () => {
    lists.any = [item({ uniqueId: 'p-1', id: 7, title: 'Members issue', publicationStatus: 1, private: true }), item({ uniqueId: 'p-2', id: 8, title: 'Open issue', publicationStatus: 1 })];
    renderAt(NEWSLETTERS);
    const table = await screen.findByRole('table', { name: 'Newsletters' });
    const members = within(table).getByRole('link', { name: 'Members issue' }).closest('td')!;
    expect(within(members).getByText('Private')).toBeTruthy();
    const open = within(table).getByRole('link', { name: 'Open issue' }).closest('td')!;
    expect(within(open).queryByText('Private')).toBeNull();
  });
});

describe('deleting from the list', () => {
  it('asks with the confirm-delete dialog, deletes a draft at once and lists again', async () => {
    renderAt(NEWSLETTERS);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Monday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Monday issue"?' });
    expect(dialog.textContent).toContain('This action cannot be undone');
    expect(within(dialog).queryByLabelText('Type REMOVE to proceed')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.channel === 'letters.delete')?.input).toEqual({ uniqueId: 'n-1' }));
    await waitFor(() => expect(newsletterCalls()).toEqual(['any', 'any']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for REMOVE before deleting a scheduled letter; Cancel deletes nothing', async () => {
    lists.any = [item({ uniqueId: 'n-9', id: 9, title: 'Friday issue', publicationStatus: 2 })];
    renderAt(NEWSLETTERS);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Friday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Friday issue"?' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.channel === 'letters.delete')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Friday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete "Friday issue"?' });
    await userEvent.type(within(again).getByLabelText('Type REMOVE to proceed'), 'REMOVE');
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.channel === 'letters.delete')?.input).toEqual({ uniqueId: 'n-9' }));
  });

  it('keeps the dialog open with the reason when the delete fails, and lists nothing new', async () => {
    answerDelete = () => ({ ok: false, error: { code: 'offline', message: 'Deleting a letter needs a connection to the platform. Nothing was deleted.' } });
    renderAt(NEWSLETTERS);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Monday issue' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete "Monday issue"?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Deleting a letter needs a connection to the platform. Nothing was deleted.');
    expect(newsletterCalls()).toEqual(['any']);
  });
});

describe('sort, filter and search in the address bar', () => {
  it('reads them from the address, and writes a header click and a filter change into it', async () => {
    lists.drafts = [item({ uniqueId: 'n-3', title: 'Tide tables' })];
    const router = renderAt(`${NEWSLETTERS}?status=drafts&sort=publicationDate&direction=asc&search=tide`);
    await screen.findByRole('table', { name: 'Newsletters' });
    const first = calls.find((c) => c.channel === 'letters.list' && c.input.status !== 'templates')!.input;
    expect(first).toMatchObject({ status: 'drafts', sort: 'publicationDate', direction: 'asc', search: 'tide' });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('tide');

    await userEvent.click(screen.getByRole('button', { name: 'Title' }));
    expect(router.state.location.search).toBe('?status=drafts&sort=title&direction=asc&search=tide');
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ sort: 'title', direction: 'asc' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Any status' }));
    expect(router.state.location.search).toBe('?sort=title&direction=asc&search=tide');

    // Back: the filter returns.
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Drafts'));
  });

  it('sorts by unique ID from Sort by, a column without a header', async () => {
    const router = renderAt(NEWSLETTERS);
    await screen.findByRole('table', { name: 'Newsletters' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Unique ID' }));
    expect(router.state.location.search).toBe('?sort=uniqueId&direction=desc');
    await userEvent.click(screen.getByRole('button', { name: 'Sort ascending' }));
    expect(router.state.location.search).toBe('?sort=uniqueId&direction=asc');
    await waitFor(() => expect(calls.at(-1)?.input).toMatchObject({ sort: 'uniqueId', direction: 'asc' }));
  });
});

describe('New letter', () => {
  it("offers the channel's templates or blank, and starts from the one chosen", async () => {
    const router = renderAt(NEWSLETTERS);
    await screen.findByRole('table', { name: 'Newsletters' });
    await waitFor(() => expect(listCalls()).toContain('templates'));
    await userEvent.click(screen.getByRole('button', { name: 'New letter' }));
    const dialog = await screen.findByRole('dialog', { name: 'New letter' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent).filter(Boolean)).toEqual(['Blank letter', 'Welcome series', 'Birthday note']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'From template Birthday note' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NEWSLETTERS}/77`));
    expect(calls.find((c) => c.channel === 'letters.create')?.input).toEqual({ brandSlug: 'demo', channelSlug: 'weekly', templateUniqueId: 't-2' });
  });

  it('makes a blank letter at once when the channel has no templates', async () => {
    lists.templates = [];
    const router = renderAt(NEWSLETTERS);
    await screen.findByRole('table', { name: 'Newsletters' });
    await waitFor(() => expect(listCalls()).toContain('templates'));
    await userEvent.click(screen.getByRole('button', { name: 'New letter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NEWSLETTERS}/77`));
    expect(calls.find((c) => c.channel === 'letters.create')?.input).toEqual({ brandSlug: 'demo', channelSlug: 'weekly' });
  });
});

describe('Import on the newsletters list', () => {
  const dropOn = (target: Element, file: File) => {
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
  };

  it('imports a file dropped on the list and opens the new draft', async () => {
    const router = renderAt(NEWSLETTERS);
    const table = await screen.findByRole('table', { name: 'Newsletters' });
    dropOn(table, new File(['<h1>Hi</h1>'], 'issue.html', { type: 'text/html' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${NEWSLETTERS}/88`));
    expect(calls.find((c) => c.channel === 'letters.import')?.input).toEqual({
      brandSlug: 'demo',
      channelSlug: 'weekly',
      fileName: 'issue.html',
      contentBase64: btoa('<h1>Hi</h1>'),
    });
  });

  it('says why a file was refused and stays on the list', async () => {
    answerImport = () => ({ ok: false, error: { code: 'invalid_input', message: 'This file is not valid JSON.' } });
    const router = renderAt(NEWSLETTERS);
    await userEvent.upload(await screen.findByLabelText('File to import'), new File(['{'], 'letter.json', { type: 'application/json' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This file is not valid JSON.');
    expect(router.state.location.pathname).toBe(NEWSLETTERS);
  });
});
