import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketUrl } from './blocks/events';
import { isPlatformAddress, letterUtmRows, resolveUtmParams, utmLinkFor, withUtmParams } from './utm-links';
import type { UtmParam } from './utm-links';

const PLATFORM = 'https://letters.example.com';
const WEEKLY: UtmParam[] = [
  ['utm_source', 'weekly'],
  ['utm_campaign', 'issue 7/ü&x'],
];

describe('the rows a letter applies', () => {
  it('are none with UTM tracking off, and trimmed rows with a key and a value otherwise', () => {
    const utms = [
      { key: ' utm_source ', value: ' weekly ' },
      { key: '', value: 'x' },
      { key: 'utm_medium', value: '  ' },
    ];
    expect(letterUtmRows({ utmEnabled: false, utms })).toEqual([]);
    expect(letterUtmRows({ utmEnabled: true, utms })).toEqual([{ key: 'utm_source', value: 'weekly' }]);
  });

  it('resolve per reader, leaving out values that resolve to nothing and repeated keys', () => {
    const rows = [
      { key: 'utm_source', value: 'weekly' },
      { key: 'utm_content', value: '{{ first_name }}' },
      { key: 'utm_term', value: '{{ last_name }}' },
      { key: 'UTM_SOURCE', value: 'again' },
    ];
    const resolve = (value: string) => value.replace('{{ first_name }}', 'Ada').replace('{{ last_name }}', '');
    expect(resolveUtmParams(rows, resolve)).toEqual([
      ['utm_source', 'weekly'],
      ['utm_content', 'Ada'],
    ]);
  });
});

describe('a link with UTM parameters', () => {
  it('gets them after its own query, encoded, before its fragment', () => {
    expect(withUtmParams('https://example.com/a', WEEKLY)).toBe(
      'https://example.com/a?utm_source=weekly&utm_campaign=issue%207%2F%C3%BC%26x',
    );
    expect(withUtmParams('https://example.com/a?x=1&y=2#top', [['utm_source', 'weekly']])).toBe(
      'https://example.com/a?x=1&y=2&utm_source=weekly#top',
    );
    expect(withUtmParams('https://example.com/a?', [['utm_source', 'weekly']])).toBe('https://example.com/a?utm_source=weekly');
    expect(withUtmParams('https://example.com/a?x=1&', [['utm_source', 'weekly']])).toBe('https://example.com/a?x=1&utm_source=weekly');
  });

  it('keeps a utm key the link already has (any case) and adds the rest', () => {
    expect(withUtmParams('https://example.com/?UTM_Source=site&q=1', WEEKLY)).toBe(
      'https://example.com/?UTM_Source=site&q=1&utm_campaign=issue%207%2F%C3%BC%26x',
    );
  });

  it('leaves anything not http(s) alone', () => {
    for (const url of ['mailto:a@example.com', 'tel:+100', '#top', '/relative', '{{unsubscribeUrl}}']) {
      expect(withUtmParams(url, WEEKLY)).toBe(url);
    }
  });

  it('gives the platform’s own pages none', () => {
    expect(isPlatformAddress(`${PLATFORM}/unsubscribe/weekly/x`, PLATFORM)).toBe(true);
    expect(isPlatformAddress(PLATFORM, `${PLATFORM}/`)).toBe(true);
    expect(isPlatformAddress(`${PLATFORM}.evil.example/x`, PLATFORM)).toBe(false);
    expect(utmLinkFor(`${PLATFORM}/opt-out/weekly/x`, WEEKLY, PLATFORM)).toBe(`${PLATFORM}/opt-out/weekly/x`);
    expect(utmLinkFor('https://example.com/', WEEKLY, PLATFORM)).toContain('utm_source=weekly');
  });

  it('keeps an event ticket link’s source and medium whatever the letter’s rows say (spec 1 §9)', () => {
    const ticket = ticketUrl('https://tickets.example.com/e/1?utm_source=site');
    const sent = withUtmParams(ticket, [
      ['utm_source', 'weekly'],
      ['utm_medium', 'newsletter-email'],
      ['utm_campaign', 'march'],
    ]);
    const params = new URL(sent).searchParams;
    expect(params.get('utm_source')).toBe('newsletter');
    expect(params.get('utm_medium')).toBe('email');
    expect(params.get('utm_campaign')).toBe('march');
  });
});

describe('properties', () => {
  const key = fc.stringMatching(/^[a-z_]{1,12}$/);
  const params = fc.uniqueArray(fc.tuple(key, fc.string({ minLength: 1 })), { selector: ([k]) => k, maxLength: 5 });
  const query = fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z0-9]{0,6}$/)), { maxLength: 4 });
  const url = fc
    .tuple(fc.constantFrom('http', 'https'), fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z/]{0,10}$/), query, fc.boolean())
    .map(([scheme, host, path, pairs, hash]) => {
      const q = pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
      return `${scheme}://${host}.example/${path}${q}${hash ? '#frag' : ''}`;
    });

  it('keep the link’s own query as written, and carry every new key with its exact value', () => {
    fc.assert(
      fc.property(url, params, (link, added) => {
        const result = withUtmParams(link, added);
        const parsed = new URL(result);
        const own = new URL(link);
        for (const [k, v] of own.searchParams) expect(parsed.searchParams.getAll(k)).toContain(v);
        for (const [k, v] of added) {
          if (!own.searchParams.has(k)) expect(parsed.searchParams.get(k)).toBe(v);
        }
        expect(parsed.hash).toBe(own.hash);
        expect(result.startsWith(link.split('#')[0]!)).toBe(true);
      }),
    );
  });

  it('are idempotent: a second pass adds nothing', () => {
    fc.assert(
      fc.property(url, params, (link, added) => {
        const once = withUtmParams(link, added);
        expect(withUtmParams(once, added)).toBe(once);
      }),
    );
  });
});
