import { describe, expect, it } from 'vitest';
import { htmlToSections } from './html-to-sections';
import { importCounts, importSummary } from './import-summary';
import { withLetterDefaults } from './letter-json-import';

function sectionsOf(body: string) {
  let id = 0;
  return htmlToSections(`<html><head><title>Spring issue</title></head><body>${body}</body></html>`, () => `s${id++}`).sections;
}

describe('htmlToSections', () => {
  it('maps headings and paragraphs with their formatting and links', () => {
    const [heading, paragraph] = sectionsOf(
      '<table><tr><td><h2 style="text-align:center">Spring <em>is</em> here</h2><p>Read <strong>the <a href="https://ex.example/a">whole story</a></strong><br>today</p></td></tr></table>',
    );
    expect(heading).toMatchObject({ type: 'heading', blockModel: { headingType: 'h2', align: 'center' } });
    expect(heading!.delta.ops).toEqual([
      { insert: 'Spring ' },
      { insert: 'is', attributes: { italic: true } },
      { insert: ' here' },
      { insert: '\n', attributes: { header: 2, align: 'center' } },
    ]);
    expect(paragraph!.delta.ops).toEqual([
      { insert: 'Read ' },
      { insert: 'the ', attributes: { bold: true } },
      { insert: 'whole story', attributes: { bold: true, link: 'https://ex.example/a' } },
      { insert: '\n' },
      { insert: 'today' },
      { insert: '\n' },
    ]);
  });

  it('keeps a picture inside a heading, then the heading', () => {
    const sections = sectionsOf('<h1><a href="https://ex.example"><img src="https://img.example/logo.png" alt="Logo"></a> Harbour news</h1>');
    expect(sections.map((s) => s.type)).toEqual(['image', 'heading']);
    expect(sections[0]!.blockModel).toMatchObject({ link: 'https://ex.example', alt: 'Logo' });
    expect(sections[1]!.delta.ops).toEqual([{ insert: 'Harbour news' }, { insert: '\n', attributes: { header: 1 } }]);
  });

  it('gives a link around a picture and words to both', () => {
    const [image, words] = sectionsOf('<a href="https://ex.example/story"><img src="https://img.example/s.png" alt=""><br>Read the story</a>');
    expect(image!.blockModel).toMatchObject({ link: 'https://ex.example/story' });
    expect(words!.delta.ops).toEqual([{ insert: 'Read the story', attributes: { link: 'https://ex.example/story' } }, { insert: '\n' }]);
  });

  it('reads a fragment without html or body', () => {
    let id = 0;
    const { sections } = htmlToSections('<h1>Seen from the pier</h1>Loose words', () => `f${id++}`);
    expect(sections.map((s) => [s.type, s.delta.ops[0]?.insert])).toEqual([['heading', 'Seen from the pier'], ['paragraph', 'Loose words']]);
  });

  it('leaves out the hidden preheader, tracking pixels and Outlook-only markup', () => {
    const sections = sectionsOf(
      '<div style="display:none;max-height:0">Preview words</div><span class="preheader">More preview</span><!--[if mso]><p>Outlook only</p><![endif]--><p>Body</p><img src="https://t.example/o.gif" width="1" height="1">',
    );
    expect(sections.map((s) => s.type)).toEqual(['paragraph']);
    expect(sections[0]!.delta.ops[0]!.insert).toBe('Body');
  });

  it('maps pictures with their link and alt text, buttons and dividers', () => {
    const sections = sectionsOf(
      '<a href="https://ex.example/p"><img src="https://img.example/a.png" alt="A harbour" width="300"></a><hr>' +
        '<table><tr><td bgcolor="#ff6600"><a href="https://ex.example/buy" style="color:#ffffff">Buy now</a></td></tr></table>' +
        '<table><tr><td style="border-top:1px solid #ccc"></td></tr></table>',
    );
    expect(sections.map((s) => s.type)).toEqual(['image', 'divider', 'button', 'divider']);
    expect(sections[0]!.blockModel).toMatchObject({ src: 'https://img.example/a.png', alt: 'A harbour', link: 'https://ex.example/p', width: 300 });
    expect(sections[2]!.blockModel).toMatchObject({ value: 'Buy now', link: 'https://ex.example/buy', backgroundColor: '#ff6600', color: '#ffffff' });
  });

  it('maps two simple columns to a layout and a row of profile links to a social block', () => {
    const [layout, social] = sectionsOf(
      '<table><tr><td><img src="https://img.example/b.png" alt="B"></td><td><p>Beside the picture</p></td></tr></table>' +
        '<p><a href="https://www.facebook.com/harbour"><img src="https://img.example/fb.png" alt="Facebook"></a> <a href="https://www.instagram.com/harbour"><img src="https://img.example/ig.png" alt="Instagram"></a></p>',
    );
    expect(layout).toMatchObject({ type: 'layout', layoutType: 1 });
    expect(layout!.blocks.map((b) => [b.type, b.columnWidth])).toEqual([['image', 50], ['paragraph', 50]]);
    expect(social).toMatchObject({ type: 'profile' });
    expect(social!.type === 'profile' && social!.blockModel.models.map((m) => [m.name, m.url])).toEqual([
      ['facebook', 'https://www.facebook.com/harbour'],
      ['instagram', 'https://www.instagram.com/harbour'],
    ]);
  });

  it('keeps a data table as an HTML block and lists as list lines', () => {
    const sections = sectionsOf(
      '<table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>2</td></tr></table><ul><li>One</li><li>Two</li></ul>',
    );
    expect(sections.map((s) => s.type)).toEqual(['html', 'paragraph']);
    expect(sections[0]!.type === 'html' && sections[0]!.blockModel).toMatchObject({ isValid: true });
    expect(sections[0]!.type === 'html' && sections[0]!.blockModel.html).toContain('<th>Item</th>');
    const unsafe = sectionsOf('<table><tr><th onclick="steal()">Item</th><th>Price</th></tr><tr><td>Tea</td><td><a href="javascript:alert(1)">2</a></td></tr></table>')[0]!;
    expect(unsafe.type === 'html' && unsafe.blockModel).toMatchObject({ isValid: true });
    expect(unsafe.type === 'html' && unsafe.blockModel.html).not.toMatch(/onclick|javascript:/);
    expect(sections[1]!.delta.ops).toEqual([
      { insert: 'One' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'Two' },
      { insert: '\n', attributes: { list: 'bullet' } },
    ]);
    expect(importSummary(importCounts(sections))).toBe('2 blocks, 1 kept as HTML');
    expect(importSummary(importCounts(sections.slice(1), 3))).toBe('1 block, none kept as HTML, 3 images still loaded from the original address');
  });
});

describe('withLetterDefaults', () => {
  it('fills what a letter JSON lacks and keeps what it has', () => {
    const base = { title: '', subtitle: 'base', settings: { a: 1, nested: { b: 2, c: 3 } }, blocks: '[]' } as never;
    const raw = { title: 'Mine', settings: { nested: { b: 5 } }, blocks: [{ type: 'divider' }, { type: 'no-such-block' }] };
    const filled = withLetterDefaults(raw, base, () => 'new-id') as Record<string, unknown>;
    expect(filled).toMatchObject({ title: 'Mine', subtitle: 'base', settings: { a: 1, nested: { b: 5, c: 3 } } });
    const [divider, unknown] = filled.blocks as Record<string, unknown>[];
    expect(divider).toMatchObject({ uniqueId: 'new-id', type: 'divider', columnWidth: 100, blocks: [], blockModel: { style: 'solid' } });
    expect(unknown).toEqual({ type: 'no-such-block' });
  });
});
