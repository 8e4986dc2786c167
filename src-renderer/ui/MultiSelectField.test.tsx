// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MultiSelectField } from './MultiSelectField';

afterEach(cleanup);

const TAGS = [
  { value: 'news', label: 'News' },
  { value: 'sports', label: 'Sports' },
  { value: 'weather', label: 'Weather' },
];

let latest: string[] = [];

function Harness(props: { initial?: string[]; onAddNew?: (value: string) => void }) {
  const [value, setValue] = useState(props.initial ?? []);
  latest = value;
  return <MultiSelectField label="Tags" data={TAGS} value={value} onChange={setValue} onAddNew={props.onAddNew} />;
}

function show(props: Parameters<typeof Harness>[0] = {}) {
  render(
    <MantineProvider env="test">
      <Harness {...props} />
    </MantineProvider>,
  );
}

describe('the multi-select', () => {
  it('searches its options and picks one', async () => {
    show();
    await userEvent.type(screen.getByRole('combobox', { name: 'Tags' }), 'spo');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Sports']);
    await userEvent.click(screen.getByRole('option', { name: 'Sports' }));
    expect(latest).toEqual(['sports']);
  });

  it('selects all and clears all', async () => {
    show({ initial: ['news'] });
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(latest).toEqual(['news', 'sports', 'weather']);
    expect(screen.getByRole('button', { name: 'Select all' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(latest).toEqual([]);
    expect(screen.getByRole('button', { name: 'Clear all' })).toHaveProperty('disabled', true);
  });

  it('offers to add a value that is not listed when it may', async () => {
    const onAddNew = vi.fn();
    show({ onAddNew });
    await userEvent.type(screen.getByRole('combobox', { name: 'Tags' }), 'Travel{Enter}');
    expect(onAddNew).toHaveBeenCalledWith('Travel');
    expect(latest).toEqual([]);
  });
});
