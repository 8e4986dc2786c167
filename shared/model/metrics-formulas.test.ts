import { describe, expect, it } from 'vitest';
import type { EditionMetrics } from '../contract/platform-metrics';
import { clickRate, clickThroughRate, deliveryRate, formatRate, openRate } from './metrics-formulas';

const metrics = (overrides: Partial<EditionMetrics> = {}): EditionMetrics => ({
  sent: 0,
  accepted: 0,
  bounced: 0,
  delivered: 0,
  opensUnique: 0,
  opensUniqueConfirmed: 0,
  clicksUnique: 0,
  unsubscribed: 0,
  ...overrides,
});

const sample = metrics({ sent: 3, accepted: 2, bounced: 1, delivered: 2, opensUnique: 2, opensUniqueConfirmed: 1, clicksUnique: 1 });

describe('metrics formulas (spec 1 §9)', () => {
  it('delivery rate is delivered over sent, one decimal', () => {
    expect(deliveryRate(sample)).toBe(66.7);
  });

  it('open rate counts confirmed opens over accepted for the platform’s own delivery (esp 0)', () => {
    expect(openRate(sample, 0)).toBe(50);
  });

  it('open rate counts every unique open over sent for an outside provider (esp above 0)', () => {
    expect(openRate(sample, 1)).toBe(66.7);
  });

  it('click rate is unique clicks over sent; click-through is unique clicks over unique opens', () => {
    expect(clickRate(sample)).toBe(33.3);
    expect(clickThroughRate(sample)).toBe(50);
  });

  it('rounds half up to one decimal', () => {
    expect(clickRate(metrics({ sent: 8, clicksUnique: 1 }))).toBe(12.5);
    expect(deliveryRate(metrics({ sent: 2000, delivered: 1999 }))).toBe(100);
    expect(deliveryRate(metrics({ sent: 1000, delivered: 999 }))).toBe(99.9);
  });

  it('has no rate when the divisor is 0', () => {
    const none = metrics();
    expect([deliveryRate(none), openRate(none, 0), openRate(none, 1), clickRate(none), clickThroughRate(none)]).toEqual([null, null, null, null, null]);
  });

  it('formats a rate with one decimal and no rate as a dash', () => {
    expect(formatRate(12.3)).toBe('12.3%');
    expect(formatRate(50)).toBe('50.0%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });
});
