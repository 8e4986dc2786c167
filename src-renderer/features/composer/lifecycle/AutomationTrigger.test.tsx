// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bridge, LetterChanges } from '../../../../shared/contract/bridge';
import { AUTOMATION_FIELD_MESSAGES, type AutomationSettings } from '../../../../shared/model/automation';
import type { Letter } from '../../../../shared/model/letter';
import { PublicationStatus } from '../../../../shared/model/publication';
import { createAppStore } from '../../../app/store';
import { testLetter } from '../../../testing/composer-test-support';
import { AutomationTrigger } from './AutomationTrigger';
import { useAutomationForm } from './use-automation-form';
import { useScheduleForm } from './use-schedule-form';

// A template's TRIGGER in its configure step: what it shows for a stored trigger, what it
// saves on this computer (only a valid trigger), and the shared schema's messages. The
// audiences come from a fake core at window.bridge.

const fakeBridge: Bridge = {
  async invoke(channel) {
    if (channel === 'segments.list') {
      return { ok: true, data: { items: [{ id: 0, name: 'All active subscribers', total: 12, isEngagementSegment: false, tags: [], channelId: null }], offline: false, fetchedAt: null } } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
afterEach(cleanup);

// 9 March 2026: New York is on daylight time since the 8th.
const now = () => new Date('2026-03-09T20:00:00Z');

function Harness({ letter, save }: { letter: Letter; save: (changes: LetterChanges) => void }) {
  const form = useScheduleForm({ letter, title: letter.title, zone: 'America/New_York', save, now });
  const automation = useAutomationForm({ letter, save });
  return <AutomationTrigger brandSlug="demo" channelSlug="weekly" zone="America/New_York" automation={automation} form={form} now={now} />;
}

function renderTrigger(automation?: AutomationSettings) {
  const letter = testLetter({ title: 'Welcome', publicationStatus: PublicationStatus.templateConfigure, ...(automation ? { automation } : {}) });
  const save = vi.fn<(changes: LetterChanges) => void>();
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Harness letter={letter} save={save} />
      </MantineProvider>
    </Provider>,
  );
  const savedTriggers = () => save.mock.calls.map(([changes]) => changes.automation).filter((trigger) => trigger !== undefined);
  return { savedTriggers };
}

const textbox = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

describe('TRIGGER', () => {
  it('starts a template never configured as a welcome sent at once, and saves a delay in hours', async () => {
    const { savedTriggers } = renderTrigger();
    expect(screen.getByRole('radiogroup', { name: 'Trigger' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'When someone subscribes' }).checked).toBe(true);
    expect(textbox(/Delay/).value).toBe('0');
    await userEvent.clear(textbox(/Delay/));
    await userEvent.type(textbox(/Delay/), '2');
    await userEvent.click(screen.getByLabelText(/Unit/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hours' }));
    expect(savedTriggers().at(-1)).toEqual({ trigger: 'newSubscriber', delay: { amount: 2, unit: 'hours' } });
  });

  it('says what is wrong with a delay and saves nothing wrong', async () => {
    const { savedTriggers } = renderTrigger();
    await userEvent.clear(textbox(/Delay/));
    await userEvent.type(textbox(/Delay/), '1.5');
    expect(screen.getByText(AUTOMATION_FIELD_MESSAGES.delayAmount)).toBeTruthy();
    await userEvent.clear(textbox(/Delay/));
    await userEvent.type(textbox(/Delay/), '400');
    await userEvent.click(screen.getByLabelText(/Unit/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Days' }));
    expect(screen.getByText(AUTOMATION_FIELD_MESSAGES.delayTooLong)).toBeTruthy();
    for (const trigger of savedTriggers()) {
      expect(trigger.trigger === 'newSubscriber' && (Number.isInteger(trigger.delay.amount) && !(trigger.delay.unit === 'days' && trigger.delay.amount > 365))).toBe(true);
    }
  });

  it('configures a weekly schedule with weekday chips and a time on the channel’s clock, with its audience', async () => {
    const { savedTriggers } = renderTrigger();
    await userEvent.click(screen.getByRole('radio', { name: 'On a schedule' }));
    expect(screen.getByText("On the channel's clock: America/New_York (EDT)")).toBeTruthy();
    expect(screen.getByLabelText(/Audience/, { selector: 'input' })).toBeTruthy();
    const days = screen.getByRole('group', { name: 'Days of the week' });
    // Monday is chosen to begin with; without any day the schema's message shows.
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    expect(screen.getByText('Choose at least one day of the week.')).toBeTruthy();
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    await userEvent.click(within(days).getByRole('checkbox', { name: 'Wednesday' }));
    await userEvent.clear(textbox(/Time/));
    await userEvent.type(textbox(/Time/), '7:30');
    expect(screen.getByText('Use the format HH:mm (00:00 to 23:59).')).toBeTruthy();
    await userEvent.clear(textbox(/Time/));
    await userEvent.type(textbox(/Time/), '07:30');
    await waitFor(() => expect(savedTriggers().at(-1)).toEqual({ trigger: 'recurring', schedule: { frequency: 'weekly', time: '07:30', weekdays: [3, 5] } }));
  });

  it('shows a stored monthly trigger and refuses a day past 31', async () => {
    const { savedTriggers } = renderTrigger({ trigger: 'recurring', schedule: { frequency: 'monthly', time: '18:00', dayOfMonth: 5 } });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'On a schedule' }).checked).toBe(true);
    expect(textbox(/Day of the month/).value).toBe('5');
    expect(textbox(/Time/).value).toBe('18:00');
    await userEvent.clear(textbox(/Day of the month/));
    await userEvent.type(textbox(/Day of the month/), '32');
    expect(screen.getByText(AUTOMATION_FIELD_MESSAGES.dayOfMonth)).toBeTruthy();
    expect(savedTriggers().every((trigger) => trigger.trigger === 'recurring' && trigger.schedule.frequency === 'monthly' && trigger.schedule.dayOfMonth <= 31)).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Daily' }));
    expect(savedTriggers().at(-1)).toEqual({ trigger: 'recurring', schedule: { frequency: 'daily', time: '18:00' } });
  });
});
