// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

afterEach(cleanup);

function show(props: Partial<Parameters<typeof ConfirmDeleteDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider env="test">
      <ConfirmDeleteDialog opened title="Delete letter?" onConfirm={onConfirm} onCancel={onCancel} {...props} />
    </MantineProvider>,
  );
  return { onConfirm, onCancel };
}

describe('the confirm-delete dialog', () => {
  it("says 'This action cannot be undone' and offers Delete and Cancel", async () => {
    const { onConfirm, onCancel } = show();
    const dialog = await screen.findByRole('dialog', { name: 'Delete letter?' });
    expect(dialog.textContent).toContain('This action cannot be undone');
    expect(screen.queryByLabelText('Type REMOVE to proceed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps Delete disabled until REMOVE is typed when it asks for it', async () => {
    const { onConfirm } = show({ requireTyping: true });
    const input = await screen.findByLabelText('Type REMOVE to proceed');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toHaveProperty('disabled', true);
    await userEvent.type(input, 'remove');
    expect(remove).toHaveProperty('disabled', true);
    await userEvent.clear(input);
    await userEvent.type(input, 'REMOVE');
    expect(remove).toHaveProperty('disabled', false);
    await userEvent.click(remove);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps Delete disabled while loading, and shows an error in place', async () => {
    const { onConfirm } = show({ loading: true, error: 'Deleting needs a connection to the platform.' });
    const remove = await screen.findByRole('button', { name: 'Delete' });
    expect(remove).toHaveProperty('disabled', true);
    await userEvent.click(remove);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Deleting needs a connection to the platform.');
  });
});
