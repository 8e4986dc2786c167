// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newLayoutSection } from '../../../shared/model';
import { ALT_QUOTES_MESSAGE } from '../../../shared/rules/image-settings';
import { renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

const summary = (blocks: { type: string; columnWidth: number }[]) => blocks.map((b) => `${b.type}:${b.columnWidth}`);

describe('LayoutPanel', () => {
  it('rebuilds the columns for another layout, keeping its blocks', async () => {
    const { current } = renderPanel(newLayoutSection('L', 1));
    await userEvent.click(screen.getByRole('button', { name: 'Text + Image' }));
    expect(current().layoutType).toBe(2);
    expect(current().blocks.map((b) => b.uniqueId)).toEqual(['L-1', 'L-0']);
    expect(screen.getByRole('button', { name: 'Text + Image' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers Image + Text columns only with its flag', () => {
    renderPanel(newLayoutSection('L', 1));
    expect(screen.queryByRole('button', { name: 'Image + Text columns' })).toBeNull();
    cleanup();
    renderPanel(newLayoutSection('L', 1), { isFeatureOn: (flag) => flag === 'imageTextColumnsLayout' });
    expect(screen.getByRole('button', { name: 'Image + Text columns' })).toBeTruthy();
  });

  it('resizes the left column within 20–80 on a 1–100 scale, the right one taking the rest', async () => {
    const { current } = renderPanel(newLayoutSection('L', 1));
    const slider = screen.getByRole('slider', { name: 'Left column width' });
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['1', '100']);
    slider.focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(summary(current().blocks)).toEqual(['image:48', 'paragraph:52']);
    await userEvent.keyboard('{Home}');
    expect(summary(current().blocks)).toEqual(['image:20', 'paragraph:80']);
    expect(slider.getAttribute('aria-valuenow')).toBe('20');
    await userEvent.keyboard('{End}');
    expect(summary(current().blocks)).toEqual(['image:80', 'paragraph:20']);
    expect(slider.getAttribute('aria-valuenow')).toBe('80');
  });

  it('has no width slider for stacked layouts', async () => {
    renderPanel(newLayoutSection('L', 5));
    expect(screen.queryByRole('slider', { name: 'Left column width' })).toBeNull();
  });

  it("edits a column's own block through the layout", async () => {
    const { current } = renderPanel(newLayoutSection('L', 1));
    await userEvent.click(screen.getByRole('button', { name: 'Column 1: Image' }));
    await retype('Alt text', 'A "quoted" bike');
    expect(screen.getByText(ALT_QUOTES_MESSAGE)).toBeTruthy();
    await retype('Alt text', 'A bike');
    const image = current().blocks[0];
    expect(image?.type === 'image' && image.blockModel.alt).toBe('A bike');
  });
});
