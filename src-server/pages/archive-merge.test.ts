import { describe, expect, it } from 'vitest';
import type { Letter } from '../../shared/model/letter';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { archiveLookup } from './archive-merge';

// The web archive's merge tags: what a reader with no name and no fields reads.

const letter = { id: 7, uniqueId: 'L-7', title: 'Tides', subtitle: 'Weekly', publicationDate: null, openGraphHeadline: '', openGraphDescription: '' } as unknown as Letter;
const fill = (text: string, language?: 'en' | 'sp') => fillMergeTags(text, archiveLookup(letter, 'The Weekly', language), 'text');

describe('merge tags on the archive page', () => {
  it('never leaves a blank: each subscriber field without a default reads as a neutral word, a custom field as its name', () => {
    expect(fill('We are sending this to {{ email }}; you joined as a reader {{ signup_date }}.')).toBe(
      'We are sending this to your email address; you joined as a reader [signup date].',
    );
    expect(fill('Hello {{ first_name | capitalize }} {{ last_name }},')).toBe('Hello reader ,');
    expect(fill('Your plan: {{ membershipLevel }}')).toBe('Your plan: [membership level]');
  });

  it("prefers the tag's own default, and fills the letter's own fields", () => {
    expect(fill("Hello {{ first_name | capitalize or 'friend' }}, {{ plan | downcase or 'free' }} plan")).toBe('Hello friend, free plan');
    expect(fill('Issue {{ letter.id }} of {{ letter.channelName }}: {{ letter.title }}')).toBe('Issue 7 of The Weekly: Tides');
  });

  it("speaks the channel's language", () => {
    expect(fill('Hola {{ first_name }}, te escribimos a {{ email }}.', 'sp')).toBe('Hola lector, te escribimos a tu correo electrónico.');
  });

  it('leaves promotion slots empty', () => {
    expect(fill('[{{ promotion.zone3.heading }}]')).toBe('[]');
    expect(fillMergeTags('<p>To {{ email }}</p>', archiveLookup(letter, 'The Weekly'), 'html')).toBe('<p>To your email address</p>');
  });
});
