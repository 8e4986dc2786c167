// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newLayoutSection, newSection } from '../../../../shared/model';
import { sectionDeleted } from '../../../block-kit/composer-slice';
import { renderWith, testStore } from '../../../testing/composer-test-support';
import { BlocksPalette } from './BlocksPalette';
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
    expect(await screen.findByText(ALL_PROMOTIONS_ADDED)).toBeTruthy();

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
    await userEvent.hover(screen.getByRole('button', { name: 'Curations' }));
    expect(await screen.findByText('Articles curated for the channel, filled when the letter is sent.')).toBeTruthy();
    for (const item of PALETTE) expect(item.description.length, item.name).toBeGreaterThan(10);
  });
});
