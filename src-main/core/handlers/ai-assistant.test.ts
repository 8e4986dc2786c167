import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import type { Delta } from '../../../shared/model/delta';
import { REWRITE_EMPTY_MESSAGE } from '../../../shared/rules/ai-rewrite';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../../src-server/testing/openai-compatible-server';
import { startTestPlatform, type TestPlatform } from '../../../src-server/testing/test-platform';
import { call, createCleanup, openTestCore, tempDir, WEEKLY } from '../testing/test-core';
import { REWRITE_CANCELLED_MESSAGE, REWRITE_OFFLINE_MESSAGE } from './ai-assistant';

// The core between the renderer and a real platform whose AI is a streaming
// chat-completions server on loopback: the suggestion arrives in progress events while
// the model writes, then as the call's answer. The model's key stays on the platform.

let platform: TestPlatform;
let model: OpenAiCompatibleServer;
const cleanup = createCleanup();

beforeAll(async () => {
  model = await startOpenAiCompatibleServer();
  model.apiKey = 'platform-secret-key';
  platform = await startTestPlatform({ deliveryJobs: false, ai: { baseUrl: model.baseUrl, model: 'loopback-model', apiKey: 'platform-secret-key' } });
});
afterAll(async () => {
  await platform?.close();
  await model?.close();
});
afterEach(() => cleanup.run());

const openCore = (url = platform.url) => openTestCore(cleanup, tempDir(cleanup), { mode: 'embedded', url, account: EMBEDDED_ACCOUNT });

const section: Delta = {
  ops: [{ insert: 'The harbour opens ' }, { insert: 'early', attributes: { bold: true } }, { insert: ' on Sundays.\n' }],
};
const request = (overrides: object = {}) => ({
  requestId: 'r1',
  ...WEEKLY,
  delta: section,
  content: 'The harbour opens early on Sundays.',
  prompt: 'easierToRead',
  ...overrides,
});

describe('ai.* on the core', () => {
  it('passes the streamed suggestion on as progress events, then answers the finished one', async () => {
    const { core, events } = await openCore();
    expect(await call(core, 'ai.status', {})).toEqual({ configured: true });
    model.reply = () => ({ text: 'On Sundays the harbour opens **early**. Come by.', delayMs: 60 });
    const answer = await call<{ suggestion: Delta }>(core, 'ai.rewrite', request());
    expect(answer.suggestion.ops).toEqual([
      { insert: 'On Sundays the harbour opens ' },
      { insert: 'early', attributes: { bold: true } },
      { insert: '. Come by.' },
      { insert: '\n' },
    ]);
    const progress = events.filter((e) => e.event === 'ai.rewriteProgress').map((e) => e.payload as { requestId: string; suggestion: Delta });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.every((p) => p.requestId === 'r1')).toBe(true);
    // Each event holds more of the answer than the one before.
    const texts = progress.map((p) => p.suggestion.ops.map((op) => op.insert).join(''));
    expect(texts[0]!.length).toBeLessThan(texts.at(-1)!.length);
    // The key is the platform's: the model saw it from the platform, the desktop never sends it.
    expect(model.requests.at(-1)!.headers.authorization).toBe('Bearer platform-secret-key');
  });

  it('uses the company-level call form for a company letter', async () => {
    const { core } = await openCore();
    model.reply = () => ({ text: 'Company-wide news.' });
    model.chats.length = 0;
    const answer = await call<{ suggestion: Delta }>(core, 'ai.rewrite', request({ channelSlug: 'company', delta: { ops: [{ insert: 'News for the company.\n' }] } }));
    expect(answer.suggestion.ops[0]).toEqual({ insert: 'Company-wide news.' });
    expect(model.chats).toHaveLength(1);
  });

  it("answers the platform's reason, the spec's empty-content notice, and a cancel", async () => {
    const { core } = await openCore();
    const empty = await core.dispatch('ai.rewrite', request({ delta: { ops: [{ insert: '\n' }] }, content: '' }));
    expect(empty).toEqual({ ok: false, error: { code: 'invalid_input', message: REWRITE_EMPTY_MESSAGE } });

    model.reply = () => ({ status: 503, message: 'overloaded' });
    const failed = await core.dispatch('ai.rewrite', request());
    expect(failed).toEqual({ ok: false, error: { code: 'platform_error', message: 'The AI service failed (HTTP 503).' } });

    model.reply = () => ({ text: 'word '.repeat(200), delayMs: 20 });
    const running = core.dispatch('ai.rewrite', request({ requestId: 'slow' }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await call(core, 'ai.cancelRewrite', { requestId: 'slow' })).toEqual({ cancelled: true });
    expect(await running).toEqual({ ok: false, error: { code: 'conflict', message: REWRITE_CANCELLED_MESSAGE } });
    // The platform hung up on the model too: nobody is left paying for the rest of the answer.
    await expect.poll(() => model.abandoned, { timeout: 5_000 }).toBe(1);
  });

  it('says the platform is needed when it cannot be reached, and does not know whether AI is there', async () => {
    const { core } = await openCore('http://127.0.0.1:9');
    expect(await call(core, 'ai.status', {})).toEqual({ configured: null });
    expect(await core.dispatch('ai.rewrite', request())).toEqual({ ok: false, error: { code: 'offline', message: REWRITE_OFFLINE_MESSAGE } });
  });
});
