import { describe, expect, it } from 'vitest';
import { newsDelta, newsFilterState, newsSearchMode, newsSourceIds } from './news-search';

describe('news filters', () => {
  it('lets a category and sources exclude each other', () => {
    expect(newsFilterState({ keyword: 'x', category: 'business', sources: '' }, false)).toEqual({ categoryDisabled: false, sourcesDisabled: true, loadDisabled: false });
    expect(newsFilterState({ keyword: '', category: 'All', sources: 'bbc-news, ' }, false)).toEqual({ categoryDisabled: true, sourcesDisabled: false, loadDisabled: false });
  });

  it('disables Load while loading, or with no keyword and no source', () => {
    expect(newsFilterState({ keyword: '  ', category: 'business', sources: '' }, false).loadDisabled).toBe(true);
    expect(newsFilterState({ keyword: 'harbour', category: 'All', sources: '' }, true).loadDisabled).toBe(true);
  });

  it('reads source ids and picks the search', () => {
    expect(newsSourceIds(' a, ,b ')).toEqual(['a', 'b']);
    expect(newsSearchMode({ category: 'All' })).toBe('everything');
    expect(newsSearchMode({ category: 'sports' })).toBe('top-headlines');
  });
});

describe('newsDelta', () => {
  it('writes each article as a linked bold title, source, description and Read more', () => {
    const delta = newsDelta([
      { title: 'Harbour reopens', description: 'After the storm.', url: 'https://n.example/1', image: null, author: 'Ann', publishedAt: null, sourceName: 'Tide' },
    ]);
    expect(delta.ops).toEqual([
      { insert: 'Harbour reopens', attributes: { bold: true, link: 'https://n.example/1' } },
      { insert: '\n' },
      { insert: 'Tide · By Ann', attributes: { italic: true } },
      { insert: '\n' },
      { insert: 'After the storm.' },
      { insert: '\n' },
      { insert: 'Read more', attributes: { link: 'https://n.example/1' } },
      { insert: '\n' },
    ]);
  });
});
