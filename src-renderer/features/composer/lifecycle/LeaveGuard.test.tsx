// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LeaveGuard } from './LeaveGuard';

afterEach(cleanup);

function renderAt(active: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/letters/:id',
        element: (
          <>
            <LeaveGuard active={active} isThisLetter={(pathname) => pathname === '/letters/42' || pathname === '/letters/abc'} />
            <Link to="/letters">Newsletters</Link>
            <Link to="/letters/42">Same letter by id</Link>
          </>
        ),
      },
      { path: '/letters', element: <p>The newsletters list</p> },
    ],
    { initialEntries: ['/letters/abc'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('leaving the schedule step', () => {
  it("asks first, and 'Preview and schedule' stays on the letter", async () => {
    const router = renderAt(true);
    await userEvent.click(screen.getByRole('link', { name: 'Newsletters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Newsletter not scheduled' });
    expect(dialog.textContent).toContain('If you leave now, your newsletter will not be sent to your audience. Are you sure you want to leave?');
    await userEvent.click(screen.getByRole('button', { name: 'Preview and schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/letters/abc');
  });

  it("goes on with 'Leave anyway'", async () => {
    const router = renderAt(true);
    await userEvent.click(screen.getByRole('link', { name: 'Newsletters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave anyway' }));
    await waitFor(() => expect(screen.getByText('The newsletters list')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/letters');
  });

  it("lets the letter's own address change (its id replacing its uniqueId)", async () => {
    const router = renderAt(true);
    await userEvent.click(screen.getByRole('link', { name: 'Same letter by id' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/letters/42'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not stand in the way in other states', async () => {
    renderAt(false);
    await userEvent.click(screen.getByRole('link', { name: 'Newsletters' }));
    await waitFor(() => expect(screen.getByText('The newsletters list')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the window before it closes, only while active', () => {
    renderAt(true);
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);
    cleanup();
    renderAt(false);
    const closingLater = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closingLater);
    expect(closingLater.defaultPrevented).toBe(false);
  });
});
