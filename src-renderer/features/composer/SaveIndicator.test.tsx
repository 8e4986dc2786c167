// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SaveIndicator } from './SaveIndicator';

afterEach(cleanup);

const labels = () => screen.queryAllByRole('status').map((node) => node.textContent);

function show(props: Parameters<typeof SaveIndicator>[0]) {
  render(
    <MantineProvider>
      <SaveIndicator {...props} />
    </MantineProvider>,
  );
}

describe('the save indicator', () => {
  it('says Unsaved changes, and not Saved, while the platform has not taken schedule-step edits', () => {
    show({ state: 'saved', updatedAt: '2026-01-01T00:00:00.000Z', unsaved: true });
    expect(labels()).toEqual(['Unsaved changes']);
  });

  it('says Saved once nothing waits for the platform', () => {
    show({ state: 'saved', updatedAt: '2026-01-01T00:00:00.000Z', unsaved: false });
    expect(labels()).toEqual(['Saved']);
  });

  it('says Saving while a save runs, even with unsaved schedule-step edits', () => {
    show({ state: 'saving', updatedAt: null, unsaved: true });
    expect(labels()).toEqual(['Saving']);
  });
});
