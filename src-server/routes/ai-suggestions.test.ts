import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { newSection } from '../../shared/model/section-factory';
import { serializeSections } from '../../shared/model/section';
import { buildApp } from '../app';
import { utcDay } from '../ai/ai-usage';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createOpenAiCompatibleClient } from '../integrations/ai-client';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { sendJson, startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The default test app has no AI (content suggestions or 503); `aiApp` talks to a
// chat-completions stand-in on loopback, `downApp` to a port nobody listens on.

let t: TestApp;
let aiApp: FastifyInstance;
let downApp: FastifyInstance;
let ai: LoopbackServer;
let editor: Headers;
let rival: Rival;
let letter: Letter;
let emptyLetter: Letter;

const completion = (...contents: string[]) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: contents.map((content, index) => ({ index, message: { role: 'assistant', content }, finish_reason: 'stop' })),
});

function letterBlocks(): string {
  const heading = newSection('heading', 'h1');
  heading.delta = { ops: [{ insert: 'Spring at the harbour\n' }] };
  const placeholder = newSection('paragraph', 'p0');
  const paragraph = newSection('paragraph', 'p1');
  paragraph.delta = { ops: [{ insert: 'Tides turn ' }, { insert: 'slowly', attributes: { bold: true } }, { insert: '. Boats come home at dusk.\n' }] };
  return serializeSections([placeholder, heading, paragraph]);
}

async function closedPortUrl(): Promise<string> {
  const server = await startLoopbackServer();
  await server.close();
  return server.url;
}

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  const place = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  letter = await createLetterAs(t.app, editor, place, { title: 'Harbour news', blocks: letterBlocks() });
  emptyLetter = await createLetterAs(t.app, editor, place, { blocks: serializeSections([newSection('paragraph', 'p')]) });
  ai = await startLoopbackServer();
  const client = createOpenAiCompatibleClient({ baseUrl: `${ai.url}/v1/`, model: 'test-model', apiKey: 'test-key', timeoutMs: 500 });
  aiApp = await buildApp({ db: t.db, ai: client });
  downApp = await buildApp({ db: t.db, ai: createOpenAiCompatibleClient({ baseUrl: await closedPortUrl(), model: 'm' }) });
});
afterAll(async () => {
  await aiApp?.close();
  await downApp?.close();
  await ai?.close();
  await t?.close();
});

function ask(app: FastifyInstance, kind: 'subject' | 'previewText', target: Letter, headers: Headers = editor, uniqueId = target.uniqueId) {
  const url = kind === 'subject' ? platformPaths.generateSubject(target.id!) : platformPaths.generatePreviewText(target.id!);
  return app.inject({ method: 'POST', url, headers, payload: { uniqueId } });
}

