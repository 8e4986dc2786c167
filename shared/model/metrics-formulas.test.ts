import { describe, expect, it } from 'vitest';
import { clickRate, clickThroughRate, deliveryRate, formatRate, openRate, percent, type MetricCounts } from './metrics-formulas';

const counts: MetricCounts = { sent: 8, accepted: 6, delivered: 6, opensUnique: 5, opensUniqueConfirmed: 2, clicksUnique: 1 };

describe('the metric formulas of spec 1 §9', () => {
  it('rounds percentages to one decimal and has no value over 0', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(0, 5)).toBe(0);
    expect(percent(3, 0)).toBeNull();
  });

  it('delivery rate is delivered over sent', () => {
    expect(deliveryRate(counts)).toBe(75);
  });

  it('open rate is unique opens over sent for an outside provider, else confirmed unique opens over accepted', () => {
    expect(openRate(counts, 1)).toBe(62.5);
    expect(openRate(counts, 0)).toBe(33.3);
  });

  it('click rate is unique clicks over sent; click-through rate is unique clicks over unique opens', () => {
    expect(clickRate(counts)).toBe(12.5);
    expect(clickThroughRate(counts)).toBe(20);
  });

  it("formats with one decimal, and '—' for no value", () => {
    expect(formatRate(12.5)).toBe('12.5%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
    expect(formatRate(clickRate({ ...counts, sent: 0 }))).toBe('—');
  });
});
