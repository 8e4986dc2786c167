import { describe, expect, it } from 'vitest';
import { PublicationStatus } from '../../../shared/model/publication';
import { isOlderTemplate } from './older-template';

describe('the older template notice', () => {
  const configured = PublicationStatus.templateConfigured;

  it('is for templates configured before 2024-03-27 (UTC)', () => {
    expect(isOlderTemplate({ publicationStatus: configured, updatedAt: '2024-03-26T23:59:59.999Z' })).toBe(true);
    expect(isOlderTemplate({ publicationStatus: configured, updatedAt: '2023-01-05T10:00:00.000Z' })).toBe(true);
    expect(isOlderTemplate({ publicationStatus: configured, updatedAt: '2024-03-27T00:00:00.000Z' })).toBe(false);
    expect(isOlderTemplate({ publicationStatus: configured, updatedAt: '2026-01-01T00:00:00.000Z' })).toBe(false);
  });

  it('is not for templates that are not configured, nor for newsletters', () => {
    for (const status of [PublicationStatus.template, PublicationStatus.templateDraft, PublicationStatus.templateConfigure, PublicationStatus.draft, PublicationStatus.published]) {
      expect(isOlderTemplate({ publicationStatus: status, updatedAt: '2023-01-05T10:00:00.000Z' })).toBe(false);
    }
  });

  it('is not shown for an unreadable date', () => {
    expect(isOlderTemplate({ publicationStatus: configured, updatedAt: 'yesterday-ish' })).toBe(false);
  });
});
