// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { HelpDialog } from './HelpDialog';
import { HelpPage } from './HelpPage';

// Help per host (issue 37): the browser host lists only the shortcuts that work in a tab
// (no Quit, Close Window, Hide, Minimize or Ctrl+N) and the desktop app its menu's; both open
// the product's own help page, never the README in the source folder.

// One bridge object (the renderer keeps the first it finds): the desktop app's has `desktop`.
const bridge: { -readonly [K in keyof Bridge]: Bridge[K] } = { invoke: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }), on: () => () => {} };
type Host = 'browser' | 'desktop';

afterEach(cleanup);

function renderDialog(host: Host) {
  if (host === 'desktop') bridge.desktop = {} as NonNullable<Bridge['desktop']>;
  else delete bridge.desktop;
  window.bridge = bridge;
  const router = createMemoryRouter(
    [
      { path: '/', element: <HelpDialog opened onClose={() => {}} /> },
      { path: '/help', element: <HelpPage /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

const commandsListed = () => within(screen.getByRole('table', { name: 'Keyboard shortcuts' })).getAllByRole('row').slice(1).map((row) => row.firstChild!.textContent);

describe('Help', () => {
  it('lists in a browser tab only the shortcuts that work there', () => {
    renderDialog('browser');
    const listed = commandsListed();
    for (const missing of ['Quit Letterdesk', 'Close Window', 'Hide Letterdesk', 'Minimize', 'New Letter']) expect(listed).not.toContain(missing);
    expect(listed).toEqual(expect.arrayContaining(['Save', 'Preview and schedule', 'Copy', 'Undo']));
    expect(screen.getByText('The browser keeps its own keys', { exact: false })).toBeTruthy();
    expect(document.body.textContent).not.toContain('README');
    expect(document.body.textContent).not.toContain('source folder');
  });

  it('lists the desktop app’s menu shortcuts, Quit and Close Window among them', () => {
    renderDialog('desktop');
    expect(commandsListed()).toEqual(expect.arrayContaining(['Quit Letterdesk', 'Close Window', 'New Letter', 'Save', 'Preview and schedule']));
  });

  it('opens the product’s own help page, with one h1 and the same shortcuts', async () => {
    const router = renderDialog('browser');
    await userEvent.click(screen.getByRole('button', { name: 'Open the help page' }));
    expect(router.state.location.pathname).toBe('/help');
    expect(screen.getByRole('heading', { level: 1, name: 'Letterdesk help' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Writing a letter' })).toBeTruthy();
    expect(commandsListed()).not.toContain('Quit Letterdesk');
    expect(commandsListed()).toContain('Preview and schedule');
  });

  it('says how to set up a welcome email and a recurring digest, in the words of the configure step', () => {
    window.bridge = bridge;
    const router = createMemoryRouter([{ path: '/help', element: <HelpPage /> }], { initialEntries: ['/help'] });
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const topic = screen.getByRole('region', { name: 'Templates that run' }).textContent ?? '';
    for (const words of ['A welcome email', 'When someone subscribes', 'A recurring digest', 'On a schedule', 'Activate template', 'Double opt-in']) {
      expect(topic).toContain(words);
    }
  });
});
