import { describe, expect, it } from 'vitest';
import { shortUrl } from './short-url';

describe('shortUrl', () => {
  it('leaves out the scheme, a leading www and a final slash', () => {
    expect(shortUrl('https://www.example.com/')).toBe('example.com');
    expect(shortUrl('http://example.com/story')).toBe('example.com/story');
  });

  it('drops a long query first, then the middle of the path, then cuts', () => {
    expect(shortUrl('https://example.com/story?utm_source=newsletter&utm_medium=email&utm_campaign=week-48')).toBe('example.com/story?…');
    expect(shortUrl('https://example.com/news/2026/11/27/harbour/the-new-pier-opens-on-saturday?x=1')).toBe('example.com/…/the-new-pier-opens-on-saturday');
    const cut = shortUrl(`https://example.com/${'a'.repeat(80)}`);
    expect(cut).toHaveLength(48);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('keeps a short address whole', () => {
    expect(shortUrl('mailto:editor@example.com')).toBe('mailto:editor@example.com');
  });
});
