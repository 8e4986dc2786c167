// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('DividerPanel', () => {
  it('applies the thickness 400 ms after the last keystroke', async () => {
    const { current } = renderPanel(newSection('divider', 'd'));
    await retype('Thickness', '6');
    await wait(200);
    expect(current().blockModel.width).toBe(1);
    await wait(300);
    expect(current().blockModel.width).toBe(6);
  });

  it('refuses a thickness over 50 and takes a blank one as 0', async () => {
    const { current } = renderPanel(newSection('divider', 'd'));
    await retype('Thickness', '51');
    await wait(450);
    expect(screen.getByText('Thickness must be from 0 to 50.')).toBeTruthy();
    expect(current().blockModel.width).toBe(1);
    await retype('Thickness', '50');
    await wait(450);
    expect(current().blockModel.width).toBe(50);
    await retype('Thickness', '');
    await wait(450);
    expect(current().blockModel.width).toBe(0);
  });

  it('sets colour and style', async () => {
    const { current } = renderPanel(newSection('divider', 'd'));
    await retype('Color', '#336699');
    expect(current().blockModel.color).toBe('#336699');
    await userEvent.click(screen.getByRole('radio', { name: 'Dotted' }));
    expect(current().blockModel.style).toBe('dotted');
  });

  it('stores a pending thickness when the panel closes', async () => {
    const { current, unmount } = renderPanel(newSection('divider', 'd'));
    await retype('Thickness', '9');
    unmount();
    expect(current().blockModel.width).toBe(9);
  });
});
