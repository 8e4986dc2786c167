import { describe, expect, it } from 'vitest';
import { isTemplateStatus, LETTER_STATUS_FILTERS, PUBLICATION_STATUS_VALUES, PublicationStatus, TEMPLATE_STATUSES } from './publication';

// The lists' status filters: templates live in their own list, newsletters in the others.

describe('letter status filters', () => {
  it('gives templates every template state, both readings of template draft included', () => {
    expect([...LETTER_STATUS_FILTERS.templates.statuses].sort((a, b) => a - b)).toEqual([3, 8, 9, 10]);
    expect(TEMPLATE_STATUSES.every(isTemplateStatus)).toBe(true);
    expect(isTemplateStatus(PublicationStatus.draft)).toBe(false);
  });

  it('keeps templates out of every newsletter filter', () => {
    for (const [name, filter] of Object.entries(LETTER_STATUS_FILTERS)) {
      if (name === 'templates') continue;
      expect(filter.statuses.filter(isTemplateStatus), name).toEqual([]);
    }
  });

  it('reads Any status as every newsletter state, and never the filter-only "any"', () => {
    const newsletterStates = PUBLICATION_STATUS_VALUES.filter((s) => !isTemplateStatus(s) && s !== PublicationStatus.any);
    expect([...LETTER_STATUS_FILTERS.any.statuses].sort((a, b) => a - b)).toEqual([...newsletterStates].sort((a, b) => a - b));
    expect(LETTER_STATUS_FILTERS.any.statuses).not.toContain(PublicationStatus.any);
  });
});
