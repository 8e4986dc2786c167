import type { AppErrorShape } from '../../../shared/contract/errors';
import type { RewritePrompt } from '../../../shared/contract/platform-ai-rewrite';
import type { Delta } from '../../../shared/model/delta';
import { deltaPlainText } from '../../../shared/model/rewrite-markup';
import { DEFAULT_REWRITE_PROMPT, REWRITE_EMPTY_MESSAGE, REWRITE_FAILED_MESSAGE } from '../../../shared/rules/ai-rewrite';

// The assistant's states (spec 2 §4): NEW (choose a prompt), LOADING (the first
// suggestion streams in), DONE (preview and edit it), EDIT (loading again after a
// suggestion exists). A failure goes back to where the rewrite started, with a notice.

export type RewritePhase = 'NEW' | 'LOADING' | 'DONE' | 'EDIT';

export interface RewriteNotice {
  tone: 'error' | 'warning';
  message: string;
}

export interface RewriteState {
  phase: RewritePhase;
  prompt: RewritePrompt | null;
  /** The suggestion the editor sees in DONE (and keeps while EDIT loads another). */
  suggestion: Delta | null;
  /** The suggestion so far while LOADING or EDIT. */
  streaming: Delta | null;
  requestId: string | null;
  notice: RewriteNotice | null;
}

export type RewriteAction =
  | { type: 'promptChosen'; prompt: RewritePrompt | null }
  | { type: 'started'; requestId: string }
  | { type: 'progressed'; requestId: string; suggestion: Delta }
  | { type: 'succeeded'; requestId: string; suggestion: Delta }
  | { type: 'failed'; requestId: string; notice: RewriteNotice | null }
  | { type: 'suggestionEdited'; suggestion: Delta };

export const initialRewriteState = (): RewriteState => ({
  phase: 'NEW',
  prompt: DEFAULT_REWRITE_PROMPT,
  suggestion: null,
  streaming: null,
  requestId: null,
  notice: null,
});

export function rewriteReducer(state: RewriteState, action: RewriteAction): RewriteState {
  switch (action.type) {
    case 'promptChosen':
      return { ...state, prompt: action.prompt };
    case 'started':
      return { ...state, phase: state.suggestion ? 'EDIT' : 'LOADING', requestId: action.requestId, streaming: null, notice: null };
    case 'progressed':
      return action.requestId === state.requestId ? { ...state, streaming: action.suggestion } : state;
    case 'succeeded':
      if (action.requestId !== state.requestId) return state;
      return { ...state, phase: 'DONE', suggestion: action.suggestion, streaming: null, requestId: null };
    case 'failed':
      if (action.requestId !== state.requestId) return state;
      return { ...state, phase: state.suggestion ? 'DONE' : 'NEW', streaming: null, requestId: null, notice: action.notice };
    case 'suggestionEdited':
      return state.phase === 'DONE' ? { ...state, suggestion: action.suggestion } : state;
  }
}

export const isBusy = (state: RewriteState) => state.phase === 'LOADING' || state.phase === 'EDIT';

/** Spec 2 §5: Rewrite is disabled without a prompt or without content. */
export const canRewrite = (state: RewriteState, content: string) => !isBusy(state) && state.prompt !== null && content.trim() !== '';

/** Spec 2 §5: Save is disabled while the suggestion is empty. */
export const canSave = (state: RewriteState) => state.phase === 'DONE' && state.suggestion !== null && deltaPlainText(state.suggestion) !== '';

/**
 * Spec 2 §8: a failure with a message shows that message as an error; without one, the
 * spec's warning. Empty content is the spec's warning too. A cancel says nothing.
 */
export function rewriteNotice(error: AppErrorShape | undefined, cancelled: boolean): RewriteNotice | null {
  if (cancelled) return null;
  const message = error?.message?.trim() ?? '';
  if (message === REWRITE_EMPTY_MESSAGE) return { tone: 'warning', message };
  if (!error || message === '' || error.code === 'internal') return { tone: 'warning', message: REWRITE_FAILED_MESSAGE };
  return { tone: 'error', message };
}
