import type { BridgeHandlers, EmitEvent } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import type { RewriteRequest } from '../../../shared/contract/platform-ai-rewrite';
import { COMPANY_CHANNEL_SLUG } from '../../../shared/model/channel';
import { deltaLinks, deltaPlainText, markupToDelta } from '../../../shared/model/rewrite-markup';
import { rewriteRefusal } from '../../../shared/rules/ai-rewrite';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The AI assistant (spec 2 §4): the platform holds the model and its key, so the core only
// passes the section to POST autopilot/rewrite and the answer back. While the platform
// streams the model's text, the suggestion so far goes to the renderer as
// `ai.rewriteProgress` events; the call itself resolves with the finished suggestion.

export const REWRITE_OFFLINE_MESSAGE = 'Rewriting needs a connection to the platform.';
export const REWRITE_CANCELLED_MESSAGE = 'The rewrite was cancelled.';
/** Often enough to look like typing, seldom enough not to flood the bridge with whole deltas. */
const PROGRESS_INTERVAL_MS = 50;

type AiHandlerNames = 'ai.status' | 'ai.rewrite' | 'ai.cancelRewrite';

export function aiAssistantHandlers(deps: { session: SessionService; client: PlatformClient; emit: EmitEvent }): Pick<BridgeHandlers, AiHandlerNames> {
  const { session, client, emit } = deps;
  const running = new Map<string, AbortController>();

  async function signedIn(): Promise<void> {
    if (await session.ensureSignedIn().catch(() => false)) return;
    if (session.current().mode === 'remote') throw new AppError('unauthorized', 'Sign in to the platform first.');
    throw new AppError('offline', REWRITE_OFFLINE_MESSAGE);
  }

  return {
    async 'ai.status'() {
      if (!(await session.ensureSignedIn().catch(() => false))) return { configured: null };
      try {
        return await client.aiStatus();
      } catch (error) {
        if (error instanceof PlatformError) return { configured: null };
        throw error;
      }
    },

    async 'ai.rewrite'({ requestId, brandSlug, channelSlug, delta, content, prompt }) {
      const text = deltaPlainText(delta) || content;
      const refusal = rewriteRefusal(text, prompt);
      if (refusal) throw new AppError('invalid_input', refusal);
      await signedIn();
      // Spec 2 §7: a company-level letter uses the flagged call form, naming no channel.
      const body: RewriteRequest =
        channelSlug === COMPANY_CHANNEL_SLUG
          ? { companyLevel: true, content: text, delta, prompt }
          : { organization: brandSlug, channel: channelSlug, content: text, delta, prompt };
      const controller = new AbortController();
      running.get(requestId)?.abort();
      running.set(requestId, controller);
      const links = deltaLinks(delta);
      let markup = '';
      let lastEmit = 0;
      try {
        const suggestion = await client.rewrite(body, {
          signal: controller.signal,
          onText: (piece) => {
            markup += piece;
            const now = Date.now();
            if (now - lastEmit < PROGRESS_INTERVAL_MS) return;
            lastEmit = now;
            emit('ai.rewriteProgress', { requestId, suggestion: markupToDelta(markup, links) });
          },
        });
        return { suggestion };
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (controller.signal.aborted) throw new AppError('conflict', REWRITE_CANCELLED_MESSAGE);
        if (error.kind === 'network') throw new AppError('offline', REWRITE_OFFLINE_MESSAGE);
        if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
        if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
        throw new AppError('platform_error', error.message);
      } finally {
        if (running.get(requestId) === controller) running.delete(requestId);
      }
    },

    async 'ai.cancelRewrite'({ requestId }) {
      const controller = running.get(requestId);
      controller?.abort();
      return { cancelled: controller !== undefined };
    },
  };
}
