import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { AiServiceError, createOpenAiCompatibleClient } from './ai-client';

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
