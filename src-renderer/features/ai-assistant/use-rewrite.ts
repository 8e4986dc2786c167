import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { AppErrorShape } from '../../../shared/contract/errors';
import type { Delta } from '../../../shared/model/delta';
import { getBridge } from '../../app/bridge';
import { useCancelRewriteMutation, useRewriteSectionMutation } from './ai-assistant-api';
import { initialRewriteState, rewriteNotice, rewriteReducer } from './rewrite-state';

/**
 * The assistant's state and its two actions: `rewrite` asks for a suggestion (streamed in
 * through `ai.rewriteProgress`), `cancel` stops a running one. A running rewrite is
 * cancelled when the overlay goes away, so the model does not write for nobody.
 */
export function useRewrite(place: { brandSlug: string; channelSlug: string; delta: Delta; content: string }) {
  const [state, dispatch] = useReducer(rewriteReducer, undefined, initialRewriteState);
  const [rewriteSection] = useRewriteSectionMutation();
  const [cancelRewrite] = useCancelRewriteMutation();
  const running = useRef<string | null>(null);
  const cancelled = useRef(new Set<string>());

  const cancel = useCallback(() => {
    const requestId = running.current;
    if (!requestId) return;
    cancelled.current.add(requestId);
    running.current = null;
    void cancelRewrite({ requestId });
  }, [cancelRewrite]);

  useEffect(() => getBridge().on('ai.rewriteProgress', ({ requestId, suggestion }) => dispatch({ type: 'progressed', requestId, suggestion })), []);
  useEffect(() => cancel, [cancel]);

  const rewrite = useCallback(async () => {
    if (!state.prompt) return;
    const requestId = crypto.randomUUID();
    running.current = requestId;
    dispatch({ type: 'started', requestId });
    const result = await rewriteSection({ requestId, ...place, prompt: state.prompt });
    if (running.current === requestId) running.current = null;
    if ('data' in result && result.data) {
      dispatch({ type: 'succeeded', requestId, suggestion: result.data.suggestion });
      return;
    }
    const error = 'error' in result ? (result.error as AppErrorShape | undefined) : undefined;
    dispatch({ type: 'failed', requestId, notice: rewriteNotice(error, cancelled.current.has(requestId)) });
  }, [place, rewriteSection, state.prompt]);

  return { state, dispatch, rewrite, cancel };
}
