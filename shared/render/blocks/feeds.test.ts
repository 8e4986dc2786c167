import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { blockTextStyle, newSection, textDelta } from '../../model';
import type { CurationModel, LayoutType, SectionOf } from '../../model';
import { attr, blockContext, compileColumn, selectAll, selectOne } from '../test-support';
import type { Doc } from '../test-support';
import type { BlockRenderer } from '../types';
import { rssDelta, rssImages } from '../../rules/rss-items';
import { renderCuration, renderNews, renderRss } from './feeds';

const ctx = blockContext({ contentWidth: 600 });

/** The text parts in order, by their own div. */
const parts = (doc: Doc): string[] =>
  selectAll('div[style*="margin:0 0 4px 0"]', doc).map((d) => textContent(d).trim());
const partStyle = (doc: Doc, text: string): string =>
  attr(selectAll('div[style*="margin:0 0 4px 0"]', doc).find((d) => textContent(d).trim() === text) ?? null, 'style');

function curation(
  type: 'curation' | 'newrss' | 'wordpress',
  layoutType: LayoutType | null,
  change: Partial<CurationModel> = {},
): SectionOf<'curation' | 'newrss' | 'wordpress'> {
  const section = newSection(type, 'c1');
  const blockModel: CurationModel = {
    ...section.blockModel,
    title: 'Rivers rise',
    excerpt: 'The rivers rose again.',
    publicationDate: 'Jun 02, 2031',
    siteName: 'River News',
    author: 'By Ann Lee',
    image: 'https://img.example/river.jpg',
    link: 'https://news.example/rivers',
    ...change,
  };
  return { ...section, layoutType, blockModel } as SectionOf<'curation' | 'newrss' | 'wordpress'>;
}

