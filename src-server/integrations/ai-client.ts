import { BodyTooLargeError, readLimited } from './read-limited';

// The platform's one way to a language model (DECISIONS "Services that live outside the
// platform"): an OpenAI-compatible chat-completions endpoint, so a hosted service and a
// local model server (llama.cpp, Ollama, vLLM, LM Studio) work alike. Routes see only
// AiClient, so tests and other providers can stand in for it.

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface AiClient {
  /** The text of every choice the model answered; throws AiServiceError when there is none. */
  complete(messages: readonly AiMessage[]): Promise<string[]>;
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
  /** Default 30 s: a model writes a few lines in well under that. */
  timeoutMs?: number;
}

export const DEFAULT_AI_TIMEOUT_MS = 30_000;
/** An answer this large is not three short lines; reading it all would only cost memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export function createOpenAiCompatibleClient(settings: AiSettings): AiClient {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  return {
    async complete(messages) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
      // Only model and messages: reasoning models refuse temperature and max_tokens, and
      // many local servers ignore `n`, so the prompt asks for several suggestions instead.
      const body = JSON.stringify({ model: settings.model, messages });
      let text: string;
      try {
        const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          // The status only: an upstream error body can quote the request or the key.
          throw new AiServiceError(`The AI service failed (HTTP ${response.status}).`);
        }
        text = (await readLimited(response, MAX_ANSWER_BYTES)).toString('utf8');
      } catch (error) {
        if (error instanceof AiServiceError) throw error;
        if (error instanceof BodyTooLargeError) throw new AiServiceError('The AI service answered with far more than suggestions.');
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new AiServiceError(`The AI service did not answer within ${duration(timeoutMs)}.`, { cause: error });
        }
        throw new AiServiceError('The AI service could not be reached.', { cause: error });
      }
      return choiceTexts(text);
    },
  };
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** `choices[].message.content`, as a string or (some servers) a list of text parts. */
function choiceTexts(text: string): string[] {
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
  return texts;
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
