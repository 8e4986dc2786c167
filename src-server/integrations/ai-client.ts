import { BodyTooLargeError, readLimited } from './read-limited';

// The platform's one way to a language model (DECISIONS "Services that live outside the
// platform"): an OpenAI-compatible chat-completions endpoint, so a hosted service and a
// local model server (llama.cpp, Ollama, vLLM, LM Studio) work alike. Routes see only
// AiClient, so tests and other providers can stand in for it.

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Tokens one call used: the API's `usage` when it reports one, else estimated from the text. */
export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  estimated: boolean;
}

export interface AiCallOptions {
  /** Told once per call, when the answer is complete (the daily budget counts it). */
  onUsage?: (usage: AiUsage) => void;
  /** The caller gave up (the editor closed the overlay): the request to the model stops too. */
  signal?: AbortSignal;
}

export interface AiClient {
  /** The text of every choice the model answered; throws AiServiceError when there is none. */
  complete(messages: readonly AiMessage[], options?: AiCallOptions): Promise<string[]>;
  /**
   * One answer as the model writes it (`stream: true`): each piece of text as it arrives.
   * Throws AiServiceError when the service fails, stalls or answers no text at all.
   */
  stream(messages: readonly AiMessage[], options?: AiCallOptions): AsyncGenerator<string, void, undefined>;
}

/** The AI service failed or answered something unusable; `message` is for the user. */
export class AiServiceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AiServiceError';
  }
}

