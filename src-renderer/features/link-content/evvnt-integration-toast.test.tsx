// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { newSection, serializeSections } from '../../../shared/model';
import { createAppStore } from '../../app/store';
import { EVVNT_INTEGRATION_FAILED_MESSAGE, useEvvntIntegrationToast } from './evvnt-integration-toast';

// Opening a letter reads the Evvnt integration only when it has an Events block; the core
// stand-in answers with the failure each case needs.

let answer: { code: string; message: string } | null = null;
let reads = 0;

beforeAll(() => {
  window.bridge = {
    async invoke(channel) {
      if (channel !== 'integrations.getEvvnt') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
      reads += 1;
      if (answer) return { ok: false, error: answer } as never;
      return { ok: true, data: { kind: 'evvnt', configured: true, tokenEnding: 'abcd', updatedAt: null } } as never;
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterEach(() => {
  cleanup();
  // Toasts live in a store of their own, beyond a render.
  notifications.clean();
});

function Opened({ blocks }: { blocks: string }) {
  useEvvntIntegrationToast({ uniqueId: 'L1', brandSlug: 'demo', blocks });
  return <p>open</p>;
}

function open(types: Array<'evvnt' | 'paragraph'>) {
  const blocks = serializeSections(types.map((type, i) => newSection(type, `s${i}`)));
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Notifications />
        <Opened blocks={blocks} />
      </MantineProvider>
    </Provider>,
  );
}

describe('useEvvntIntegrationToast', () => {
  it("says 'Sorry, we failed to get your Evvnt integration' when a letter with an Events block cannot read it", async () => {
    answer = { code: 'platform_error', message: 'Internal error' };
    open(['paragraph', 'evvnt']);
    expect(await screen.findByText(EVVNT_INTEGRATION_FAILED_MESSAGE)).toBeTruthy();
  });

  it('stays quiet for a 404 (no integration), offline, or a letter without an Events block', async () => {
    for (const quiet of [{ code: 'not_found', message: 'none' }, { code: 'offline', message: 'Integrations need a connection to the platform.' }]) {
      answer = quiet;
      const before = reads;
      open(['evvnt']);
      await waitFor(() => expect(reads).toBe(before + 1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(EVVNT_INTEGRATION_FAILED_MESSAGE)).toBeNull();
      cleanup();
    }
    answer = { code: 'platform_error', message: 'Internal error' };
    const before = reads;
    open(['paragraph']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toBe(before);
    expect(screen.queryByText(EVVNT_INTEGRATION_FAILED_MESSAGE)).toBeNull();
  });
});