describe('renderCuration', () => {
  it("shows the query's loaded items, each in the block's layout, in place of the inserted article", async () => {
    const item = (n: number) => ({ id: n, title: `Item ${n}`, author: `By Writer ${n}`, excerpt: '', publicationDate: 'Mar 02, 2026', siteName: 'Dock', image: '', link: `https://dock.example/${n}`, content: '' });
    const doc = await compileColumn(renderCuration(curation('curation', 6, { items: [item(1), item(2)] }), ctx));
    const texts = parts(doc);
    expect(texts).toContain('Item 1');
    expect(texts).toContain('By Writer 2');
    expect(texts).not.toContain('Rivers rise');
    expect(selectAll('a[href="https://dock.example/2"]', doc)).toHaveLength(1);
  });

  it("draws each post's whole body in 'Full content' (layout 8), sanitized, its pictures held to the column", async () => {
    const post = (n: number, content: string) => ({
      id: n,
      title: `Post ${n}`,
      author: '',
      excerpt: `Summary ${n}`,
      publicationDate: '',
      siteName: '',
      image: 'https://blog.example/lead.jpg',
      link: `https://blog.example/${n}`,
      content,
    });
    const body = '<p>Ice on the <strong>north wall</strong>.</p><p><img src="https://blog.example/ice.jpg" alt="Ice" style="width:1600px"></p><a href="https://blog.example/log" onclick="x()">log</a><script>alert(1)</script>';
    const section = curation('wordpress', 8, { items: [post(1, body), post(2, '')], linkColor: '#228833' });
    const doc = await compileColumn(renderCuration(section, ctx));
    const text = textContent(doc);
    expect(text).toContain('Ice on the north wall.');
    // The post's body takes the excerpt's place; a post without one shows its excerpt.
    expect(text).not.toContain('Summary 1');
    expect(text).toContain('Summary 2');
    expect(text).not.toContain('alert');
    const picture = selectOne('img[src="https://blog.example/ice.jpg"]', doc)!;
    expect(attr(picture, 'style')).toContain('max-width:100%');
    expect(attr(picture, 'style')).not.toContain('1600px');
    // Full content is text only: the lead picture is not drawn.
    expect(selectAll('img[src="https://blog.example/lead.jpg"]', doc)).toHaveLength(0);
    const link = selectOne('a[href="https://blog.example/log"]', doc)!;
    expect(attr(link, 'style')).toContain('color:#228833');
    expect(attr(link, 'onclick')).toBe('');
    // Another layout shows excerpts, even when the items carry bodies.
    const excerpts = textContent(await compileColumn(renderCuration({ ...section, layoutType: 6 }, ctx)));
    expect(excerpts).toContain('Summary 1');
    expect(excerpts).not.toContain('north wall');
    // The excerpt switch governs the body too.
    const off = textContent(await compileColumn(renderCuration(curation('wordpress', 8, { items: [post(1, body)], hasExcerpt: false }), ctx)));
    expect(off).not.toContain('north wall');
  });

  it('puts the image left of the text at the model column widths (layout 1)', async () => {
    const renderer: BlockRenderer<'newrss'> = renderCuration;
    const section = curation('newrss', 1, { imageColumnWidth: 30, textColumnWidth: 70, gap: 20 });
    const doc = await compileColumn(renderer(section as SectionOf<'newrss'>, ctx));
    const cells = selectAll('td[valign="top"]', doc);
    expect(cells.map((td) => attr(td, 'width'))).toEqual(['30%', '70%']);
    // Both stack on phones (the letter's head holds the rule).
    expect(cells.map((td) => attr(td, 'class'))).toEqual(['ld-stack', 'ld-stack']);
    const img = selectOne('img', cells[0]!)!;
    expect(attr(img, 'src')).toBe('https://img.example/river.jpg');
    expect(attr(img, 'alt')).toBe('Rivers rise');
    expect(attr(img, 'width')).toBe('168'); // 30% of 600 less the 4 px block paddings, less half the 20 px gap
    expect(attr(img.parent as Element, 'href')).toBe('https://news.example/rivers');
    expect(parts(doc)).toEqual(['Rivers rise', 'By Ann Lee', 'Jun 02, 2031', 'River News', 'The rivers rose again.']);
    expect(attr(selectOne('a', cells[1]!), 'href')).toBe('https://news.example/rivers');
  });

  it('puts the text first for layout 2, stacks for layout 5 and shows text only for layout 6', async () => {
    const right = await compileColumn(renderCuration(curation('curation', 2), ctx));
    const cells = selectAll('td[valign="top"]', right);
    expect(selectAll('img', cells[0]!)).toHaveLength(0);
    expect(selectAll('img', cells[1]!)).toHaveLength(1);

    const stacked = await compileColumn(renderCuration(curation('curation', 5), ctx));
    expect(selectAll('td[valign="top"]', stacked)).toHaveLength(0);
    expect(attr(selectOne('img', stacked), 'src')).toBe('https://img.example/river.jpg');

    const textOnly = await compileColumn(renderCuration(curation('wordpress', 6), ctx));
    expect(selectAll('img', textOnly)).toHaveLength(0);
    expect(parts(textOnly)[0]).toBe('Rivers rise');
  });

  it('leaves out every part whose has-flag is off', async () => {
    const section = curation('curation', 1, {
      hasImage: false,
      hasAuthor: false,
      hasPublishedDate: false,
      hasSource: false,
      hasExcerpt: false,
    });
    const doc = await compileColumn(renderCuration(section, ctx));
    expect(selectAll('img', doc)).toHaveLength(0);
    expect(parts(doc)).toEqual(['Rivers rise']);
    const nothing = curation('curation', 1, { hasTitle: false, hasImage: false, hasAuthor: false, hasPublishedDate: false, hasSource: false, hasExcerpt: false });
    expect(renderCuration(nothing, ctx)).toBe('');
  });

  it('styles each part with its own text settings', async () => {
    const section = curation('curation', 6, {
      titleSettings: { ...blockTextStyle(30), color: '#112233', alignment: 'center' },
      excerptSettings: { ...blockTextStyle(13), font: 'Georgia' },
      siteNameSettings: { font: 'Arial', fontFallback: 'Verdana', fontSize: 11, lineHeight: 1.2, alignment: 'right' },
    });
    const doc = await compileColumn(renderCuration({ ...section, textColor: '#445566' }, ctx));
    expect(partStyle(doc, 'Rivers rise')).toContain('font-size:30px');
    expect(partStyle(doc, 'Rivers rise')).toContain('text-align:center');
    expect(attr(selectOne('a', doc), 'style')).toContain('color:#112233');
    expect(partStyle(doc, 'The rivers rose again.')).toContain('font-family:Georgia, Arial, serif');
    // The source style has no colour of its own: it is drawn in the block's accent colour.
    expect(partStyle(doc, 'River News')).toContain('color:#0000EE');
    expect(partStyle(doc, 'River News')).toContain('text-align:right');
    const accented = await compileColumn(renderCuration({ ...section, blockModel: { ...section.blockModel, accentColor: '#AA3300' } }, ctx));
    expect(partStyle(accented, 'River News')).toContain('color:#AA3300');
  });

  it("colours the excerpt's links in the block's link colour", async () => {
    const delta = { ops: [{ insert: 'Read ' }, { insert: 'the report', attributes: { link: 'https://news.example/report' } }, { insert: '\n' }] };
    const doc = await compileColumn(renderCuration(curation('curation', 6, { delta, linkColor: '#228833' }), ctx));
    expect(attr(selectOne('a[href="https://news.example/report"]', doc), 'style')).toContain('color:#228833');
  });

  it('crops the picture to the smart crop: a covered box of its proportions, a circle rounded half-way', async () => {
    const square = await compileColumn(renderCuration(curation('curation', 1, { imageSettings: { imageSmartCrop: 'square' } }), ctx));
    const squareImg = selectOne('img', square)!;
    expect(attr(squareImg, 'height')).toBe(attr(squareImg, 'width'));
    expect(attr(squareImg, 'style')).toContain('object-fit:cover');
    const wide = await compileColumn(renderCuration(curation('curation', 5, { imageSettings: { imageSmartCrop: 'horizontalRectangle' } }), ctx));
    const wideImg = selectOne('img', wide)!;
    expect(Number(attr(wideImg, 'height'))).toBe(Math.round((Number(attr(wideImg, 'width')) * 3) / 4));
    const circle = await compileColumn(renderCuration(curation('curation', 5, { imageSettings: { imageSmartCrop: 'circle' } }), ctx));
    expect(attr(selectOne('img', circle), 'style')).toContain('border-radius:50%');
    const original = await compileColumn(renderCuration(curation('curation', 5), ctx));
    expect(attr(selectOne('img', original), 'style')).not.toContain('object-fit');
  });

  it('shows edited rich text in place of the fetched excerpt', async () => {
    const section = curation('curation', 6, { delta: textDelta('Edited summary') });
    const doc = await compileColumn(renderCuration(section, ctx));
    expect(textContent(doc)).toContain('Edited summary');
    expect(textContent(doc)).not.toContain('The rivers rose again.');
  });

  it('escapes hostile text and refuses javascript: links and images', async () => {
    const section = curation('curation', 1, {
      title: '<script>alert(1)</script>',
      author: '<img src=x onerror=alert(1)>',
      link: 'javascript:alert(1)',
      image: 'javascript:alert(2)',
    });
    const mjml = renderCuration(section, ctx);
    expect(mjml).not.toContain('<script>');
    expect(mjml).not.toContain('javascript:');
    const doc = await compileColumn(mjml);
    expect(selectAll('script, img, a', doc)).toHaveLength(0);
    expect(parts(doc).slice(0, 2)).toEqual(['<script>alert(1)</script>', '<img src=x onerror=alert(1)>']);
  });
});

