import { platformPaths } from '../../../shared/contract/platform-api';
import {
  AiStatusResponseSchema,
  RewriteStreamEventSchema,
  type AiStatusResponse,
  type RewriteRequest,
} from '../../../shared/contract/platform-ai-rewrite';
import type { Delta } from '../../../shared/model/delta';
import { PlatformError, type PlatformTransport } from './platform-transport';

// The AI rewrite (spec 2 §4): whether the platform has a model, and the streamed rewrite.

/** A streamed rewrite: the platform gives the model two minutes, and a little more for itself. */
const REWRITE_TIMEOUT_MS = 150_000;

export interface AiCalls {
  /** Whether the platform has an AI service configured. */
  aiStatus(): Promise<AiStatusResponse>;
  /**
   * The AI rewrite of a section (POST autopilot/rewrite): `onText` hears each piece of the
   * model's answer as it arrives; resolves to the suggestion, or throws a PlatformError with
   * the platform's reason (status null when the stream itself ended in an error).
   */
  rewrite(body: RewriteRequest, options: { onText: (text: string) => void; signal?: AbortSignal }): Promise<Delta>;
}

export function createAiCalls({ call, send, root }: PlatformTransport): AiCalls {
  async function rewrite(body: RewriteRequest, options: { onText: (text: string) => void; signal?: AbortSignal }): Promise<Delta> {
    const response = await send('POST', platformPaths.aiRewrite(), 'application/x-ndjson', body, {
      timeoutMs: REWRITE_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.body) throw new PlatformError('http', 'The platform answered without a rewrite.', response.status);
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim() === '') continue;
          const event = RewriteStreamEventSchema.parse(JSON.parse(line));
          if (event.type === 'text') options.onText(event.text);
          else if (event.type === 'done') return event.suggestion;
          else throw new PlatformError('http', event.message);
        }
      }
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      if (options.signal?.aborted) throw new PlatformError('network', 'The rewrite was cancelled.');
      throw new PlatformError('network', `The platform at ${root} stopped answering.`);
    }
    throw new PlatformError('network', `The platform at ${root} stopped answering.`);
  }

  return { aiStatus: () => call('GET', platformPaths.aiStatus(), AiStatusResponseSchema), rewrite };
}
