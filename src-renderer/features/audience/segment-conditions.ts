import {
  ENGAGEMENT_FIELD,
  isEngagementCondition,
  SUBSCRIBED_FIELD,
  TAG_FIELD,
  type SegmentCondition,
  type SegmentCriterion,
  type SegmentOperator,
} from '../../../shared/contract/platform-audience';

// The criteria builder's words and defaults: each operator as a phrase, what a new
// condition on a field starts as, and whether criteria make an engagement segment.

export const OPERATOR_LABELS: Record<SegmentOperator, string> = {
  has_tag: 'has tag',
  lacks_tag: 'lacks tag',
  is: 'is',
  is_not: 'is not',
  contains: 'contains',
  opened_within: 'opened a letter in the last … days',
  clicked_within: 'clicked in a letter in the last … days',
  not_opened_within: 'did not open a letter in the last … days',
  before: 'before',
  after: 'after',
};

export type ValueKind = 'tag' | 'days' | 'date' | 'text';

export function valueKind(field: string): ValueKind {
  if (field === TAG_FIELD) return 'tag';
  if (field === ENGAGEMENT_FIELD) return 'days';
  if (field === SUBSCRIBED_FIELD) return 'date';
  return 'text';
}

/** A new condition on a field: its first operator and a value that fits it. */
export function conditionFor(criterion: SegmentCriterion, previous?: SegmentCondition): SegmentCondition {
  const op = previous && criterion.operators.includes(previous.op) ? previous.op : (criterion.operators[0] ?? 'is');
  const kind = valueKind(criterion.field);
  const keep = previous && valueKind(previous.field) === kind;
  return { field: criterion.field, op, value: keep ? previous.value : kind === 'days' ? '30' : '' };
}

export function usesEngagement(conditions: readonly { field: string }[]): boolean {
  return conditions.some(isEngagementCondition);
}
