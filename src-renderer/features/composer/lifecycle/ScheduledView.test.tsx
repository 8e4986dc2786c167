// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../shared/contract/bridge';
import { PublicationStatus } from '../../../../shared/model/publication';
import { createAppStore } from '../../../app/store';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { testLetter } from '../../../testing/composer-test-support';
import { MemoryRouter } from 'react-router';
import type { TemplateAutomation } from '../../../../shared/contract/platform-automations';
import { AUTOMATION_STATUS_TEXT } from './TemplateAutomationStatus';
import { ScheduledView } from './ScheduledView';

afterEach(cleanup);

// One fake core for the file: the renderer keeps the first window.bridge it finds, so each
// describe sets what its channel answers rather than a bridge of its own.
const routes: { promotions?: (input: unknown) => Promise<unknown>; automation?: (input: unknown) => Promise<unknown> } = {};
const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const route = channel === 'promotions.approvedSinceScheduled' ? routes.promotions : channel === 'letters.automationStatus' ? routes.automation : undefined;
    if (!route) return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    return (await route(input)) as never;
  },
  on: () => () => {},
};
beforeAll(() => {
  window.bridge = fakeBridge;
});

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
});

// The notice of promotions approved after scheduling, over the bridge's transport: the
// platform's answer comes from a fake core at window.bridge.
describe("the scheduled view's notice of promotions approved since scheduling", () => {
  const asked: unknown[] = [];
  let answer: { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
  const promotion = (id: number) => ({ id, zone: 1, adTypeId: null, headline: `Promotion ${id}` });

  beforeEach(() => {
    asked.length = 0;
    routes.promotions = async (input) => {
      asked.push(input);
      return answer;
    };
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

// An active template's view over the bridge's transport: what the platform says the
// template does comes from a fake core at window.bridge.
describe('the view of an active template', () => {
  let answer: { ok: true; data: { status: TemplateAutomation | null; offline: boolean } } | { ok: false; error: { code: string; message: string } };
  let asked = 0;

  beforeEach(() => {
    asked = 0;
    routes.automation = async () => {
      asked += 1;
      return answer;
    };
  });

  const base: TemplateAutomation = { active: true, nextRunAt: null, waitsForNewSubscribers: false, sentCount: 0, waitingCount: 0, runs: [] };

  const showTemplate = () =>
    render(
      <Provider store={createAppStore()}>
        <MantineProvider env="test">
          <MemoryRouter>
            <ScheduledView letter={testLetter({ id: 9, publicationStatus: PublicationStatus.templateConfigured, title: 'Welcome', subtitle: 'Hello' })} zone="America/New_York" />
          </MemoryRouter>
        </MantineProvider>
      </Provider>,
    );

  it('says a welcome waits for new subscribers, its delay, "1 sent" and what still waits, without an audience or send date', async () => {
    answer = {
      ok: true,
      data: { status: { ...base, automation: { trigger: 'newSubscriber', delay: { amount: 2, unit: 'hours' } }, waitsForNewSubscribers: true, sentCount: 1, waitingCount: 3 }, offline: false },
    };
    showTemplate();
    expect(await screen.findByText(AUTOMATION_STATUS_TEXT.waits)).toBeTruthy();
    expect(screen.getByText('Each one gets it 2 hours after they subscribe.')).toBeTruthy();
    expect(screen.getByText('1 sent')).toBeTruthy();
    expect(screen.getByText('3 waiting')).toBeTruthy();
    expect(screen.queryByText(/whenever its automation runs/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Audience' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Send date' })).toBeNull();
    expect(readOnlyValue('Subject')).toBe('Welcome');
  });

  it('gives a recurring template’s next run on the channel’s clock and its latest runs: an edition linked, a skipped one saying why', async () => {
    answer = {
      ok: true,
      data: {
        status: {
          ...base,
          automation: { trigger: 'recurring', schedule: { frequency: 'weekly', time: '08:00', weekdays: [1] } },
          nextRunAt: '2030-03-11T12:00:00.000Z',
          sentCount: 240,
          runs: [
            { runAt: '2030-03-04T13:00:00.000Z', outcome: 'skipped', letterId: null, message: 'Skipped: every dynamic block (Curations, RSS, WordPress) came back empty.' },
            { runAt: '2030-02-25T13:00:00.000Z', outcome: 'sent', letterId: 77, message: '' },
          ],
        },
        offline: false,
      },
    };
    showTemplate();
    expect(await screen.findByText('Next run: Mar 11, 2030 at 8:00 am EDT')).toBeTruthy();
    expect(screen.getByText('Every Monday at 08:00')).toBeTruthy();
    expect(screen.getByText('240 sent')).toBeTruthy();
    expect(screen.queryByText(/waiting/)).toBeNull();
    expect(screen.getByText(/Skipped: every dynamic block/).textContent).toBe('Mar 04, 2030 at 8:00 am EST: Skipped: every dynamic block (Curations, RSS, WordPress) came back empty.');
    expect(screen.getByRole('link', { name: 'sent, see the edition' }).getAttribute('href')).toBe('/organizations/demo/channels/weekly/newsletters/77');
  });

  it('says it cannot be read while offline, and the rest of the view is still there', async () => {
    answer = { ok: true, data: { status: null, offline: true } };
    showTemplate();
    expect(await screen.findByText(AUTOMATION_STATUS_TEXT.offline)).toBeTruthy();
    expect(asked).toBe(1);
    expect(screen.getByRole('heading', { name: 'Great job' })).toBeTruthy();
    expect(readOnlyValue('Preview text')).toBe('Hello');
  });
});
