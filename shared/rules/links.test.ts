import { describe, expect, it } from 'vitest';
import {
  BUTTON_LINK_MESSAGE,
  IMAGE_LINK_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  LINK_TAG_PLACE_MESSAGE,
  checkButtonLink,
  checkImageLink,
  linkFieldText,
  linkTypeOf,
} from './links';

const host = 'https://example.com/';
/** An https link exactly `length` characters long. */
const linkOf = (length: number) => host + 'a'.repeat(length - host.length);

describe('checkImageLink', () => {
  it.each([
    ['', ''],
    ['  ', ''],
    ['https://example.com', 'https://example.com'],
    ['  https://example.com/a?b=c#d  ', 'https://example.com/a?b=c#d'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    [linkOf(1000), linkOf(1000)],
  ])('accepts %j', (input, value) => {
    expect(checkImageLink(input)).toEqual({ ok: true, value });
  });

  it.each([
    'http://example.com',
    'example.com',
    'https://',
    'https:// example.com',
    'https://exa mple.com',
    'ftp://example.com',
    'mailto:a@b.co',
    linkOf(1001),
  ])('refuses %j with the spec message', (input) => {
    expect(checkImageLink(input)).toEqual({ ok: false, message: IMAGE_LINK_MESSAGE });
  });

  it('says the exact words of spec 2 §5', () => {
    expect(IMAGE_LINK_MESSAGE).toBe('The URL must start with https:// and have no more than 1000 characters.');
  });
});

describe('links with merge tags (the secure template URL)', () => {
  it('accepts whole merge tags as query values, in image and button links', () => {
    const link = 'https://shop.example/offer?name={{ first_name | capitalize or "friend" }}&id={{uniqueId}}';
    expect(checkImageLink(link)).toEqual({ ok: true, value: link });
    expect(checkButtonLink(` ${link} `, 'web')).toEqual({ ok: true, value: link });
  });

  it("refuses a tag outside the query or half written, and a tag against the grammar with the grammar's words", () => {
    expect(checkImageLink('https://{{ site }}/offer')).toEqual({ ok: false, message: LINK_TAG_PLACE_MESSAGE });
    expect(checkImageLink('https://shop.example/{{ first_name }}')).toEqual({ ok: false, message: LINK_TAG_PLACE_MESSAGE });
    expect(checkImageLink('https://shop.example/?name={{ first_name')).toEqual({ ok: false, message: LINK_TAG_PLACE_MESSAGE });
    const refused = checkImageLink("https://shop.example/?name={{ first_name or 'x' }}");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message.startsWith("{{ first_name or 'x' }}: ")).toBe(true);
    // Spaces stay refused outside a tag.
    expect(checkImageLink('https://shop.example/?a=b c')).toEqual({ ok: false, message: IMAGE_LINK_MESSAGE });
  });
});

describe('checkButtonLink', () => {
  it.each<[string, 'web' | 'email', string]>([
    ['https://example.com', 'web', 'https://example.com'],
    [linkOf(300), 'web', linkOf(300)],
    ['mailto:https://example.com', 'web', 'https://example.com'],
    ['', 'web', ''],
    ['editor@example.com', 'email', 'mailto:editor@example.com'],
    ['mailto:editor@example.com', 'email', 'mailto:editor@example.com'],
    [' first.last+tag@mail.example.co.uk ', 'email', 'mailto:first.last+tag@mail.example.co.uk'],
    ['', 'email', ''],
  ])('accepts %j as %s', (input, type, value) => {
    expect(checkButtonLink(input, type)).toEqual({ ok: true, value });
  });

  it.each([['http://example.com'], [linkOf(301)], ['www.example.com'], ['editor@example.com']])('refuses web link %j', (input) => {
    expect(checkButtonLink(input, 'web')).toEqual({ ok: false, message: BUTTON_LINK_MESSAGE });
  });

  it.each([['editor'], ['editor@'], ['@example.com'], ['editor@example'], ['a b@example.com'], ['a@b@example.com'], ['https://example.com']])(
    'refuses email %j',
    (input) => {
      expect(checkButtonLink(input, 'email')).toEqual({ ok: false, message: INVALID_EMAIL_MESSAGE });
    },
  );

  it('says the exact words of spec 2 §5', () => {
    expect(BUTTON_LINK_MESSAGE).toBe('The URL must start with https:// and have no more than 300 characters.');
    expect(INVALID_EMAIL_MESSAGE).toBe('Invalid email address.');
  });
});

describe('link type', () => {
  it.each([
    ['mailto:a@b.co', 'email'],
    ['MAILTO:a@b.co', 'email'],
    ['https://example.com', 'web'],
    ['', 'web'],
  ])('%j is a %s link', (link, type) => {
    expect(linkTypeOf(link)).toBe(type);
  });

  it('shows an email link without its prefix', () => {
    expect(linkFieldText('mailto:a@b.co')).toBe('a@b.co');
    expect(linkFieldText('https://example.com')).toBe('https://example.com');
  });
});
