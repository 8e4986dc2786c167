import type { TokenVault } from '../core/core-context';
import type { CoreCommand, CoreReport } from './core-process-protocol';

// The core's TokenVault inside its utility process. safeStorage exists only in main, so
// each load, save and clear is a request over the parent port, answered by main's vault
// (token-vault.ts). No Electron import: the tests pass a plain function as the port.

/** Main answers at once; this only guards against a main that never answers. */
const ANSWER_TIME_LIMIT_MS = 10_000;

export interface RemoteTokenVault {
  vault: TokenVault;
  /** Feeds main's 'vault-answer' messages in. */
  receive(answer: Extract<CoreCommand, { type: 'vault-answer' }>): void;
}

export function createRemoteTokenVault(send: (request: Extract<CoreReport, { type: 'vault' }>) => void, timeLimitMs = ANSWER_TIME_LIMIT_MS): RemoteTokenVault {
  let nextId = 1;
  const pending = new Map<number, { resolve: (token: string | null) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();

  function ask(op: 'load' | 'save' | 'clear', token?: string): Promise<string | null> {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`The token vault did not answer ${op} in time`));
      }, timeLimitMs);
      pending.set(id, { resolve, reject, timer });
      send(token === undefined ? { type: 'vault', id, op } : { type: 'vault', id, op, token });
    });
  }

  return {
    vault: {
      load: () => ask('load'),
      save: async (token) => {
        await ask('save', token);
      },
      clear: async () => {
        await ask('clear');
      },
    },
    receive(answer) {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      clearTimeout(waiting.timer);
      if (answer.ok) waiting.resolve(answer.token);
      else waiting.reject(new Error('The token vault refused the request'));
    },
  };
}

/** Main's side: runs one request against its vault and builds the answer. */
export async function answerVaultRequest(vault: TokenVault, request: Extract<CoreReport, { type: 'vault' }>): Promise<Extract<CoreCommand, { type: 'vault-answer' }>> {
  try {
    switch (request.op) {
      case 'load':
        return { type: 'vault-answer', id: request.id, ok: true, token: await vault.load() };
      case 'save':
        if (typeof request.token !== 'string' || request.token === '') return { type: 'vault-answer', id: request.id, ok: false, token: null };
        await vault.save(request.token);
        return { type: 'vault-answer', id: request.id, ok: true, token: null };
      case 'clear':
        await vault.clear();
        return { type: 'vault-answer', id: request.id, ok: true, token: null };
    }
  } catch {
    return { type: 'vault-answer', id: request.id, ok: false, token: null };
  }
}
