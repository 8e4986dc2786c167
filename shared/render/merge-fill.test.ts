import { describe, expect, it } from 'vitest';
import { combineLookups, fillMergeTags } from './merge-fill';
import type { MergeLookup } from './merge-fill';
import { promotionLookup, subscriberLookup, testSubscriberLookup } from './merge-values';
import { PreviewPromotionSchema } from '../contract/platform-delivery';
import type { Letter } from '../model/letter';

const values: Record<string, string> = { first_name: 'ada', empty: '', uniqueId: 'sub-1', company: 'R&D <Labs>' };
const lookup: MergeLookup = (name) => values[name];

describe('fillMergeTags', () => {
  it('fills known names, with filters, and the default only when the value is empty', () => {
    expect(fillMergeTags('Hi {{first_name}}!', lookup, 'text')).toBe('Hi ada!');
    expect(fillMergeTags("Hi {{ first_name | capitalize or 'friend' }}!", lookup, 'text')).toBe('Hi Ada!');
    expect(fillMergeTags('{{ first_name | upcase | mystery }}', lookup, 'text')).toBe('ADA');
    expect(fillMergeTags(`{{ empty | capitalize or "dear reader" }}`, lookup, 'text')).toBe('dear reader');
    expect(fillMergeTags('[{{ empty }}]', lookup, 'text')).toBe('[]');
  });

  it('reads tags the renderer escaped, and escapes what it puts into HTML', () => {
    expect(fillMergeTags('<p>{{ empty | capitalize or &#39;friend&#39; }}</p>', lookup, 'html')).toBe('<p>friend</p>');
    expect(fillMergeTags('<p>{{ empty | x or &quot;a &amp; b&quot; }}</p>', lookup, 'html')).toBe('<p>a &amp; b</p>');
    expect(fillMergeTags('<a href="/u/{{uniqueId}}">{{company}}</a>', lookup, 'html')).toBe(
      '<a href="/u/sub-1">R&amp;D &lt;Labs&gt;</a>',
    );
    expect(fillMergeTags('{{company}}', lookup, 'text')).toBe('R&D <Labs>');
  });

  it('leaves unknown names, malformed tags and triple-brace snippets as written', () => {
    const untouched = ['{{ nobody }}', '{{ first_name or "x" }}', '{{{snippet "demo"}}}', '{{ first name }}', '{ {first_name} }'];
    for (const text of untouched) expect(fillMergeTags(text, lookup, 'html')).toBe(text);
  });

  it('places { html } values as they are, and the first lookup that knows a name wins', () => {
    const html: MergeLookup = (name) => (name === 'first_name' ? { html: '<b>Bold</b>' } : undefined);
    expect(fillMergeTags('{{first_name}} {{uniqueId}}', combineLookups(html, lookup), 'html')).toBe('<b>Bold</b> sub-1');
  });
});

describe('the test subscriber', () => {
  const letter = { id: 7, uniqueId: 'L-7', title: 'Tides', subtitle: 'Weekly', publicationDate: null } as unknown as Letter;
  const test = testSubscriberLookup({ toEmail: 'me@example.com', letter, channelName: 'The Weekly' });

  it('is called Test, has the id "test" and the address the test goes to', () => {
    const text = '{{first_name}} {{last_name}} {{uniqueId}} {{email}} {{letter.title}} {{letter.id}} {{letter.channelName}}';
    expect(fillMergeTags(text, test, 'text')).toBe('Test Subscriber test me@example.com Tides 7 The Weekly');
  });

  it('has every custom field empty, so defaults show, and leaves promotions for the sending step', () => {
    expect(fillMergeTags("{{ plan | upcase or 'free' }} [{{ plan }}]", test, 'text')).toBe('free []');
    expect(fillMergeTags('{{promotion.zone1.heading}}', test, 'html')).toBe('{{promotion.zone1.heading}}');
  });
});

describe('preview promotions', () => {
  it('fill their zone and ad type, the first one for a slot winning; only web links are kept', () => {
    const promotions = [
      { zone: 1, adTypeId: 9, headline: 'From headline', callToActionUrl: 'http://ok.example', promoterImage: 'data:x' },
      { zone: 1, heading: 'Second in zone 1' },
    ].map((promotion) => PreviewPromotionSchema.parse(promotion));
    const fill = promotionLookup(promotions);
    const text = '{{promotion.zone1.heading}}|{{promotion.adType9.heading}}|{{promotion.zone1.callToActionUrl}}|{{promotion.zone1.image}}|{{promotion.zone2.heading}}';
    expect(fillMergeTags(text, fill, 'html')).toBe('From headline|From headline|http://ok.example||{{promotion.zone2.heading}}');
  });
});

describe('a real subscriber', () => {
  const letter = { id: 9, uniqueId: 'L-9', title: 'Tides', subtitle: 'Weekly', publicationDate: null } as unknown as Letter;
  const subscriber = {
    email: 'ada@example.com',
    firstName: 'ada',
    lastName: 'Lovelace',
    uniqueId: 'sub-9',
    customFields: { plan: 'pro', seats: 3, first_name: 'shadowed', nested: { a: 1 } },
  };
  const lookup = subscriberLookup({ subscriber, letter, channelName: 'The Weekly' });

  it('fills their fields, their custom fields as text, and the letter’s fields; fixed fields win', () => {
    const text = '{{ first_name | capitalize }} {{last_name}} {{uniqueId}} {{email}} {{plan}} {{seats}} {{nested}} {{letter.title}}';
    expect(fillMergeTags(text, lookup, 'text')).toBe('Ada Lovelace sub-9 ada@example.com pro 3 {"a":1} Tides');
  });

  it('reads a missing custom field as empty, so the default shows, and empties promotion tags', () => {
    expect(fillMergeTags("{{ company | strip or 'none' }}|{{promotion.zone1.heading}}|", lookup, 'html')).toBe('none||');
  });
});
