import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { startOpenAiCompatibleServer } from '../testing/openai-compatible-server';
import type { OpenAiCompatibleServer } from '../testing/openai-compatible-server';
import { AiServiceError, createOpenAiCompatibleClient } from './ai-client';
import type { AiUsage } from './ai-client';

// The client on its own; the route tests cover the request it sends with a key and the
// answers the editor gets. Here: what a local server without a key sees, answer shapes
// other servers use, and answers too large to be suggestions.

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer();
});
afterAll(async () => {
  await server?.close();
});

const messages = [{ role: 'user' as const, content: 'Hello' }];

describe('createOpenAiCompatibleClient', () => {
  it('sends no Authorization header without a key, and reads content given as text parts', async () => {
    server.requests.length = 0;
    server.handle = (_request, response) =>
      sendJson(response, 200, {
        choices: [
          { message: { content: [{ type: 'text', text: '["One", ' }, { type: 'text', text: '"Two"]' }] } },
          { message: { content: null } },
          { message: { content: 'Second choice' } },
        ],
      });
    const client = createOpenAiCompatibleClient({ baseUrl: server.url, model: 'local' });
    expect(await client.complete(messages)).toEqual(['["One", "Two"]', 'Second choice']);
    const sent = server.requests[0]!;
    expect(sent.url).toBe('/chat/completions');
    expect(sent.headers.authorization).toBeUndefined();
    expect(JSON.parse(sent.body)).toEqual({ model: 'local', messages });
  });

  it('refuses an answer far larger than suggestions without keeping it', async () => {
    server.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(`{"choices":[{"message":{"content":"${'x'.repeat(2 * 1024 * 1024)}"}}]}`);
    };
    const client = createOpenAiCompatibleClient({ baseUrl: server.url, model: 'local' });
    const error = await client.complete(messages).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiServiceError);
    expect((error as Error).message).toBe('The AI service answered with far more than suggestions.');
  });
});

describe('streaming (stream: true)', () => {
  let model: OpenAiCompatibleServer;
  beforeAll(async () => {
    model = await startOpenAiCompatibleServer();
  });
  afterAll(async () => {
    await model?.close();
  });

  async function collect(client: ReturnType<typeof createOpenAiCompatibleClient>, onUsage?: (usage: AiUsage) => void) {
    const pieces: string[] = [];
    for await (const piece of client.stream(messages, onUsage ? { onUsage } : {})) pieces.push(piece);
    return pieces;
  }

  it('yields each piece as the server sends it and reports the usage of the last chunk', async () => {
    model.reply = () => ({ text: 'Tides turn slowly.', pieces: ['Tides ', 'turn ', 'slowly.'], usage: { prompt_tokens: 12, completion_tokens: 5 } });
    const usages: AiUsage[] = [];
    const pieces = await collect(createOpenAiCompatibleClient({ baseUrl: model.baseUrl, model: 'local' }), (usage) => usages.push(usage));
    expect(pieces).toEqual(['Tides ', 'turn ', 'slowly.']);
    expect(usages).toEqual([{ promptTokens: 12, completionTokens: 5, totalTokens: 17, estimated: false }]);
    expect(model.requests.at(-1)!.headers.accept).toBe('text/event-stream');
  });

  it('estimates the usage when the server reports none', async () => {
    model.reply = () => ({ text: 'abcdefgh', usage: null });
    const usages: AiUsage[] = [];
    await collect(createOpenAiCompatibleClient({ baseUrl: model.baseUrl, model: 'local' }), (usage) => usages.push(usage));
    expect(usages).toEqual([{ promptTokens: 2, completionTokens: 2, totalTokens: 4, estimated: true }]);
  });

  it('gives up on a server that stops sending, and on one that will not finish in time', async () => {
    model.reply = () => ({ stallAfter: ['Tides '] });
    const stalled = await collect(createOpenAiCompatibleClient({ baseUrl: model.baseUrl, model: 'local', timeoutMs: 300 })).catch((error: unknown) => error);
    expect(stalled).toBeInstanceOf(AiServiceError);
    expect((stalled as Error).message).toBe('The AI service did not answer within 300 ms.');

    model.reply = () => ({ text: 'one two three four five six', delayMs: 100 });
    const slow = await collect(createOpenAiCompatibleClient({ baseUrl: model.baseUrl, model: 'local', timeoutMs: 1000, streamMaxMs: 250 })).catch((error: unknown) => error);
    expect((slow as Error).message).toBe('The AI service did not finish within 250 ms.');
  });

  it('names the status of a refusal without quoting its body, and stops on an error chunk', async () => {
    model.apiKey = 'right-key';
    const refused = await collect(createOpenAiCompatibleClient({ baseUrl: model.baseUrl, model: 'local', apiKey: 'wrong-key' })).catch((error: unknown) => error);
    expect((refused as Error).message).toBe('The AI service failed (HTTP 401).');
    model.apiKey = null;

    server.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"choices":[{"index":0,"delta":{"content":"Half"}}]}\n\n');
      response.end('data: {"error":{"message":"overloaded","type":"server_error"}}\n\n');
    };
    const broken = await collect(createOpenAiCompatibleClient({ baseUrl: server.url, model: 'local' })).catch((error: unknown) => error);
    expect((broken as Error).message).toBe('The AI service stopped with an error.');
  });
});
