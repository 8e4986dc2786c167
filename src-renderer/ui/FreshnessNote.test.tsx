import { describe, expect, it } from 'vitest';
import { freshnessText } from './FreshnessNote';

describe('how old a report is', () => {
  const now = new Date('2026-11-24T15:00:00.000Z');

  it("reads 'Updated 3 hours ago' online", () => {
    expect(freshnessText('2026-11-24T12:00:00.000Z', false, now)).toBe('Updated 3 hours ago');
  });

  it('names the day and time of the copy shown offline', () => {
    expect(freshnessText('2026-11-24T12:00:00.000Z', true, now)).toMatch(/^Offline — showing the report from Nov 24, 2026 \d{1,2}:00 (AM|PM) \S+$/);
  });

  it('says when there is no copy to show offline', () => {
    expect(freshnessText(null, true, now)).toBe('Offline — this report has not been opened on this computer yet');
  });
});
