import { describe, expect, it } from 'vitest';
import { contentSummary, inboxSummary, promotionsSummary, sendingSummary, triggerSummary } from './schedule-summaries';

describe('the schedule step’s summary lines', () => {
  it('names the audience and the send date on the channel’s clock, and the UTM parameters when tracking is on', () => {
    const values = { segmentId: 0, segmentName: 'All active subscribers', publicationDate: '2030-01-08 09:00:00' };
    expect(sendingSummary(values, 'America/New_York', null)).toBe('All active subscribers · Jan 08, 2030 at 9:00 am EST');
    expect(sendingSummary(values, 'America/New_York', 3)).toBe('All active subscribers · Jan 08, 2030 at 9:00 am EST · UTM: 3 parameters');
    expect(sendingSummary({ segmentId: null, segmentName: null, publicationDate: null }, 'UTC', 1)).toBe('No audience · No date · UTM: 1 parameter');
  });

  it('shows one subject, or both of an A/B test', () => {
    expect(inboxSummary('Harbour news', { hasAbTest: false, subjectB: 'x' })).toBe('Subject: Harbour news');
    expect(inboxSummary('Harbour news', { hasAbTest: true, subjectB: '' })).toBe('A/B test: Harbour news / none yet');
  });

  it('says what a trigger does, or that it is not complete', () => {
    const now = new Date('2030-01-08T12:00:00Z');
    expect(triggerSummary({ trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } }, 'UTC', now)).toBe('When someone subscribes · at once');
    expect(triggerSummary({ trigger: 'recurring', schedule: { frequency: 'weekly', time: '08:00', weekdays: [1] } }, 'America/New_York', now)).toBe(
      'Every Monday at 08:00 EST',
    );
    expect(triggerSummary(null, 'UTC', now)).toBe('Not complete');
  });

  it('counts ads and reads the content check', () => {
    const ad = { id: 1, zone: 1, dateStart: '2030-01-08' };
    expect(promotionsSummary(undefined, null)).toBe('Choose the date and time first');
    expect(promotionsSummary(undefined, '2030-01-08 09:00:00')).toBe('Every ad of the send day');
    expect(promotionsSummary({ date: '2030-01-08', ads: [ad] }, '2030-01-08 09:00:00')).toBe('1 ad chosen');
    expect(promotionsSummary({ date: '2030-01-08', ads: [] }, '2030-01-08 09:00:00')).toBe('No ads chosen');
    // A choice made for another day is not this day's.
    expect(promotionsSummary({ date: '2030-01-07', ads: [] }, '2030-01-08 09:00:00')).toBe('Every ad of the send day');
    expect(contentSummary(undefined, undefined, true)).toBe('Checking…');
    expect(contentSummary({ wordCount: 20 }, { size: 7.2, weight: 'Good' }, false)).toBe('~20 words · 7.2 KB (Good)');
    // The size is the mailed email's, measured after the words: until then, the words alone.
    expect(contentSummary({ wordCount: 20 }, undefined, false)).toBe('~20 words');
  });
});
