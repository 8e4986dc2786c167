// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../../shared/model';
import { Canvas } from '../canvas/Canvas';
import { undone } from '../../../block-kit/composer-slice';
import { renderWith, testLetter, testStore } from '../../../testing/composer-test-support';
import { StylesTab } from './StylesTab';
import { openSection, replaceWith } from './test-support';

afterEach(cleanup);

describe('the canvas follows the Styles tab at once, before anything is saved', () => {
  it('paints the email background and the blocks background from the composer state', async () => {
    const letter = testLetter();
    const store = testStore([newSection('paragraph', 'p')]);
    renderWith(
      <>
        <Canvas letter={letter} readOnly={false} onOpenSettings={() => {}} />
        <StylesTab readOnly={false} channel={null} />
      </>,
      store,
    );
    const canvas = screen.getByRole('region', { name: 'Canvas' });
    const section = within(canvas).getByRole('group', { name: 'Paragraph section' }).firstElementChild as HTMLElement;

    await replaceWith(within(await openSection('EMAIL STYLES')).getByRole('textbox', { name: 'Background color' }), '#112233');
    expect(canvas.style.background).toBe('#112233');
    // The stored letter is untouched: only the composer state changed.
    expect(letter.settings.backgroundColorBody).toBe('#FFFFFF');

    await replaceWith(within(await openSection('BLOCK')).getByRole('textbox', { name: 'Block background color' }), '#445566');
    expect(section.style.background).toBe('#445566');

    act(() => void store.dispatch(undone()));
    expect(section.style.background).toBe('#FFFFFF');
  });
});
