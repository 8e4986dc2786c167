// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Flyout } from './Flyout';

afterEach(cleanup);

function show(props: Partial<Parameters<typeof Flyout>[0]> = {}) {
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <Flyout opened onClose={onClose} title="Promotion" {...props}>
        <p>Body text</p>
      </Flyout>
    </MantineProvider>,
  );
  return { onClose };
}

describe('the flyout', () => {
  it('shows its title, notice, content and fixed footer, and closes with Close', async () => {
    const { onClose } = show({ notice: 'Changes apply to every letter', footer: <button type="button">Save</button> });
    const flyout = await screen.findByRole('dialog', { name: 'Promotion' });
    expect(flyout.textContent).toContain('Body text');
    expect(screen.getByRole('status').textContent).toBe('Changes apply to every letter');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers only the actions it is given', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const archive = vi.fn();
    show({ onEdit, onDelete, moreOptions: [{ label: 'Archive', onClick: archive }] });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'Clone' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    expect(archive).toHaveBeenCalledTimes(1);
  });

  it('closes on a backdrop click, but not while a modifier key is held', async () => {
    const { onClose } = show();
    const backdrop = await screen.findByTestId('flyout-backdrop');
    fireEvent.mouseDown(backdrop, { shiftKey: true });
    fireEvent.click(backdrop, { shiftKey: true });
    fireEvent.mouseDown(backdrop, { metaKey: true });
    fireEvent.click(backdrop, { metaKey: true });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('slides in from the right: the drawer sits at the end of the row, its content a column (issue 37)', async () => {
    show({ footer: <button type="button">Save</button> });
    const flyout = await screen.findByRole('dialog', { name: 'Promotion' });
    const root = document.querySelector<HTMLElement>('.mantine-Drawer-root')!;
    expect(root.style.getPropertyValue('--drawer-justify')).toBe('flex-end');
    // The wrapper that places the drawer keeps Mantine's row: a column there puts it bottom-left.
    const inner = document.querySelector<HTMLElement>('.mantine-Drawer-inner')!;
    expect(inner.contains(flyout)).toBe(true);
    expect(inner.style.flexDirection).toBe('');
    expect(inner.style.display).toBe('');
    const content = document.querySelector<HTMLElement>('.mantine-Drawer-content')!;
    expect(getComputedStyle(content).flexDirection).toBe('column');
  });
});
