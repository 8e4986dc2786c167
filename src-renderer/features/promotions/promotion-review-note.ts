import type { Promotion } from '../../../shared/contract/platform-promotions';

/**
 * The line under a promotion about its last review: 'Approved: Looks good', 'Changes
 * requested: …'. An approval without a message says nothing the badge does not (no empty
 * 'Approved:'); a request for changes without one still says changes were asked for.
 */
export function promotionReviewNote(last: Promotion['messages'][number] | undefined): string | null {
  if (!last) return null;
  const approved = last.kind === 'approve';
  const label = approved ? 'Approved' : 'Changes requested';
  const message = last.message.trim();
  if (message === '') return approved ? null : label;
  return `${label}: ${message}`;
}