describe('renderNews and renderRss', () => {
  it('render the loaded content (the section rich text)', async () => {
    const news = { ...newSection('news', 'n1'), delta: { ops: [{ insert: 'Top story', attributes: { link: 'https://n.example/1' } }, { insert: '\n' }] } };
    const doc = await compileColumn(renderNews(news, ctx));
    expect(attr(selectOne('a', doc), 'href')).toBe('https://n.example/1');
    expect(textContent(doc)).toContain('Top story');
    const rss = { ...newSection('rss', 'r1'), delta: textDelta('Feed item <one>') };
    expect(textContent(await compileColumn(renderRss(rss, ctx)))).toContain('Feed item <one>');
  });

  it("put each RSS item's picture above the heading that links to it, only in the layout with images", async () => {
    const items = [
      { title: 'Lamp replaced', link: 'https://log.example/lamp', excerpt: 'A brighter lamp.', content: '', image: 'https://log.example/lamp.jpg' },
      { title: 'Fog drill', link: 'https://log.example/fog', excerpt: 'Horns at noon.', content: '', image: '' },
    ];
    const section = newSection('rss', 'r2');
    const model = { ...section.blockModel, link: 'https://log.example/feed.xml', count: 2, layoutType: 2 as const };
    const rss = { ...section, blockModel: { ...model, images: rssImages(items, model) }, delta: rssDelta(items, model) };
    const doc = await compileColumn(renderRss(rss, ctx));
    const imgs = selectAll('img', doc);
    expect(imgs.map((img) => attr(img, 'src'))).toEqual(['https://log.example/lamp.jpg']);
    expect(attr(imgs[0]!, 'alt')).toBe('Lamp replaced');
    expect(attr(imgs[0]!.parent as Element, 'href')).toBe('https://log.example/lamp');
    // The picture comes before its heading and the other item's text.
    const text = textContent(doc);
    expect(text.indexOf('Lamp replaced')).toBeLessThan(text.indexOf('Fog drill'));
    expect(text).toContain('Horns at noon.');
    const headingsOnly = await compileColumn(renderRss({ ...rss, blockModel: { ...rss.blockModel, layoutType: 1 } }, ctx));
    expect(selectAll('img', headingsOnly)).toHaveLength(0);
    expect(textContent(headingsOnly)).toContain('Lamp replaced');
  });

  it('render nothing before anything is loaded, even with a feed link', () => {
    expect(renderNews(newSection('news', 'n1'), ctx)).toBe('');
    const rss = newSection('rss', 'r1');
    rss.blockModel.link = 'https://feed.example/rss';
    expect(renderRss(rss, ctx)).toBe('');
  });
});
