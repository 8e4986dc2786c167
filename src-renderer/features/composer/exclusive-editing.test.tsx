// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, EventPayload } from '../../../shared/contract/bridge';
import { PublicationStatus } from '../../../shared/model/publication';
import { testLetter } from '../../testing/composer-test-support';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { TakenOverAlert } from './TakenOverAlert';
import { useClaim } from './use-claim';

// Exclusive editing (spec 1 §4 "Claiming", §8): the composer's claim of the open letter, the
// 'Read only' banner when someone else holds it, 'Take over editing', and the alert shown
// when someone takes it over meanwhile. The core stands in at the window.bridge boundary.

const REFUSAL = 'Sorry, Ada Lovelace is currently working on this letter.';
let claims: { uniqueId: string; force?: boolean }[] = [];
let holder: 'me' | 'someone else' = 'someone else';
let takenOver: ((event: EventPayload<'letters.takenOver'>) => void) | null = null;
let exits = 0;

beforeEach(() => {
  claims = [];
  exits = 0;
  takenOver = null;
  window.bridge = {
    async invoke(channel, input) {
      if (channel !== 'letters.claim') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
      const claim = input as { uniqueId: string; force?: boolean };
      claims.push(claim);
      if (claim.force) holder = 'me';
      return { ok: true, data: holder === 'me' ? { state: 'claimed' } : { state: 'refused', message: REFUSAL } } as never;
    },
    on(event, listener) {
      if (event === 'letters.takenOver') takenOver = listener as never;
      return () => {};
    },
  } satisfies Bridge;
});
afterEach(() => {
  cleanup();
  delete (window as { bridge?: Bridge }).bridge;
});

/** The composer's claim notices, as ComposerPage shows them. */
function Notices() {
  const letter = testLetter({ id: 42, publicationStatus: PublicationStatus.draft });
  const { refusal, takenOverBy, takeOver } = useClaim(letter);
  return (
    <>
      {refusal && <ReadOnlyNotice message={refusal} onTakeOver={() => void takeOver()} />}
      {takenOverBy && <TakenOverAlert name={takenOverBy} onExit={() => exits++} />}
      <span>{refusal === null && takenOverBy === null ? 'editing' : 'not editing'}</span>
    </>
  );
}

const show = () =>
  render(
    <MantineProvider env="test">
      <Notices />
    </MantineProvider>,
  );

describe('exclusive editing', () => {
  it("opens read only with the holder's name when someone else holds the letter, and takes it over on request", async () => {
    holder = 'someone else';
    show();
    expect(await screen.findByText('Read only')).toBeTruthy();
    expect(screen.getByText(REFUSAL)).toBeTruthy();
    expect(claims).toEqual([{ uniqueId: 'letter-1' }]);
    expect(screen.getByText('not editing')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Take over editing' }));
    await waitFor(() => expect(screen.queryByText('Read only')).toBeNull());
    expect(claims.at(-1)).toEqual({ uniqueId: 'letter-1', force: true });
    expect(screen.getByText('editing')).toBeTruthy();
  });

  it('shows no banner to the editor who holds the letter, and the taken-over alert when someone takes it', async () => {
    holder = 'me';
    show();
    await waitFor(() => expect(claims).toHaveLength(1));
    expect(screen.queryByText('Read only')).toBeNull();

    // Another letter taken over says nothing here.
    act(() => takenOver!({ uniqueId: 'another-letter', name: 'Grace Hopper' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => takenOver!({ uniqueId: 'letter-1', name: 'Grace Hopper' }));
    const alert = await screen.findByRole('dialog', { name: 'Grace Hopper has taken over editing this newsletter' });
    expect(alert.textContent).toContain('Only one person may edit a newsletter at a time, and Grace Hopper has taken over editing control.');
    expect(screen.getByText('not editing')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Exit to dashboard' }));
    expect(exits).toBe(1);
  });
});