describe('with an AI endpoint configured', () => {
  it('sends the model, the letter text and the key to /chat/completions and answers the suggestions', async () => {
    ai.requests.length = 0;
    ai.handle = (_request, response) =>
      sendJson(response, 200, completion('["Spring tides", "Home at dusk", "What the harbour saw"]'));
    const response = await ask(aiApp, 'subject', letter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: ['Spring tides', 'Home at dusk', 'What the harbour saw'], source: 'ai' });

    expect(ai.requests).toHaveLength(1);
    const sent = ai.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer test-key');
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    const body = JSON.parse(sent.body) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('test-model');
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    const user = body.messages[1]!.content;
    expect(user).toContain('subject line');
    expect(user).toContain('Harbour news');
    expect(user).toContain('Spring at the harbour');
    expect(user).toContain('Tides turn slowly. Boats come home at dusk.');
  });

  it('reads fenced, numbered and JSON-lines answers across choices, keeping three preview texts within 150 characters', async () => {
    const long = `${'word '.repeat(40)}end`;
    ai.requests.length = 0;
    ai.handle = (_request, response) =>
      sendJson(response, 200, completion('Here you go:\n1. "Boats come home"\n2. Tides, slowly', `"${long}"\n"Boats come home"\n"Fourth"`));
    const response = await ask(aiApp, 'previewText', letter);
    expect(response.statusCode, response.body).toBe(200);
    const { items, source } = response.json<{ items: string[]; source: string }>();
    expect(source).toBe('ai');
    expect(items.slice(0, 2)).toEqual(['Boats come home', 'Tides, slowly']);
    expect(items).toHaveLength(3);
    expect(items[2]!.length).toBeLessThanOrEqual(150);
    expect(items[2]).toMatch(/^word word .* word$/);
    const user = (JSON.parse(ai.requests[0]!.body) as { messages: { content: string }[] }).messages[1]!.content;
    expect(user).toContain('preview text');
  });

  it.each([
    ['answers 500', (response: ServerResponse) => sendJson(response, 500, { error: { message: 'sk-secret overloaded' } }), 'The AI service failed (HTTP 500).'],
    ['answers something other than JSON', (response: ServerResponse) => sendJson(response, 200, '<html>oops</html>'), 'The AI service answered with something other than chat completions.'],
    ['answers JSON without choices', (response: ServerResponse) => sendJson(response, 200, { result: 'fine' }), 'The AI service answered with something other than chat completions.'],
    ['answers only empty text', (response: ServerResponse) => sendJson(response, 200, completion('   ')), 'The AI service answered without any text.'],
    ['answers prose with no list', (response: ServerResponse) => sendJson(response, 200, completion("Sorry, I can't help with that.")), 'The AI service answered, but not with suggestions. Try again.'],
  ])('answers 502 with a clear message when the service %s', async (_case, handle, message) => {
    ai.handle = (_request, response) => handle(response);
    const response = await ask(aiApp, 'subject', letter);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toEqual({ message });
  });

  it('answers 502 when the service does not answer in time', async () => {
    ai.handle = () => undefined; // never answers
    const started = Date.now();
    const response = await ask(aiApp, 'subject', letter);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toEqual({ message: 'The AI service did not answer within 500 ms.' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 502 when nothing listens at the address', async () => {
    const response = await ask(downApp, 'previewText', letter);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toEqual({ message: 'The AI service could not be reached.' });
  });

  it("counts against the organization's AI limits like a rewrite: the day's tokens, then the budget refuses", async () => {
    ai.handle = (_request, response) =>
      sendJson(response, 200, { ...completion('["One", "Two", "Three"]'), usage: { prompt_tokens: 900, completion_tokens: 100, total_tokens: 1000 } });
    const demoUsage = async () =>
      Number(
        (
          await t.db
            .selectFrom('aiUsage')
            .innerJoin('organizations', 'organizations.id', 'aiUsage.organizationId')
            .select('tokens')
            .where('organizations.slug', '=', 'demo')
            .where('day', '=', utcDay(new Date()))
            .executeTakeFirst()
        )?.tokens ?? 0,
      );
    const before = await demoUsage();
    // One token of the day left: this call is admitted, the next is not.
    const budget = before + 1;
    const client = createOpenAiCompatibleClient({ baseUrl: `${ai.url}/v1/`, model: 'test-model', apiKey: 'test-key' });
    const budgeted = await buildApp({ db: t.db, ai: client, aiLimits: { dailyTokenBudget: budget } });
    try {
      const first = await ask(budgeted, 'subject', letter);
      expect(first.statusCode, first.body).toBe(200);
      expect(await demoUsage()).toBe(before + 1000);
      const refused = await ask(budgeted, 'previewText', letter);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: `Your organization has used today's AI allowance of ${budget.toLocaleString('en-US')} tokens. It renews at midnight UTC.`,
      });
    } finally {
      await budgeted.close();
    }
  });

  it("never asks the AI about another tenant's letter, or with another letter's uniqueId", async () => {
    ai.requests.length = 0;
    const outsider = await ask(aiApp, 'subject', letter, rival.headers);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: 'Eep. It doesn’t look like this letter exists.' });
    const mismatched = await ask(aiApp, 'subject', letter, editor, emptyLetter.uniqueId);
    expect(mismatched.statusCode).toBe(422);
    expect(mismatched.json().errors).toEqual({ uniqueId: ['This uniqueId belongs to another letter.'] });
    const anonymous = await aiApp.inject({ method: 'POST', url: platformPaths.generateSubject(letter.id!), payload: { uniqueId: letter.uniqueId } });
    expect(anonymous.statusCode).toBe(401);
    expect(ai.requests).toHaveLength(0);
  });
});

describe('without AI configured', () => {
  it("suggests the letter's first heading, then its first sentence, as subjects labelled 'content'", async () => {
    const response = await ask(t.app, 'subject', letter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: ['Spring at the harbour', 'Tides turn slowly.'], source: 'content' });
  });

  it('puts the first sentence first for preview text', async () => {
    const response = await ask(t.app, 'previewText', letter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: ['Tides turn slowly.', 'Spring at the harbour'], source: 'content' });
  });

  it("answers 503 'AI is not configured' when the letter has no text of its own", async () => {
    for (const kind of ['subject', 'previewText'] as const) {
      const response = await ask(t.app, kind, emptyLetter);
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ message: 'AI is not configured' });
    }
  });

  it('still refuses outsiders with 404', async () => {
    const response = await ask(t.app, 'subject', letter, rival.headers);
    expect(response.statusCode).toBe(404);
  });
});
