import { describe, expect, it } from 'vitest';
import { PublicationStatus } from '../model/publication';
import { hasReport, reportToggleLabel } from './report-view';

describe('the report view', () => {
  it('is there for published and sending letters only', () => {
    const S = PublicationStatus;
    expect([S.published, S.publishing, S.sending, S.sending25, S.sending50, S.sending75].every(hasReport)).toBe(true);
    expect([S.draft, S.scheduled, S.schedule, S.review, S.template, S.templateConfigured].some(hasReport)).toBe(false);
  });

  it('toggles between View newsletter and View metrics', () => {
    expect(reportToggleLabel(true)).toBe('View newsletter');
    expect(reportToggleLabel(false)).toBe('View metrics');
  });
});
