// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection, type BlockType, type Section } from '../../../../shared/model';
import { sectionSelected } from '../../../block-kit/composer-slice';
import { renderWith, testLetter, testStore } from '../../../testing/composer-test-support';
import { Canvas } from './Canvas';
import { SideMenu } from './SideMenu';

afterEach(cleanup);

function menuFor(section: Section, readOnly = false) {
  renderWith(
    <SideMenu section={section} index={1} movableCount={3} readOnly={readOnly} onMove={() => {}} onClone={() => {}} onDelete={() => {}} onSettings={() => {}} onRewrite={() => {}} />,
  );
  const menu = screen.getByRole('toolbar', { name: 'Section actions' });
  return within(menu)
    .queryAllByRole('button')
    .map((button) => `${button.getAttribute('aria-label')}${(button as HTMLButtonElement).disabled ? ' (disabled)' : ''}`);
}

describe('side menu rules', () => {
  it.each<[BlockType, string[]]>([
    ['paragraph', ['Settings', 'Move up', 'Move down', 'Rewrite', 'Clone', 'Delete']],
    ['heading', ['Settings', 'Move up', 'Move down', 'Clone', 'Delete']],
    ['newpromotion', ['Settings', 'Move up', 'Move down', 'Delete']],
    ['poll', ['Settings', 'Move up', 'Move down', 'Delete']],
    ['footer', ['Settings']],
  ])('%s offers %j', (type, expected) => {
    expect(menuFor(newSection(type, 'x'))).toEqual(expected);
  });

  it('is one row of icon buttons, not a column of text buttons: each draws an icon and no words', () => {
    menuFor(newSection('paragraph', 'x'));
    const menu = screen.getByRole('toolbar', { name: 'Section actions' });
    expect(menu.getAttribute('aria-orientation')).toBe('horizontal');
    for (const button of within(menu).getAllByRole('button')) {
      expect(button.querySelectorAll('svg'), button.getAttribute('aria-label')!).toHaveLength(1);
      expect(button.textContent?.trim(), button.getAttribute('aria-label')!).toBe('');
    }
  });

  it('offers no changes in a read-only letter', () => {
    expect(menuFor(newSection('paragraph', 'x'), true)).toEqual(['Settings']);
  });
});

describe('Canvas', () => {
  const sections = () => [newSection('heading', 'h'), { ...newSection('paragraph', 'locked'), isLocked: true }, newSection('button', 'b'), newSection('footer', 'f')];

  it('selects a section on click to show its menu; locked sections cannot be selected', async () => {
    const store = testStore(sections());
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => {}} />, store);
    await userEvent.click(screen.getByRole('group', { name: 'Paragraph section' }));
    expect(screen.queryByRole('toolbar', { name: 'Section actions' })).toBeNull();
    await userEvent.click(screen.getByRole('group', { name: 'Button section' }));
    expect(store.getState().composer.selectedId).toBe('b');
    expect(screen.getByText('New custom button')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Move up' }));
    expect(store.getState().composer.present.map((s) => s.uniqueId)).toEqual(['h', 'b', 'locked', 'f']);
  });

  it('runs undo and redo from Ctrl+Z and Shift+Ctrl+Z when the canvas has focus', async () => {
    const store = testStore(sections());
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => {}} />, store);
    await userEvent.click(screen.getByRole('group', { name: 'Heading section' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('group', { name: 'Heading section' })).toBeNull();
    screen.getByRole('region', { name: 'Canvas' }).focus();
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(screen.getByRole('group', { name: 'Heading section' })).toBeTruthy();
    await userEvent.keyboard('{Shift>}{Control>}z{/Control}{/Shift}');
    expect(screen.queryByRole('group', { name: 'Heading section' })).toBeNull();
  });

  it("runs the selected section's keys when the canvas has focus, and keeps the footer last", async () => {
    const store = testStore(sections());
    let settingsOpened = 0;
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => settingsOpened++} />, store);
    const order = () => store.getState().composer.present.map((s) => s.uniqueId);
    await userEvent.click(screen.getByRole('group', { name: 'Button section' }));
    screen.getByRole('region', { name: 'Canvas' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['h', 'b', 'locked', 'f']);
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['h', 'locked', 'b', 'f']);
    await userEvent.keyboard('{Control>}d{/Control}');
    expect(order()).toHaveLength(5);
    await userEvent.keyboard('{Enter}');
    expect(settingsOpened).toBe(1);
    await userEvent.keyboard('{Delete}');
    expect(order()).toHaveLength(4);
    // The footer stays where it is and cannot be deleted.
    await userEvent.click(screen.getByRole('group', { name: 'Footer section' }));
    screen.getByRole('region', { name: 'Canvas' }).focus();
    await userEvent.keyboard('{Delete}{Alt>}{ArrowUp}{/Alt}');
    expect(order().at(-1)).toBe('f');
    expect(order()).toHaveLength(4);
  });

  it("shows each action's key in its tooltip", async () => {
    menuFor(newSection('paragraph', 'x'));
    await userEvent.hover(screen.getByRole('button', { name: 'Move up' }));
    expect(await screen.findByText(/^Move up \((Alt\+↑|⌥↑)\)$/)).toBeTruthy();
  });

  it('brings a section selected from elsewhere (a content-check finding) into view', async () => {
    const store = testStore(sections());
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => {}} />, store);
    const button = screen.getByRole('group', { name: 'Button section' });
    const scrolled: unknown[] = [];
    button.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => void scrolled.push(options);
    act(() => void store.dispatch(sectionSelected('b')));
    expect(button.getAttribute('aria-current')).toBe('true');
    expect(scrolled).toEqual([{ block: 'nearest' }]);
  });

  it('shows the spec placeholders of blocks without content', () => {
    const store = testStore(['promotion', 'newpromotion', 'rss', 'html', 'dynamic', 'poll'].map((type) => newSection(type as BlockType, type)));
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => {}} />, store);
    for (const text of ['Please select a promotion type.', 'Please select a zone.', 'Please add a valid RSS feed url.', 'Use the editor in the HTML Block Settings to write your code.', 'URL placeholder', 'Please select a poll.'])
      expect(screen.getByText(text)).toBeTruthy();
  });
});
