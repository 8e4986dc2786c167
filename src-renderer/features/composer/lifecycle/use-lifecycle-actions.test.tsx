// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../../../shared/contract/bridge';
import type { AutomationSettings } from '../../../../shared/model/automation';
import { PublicationStatus } from '../../../../shared/model/publication';
import { primaryAction } from '../../../../shared/rules/schedule-actions';
import { createAppStore } from '../../../app/store';
import { testLetter } from '../../../testing/composer-test-support';
import { useLifecycleActions } from './use-lifecycle-actions';

// 'Activate template' through the bridge's transport: the trigger goes with the configure
// call, a wrong one is not sent, and the platform's refusal names its fields. The core is a
// fake at window.bridge that records what it is asked.

const calls: { channel: string; input: unknown }[] = [];
let answer: unknown;
const bridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    return answer as never;
  },
  on: () => () => {},
};
beforeAll(() => {
  window.bridge = bridge;
});
beforeEach(() => {
  calls.length = 0;
});

const letter = testLetter({ publicationStatus: PublicationStatus.templateConfigure, title: 'Welcome' });
const activateAction = primaryAction(PublicationStatus.templateConfigure, { busy: false, companyLevel: false })!;

function setup(trigger: AutomationSettings | null) {
  const reload = vi.fn(async () => undefined);
  const onFieldErrors = vi.fn();
  const store = createAppStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(
    () => useLifecycleActions({ letter, zone: 'UTC', settle: async () => true, reload, onFieldErrors, automation: () => trigger, leave: () => {} }),
    { wrapper },
  );
  return { hook, reload, onFieldErrors };
}

describe("'Activate template'", () => {
  it('sends the trigger with the configure call and reloads the template', async () => {
    const welcome: AutomationSettings = { trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } };
    answer = { ok: true, data: { ...letter, publicationStatus: PublicationStatus.templateConfigured } };
    const { hook, reload } = setup(welcome);
    await act(() => hook.result.current.primary(activateAction));
    expect(calls).toEqual([{ channel: 'letters.activateTemplate', input: { uniqueId: letter.uniqueId, automation: welcome } }]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the trigger is wrong', async () => {
    const { hook, reload } = setup(null);
    await act(() => hook.result.current.primary(activateAction));
    expect(calls).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('shows the fields the platform names when it refuses, and changes nothing', async () => {
    answer = {
      ok: false,
      error: { code: 'invalid_input', message: 'Please fill out the required fields to activate the template.', fields: { subtitle: ['The preview text is required.'] } },
    };
    const { hook, reload, onFieldErrors } = setup({ trigger: 'newSubscriber', delay: { amount: 1, unit: 'days' } });
    await act(() => hook.result.current.primary(activateAction));
    expect(onFieldErrors).toHaveBeenCalledWith({ subtitle: 'The preview text is required.' });
    expect(reload).not.toHaveBeenCalled();
  });
});