export interface AiSettings {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; `/chat/completions` is added. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer`; local model servers usually need none. */
  apiKey?: string;
  /**
   * Default 30 s: a model writes a few lines in well under that. For a streamed answer it is
   * the longest wait for the first piece and between two pieces.
   */
  timeoutMs?: number;
  /** The longest a streamed answer may take in all; default 120 s. */
  streamMaxMs?: number;
  /** Tokens one organization may use per UTC day (AI_DAILY_TOKEN_BUDGET); default 200,000. */
  dailyTokenBudget?: number;
  /** Calls one organization may make per minute (AI_REQUESTS_PER_MINUTE); default 20. */
  requestsPerMinute?: number;
}

export const DEFAULT_AI_TIMEOUT_MS = 30_000;
export const DEFAULT_AI_STREAM_MAX_MS = 120_000;
/** An answer this large is not three short lines; reading it all would only cost memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** A rewritten section is a few paragraphs; a stream far longer than this is a runaway model. */
const MAX_STREAM_CHARS = 200_000;

export function createOpenAiCompatibleClient(settings: AiSettings): AiClient {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const streamMaxMs = settings.streamMaxMs ?? DEFAULT_AI_STREAM_MAX_MS;
  const headers = (accept: string): Record<string, string> => {
    const result: Record<string, string> = { 'content-type': 'application/json', accept };
    if (settings.apiKey) result.authorization = `Bearer ${settings.apiKey}`;
    return result;
  };
  return {
    async complete(messages, options = {}) {
      // Only model and messages: reasoning models refuse temperature and max_tokens, and
      // many local servers ignore `n`, so the prompt asks for several suggestions instead.
      const body = JSON.stringify({ model: settings.model, messages });
      const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
      let text: string;
      try {
        const response = await fetch(endpoint, { method: 'POST', headers: headers('application/json'), body, signal });
        await refuseFailure(response);
        text = (await readLimited(response, MAX_ANSWER_BYTES)).toString('utf8');
      } catch (error) {
        if (error instanceof BodyTooLargeError) throw new AiServiceError('The AI service answered with far more than suggestions.');
        throw serviceError(error, timeoutMs);
      }
      const { texts, usage } = choiceTexts(text);
      options.onUsage?.(usage ?? estimatedUsage(messages, texts.join('')));
      return texts;
    },

    async *stream(messages, options = {}) {
      // include_usage: the last chunk then reports the tokens used (OpenAI, vLLM, Ollama,
      // llama.cpp); servers that ignore it are estimated instead.
      const body = JSON.stringify({ model: settings.model, messages, stream: true, stream_options: { include_usage: true } });
      const stalled = new AbortController();
      const signals = [stalled.signal, AbortSignal.timeout(streamMaxMs)];
      if (options.signal) signals.push(options.signal);
      const signal = AbortSignal.any(signals);
      let idle = setTimeout(() => stalled.abort(new StallError()), timeoutMs);
      const awake = () => {
        clearTimeout(idle);
        idle = setTimeout(() => stalled.abort(new StallError()), timeoutMs);
      };
      let answer = '';
      let usage: AiUsage | null = null;
      try {
        const response = await fetch(endpoint, { method: 'POST', headers: headers('text/event-stream'), body, signal });
        await refuseFailure(response);
        if (!response.body) throw new AiServiceError('The AI service answered without any text.');
        const decoder = new TextDecoder();
        let buffered = '';
        let finished = false;
        for await (const chunk of response.body) {
          awake();
          buffered += decoder.decode(chunk as Uint8Array, { stream: true });
          const lines = buffered.split(/\r?\n/);
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            const event = streamEvent(line);
            if (event === 'done') {
              finished = true;
              break;
            }
            if (!event) continue;
            if (event.usage) usage = event.usage;
            if (event.text) {
              answer += event.text;
              if (answer.length > MAX_STREAM_CHARS) throw new AiServiceError('The AI service answered with far more than a rewrite.');
              // The wait for our own reader (a slow editor's connection) is not the model stalling.
              clearTimeout(idle);
              yield event.text;
              awake();
            }
          }
          if (finished) break;
        }
        if (!finished) {
          const last = streamEvent(buffered);
          if (last && last !== 'done' && last.text) {
            answer += last.text;
            yield last.text;
          }
        }
      } catch (error) {
        throw serviceError(error, timeoutMs, streamMaxMs, signal);
      } finally {
        clearTimeout(idle);
      }
      if (answer.trim() === '') throw new AiServiceError('The AI service answered without any text.');
      options.onUsage?.(usage ?? estimatedUsage(messages, answer));
    },
  };
}

class StallError extends Error {
  constructor() {
    super('The AI service stalled.');
    this.name = 'StallError';
  }
}

async function refuseFailure(response: Response): Promise<void> {
  if (response.ok) return;
  await response.body?.cancel().catch(() => undefined);
  // The status only: an upstream error body can quote the request or the key.
  if (response.status === 429) throw new AiServiceError('The AI service is busy (HTTP 429). Try again in a minute.');
  throw new AiServiceError(`The AI service failed (HTTP ${response.status}).`);
}

/** What the editor reads when the call failed: the reason, never the upstream body. */
function serviceError(error: unknown, timeoutMs: number, streamMaxMs?: number, signal?: AbortSignal): AiServiceError {
  if (error instanceof AiServiceError) return error;
  const reason: unknown = signal?.aborted ? signal.reason : undefined;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || reason !== undefined)) {
    if (reason instanceof StallError || !signal) {
      return new AiServiceError(`The AI service did not answer within ${duration(timeoutMs)}.`, { cause: error });
    }
    if (reason instanceof Error && reason.name === 'TimeoutError' && streamMaxMs !== undefined) {
      return new AiServiceError(`The AI service did not finish within ${duration(streamMaxMs)}.`, { cause: error });
    }
    return new AiServiceError('The request was cancelled.', { cause: error });
  }
  return new AiServiceError('The AI service could not be reached.', { cause: error });
}

/** One SSE line: `data: {chunk}`, `data: [DONE]`, or nothing of interest (comments, `event:`, blank). */
function streamEvent(line: string): { text: string; usage: AiUsage | null } | 'done' | null {
  const match = /^data:\s?(.*)$/.exec(line.trim());
  if (!match) return null;
  const data = match[1]!.trim();
  if (data === '[DONE]') return 'done';
  if (data === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    throw new AiServiceError('The AI service answered with something other than chat completions.', { cause: error });
  }
  const chunk = parsed as { choices?: unknown; usage?: unknown; error?: unknown } | null;
  if (chunk?.error) throw new AiServiceError('The AI service stopped with an error.');
  const choices = Array.isArray(chunk?.choices) ? chunk.choices : [];
  const first = choices[0] as { delta?: { content?: unknown } } | undefined;
  return { text: contentText(first?.delta?.content), usage: reportedUsage(chunk?.usage) };
}

function reportedUsage(value: unknown): AiUsage | null {
  const usage = value as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown } | null | undefined;
  if (!usage || typeof usage !== 'object') return null;
  const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.round(n) : 0);
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  const totalTokens = count(usage.total_tokens) || promptTokens + completionTokens;
  if (totalTokens === 0) return null;
  return { promptTokens, completionTokens, totalTokens, estimated: false };
}

/** About four characters a token in English text: good enough for a daily budget. */
export function estimatedUsage(messages: readonly AiMessage[], answer: string): AiUsage {
  const promptTokens = Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
  const completionTokens = Math.ceil(answer.length / 4);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** `choices[].message.content`, as a string or (some servers) a list of text parts. */
function choiceTexts(text: string): { texts: string[]; usage: AiUsage | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AiServiceError('The AI service answered with something other than chat completions.', { cause: error });
  }
  const choices = (parsed as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) throw new AiServiceError('The AI service answered with something other than chat completions.');
  const texts = choices
    .map((choice: unknown) => contentText((choice as { message?: { content?: unknown } } | null)?.message?.content))
    .filter((content) => content.trim() !== '');
  if (texts.length === 0) throw new AiServiceError('The AI service answered without any text.');
  return { texts, usage: reportedUsage((parsed as { usage?: unknown }).usage) };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => {
      const value = (part as { text?: unknown } | null)?.text;
      return typeof value === 'string' ? value : '';
    })
    .join('');
}
