import { parseDocument } from 'htmlparser2';
import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { blockTextStyle, newSection, textDelta } from '../../model';
import type { Section } from '../../model';
import { blockContext, compileColumns, selectAll } from '../test-support';
import type { ColumnsRenderer } from '../types';
import { mjTextAttributes, renderDynamic, textCss } from './dynamic';

const ctx = blockContext();

// A stand-in for the framework's child rendering: one column naming the child.
const calls: { id: string; type: string; width: number; text: string }[] = [];
function renderChild(child: Section, widthPercent: number): string {
  const text = child.delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('').trim();
  calls.push({ id: child.uniqueId, type: child.type, width: widthPercent, text });
  return `<mj-column width="${widthPercent}%"><mj-text>${child.uniqueId}</mj-text></mj-column>`;
}

/** A child as a loaded preview leaves it: an image with its picture (one without is left out, layout.ts). */
function child(type: 'image' | 'paragraph', id: string, columnWidth: number): Section {
  const section = { ...newSection(type, id), columnWidth } as Section;
  if (section.type === 'image') section.blockModel = { ...section.blockModel, src: `https://cdn.example/${id}.png` };
  return section;
}

describe('renderDynamic', () => {
  it('renders its children as a layout, one column each at its width', async () => {
    calls.length = 0;
    const section = { ...newSection('dynamic', 'd1'), blocks: [child('image', 'd1-0', 30), child('paragraph', 'd1-1', 70)] };
    const { html } = await compileColumns(renderDynamic(section, ctx, renderChild));
    expect(calls.map((c) => [c.id, c.width])).toEqual([['d1-0', 30], ['d1-1', 70]]);
    expect(html).toContain('mj-column-per-30');
    expect(html).toContain('mj-column-per-70');
    // One row: Outlook gets no row break.
    expect(html).not.toContain('</tr><tr>');
  });

  it('puts each stacked child on its own row, for Outlook too', async () => {
    calls.length = 0;
    const section = {
      ...newSection('url', 'u1'),
      isLayoutStacked: true,
      blocks: [child('image', 'u1-0', 100), child('paragraph', 'u1-1', 100)],
    };
    const { html } = await compileColumns(renderDynamic(section, ctx, renderChild));
    expect(calls.map((c) => c.width)).toEqual([100, 100]);
    expect(html.match(/<\/td><\/tr><tr><td[^>]*width:600px/g)).toHaveLength(1);
    const doc = parseDocument(html);
    expect(selectAll('div', doc).map((d) => textContent(d).trim())).toContain('u1-1');
  });

  it('stacks the children of a single-column layout type whatever their widths', async () => {
    calls.length = 0;
    const section = {
      ...newSection('dynamic', 'd4'),
      layoutType: 5 as const,
      blocks: [child('image', 'd4-0', 50), child('paragraph', 'd4-1', 50)],
    };
    const { html } = await compileColumns(renderDynamic(section, ctx, renderChild));
    expect(calls.map((c) => c.width)).toEqual([100, 100]);
    expect(html).toContain('</td></tr><tr>');
  });

  it('renders a childless section with a delta as a paragraph-only section', async () => {
    calls.length = 0;
    const section = { ...newSection('dynamic', 'd2'), delta: textDelta('Fresh news'), fontSize: 22, textColor: '#123456' };
    await compileColumns(renderDynamic(section, ctx, renderChild));
    expect(calls).toEqual([{ id: 'd2-0', type: 'paragraph', width: 100, text: 'Fresh news' }]);
  });

  it('renders nothing with no children and an empty delta', () => {
    calls.length = 0;
    expect(renderDynamic(newSection('dynamic', 'd3'), ctx, renderChild)).toBe('');
    expect(renderDynamic({ ...newSection('url', 'u3'), delta: textDelta('   ') }, ctx, renderChild)).toBe('');
    expect(calls).toHaveLength(0);
    const renderer: ColumnsRenderer<'dynamic' | 'url'> = renderDynamic;
    expect(renderer).toBe(renderDynamic);
  });
});

describe('text style helpers', () => {
  it('write a text style as CSS and as mj-text attributes, refusing values that could escape', () => {
    const style = { ...blockTextStyle(14), font: 'Open Sans";}body{x', color: 'red;background:url(https://evil)', alignment: 'center' as const };
    expect(textCss(style, '#123456')).toBe(
      "font-family:Open Sans body x, Arial, sans-serif;font-size:14px;line-height:1.52;color:#123456;text-align:center",
    );
    expect(mjTextAttributes(style, '#123456', '8px')).toBe(
      ' font-family="Open Sans body x, Arial, sans-serif" font-size="14px" line-height="1.52" color="#123456" align="center" padding-bottom="8px"',
    );
  });
});
