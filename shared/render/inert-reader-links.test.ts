import { describe, expect, it } from 'vitest';
import { isReaderPageLink, withInertReaderLinks } from './inert-reader-links';

// 'Preview as' shows a reader's own links as fragments: the unsubscribe, opt-out and poll
// pages of this platform only, each address kept whole (entities and all) after the '#'.

const PLATFORM = 'https://letters.example.org';

describe('inert reader links', () => {
  it('writes the platform’s reader pages as fragments and leaves every other link as it is', () => {
    const html = [
      `<a href="${PLATFORM}/unsubscribe/weekly/u-1?l=7&amp;s=abc">Unsubscribe</a>`,
      `<a class="x" href='${PLATFORM}/opt-out/weekly/u-1?l=7&amp;s=def'>Opt out</a>`,
      `<a href="${PLATFORM}/polls/3/respond?option=2&amp;s=ghi">Yes</a>`,
      `<a href="${PLATFORM}/p/weekly/letter">View in browser</a>`,
      `<a href="https://elsewhere.example/unsubscribe/weekly/u-1">Not ours</a>`,
      `<img src="${PLATFORM}/unsubscribe/weekly/u-1">`,
    ].join('');
    expect(withInertReaderLinks(html, PLATFORM)).toBe(
      [
        `<a href="#${PLATFORM}/unsubscribe/weekly/u-1?l=7&amp;s=abc">Unsubscribe</a>`,
        `<a class="x" href='#${PLATFORM}/opt-out/weekly/u-1?l=7&amp;s=def'>Opt out</a>`,
        `<a href="#${PLATFORM}/polls/3/respond?option=2&amp;s=ghi">Yes</a>`,
        `<a href="${PLATFORM}/p/weekly/letter">View in browser</a>`,
        `<a href="https://elsewhere.example/unsubscribe/weekly/u-1">Not ours</a>`,
        `<img src="${PLATFORM}/unsubscribe/weekly/u-1">`,
      ].join(''),
    );
  });

  it('knows a reader page only on this platform', () => {
    expect(isReaderPageLink(`${PLATFORM}/polls/1/respond`, PLATFORM)).toBe(true);
    expect(isReaderPageLink(`${PLATFORM}/pollsters`, PLATFORM)).toBe(false);
    expect(isReaderPageLink(`https://letters.example.org.evil.test/unsubscribe/x/y`, PLATFORM)).toBe(false);
  });
});
