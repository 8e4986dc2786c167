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

describe('settlePromotionSlots', () => {
  const look = { zone: 2, adTypeId: null, heading: 'Sail', headline: 'Sail', content: 'Boats.', promoterImage: '', imageAlternativeText: '', promoterImageAlternativeText: '', callToAction: 'Book', callToActionUrl: 'https://boats.example' };
  const html = [
    '<table>',
    '<!--ld-slot:zone2--><tr><td>{{promotion.zone2.heading}}<!--ld-slot:zone2:image--><img src="{{promotion.zone2.image}}" /><!--/ld-slot:zone2:image-->',
    '<!--ld-slot:zone2:promoter--><div>Promotion from {{promotion.zone2.promoterDisplayName}}</div><!--/ld-slot:zone2:promoter--></td></tr><!--/ld-slot:zone2-->',
    '<!--ld-slot:zone5--><tr><td>{{promotion.zone5.heading}}</td></tr><!--/ld-slot:zone5-->',
    '</table>',
  ].join('');

  it('keeps a promotion with an image and a promoter whole, and drops the slots the day has nothing for', () => {
    const filled = fillPromotionSlots(html, [{ ...look, image: 'https://cdn.example/sail.png', promoterDisplayName: 'Boats Ltd' }]);
    expect(filled).toBe('<table><tr><td>Sail<img src="https://cdn.example/sail.png" /><div>Promotion from Boats Ltd</div></td></tr></table>');
  });

  it('leaves out the image element of a promotion without one and the "from" line of one without a promoter', () => {
    const filled = fillPromotionSlots(html, [{ ...look, image: '', promoterDisplayName: '' }]);
    expect(filled).toBe('<table><tr><td>Sail</td></tr></table>');
  });
});
