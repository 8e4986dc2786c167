import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

/** A round that waits until the test lets it end. */
function gatedRounds() {
  const gates: Array<() => void> = [];
  let rounds = 0;
  return {
    round: () => {
      rounds += 1;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    rounds: () => rounds,
    release: async () => {
      // Let the flight reach its next await before opening the gate it is waiting on.
      while (gates.length === 0) await Promise.resolve();
      gates.shift()!();
    },
  };
}

describe('createSingleFlight', () => {
  it('runs asks made during a run as one more round of that run, never beside it', async () => {
    const gated = gatedRounds();
    let finished = 0;
    const flight = createSingleFlight({ round: gated.round, finish: async () => void (finished += 1), stopped: () => false, onError: () => {} });
    const first = flight.run();
    const second = flight.run();
    const third = flight.run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(gated.rounds()).toBe(1);
    await gated.release();
    await gated.release();
    await first;
    // Two asks during the first round make one more round, then the run finishes once.
    expect(gated.rounds()).toBe(2);
    expect(finished).toBe(1);
    expect(flight.current()).toBeNull();
  });

  it('goes round no more once stopped', async () => {
    const gated = gatedRounds();
    let stopped = false;
    const flight = createSingleFlight({ round: gated.round, stopped: () => stopped, onError: () => {} });
    const run = flight.run();
    void flight.run();
    stopped = true;
    await gated.release();
    await run;
    expect(gated.rounds()).toBe(1);
  });

  it('hands a failure to onError, resolves, and starts afresh on the next ask', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let rounds = 0;
    const flight = createSingleFlight({
      round: async () => {
        rounds += 1;
        if (fail) throw new Error('platform down');
      },
      stopped: () => false,
      onError: (error) => void errors.push(error),
    });
    await expect(flight.run()).resolves.toBeUndefined();
    expect(errors).toEqual([new Error('platform down')]);
    fail = false;
    await flight.run();
    expect(rounds).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
