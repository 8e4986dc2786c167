import { describe, expect, it } from 'vitest';
import type { Section } from '../../model';
import { LAYOUT_TYPES, newLayoutSection, newSection } from '../../model';
import { renderParsed, styleOf } from '../test-support';

function filled(layoutType: (typeof LAYOUT_TYPES)[number]) {
  const layout = newLayoutSection(`layout-${layoutType}`, layoutType);
  layout.blocks = layout.blocks.map((child, index): Section => {
    if (child.type === 'image') return { ...child, blockModel: { ...child.blockModel, src: `https://cdn.example/${layoutType}-${index}.png`, alt: `image ${index}` } };
    return { ...child, delta: { ops: [{ insert: `text ${layoutType}-${index}\n` }] } };
  });
  return layout;
}

/** Desktop widths of the columns, from MJML's per-column classes (mj-column-per-50 → 50). */
function columnWidths($: Awaited<ReturnType<typeof renderParsed>>['$']): number[] {
  return $('div[class*="mj-column-per-"]')
    .map((_, el) => Number(/mj-column-per-([\d-]+)/.exec($(el).attr('class') ?? '')![1]!.replace('-', '.')))
    .get();
}

describe('layout', () => {
  it.each(LAYOUT_TYPES)('layout %i renders every child', async (layoutType) => {
    const layout = filled(layoutType);
    const { $, errors } = await renderParsed([layout]);
    expect(errors).toEqual([]);
    for (const [index, child] of layout.blocks.entries()) {
      if (child.type === 'image') expect($(`img[src="https://cdn.example/${layoutType}-${index}.png"]`).attr('alt')).toBe(`image ${index}`);
      else expect($('body').text()).toContain(`text ${layoutType}-${index}`);
    }
  });

  it('puts side-by-side children in columns with the clamped left width', async () => {
    const layout = filled(1);
    layout.blocks[0] = { ...layout.blocks[0]!, columnWidth: 90 };
    const { $ } = await renderParsed([layout]);
    expect(columnWidths($)).toEqual([80, 20]);
    const other = filled(2);
    other.blocks[0] = { ...other.blocks[0]!, columnWidth: 35 };
    expect(columnWidths((await renderParsed([other])).$)).toEqual([35, 65]);
  });

  it('leaves out an image slot without a picture, the text beside it taking the whole width', async () => {
    const layout = filled(1);
    layout.blocks[0] = { ...layout.blocks[0]!, blockModel: { ...layout.blocks[0]!.blockModel, src: '' } } as Section;
    const { $ } = await renderParsed([layout]);
    expect(columnWidths($)).toEqual([100]);
    expect($('img')).toHaveLength(0);
    expect($('body').text()).toContain('text 1-1');
  });

  it('stacks children when the layout is stacked or single-column', async () => {
    for (const layout of [filled(5), { ...filled(1), isLayoutStacked: true }, filled(7)]) {
      expect(columnWidths((await renderParsed([layout])).$)).toEqual([100, 100]);
    }
  });

  it('stacks columns on phones: side by side only from 480 px, whatever the smaller mobile width', async () => {
    const { html } = await renderParsed([filled(1)]);
    // The default mobile width (320) is the preview's screen; a 375 px phone must stack too.
    expect(html).toMatch(/@media only screen and \(min-width:480px\) \{\s*\.mj-column-per-50 \{ width:50% !important; max-width: 50%; \}/);
    expect(html).not.toContain('min-width:321px');
    // The feeds' side-by-side image and text cells stack under the same query.
    expect(html).toMatch(/@media only screen and \(max-width:479px\) \{[^}]*\} td\.ld-stack \{ display:block !important; width:100% !important;/);
  });

  it('gives each child its own box and font', async () => {
    const layout = filled(4);
    layout.blocks[1] = { ...layout.blocks[1]!, backgroundColor: '#abcdef', paddingTop: 17, textColor: '#654321', fontSize: 13 };
    const { $ } = await renderParsed([layout]);
    const text = $('div').filter((_, el) => $(el).children('p').text() === 'text 4-1');
    expect(styleOf(text.attr('style'))).toMatchObject({ color: '#654321', 'font-size': '13px' });
    const column = text.closest('div[class*="mj-column-per-"]');
    expect(column.find('td').filter((_, td) => styleOf($(td).attr('style'))['padding-top'] === '17px')).not.toHaveLength(0);
    const painted = [column, ...column.find('[style]').toArray().map((el) => $(el))].filter(
      (el) => styleOf(el.attr('style'))['background-color'] === '#abcdef',
    );
    expect(painted).not.toHaveLength(0);
  });

  it('flattens a section that lays out columns itself inside a layout', async () => {
    const inner = filled(3);
    const outer = newLayoutSection('outer', 1);
    outer.blocks = [inner, { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'beside\n' }] } }];
    const { $, errors } = await renderParsed([outer]);
    expect(errors).toEqual([]);
    expect($('img[src="https://cdn.example/3-0.png"]')).toHaveLength(1);
    expect($('img[src="https://cdn.example/3-1.png"]')).toHaveLength(1);
    expect($('body').text()).toContain('beside');
  });
});
