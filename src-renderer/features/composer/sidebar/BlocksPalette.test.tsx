// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newLayoutSection, newSection } from '../../../../shared/model';
import { sectionDeleted } from '../../../block-kit/composer-slice';
import { renderWith, testStore } from '../../../testing/composer-test-support';
import { BlocksPalette, paletteDescriptionId } from './BlocksPalette';
import { PALETTE, paletteFor, paletteItemRefusal, placedCount } from '../../../app/block-catalogue';

const ALL_PROMOTIONS_ADDED = 'all promotions added';
const placedPromotions = (sections: Parameters<typeof placedCount>[0]) => placedCount(sections, 'newpromotion');

afterEach(cleanup);

const item = (name: string) => PALETTE.find((candidate) => candidate.name === name)!;

describe('promotion placement limit (spec 1 §4)', () => {
  it('counts placed promotion blocks, nested ones too, and not the legacy ad-type block', () => {
    const layout = newLayoutSection('layout', 4);
    const nested = { ...layout, blocks: [newSection('newpromotion', 'inner'), ...layout.blocks] };
    expect(placedPromotions([newSection('newpromotion', 'a'), newSection('promotion', 'legacy'), nested, newSection('footer', 'f')])).toBe(2);
    expect(placedPromotions([newSection('paragraph', 'p')])).toBe(0);
  });

  it('refuses the Promotion item once placements reach the available zones, and nothing while the zones are unknown', () => {
    const promotion = item('Promotion');
    expect(paletteItemRefusal(promotion, 1, 2)).toBeNull();
    expect(paletteItemRefusal(promotion, 2, 2)).toBe(ALL_PROMOTIONS_ADDED);
    expect(paletteItemRefusal(promotion, 0, 0)).toBe('all promotions added');
    expect(paletteItemRefusal(promotion, 5, null)).toBeNull();
    expect(paletteItemRefusal(item('Heading'), 2, 2)).toBeNull();
  });

  it('disables the Promotion button with its tooltip when every zone is used, and enables it again when one frees up', async () => {
    const onAdd = vi.fn();
    const store = testStore([newSection('newpromotion', 'promo-1'), newSection('footer', 'footer')]);
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={onAdd} limits={{ newpromotion: 1 }} />, store);

    const promotion = screen.getByRole('button', { name: 'Promotion' });
    expect(promotion.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(promotion);
    expect(onAdd).not.toHaveBeenCalled();
    await userEvent.hover(promotion);
    // The tooltip beside the tile's described line.
    await waitFor(() => expect(screen.getAllByText(ALL_PROMOTIONS_ADDED)).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(onAdd.mock.calls.map(([added]) => added.name)).toEqual(['Heading']);

    act(() => void store.dispatch(sectionDeleted({ id: 'promo-1' })));
    expect(screen.getByRole('button', { name: 'Promotion' }).getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Promotion' }));
    expect(onAdd.mock.calls.map(([added]) => added.name)).toEqual(['Heading', 'Promotion']);
  });

  it('leaves the Promotion button enabled while zones remain or their count is unknown', async () => {
    const onAdd = vi.fn();
    const store = testStore([newSection('newpromotion', 'promo-1'), newSection('footer', 'footer')]);
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={onAdd} limits={{ newpromotion: 2 }} />, store);
    expect(screen.getByRole('button', { name: 'Promotion' }).getAttribute('aria-disabled')).toBeNull();
    cleanup();
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={onAdd} />, store);
    await userEvent.click(screen.getByRole('button', { name: 'Promotion' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });
});

describe('palette tiles', () => {
  it('say in one line what each block is for when hovered or focused', async () => {
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={vi.fn()} />);
    const line = 'Articles curated for the channel, filled when the letter is sent.';
    expect(screen.getAllByText(line)).toHaveLength(1);
    await userEvent.hover(screen.getByRole('button', { name: 'Curations' }));
    // The tooltip beside the tile's described line.
    await waitFor(() => expect(screen.getAllByText(line)).toHaveLength(2));
    for (const item of PALETTE) expect(item.description.length, item.name).toBeGreaterThan(10);
  });

  it("describe each tile with its block's line, ahead of the drag instructions, for screen readers", () => {
    const items = paletteFor({ esp: 0 }, () => false);
    renderWith(<BlocksPalette items={items} disabled={false} onAdd={vi.fn()} />);
    for (const item of items) {
      const [first, ...rest] = screen.getByRole('button', { name: item.name }).getAttribute('aria-describedby')!.split(' ');
      expect(first, item.name).toBe(paletteDescriptionId(item));
      expect(document.getElementById(first!)?.textContent, item.name).toBe(item.description);
      // The drag library's instructions stay described too.
      expect(rest.length, item.name).toBe(1);
    }
  });

  it("shows the tooltip to keyboard users as they tab onto a tile, and a refused tile's reason in place of its line", async () => {
    const store = testStore([newSection('newpromotion', 'promo-1'), newSection('footer', 'footer')]);
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={vi.fn()} limits={{ newpromotion: 1 }} />, store);
    const heading = item('Heading').description;
    // Before focus only the described (hidden) line is there; on focus the tooltip shows it too.
    expect(screen.getAllByText(heading)).toHaveLength(1);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(screen.getAllByText(heading)).toHaveLength(2));
    const promotion = screen.getByRole('button', { name: 'Promotion' });
    expect(document.getElementById(promotion.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(ALL_PROMOTIONS_ADDED);
  });

  it('tell blocks apart by their icons: no two tiles share one', () => {
    const byIcon = new Map<unknown, string[]>();
    for (const entry of PALETTE) byIcon.set(entry.icon, [...(byIcon.get(entry.icon) ?? []), entry.name]);
    expect([...byIcon.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('draw each tile as a large icon over its name', () => {
    renderWith(<BlocksPalette items={paletteFor({ esp: 0 }, () => false)} disabled={false} onAdd={vi.fn()} />);
    const tile = screen.getByRole('button', { name: 'Paragraph' });
    expect(tile.querySelector('[data-palette-icon]')?.getAttribute('width')).toBe('26');
    expect(tile.style.height).toBe('76px');
  });
});
