import type { ServerResponse } from 'node:http';
import { sendJson, startLoopbackServer } from './loopback-server';
import type { LoopbackServer, RecordedRequest } from './loopback-server';

// A chat-completions server on loopback that answers the way OpenAI's API does (and the
// local servers that copy it): `POST {base}/chat/completions` with a JSON completion, or
// with `stream: true` a text/event-stream of `data: {chunk}` lines, a finishing chunk, the
// usage chunk when `stream_options.include_usage` asks for it, and `data: [DONE]`. Errors
// are OpenAI's `{ error: { message, type, code } }`. Tests choose the answer per request.

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export type ChatReply =
  /** The answer's text, streamed in `pieces` (default: split after every word) when asked to stream. */
  | { text: string; pieces?: string[]; usage?: { prompt_tokens: number; completion_tokens: number } | null; delayMs?: number }
  | { status: number; message: string }
  /** Streams these pieces, then stops answering (no [DONE]): the client's stall timeout is what ends it. */
  | { stallAfter: string[] };

export interface OpenAiCompatibleServer {
  /** The base URL a client is configured with, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The parsed bodies of the chat requests, in order. */
  chats: ChatRequest[];
  reply: (request: ChatRequest) => ChatReply | Promise<ChatReply>;
  /** Required as `Authorization: Bearer` when set. */
  apiKey: string | null;
  /** Streamed answers whose client hung up before the end (a cancelled rewrite). */
  abandoned: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOpenAiCompatibleServer(reply: OpenAiCompatibleServer['reply'] = () => ({ text: 'OK' })): Promise<OpenAiCompatibleServer> {
  let loopback: LoopbackServer | null = null;
  const server: OpenAiCompatibleServer = {
    baseUrl: '',
    requests: [],
    chats: [],
    reply,
    apiKey: null,
    abandoned: 0,
    close: async () => loopback?.close(),
  };
  loopback = await startLoopbackServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return apiError(response, 404, `Unknown request URL: ${request.method} ${request.url}`, 'invalid_request_error');
    }
    if (server.apiKey !== null && request.headers.authorization !== `Bearer ${server.apiKey}`) {
      return apiError(response, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    }
    let chat: ChatRequest;
    try {
      chat = JSON.parse(request.body) as ChatRequest;
    } catch {
      return apiError(response, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    }
    if (typeof chat.model !== 'string' || !Array.isArray(chat.messages)) {
      return apiError(response, 400, "Missing required parameter: 'model' or 'messages'.", 'invalid_request_error');
    }
    server.chats.push(chat);
    const answer = await server.reply(chat);
    if ('status' in answer) return apiError(response, answer.status, answer.message, 'server_error');
    if (!chat.stream) {
      if (!('text' in answer)) return apiError(response, 500, 'A stalled answer needs stream: true.', 'server_error');
      return sendJson(response, 200, {
        id: 'chatcmpl-loopback',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: chat.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' }],
        usage: usageOf(answer.usage, answer.text),
      });
    }
    response.once('close', () => {
      if (!response.writableFinished) server.abandoned += 1;
    });
    await stream(response, chat, answer);
  });
  server.requests = loopback.requests;
  server.baseUrl = `${loopback.url}/v1`;
  return server;
}

async function stream(response: ServerResponse, chat: ChatRequest, answer: Exclude<ChatReply, { status: number }>): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-loopback', object: 'chat.completion.chunk', created, model: chat.model, choices, ...extra })}\n\n`;
  response.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
  if ('stallAfter' in answer) {
    for (const piece of answer.stallAfter) response.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    return; // The connection stays open without another byte.
  }
  const pieces = answer.pieces ?? answer.text.match(/\S+\s*|\s+/g) ?? [];
  for (const piece of pieces) {
    if (response.destroyed) return;
    response.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    if (answer.delayMs) await sleep(answer.delayMs);
  }
  response.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]));
  if (chat.stream_options?.include_usage && answer.usage !== null) response.write(chunk([], { usage: usageOf(answer.usage, answer.text) }));
  response.end('data: [DONE]\n\n');
}

function usageOf(usage: { prompt_tokens: number; completion_tokens: number } | null | undefined, text: string) {
  const given = usage ?? { prompt_tokens: 50, completion_tokens: Math.ceil(text.length / 4) };
  return { ...given, total_tokens: given.prompt_tokens + given.completion_tokens };
}

function apiError(response: ServerResponse, status: number, message: string, type: string, code: string | null = null): void {
  sendJson(response, status, { error: { message, type, param: null, code } });
}
