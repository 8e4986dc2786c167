import { describe, expect, it } from 'vitest';
import { promotionReviewNote } from './promotion-review-note';

const review = (kind: string, message: string) => ({ id: 1, kind, message, createdAt: '2026-11-27T10:00:00.000Z' });

describe('promotionReviewNote', () => {
  it('gives the review and its message', () => {
    expect(promotionReviewNote(review('approve', 'Looks good'))).toBe('Approved: Looks good');
    expect(promotionReviewNote(review('request-changes', 'Shorter headline'))).toBe('Changes requested: Shorter headline');
  });

  it("leaves out an empty 'Approved:' and keeps a bare request for changes", () => {
    expect(promotionReviewNote(review('approve', ''))).toBeNull();
    expect(promotionReviewNote(review('approve', '  '))).toBeNull();
    expect(promotionReviewNote(review('request-changes', ''))).toBe('Changes requested');
    expect(promotionReviewNote(undefined)).toBeNull();
  });
});
