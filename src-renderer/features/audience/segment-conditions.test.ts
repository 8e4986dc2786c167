import { describe, expect, it } from 'vitest';
import type { SegmentCriterion } from '../../../shared/contract/platform-audience';
import { conditionFor, usesEngagement, valueKind } from './segment-conditions';

const tags: SegmentCriterion = { attribute: 'tags', field: 'tag', label: 'Tag', kind: 'tag', operators: ['has_tag', 'lacks_tag'], values: ['vip'] };
const engagement: SegmentCriterion = { attribute: 'engagement', field: 'engagement', label: 'Engagement', kind: 'engagement', operators: ['opened_within', 'clicked_within', 'not_opened_within'], values: [] };
const city: SegmentCriterion = { attribute: 'city', field: 'city', label: 'city', kind: 'custom', operators: ['is', 'is_not', 'contains'], values: [] };

describe('segment conditions', () => {
  it('starts a condition with the field’s first operator and a value of its kind', () => {
    expect(conditionFor(tags)).toEqual({ field: 'tag', op: 'has_tag', value: '' });
    expect(conditionFor(engagement)).toEqual({ field: 'engagement', op: 'opened_within', value: '30' });
  });

  it('keeps the operator and value when the new field takes them', () => {
    expect(conditionFor(city, { field: 'email', op: 'contains', value: 'example' })).toEqual({ field: 'city', op: 'contains', value: 'example' });
    expect(conditionFor(engagement, { field: 'email', op: 'contains', value: 'example' })).toEqual({ field: 'engagement', op: 'opened_within', value: '30' });
  });

  it('tells value kinds and engagement criteria apart', () => {
    expect(['tag', 'engagement', 'subscribed_at', 'email'].map(valueKind)).toEqual(['tag', 'days', 'date', 'text']);
    expect(usesEngagement([{ field: 'tag' }, { field: 'subscribed_at' }])).toBe(true);
    expect(usesEngagement([{ field: 'tag' }, { field: 'email' }])).toBe(false);
  });
});
