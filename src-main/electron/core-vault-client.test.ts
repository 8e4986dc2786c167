import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryTokenVault } from '../core/session';
import { answerVaultRequest, createRemoteTokenVault } from './core-vault-client';
import { isCoreCommand, isCoreReport } from './core-process-protocol';
import { createElectronTokenVault } from './token-vault';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The core's vault wired to main's through structured clones, as the parent port carries them. */
function wire(mainVault: Parameters<typeof answerVaultRequest>[0]) {
  const seen: unknown[] = [];
  const remote = createRemoteTokenVault((request) => {
    const onTheWire = structuredClone(request);
    seen.push(onTheWire);
    expect(isCoreReport(onTheWire)).toBe(true);
    void answerVaultRequest(mainVault, onTheWire).then((answer) => {
      const back = structuredClone(answer);
      expect(isCoreCommand(back)).toBe(true);
      remote.receive(back);
    });
  });
  return { vault: remote.vault, seen };
}

describe("the core's token vault over the parent port", () => {
  it('saves, loads and clears through main', async () => {
    const { vault, seen } = wire(memoryTokenVault());
    expect(await vault.load()).toBeNull();
    await vault.save('tok_1');
    expect(await vault.load()).toBe('tok_1');
    await vault.clear();
    expect(await vault.load()).toBeNull();
    expect(seen.map((m) => (m as { op: string }).op)).toEqual(['load', 'save', 'load', 'clear', 'load']);
  });

  it('reaches safeStorage-backed storage in main, so the token survives a restart of the core', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-vault-wire-'));
    dirs.push(dir);
    const safeStorage = {
      isEncryptionAvailable: () => true,
      encryptString: (plain: string) => Buffer.from(plain.split('').reverse().join('')),
      decryptString: (sealed: Buffer) => sealed.toString().split('').reverse().join(''),
    };
    const mainVault = () => createElectronTokenVault({ file: path.join(dir, 'token.json'), scope: 'https://a.example', safeStorage, platform: 'darwin' });
    await wire(mainVault()).vault.save('tok_2');
    expect(await wire(mainVault()).vault.load()).toBe('tok_2');
  });

  it('fails a request main refuses or never answers, instead of hanging the core', async () => {
    const refusing = createRemoteTokenVault((request) => queueMicrotask(() => refusing.receive({ type: 'vault-answer', id: request.id, ok: false, token: null })));
    await expect(refusing.vault.save('x')).rejects.toThrow(/refused/);
    const silent = createRemoteTokenVault(() => undefined, 20);
    await expect(silent.vault.load()).rejects.toThrow(/did not answer/);
  });

  it('ignores answers to questions it did not ask', async () => {
    const remote = createRemoteTokenVault((request) => {
      remote.receive({ type: 'vault-answer', id: request.id + 100, ok: true, token: 'forged' });
      remote.receive({ type: 'vault-answer', id: request.id, ok: true, token: 'real' });
    });
    expect(await remote.vault.load()).toBe('real');
  });

  it('refuses a save without a token on the main side', async () => {
    expect(await answerVaultRequest(memoryTokenVault(), { type: 'vault', id: 1, op: 'save' })).toEqual({ type: 'vault-answer', id: 1, ok: false, token: null });
  });
});

describe('the parent port protocol', () => {
  it('recognises well-formed messages only', () => {
    expect(isCoreCommand({ type: 'flush', id: 3 })).toBe(true);
    expect(isCoreCommand({ type: 'flush' })).toBe(false);
    expect(isCoreCommand({ type: 'vault-answer', id: 1, ok: true, token: 5 })).toBe(false);
    expect(isCoreCommand({ type: 'eval', code: '1' })).toBe(false);
    expect(isCoreReport({ type: 'sync-status', status: { state: 'synced', pending: 0, message: null } })).toBe(true);
    expect(isCoreReport({ type: 'vault', id: 1, op: 'steal' })).toBe(false);
    expect(isCoreReport({ type: 'flushed', id: 1, status: null })).toBe(true);
    expect(isCoreReport(null)).toBe(false);
  });

  it('passes a delivery event to main only in the platform contract’s shape', () => {
    const event = {
      id: 4,
      kind: 'failed',
      letterId: 7,
      letterUniqueId: 'u7',
      channelId: 1,
      channelSlug: 'weekly',
      brandSlug: 'demo',
      title: 'Market day',
      recipients: 10,
      delivered: 3,
      message: 'Sending stopped after 3 of 10 emails: 421 Try later',
      at: '2026-11-22T10:00:00.000Z',
    };
    expect(isCoreReport({ type: 'delivery-event', event })).toBe(true);
    expect(isCoreReport({ type: 'delivery-event', event: { ...event, kind: 'exploded' } })).toBe(false);
    expect(isCoreReport({ type: 'delivery-event', event: { ...event, title: undefined } })).toBe(false);
    expect(isCoreReport({ type: 'delivery-event' })).toBe(false);
  });
});
