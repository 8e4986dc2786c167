import { describe, expect, it } from 'vitest';
import { YOUTUBE_LINK_MESSAGE, checkYoutubeLink, youtubeThumbnailUrl, youtubeVideoId } from './youtube';

const ID = 'dQw4w9WgXcQ';

describe('youtubeVideoId', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?feature=share&v=${ID}&t=10`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?si=x`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}`,
    `http://youtu.be/${ID}?t=42`,
  ])('reads the id of %s', (link) => {
    expect(youtubeVideoId(link)).toBe(ID);
  });

  it.each([
    '',
    'https://vimeo.com/123456',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}X`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtu.be.evil.com/${ID}`,
  ])('finds no video in %j', (link) => {
    expect(youtubeVideoId(link)).toBeNull();
  });
});

describe('checkYoutubeLink', () => {
  it('accepts a video link, adding https:// where it has no scheme', () => {
    expect(checkYoutubeLink(` https://youtu.be/${ID} `)).toEqual({ ok: true, value: `https://youtu.be/${ID}` });
    expect(checkYoutubeLink(`youtube.com/watch?v=${ID}`)).toEqual({ ok: true, value: `https://youtube.com/watch?v=${ID}` });
    expect(checkYoutubeLink(`http://youtu.be/${ID}`)).toEqual({ ok: true, value: `https://youtu.be/${ID}` });
    expect(checkYoutubeLink('')).toEqual({ ok: true, value: '' });
  });

  it('refuses anything else with the spec message', () => {
    expect(checkYoutubeLink('https://vimeo.com/1')).toEqual({ ok: false, message: YOUTUBE_LINK_MESSAGE });
    expect(YOUTUBE_LINK_MESSAGE).toBe('please enter a valid Youtube url.');
  });

  it('takes the thumbnail from the video id', () => {
    expect(youtubeThumbnailUrl(ID)).toBe(`https://img.youtube.com/vi/${ID}/hqdefault.jpg`);
  });
});
