import { describe, expect, it } from 'vitest';
import { curationTypesOfBlock, isWordPressFeedUrl, typeFilterOf } from './curation-types';

describe('curation types', () => {
  it('reads WordPress feed addresses and nothing else as WordPress', () => {
    for (const url of ['https://a.example/feed/', 'https://a.example/blog/feed', 'https://a.example/feed/atom/', 'https://a.example/?feed=rss2', 'https://a.example/wp-json/wp/v2/posts?per_page=5', 'https://a.example/FEED/RSS2/']) {
      expect(isWordPressFeedUrl(url), url).toBe(true);
    }
    for (const url of ['https://a.example/rss.xml', 'https://a.example/feeds/all.atom', 'https://a.example/feed.json', 'https://feed.example/news.xml', 'https://a.example/feedback/']) {
      expect(isWordPressFeedUrl(url), url).toBe(false);
    }
  });

  it('gives each block its kind, and reads a type list', () => {
    expect([curationTypesOfBlock('curation'), curationTypesOfBlock('newrss'), curationTypesOfBlock('wordpress')]).toEqual([[], [4], [3]]);
    expect([typeFilterOf([]), typeFilterOf([0, 3]), typeFilterOf([3]), typeFilterOf([3, 4])]).toEqual([
      null,
      null,
      { wordpress: true, newrss: false },
      { wordpress: true, newrss: true },
    ]);
  });
});
