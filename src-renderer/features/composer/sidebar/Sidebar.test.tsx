// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeatureFlagName } from '../../../../shared/model/feature-flags';
import { renderWith } from '../../../testing/composer-test-support';
import { paletteFor, PALETTE } from '../../../app/block-catalogue';
import { Sidebar } from './Sidebar';

afterEach(cleanup);

const names = (esp: number, on: FeatureFlagName[] = []) => paletteFor({ esp }, (flag) => on.includes(flag)).map((item) => item.name);

describe('palette gating', () => {
  it('hides Poll, Evvnt, Image + Text columns and Iterable by default', () => {
    const shown = names(0);
    expect(shown).toEqual(expect.arrayContaining(['Heading', 'Paragraph', 'Button', 'Divider', 'Curations', 'URL', 'RevContent', 'Text + Text']));
    for (const hidden of ['Poll', 'Evvnt', 'Image + Text columns', 'Iterable']) expect(shown).not.toContain(hidden);
  });

  it('shows Iterable only for letters sent through Iterable (esp 1)', () => {
    expect(names(1)).toContain('Iterable');
    expect(names(2)).not.toContain('Iterable');
  });

  it('shows each flagged item only with its own flag', () => {
    expect(names(0, ['composerPollBlock'])).toContain('Poll');
    expect(names(0, ['composerPollBlock'])).not.toContain('Evvnt');
    expect(names(0, ['eventsBlock'])).toContain('Evvnt');
    expect(names(0, ['imageTextColumnsLayout'])).toContain('Image + Text columns');
    expect(names(1, ['composerPollBlock', 'eventsBlock', 'imageTextColumnsLayout'])).toHaveLength(PALETTE.length);
  });
});

describe('Sidebar', () => {
  it('shows the palette by group as named buttons and adds on click and Enter', async () => {
    const onAdd = vi.fn();
    renderWith(<Sidebar items={paletteFor({ esp: 1 }, () => false)} readOnly={false} onAdd={onAdd} />);
    const create = screen.getByRole('region', { name: 'CREATE' });
    expect(within(create).getByRole('button', { name: 'Heading' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'INTEGRATIONS' })).getByRole('button', { name: 'Iterable' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'LAYOUTS' })).queryByRole('button', { name: 'Image + Text columns' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Button' }));
    screen.getByRole('button', { name: 'Divider' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onAdd.mock.calls.map(([item]) => item.name)).toEqual(['Button', 'Divider']);
  });

  it('disables the palette of a read-only letter', async () => {
    const onAdd = vi.fn();
    renderWith(<Sidebar items={paletteFor({ esp: 0 }, () => false)} readOnly onAdd={onAdd} />);
    const heading = screen.getByRole('button', { name: 'Heading' }) as HTMLButtonElement;
    expect(heading.disabled).toBe(true);
    await userEvent.click(heading);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('cycles the tabs with the up and down arrows', async () => {
    renderWith(<Sidebar items={[]} readOnly={false} onAdd={() => {}} />);
    const blocks = screen.getByRole('tab', { name: 'Blocks' });
    expect(blocks.getAttribute('aria-selected')).toBe('true');
    blocks.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Styles' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Blocks' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('tab', { name: 'Styles' }).getAttribute('aria-selected')).toBe('true');
  });
});
