// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Poll, PollMetrics } from '../../../shared/contract/platform-polls';
import { createAppStore } from '../../app/store';
import { PollMetricsModal } from './PollMetricsModal';

// The poll results modal over the bridge's transport: the fake stands in for the core.

const POLL: Poll = {
  id: 4,
  title: 'Lunch',
  questionText: 'Lunch?',
  pollType: 1,
  feedbackScale: null,
  originType: 1,
  originId: 1,
  options: [{ id: 41, title: 'Yes', isCorrect: false }],
  isAnonymous: false,
  showResultsOnResponsePage: true,
  confirmationMessage: 'Thanks',
  confirmationMessageCorrect: '',
  confirmationMessageIncorrect: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  totalResponses: 1,
};

let metrics: PollMetrics;

const fakeBridge: Bridge = {
  async invoke(channel) {
    if (channel === 'polls.metrics') return { ok: true, data: metrics } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
afterEach(() => cleanup());

function renderModal(totalResponses: number) {
  metrics = {
    pollId: POLL.id,
    totalResponses,
    totalSends: 3,
    lastResponseDate: null,
    responseRatePercent: totalResponses > 0 ? 33.3 : null,
    options: [{ id: 41, title: 'Yes', responses: totalResponses, percent: 100, isCorrect: false }],
    correctPercent: null,
    averageScore: null,
    letters: [],
  } as PollMetrics;
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <PollMetricsModal brandSlug="demo" poll={POLL} onClose={() => {}} />
      </MantineProvider>
    </Provider>,
  );
}

describe('the poll results modal', () => {
  it("says '1 response', not '1 responses'", async () => {
    renderModal(1);
    expect(await screen.findByText(/^1 response of 3 sent/)).toBeTruthy();
  });

  it('says responses for any other count', async () => {
    renderModal(0);
    expect(await screen.findByText(/^0 responses of 3 sent/)).toBeTruthy();
  });
});
