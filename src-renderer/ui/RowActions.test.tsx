// @vitest-environment happy-dom
import { Button, MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions } from './RowActions';

afterEach(cleanup);

function show(props: Partial<Parameters<typeof RowActions>[0]> = {}) {
  const onEdit = vi.fn();
  const onDelete = vi.fn(async (): Promise<string | null> => null);
  render(
    <MantineProvider env="test">
      <RowActions name="Dock crew" confirmTitle="Delete the segment “Dock crew”?" onEdit={onEdit} onDelete={onDelete} {...props} />
    </MantineProvider>,
  );
  return { onEdit, onDelete };
}

describe('a table row’s actions', () => {
  it('names Edit and Delete after the row, with the row’s own actions first', async () => {
    const { onEdit } = show({ children: <Button>Results</Button> });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(['Results', 'Edit Dock crew', 'Delete Dock crew']);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Dock crew' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('has no Edit for a row that cannot be edited', () => {
    show({ onEdit: undefined });
    expect(screen.queryByRole('button', { name: 'Edit Dock crew' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Dock crew' })).toBeTruthy();
  });

  it('asks before deleting; Cancel deletes nothing, Delete deletes and closes', async () => {
    const { onDelete } = show();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Dock crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the segment “Dock crew”?' });
    expect(dialog.textContent).toContain('This action cannot be undone');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Dock crew' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the refusal, and asks afresh the next time', async () => {
    show({ onDelete: async () => 'A scheduled letter uses this segment.' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Dock crew' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A scheduled letter uses this segment.');
    expect(screen.getByRole('dialog', { name: 'Delete the segment “Dock crew”?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Dock crew' }));
    await screen.findByRole('dialog');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
