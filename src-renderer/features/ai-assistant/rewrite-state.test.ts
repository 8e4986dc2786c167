import { describe, expect, it } from 'vitest';
import { REWRITE_EMPTY_MESSAGE, REWRITE_FAILED_MESSAGE } from '../../../shared/rules/ai-rewrite';
import { canRewrite, canSave, initialRewriteState, rewriteNotice, rewriteReducer, type RewriteAction, type RewriteState } from './rewrite-state';

const run = (actions: RewriteAction[], from: RewriteState = initialRewriteState()) => actions.reduce(rewriteReducer, from);
const text = (insert: string) => ({ ops: [{ insert }] });

describe('rewriteReducer', () => {
  it('goes NEW → LOADING → DONE → EDIT → DONE, showing the streamed suggestion of the running request only', () => {
    const loading = run([{ type: 'started', requestId: 'a' }, { type: 'progressed', requestId: 'a', suggestion: text('Tid') }]);
    expect(loading.phase).toBe('LOADING');
    expect(loading.streaming).toEqual(text('Tid'));
    const done = run([{ type: 'progressed', requestId: 'old', suggestion: text('x') }, { type: 'succeeded', requestId: 'a', suggestion: text('Tides\n') }], loading);
    expect(done).toMatchObject({ phase: 'DONE', suggestion: text('Tides\n'), streaming: null });
    const edit = run([{ type: 'promptChosen', prompt: 'shorter' }, { type: 'started', requestId: 'b' }], done);
    expect(edit).toMatchObject({ phase: 'EDIT', prompt: 'shorter', suggestion: text('Tides\n') });
    expect(run([{ type: 'succeeded', requestId: 'b', suggestion: text('T\n') }], edit)).toMatchObject({ phase: 'DONE', suggestion: text('T\n') });
  });

  it('goes back to where it started on failure, with the notice', () => {
    const notice = { tone: 'error' as const, message: 'AI is down' };
    expect(run([{ type: 'started', requestId: 'a' }, { type: 'failed', requestId: 'a', notice }])).toMatchObject({ phase: 'NEW', notice });
    const done = run([{ type: 'started', requestId: 'a' }, { type: 'succeeded', requestId: 'a', suggestion: text('S\n') }]);
    expect(run([{ type: 'started', requestId: 'b' }, { type: 'failed', requestId: 'b', notice }], done)).toMatchObject({ phase: 'DONE', suggestion: text('S\n'), notice });
  });
});

describe('the buttons and notices', () => {
  it('disables Rewrite without a prompt or content, and Save for an empty suggestion', () => {
    expect(canRewrite(initialRewriteState(), 'Words')).toBe(true);
    expect(canRewrite(initialRewriteState(), '  ')).toBe(false);
    expect(canRewrite(run([{ type: 'promptChosen', prompt: null }]), 'Words')).toBe(false);
    expect(canSave(initialRewriteState())).toBe(false);
    expect(canSave(run([{ type: 'started', requestId: 'a' }, { type: 'succeeded', requestId: 'a', suggestion: text('\n') }]))).toBe(false);
    expect(canSave(run([{ type: 'started', requestId: 'a' }, { type: 'succeeded', requestId: 'a', suggestion: text('Yes\n') }]))).toBe(true);
  });

  it("shows the platform's message as an error, else the spec's warning; nothing for a cancel", () => {
    expect(rewriteNotice({ code: 'platform_error', message: 'The AI service failed (HTTP 500).' }, false)).toEqual({ tone: 'error', message: 'The AI service failed (HTTP 500).' });
    expect(rewriteNotice({ code: 'internal', message: 'Something broke' }, false)).toEqual({ tone: 'warning', message: REWRITE_FAILED_MESSAGE });
    expect(rewriteNotice({ code: 'platform_error', message: '' }, false)).toEqual({ tone: 'warning', message: REWRITE_FAILED_MESSAGE });
    expect(rewriteNotice({ code: 'invalid_input', message: REWRITE_EMPTY_MESSAGE }, false)).toEqual({ tone: 'warning', message: REWRITE_EMPTY_MESSAGE });
    expect(rewriteNotice({ code: 'conflict', message: 'The rewrite was cancelled.' }, true)).toBeNull();
  });
});
