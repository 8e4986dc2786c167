// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../../shared/model';
import { PALETTE } from '../../../app/block-catalogue';
import { sectionAdded } from '../../../block-kit/composer-slice';
import { renderWith, testLetter, testStore } from '../../../testing/composer-test-support';
import { Canvas } from './Canvas';

afterEach(cleanup);

describe('an empty letter’s canvas', () => {
  it('says where to start above the footer and adds a first block in one click; the panel leaves once the letter has one', async () => {
    const store = testStore([newSection('footer', 'f')]);
    const add = (item: (typeof PALETTE)[number]) => store.dispatch(sectionAdded({ type: item.type }));
    renderWith(<Canvas letter={testLetter()} readOnly={false} onOpenSettings={() => {}} palette={PALETTE} onAdd={add} />, store);
    const start = screen.getByRole('group', { name: 'Start your letter' });
    expect(within(start).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Add Heading', 'Add Paragraph', 'Add Image', 'Add Button']);
    await userEvent.click(within(start).getByRole('button', { name: 'Add Paragraph' }));
    expect(store.getState().composer.present.map((section) => section.type)).toEqual(['paragraph', 'footer']);
    expect(screen.queryByRole('group', { name: 'Start your letter' })).toBeNull();
  });

  it('offers nothing to add on a letter that cannot be edited', () => {
    renderWith(<Canvas letter={testLetter()} readOnly onOpenSettings={() => {}} palette={PALETTE} onAdd={() => {}} />, testStore([newSection('footer', 'f')]));
    expect(screen.queryByRole('group', { name: 'Start your letter' })).toBeNull();
  });
});
