import { describe, expect, it } from 'vitest';
import { promotionMergeTag } from './blocks/promotion';
import { fillPromotionSlots } from './promotion-fill';

const promotion = (zone: number | null, adTypeId: number | null, headline: string) => ({
  zone,
  adTypeId,
  heading: '',
  headline,
  content: 'Line one\nline <two>',
  image: 'javascript:alert(1)',
  promoterImage: '',
  imageAlternativeText: '',
  promoterImageAlternativeText: '',
  callToAction: 'Book',
  callToActionUrl: 'https://boats.example/book?a=1&b=2',
  promoterDisplayName: 'Boats',
});

describe('filling promotion slots', () => {
  it('fills each zone with its first promotion, escaped, and empties slots without one', () => {
    const html = ['heading', 'copy', 'image', 'callToActionUrl'].map((part) => promotionMergeTag('zone1', part as 'heading')).join('|') + `|${promotionMergeTag('zone2', 'heading')}|${promotionMergeTag('adType7', 'heading')}`;
    const filled = fillPromotionSlots(html, [promotion(1, null, 'Sail & ride'), promotion(1, null, 'Second'), promotion(null, 7, 'Ferry')]);
    expect(filled).toBe('Sail &amp; ride|Line one<br />line &lt;two&gt;||https://boats.example/book?a=1&amp;b=2||Ferry');
  });
  it('leaves other merge tags alone', () => {
    expect(fillPromotionSlots("{{ first_name | capitalize or 'friend' }}", [])).toBe("{{ first_name | capitalize or 'friend' }}");
  });
});
