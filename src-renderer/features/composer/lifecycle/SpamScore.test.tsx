// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, ChannelInput, ChannelName } from '../../../../shared/contract/bridge';
import type { Result } from '../../../../shared/contract/errors';
import { SPAMASSASSIN_MISSING_MESSAGE } from '../../../../shared/contract/platform-spam-check';
import type { SpamCheckResponse } from '../../../../shared/contract/platform-spam-check';
import { SPAM_RULE_WORDS } from '../../../../shared/rules/spam-rules';
import { createAppStore } from '../../../app/store';
import {
  CHECK_AGAIN_LABEL,
  CHECK_SPAM_LABEL,
  SPAM_FAILS,
  SPAM_INTRO,
  SPAM_PASSES,
  SPAM_RULES_LABEL,
  SPAM_STALE_NOTE,
  SpamScore,
  spamSummary,
} from './SpamScore';

// The CONTENT CHECK's spam score over the bridge's transport: the fake below stands in for
// the core at the window.bridge boundary (the core's answer is tested in
// src-main/core/spam-check.test.ts, the platform's in src-server/routes/spam-check.test.ts).

let answers: Result<SpamCheckResponse>[];
let asked: ChannelInput<'letters.spamCheck'>[];

const fakeBridge: Bridge = {
  async invoke(channel: ChannelName, input: unknown) {
    if (channel !== 'letters.spamCheck') return { ok: false, error: { code: 'platform_error', message: `unexpected ${channel}` } } as never;
    asked.push(input as ChannelInput<'letters.spamCheck'>);
    return answers.shift() as never;
  },
  on: () => () => {},
};

const ok = (data: SpamCheckResponse): Result<SpamCheckResponse> => ({ ok: true, data });
const rule = (name: keyof typeof SPAM_RULE_WORDS, score: number) => ({ name, score, ...SPAM_RULE_WORDS[name]! });
const SHOUTING: SpamCheckResponse = {
  available: true,
  score: 5.4,
  threshold: 5,
  rules: [rule('SUBJ_ALL_CAPS', 4.9), rule('MIME_HTML_ONLY', 0.5), rule('NO_RECEIVED', -0), rule('NO_RELAYS', -0)],
};
const FIXED: SpamCheckResponse = { available: true, score: 0.5, threshold: 5, rules: [rule('MIME_HTML_ONLY', 0.5), rule('NO_RECEIVED', -0)] };

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  answers = [];
  asked = [];
});
afterEach(() => cleanup());

function renderScore(revision = 'r1') {
  const store = createAppStore();
  const ui = (rev: string) => (
    <Provider store={store}>
      <MantineProvider env="test">
        <SpamScore uniqueId="letter-1" revision={rev} />
      </MantineProvider>
    </Provider>
  );
  const view = render(ui(revision));
  return { rerender: (rev: string) => view.rerender(ui(rev)) };
}

const part = () => screen.getByRole('group', { name: 'Spam score' });
const button = (name: string) => within(part()).getByRole('button', { name });

describe('CONTENT CHECK: spam score', () => {
  it('asks only when the editor does, then shows the score, the verdict and each rule with what to change', async () => {
    renderScore();
    expect(within(part()).getByText(SPAM_INTRO)).toBeTruthy();
    expect(asked).toEqual([]);

    answers.push(ok(SHOUTING));
    await userEvent.click(button(CHECK_SPAM_LABEL));
    expect(asked).toEqual([{ uniqueId: 'letter-1' }]);
    expect(await within(part()).findByText('Spam score 5.4 of 5 (lower is better)')).toBeTruthy();
    expect(within(part()).getByText(SPAM_FAILS)).toBeTruthy();
    const rules = within(part()).getByRole('list', { name: SPAM_RULES_LABEL });
    const items = within(rules).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${SPAM_RULE_WORDS.SUBJ_ALL_CAPS!.description} (+4.9, SUBJ_ALL_CAPS)${SPAM_RULE_WORDS.SUBJ_ALL_CAPS!.advice}`,
      `${SPAM_RULE_WORDS.MIME_HTML_ONLY!.description} (+0.5, MIME_HTML_ONLY)${SPAM_RULE_WORDS.MIME_HTML_ONLY!.advice}`,
    ]);
    // Rules that only inform share one line, each description once.
    expect(within(part()).getByText('Also noted: The email has not passed through a mail server yet: it was checked before sending.')).toBeTruthy();

    answers.push(ok(FIXED));
    await userEvent.click(button(CHECK_AGAIN_LABEL));
    expect(await within(part()).findByText(spamSummary(0.5, 5))).toBeTruthy();
    expect(within(part()).getByText(SPAM_PASSES)).toBeTruthy();
    expect(within(part()).queryByText(SPAM_RULE_WORDS.SUBJ_ALL_CAPS!.description)).toBeNull();
  });

  it('says when the letter changed since the check', async () => {
    const view = renderScore('r1');
    answers.push(ok(FIXED));
    await userEvent.click(button(CHECK_SPAM_LABEL));
    await within(part()).findByText(spamSummary(0.5, 5));
    expect(within(part()).queryByText(SPAM_STALE_NOTE)).toBeNull();
    view.rerender('r2');
    expect(within(part()).getByText(SPAM_STALE_NOTE)).toBeTruthy();
  });

  it('passes on what the platform says when it has no SpamAssassin', async () => {
    renderScore();
    answers.push(ok({ available: false, score: null, threshold: 5, rules: [], message: SPAMASSASSIN_MISSING_MESSAGE }));
    await userEvent.click(button(CHECK_SPAM_LABEL));
    expect(await within(part()).findByText(SPAMASSASSIN_MISSING_MESSAGE)).toBeTruthy();
    expect(within(part()).queryByText(/^Spam score \d/)).toBeNull();
  });

  it('says the check needs the platform when the core is offline', async () => {
    renderScore();
    const offline = 'Checking the spam score needs a connection to the platform. Your letter is saved on this computer.';
    answers.push({ ok: false, error: { code: 'offline', message: offline } });
    await userEvent.click(button(CHECK_SPAM_LABEL));
    expect(await within(part()).findByText(offline)).toBeTruthy();
    expect(button(CHECK_AGAIN_LABEL)).toBeTruthy();
  });
});
