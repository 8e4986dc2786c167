// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../shared/contract/bridge';
import { PublicationStatus } from '../../../../shared/model/publication';
import { createAppStore } from '../../../app/store';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { testLetter } from '../../../testing/composer-test-support';
import { ScheduledView } from './ScheduledView';

afterEach(cleanup);

const renderView = (overrides: Parameters<typeof testLetter>[0]) =>
  render(
    <MantineProvider env="test">
      <ScheduledView letter={testLetter(overrides)} zone="UTC" />
    </MantineProvider>,
  );

const readOnlyValue = (name: string) => {
  const input = screen.getByRole('textbox', { name }) as HTMLInputElement;
  expect(input.readOnly).toBe(true);
  return input.value;
};

describe('the scheduled view', () => {
  it("shows 'Great job', DETAILS and the send date in the letter's zone, read-only", () => {
    renderView({
      publicationStatus: PublicationStatus.scheduled,
      publicationDate: '2030-07-04 17:30:00',
      publicationDateTzCode: 'America/New_York',
      segmentName: 'All active subscribers',
      title: 'Summer issue',
      subtitle: 'Fireworks and more',
    });
    expect(screen.getByRole('heading', { name: 'Great job' })).toBeTruthy();
    expect(screen.getByText('DETAILS')).toBeTruthy();
    expect(readOnlyValue('Send date')).toBe('Jul 04, 2030 at 5:30 pm EDT');
    expect(readOnlyValue('Audience')).toBe('All active subscribers');
    expect(readOnlyValue('Subject')).toBe('Summer issue');
    expect(readOnlyValue('Preview text')).toBe('Fireworks and more');
  });

  it('shows both subjects of an A/B test', () => {
    renderView({ publicationStatus: PublicationStatus.scheduled, publicationDate: '2030-01-01 08:00:00', hasAbTest: true, title: 'A', subjectB: 'B' });
    expect(readOnlyValue('Subject A')).toBe('A');
    expect(readOnlyValue('Subject B')).toBe('B');
    // Without a zone of its own the date is read on the channel's clock.
    expect(readOnlyValue('Send date')).toBe('Jan 01, 2030 at 8:00 am UTC');
  });

  it('says an active template is active, without an audience', () => {
    renderView({ publicationStatus: PublicationStatus.templateConfigured });
    expect(screen.getByText(/Your template is active/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Audience' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Send date' })).toBeNull();
  });
});

// The notice of promotions approved after scheduling, over the bridge's transport: the
// platform's answer comes from a fake core at window.bridge.
describe("the scheduled view's notice of promotions approved since scheduling", () => {
  const asked: unknown[] = [];
  let answer: { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
  const promotion = (id: number) => ({ id, zone: 1, adTypeId: null, headline: `Promotion ${id}` });

  beforeEach(() => {
    asked.length = 0;
    const bridge: Bridge = {
      async invoke(channel, input) {
        if (channel !== 'promotions.approvedSinceScheduled') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
        asked.push(input);
        return answer as never;
      },
      on: () => () => {},
    };
    window.bridge = bridge;
  });

  const showScheduled = (overrides: Parameters<typeof testLetter>[0] = {}) => {
    const letter = testLetter({ id: 42, publicationStatus: PublicationStatus.scheduled, publicationDate: '2026-12-01 09:00:00', ...overrides });
    const store = createAppStore();
    render(
      <Provider store={store}>
        <MantineProvider env="test">
          <ScheduledView letter={letter} zone="UTC" notice={<COMPOSER_PLUGINS.ApprovedSinceScheduledNotice letter={letter} />} />
        </MantineProvider>
      </Provider>,
    );
    /** Resolves once the platform's answer (or refusal) is in the store. */
    const answered = () =>
      waitFor(() => {
        const query = Object.values(store.getState().api.queries).find((entry) => entry?.endpointName === 'getApprovedSinceScheduled');
        expect(['fulfilled', 'rejected']).toContain(query?.status);
      });
    return { answered };
  };

  it('says how many promotions were approved for the send day after the letter was scheduled', async () => {
    answer = { ok: true, data: { date: '2026-12-01', scheduledAt: '2026-11-20T10:00:00.000Z', items: [promotion(7), promotion(8)] } };
    showScheduled();
    const notice = await screen.findByRole('status', { name: 'Promotions approved after scheduling' });
    expect(notice.textContent).toBe('2 promotions were approved for Tue Dec 1 after you scheduled this letter.');
    expect(asked).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', letterId: 42 }]);
    // It sits under 'Great job', above the details.
    expect(screen.getByRole('heading', { name: 'Great job' })).toBeTruthy();
  });

  it('says it of one promotion in the singular', async () => {
    answer = { ok: true, data: { date: '2026-12-01', scheduledAt: '2026-11-20T10:00:00.000Z', items: [promotion(7)] } };
    showScheduled();
    expect((await screen.findByRole('status')).textContent).toBe('1 promotion was approved for Tue Dec 1 after you scheduled this letter.');
  });

  it('says nothing when none were, or when the platform cannot be asked', async () => {
    answer = { ok: true, data: { date: '2026-12-01', scheduledAt: '2026-11-20T10:00:00.000Z', items: [] } };
    await showScheduled().answered();
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    cleanup();
    answer = { ok: false, error: { code: 'offline', message: 'Promotions need a connection to the platform.' } };
    await showScheduled().answered();
    expect(asked).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not ask for an active template', () => {
    answer = { ok: true, data: { date: '2026-12-01', scheduledAt: null, items: [promotion(7)] } };
    showScheduled({ publicationStatus: PublicationStatus.templateConfigured });
    expect(asked).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
