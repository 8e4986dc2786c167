// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReaderOptionsCard, type ReaderOptions } from './ReaderOptionsCard';

// The channel settings' reader options: each switch shows the stored value and changes it.

afterEach(cleanup);

function Harness({ initial, seen }: { initial: ReaderOptions; seen: ReaderOptions[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ReaderOptionsCard
      value={value}
      onChange={(key, on) => {
        const next = { ...value, [key]: on };
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('ReaderOptionsCard', () => {
  it('shows both options as stored and switches each on its own', async () => {
    const seen: ReaderOptions[] = [];
    render(
      <MantineProvider>
        <Harness initial={{ madeWithCredit: true, viewInBrowserLink: false }} seen={seen} />
      </MantineProvider>,
    );
    const credit = screen.getByRole<HTMLInputElement>('switch', { name: /Made with Letterdesk/ });
    const view = screen.getByRole<HTMLInputElement>('switch', { name: /View in browser/ });
    expect(credit.checked).toBe(true);
    expect(view.checked).toBe(false);
    await userEvent.click(credit);
    expect(seen.at(-1)).toEqual({ madeWithCredit: false, viewInBrowserLink: false });
    await userEvent.click(view);
    expect(seen.at(-1)).toEqual({ madeWithCredit: false, viewInBrowserLink: true });
    expect(view.checked).toBe(true);
  });
});
