import { getAttributeValue, textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import { blockContext, compileColumn, selectAll } from '../test-support';
import { renderIterable, renderRevContent } from './ads';

const ctx = blockContext({ esp: 1 });

describe('renderRevContent', () => {
  it('renders the widget placeholder with both ids', async () => {
    const section = newSection('revContent', 'r1');
    section.blockModel = { widgetId: 'W123', placementId: 'top-1' };
    const doc = await compileColumn(renderRevContent(section, ctx));
    const widgets = selectAll('div.revcontent-widget', doc);
    expect(widgets).toHaveLength(1);
    expect(getAttributeValue(widgets[0]!, 'data-widget-id')).toBe('W123');
    expect(getAttributeValue(widgets[0]!, 'data-placement-id')).toBe('top-1');
  });

  it('renders nothing without both ids, and escapes hostile ids', async () => {
    const section = newSection('revContent', 'r1');
    expect(renderRevContent(section, ctx)).toBe('');
    section.blockModel = { widgetId: 'W1', placementId: ' ' };
    expect(renderRevContent(section, ctx)).toBe('');
    section.blockModel = { widgetId: '"><script>alert(1)</script>', placementId: 'p' };
    const mjml = renderRevContent(section, ctx);
    expect(mjml).not.toContain('<script>');
    const doc = await compileColumn(mjml);
    expect(selectAll('script', doc)).toHaveLength(0);
    expect(getAttributeValue(selectAll('div.revcontent-widget', doc)[0]!, 'data-widget-id')).toBe('"><script>alert(1)</script>');
  });
});

describe('renderIterable', () => {
  it('renders an Iterable snippet placeholder for the template id (demo by default)', async () => {
    const doc = await compileColumn(renderIterable(newSection('iterable', 'i1'), ctx));
    expect(textContent(doc)).toContain('{{{snippet "demo"}}}');
    const section = newSection('iterable', 'i1');
    section.blockModel.templateId = 'weekly_ad-2';
    expect(textContent(await compileColumn(renderIterable(section, ctx)))).toContain('{{{snippet "weekly_ad-2"}}}');
  });

  it("renders nothing for a letter sent by another email service, which would show the snippet's raw text", () => {
    expect(renderIterable(newSection('iterable', 'i1'), blockContext({ esp: 0 }))).toBe('');
  });

  it('renders nothing without a template id, and keeps a hostile id from closing the snippet or adding markup', async () => {
    const section = newSection('iterable', 'i1');
    section.blockModel.templateId = '';
    expect(renderIterable(section, ctx)).toBe('');
    section.blockModel.templateId = 'x"}}}<img src=x onerror=alert(1)>';
    const mjml = renderIterable(section, ctx);
    expect(mjml).not.toContain('<img');
    expect(mjml).toContain('{{{snippet "x&quot;}}}&lt;img');
    const doc = await compileColumn(mjml);
    expect(selectAll('img', doc)).toHaveLength(0);
  });
});
