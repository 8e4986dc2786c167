import { describe, expect, it } from 'vitest';
import { BlogFeedLayout } from '../model/enums';
import { clampFeedCount, clampFeedOffset, rssDelta, rssLayoutChoices } from './rss-items';

const item = (n: number) => ({ title: `Item ${n}`, link: `https://feed.example/${n}`, excerpt: `Short ${n}`, content: `Long ${n}\nMore ${n}`, image: '' });

describe('the legacy RSS block', () => {
  it('clamps count to 1–10 and skip to at least 0', () => {
    expect([clampFeedCount(0), clampFeedCount(11), clampFeedCount(4)]).toEqual([1, 10, 4]);
    expect([clampFeedOffset(-2), clampFeedOffset(3)]).toEqual([0, 3]);
  });

  it('offers full content only without a link', () => {
    expect(rssLayoutChoices({ link: '' }).map((c) => c.value)).toContain(BlogFeedLayout.fullContent);
    expect(rssLayoutChoices({ link: 'https://feed.example/rss' }).map((c) => c.value)).not.toContain(BlogFeedLayout.fullContent);
  });

  it('writes the chosen items as linked headings with their excerpt or whole content', () => {
    const items = [item(1), item(2), item(3)];
    expect(rssDelta(items, { count: 1, offset: 1, layoutType: BlogFeedLayout.headingAndExcerpt }).ops).toEqual([
      { insert: 'Item 2', attributes: { bold: true, link: 'https://feed.example/2' } },
      { insert: '\n' },
      { insert: 'Short 2\n' },
    ]);
    const full = rssDelta(items, { count: 1, offset: 0, layoutType: BlogFeedLayout.fullContent }).ops.map((op) => op.insert);
    expect(full).toEqual(['Item 1', '\n', 'Long 1\n', 'More 1\n']);
  });
});
