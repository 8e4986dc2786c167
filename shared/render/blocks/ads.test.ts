import { getAttributeValue, textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import { blockContext, compileColumn, selectAll } from '../test-support';
import { renderIterable, renderRevContent } from './ads';

const ctx = blockContext({ esp: 1 });

describe('renderRevContent', () => {
  it("renders RevContent's documented email ad code: the ad image in its click link, keyed by the reader", async () => {
    const section = newSection('revContent', 'r1');
    section.blockModel = { widgetId: 'W123', placementId: 'b85e5af4-2ee1' };
    const doc = await compileColumn(renderRevContent(section, ctx));
    const links = selectAll('a.revcontent-ad', doc);
    expect(links).toHaveLength(1);
    expect(getAttributeValue(links[0]!, 'href')).toBe('https://rcms.revcontent.com/v2/click?id=W123&p=b85e5af4-2ee1&k={{uniqueId}}');
    const images = selectAll('a.revcontent-ad img', doc);
    expect(getAttributeValue(images[0]!, 'src')).toBe('https://rcms.revcontent.com/v2/?id=W123&p=b85e5af4-2ee1&k={{uniqueId}}');
    expect(getAttributeValue(images[0]!, 'alt')).toBe('Sponsored');
    // No empty placeholder element reaches readers.
    expect(selectAll('div.revcontent-widget', doc)).toHaveLength(0);
  });

  it('renders nothing without both ids, and keeps hostile ids inside the query', async () => {
    const section = newSection('revContent', 'r1');
    expect(renderRevContent(section, ctx)).toBe('');
    section.blockModel = { widgetId: 'W1', placementId: ' ' };
    expect(renderRevContent(section, ctx)).toBe('');
    section.blockModel = { widgetId: '"><script>alert(1)</script>', placementId: 'p&x=1' };
    const mjml = renderRevContent(section, ctx);
    expect(mjml).not.toContain('<script>');
    const doc = await compileColumn(mjml);
    expect(selectAll('script', doc)).toHaveLength(0);
    expect(getAttributeValue(selectAll('a.revcontent-ad', doc)[0]!, 'href')).toBe(
      `https://rcms.revcontent.com/v2/click?id=${encodeURIComponent('"><script>alert(1)</script>')}&p=p%26x%3D1&k={{uniqueId}}`,
    );
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
