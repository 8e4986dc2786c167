import type { z } from 'zod';
import { fieldMessages, type Result } from '../../shared/contract/errors';
import { MAIN_CHANNELS, type MainChannel } from '../../shared/contract/ipc-messages';
import { APP_ORIGIN } from './app-protocol-path';
import { isSameOrigin } from './navigation-policy';

// The only way main listens to a window (ARCHITECTURE, Electron security checklist): a
// message is handled only on an allow-listed channel, from the main frame of a page served
// by the app itself, with input that its zod schema accepts. Anything else is refused and
// logged; nothing of it reaches the handler. No Electron import, so the tests drive it
// with a fake ipcMain and fake events.

/** How each channel is used: `invoke` answers a Result, `send` is one-way. */
export const IPC_ALLOW_LIST: Readonly<Record<MainChannel, 'invoke' | 'send'>> = {
  [MAIN_CHANNELS.commandState]: 'send',
  [MAIN_CHANNELS.settingsGet]: 'invoke',
  [MAIN_CHANNELS.settingsSave]: 'invoke',
  [MAIN_CHANNELS.relaunch]: 'invoke',
};

/** The part of a WebFrameMain the checks read. */
export interface SenderFrameLike {
  readonly url: string;
  /** null for a window's main frame. */
  readonly parent: unknown;
}

/** The part of IpcMainEvent / IpcMainInvokeEvent the checks and handlers read. */
export interface IpcEventLike {
  /** null once the frame has navigated away or been destroyed. */
  readonly senderFrame: SenderFrameLike | null;
  /** The window's web contents: handlers tell windows apart by its id. */
  readonly sender: { readonly id: number };
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void;
  on(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => void): unknown;
}

export interface SenderTrust {
  /** Origins whose main frame may talk to main: app://letterdesk, and the Vite server in development. */
  appOrigins: readonly string[];
  log: (message: string, detail?: unknown) => void;
}

export const DEFAULT_SENDER_TRUST: SenderTrust = {
  appOrigins: [APP_ORIGIN],
  log: (message, detail) => console.warn(`[ipc] ${message}`, detail ?? ''),
};

export const REFUSED_SENDER_MESSAGE = 'This request did not come from a Letterdesk window.';

export type SenderVerdict = { ok: true } | { ok: false; reason: string };

/** Whether a message comes from the main frame of one of the app's own pages. */
export function checkSender(event: IpcEventLike, appOrigins: readonly string[]): SenderVerdict {
  const frame = event.senderFrame;
  if (!frame) return { ok: false, reason: 'the sending frame is gone' };
  // A subframe (the letter preview, anything embedded) never speaks for the window.
  if (frame.parent !== null && frame.parent !== undefined) return { ok: false, reason: 'sent from a subframe' };
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return { ok: false, reason: `malformed sender URL ${JSON.stringify(frame.url)}` };
  }
  if (!appOrigins.some((origin) => isSameOrigin(url, origin))) return { ok: false, reason: `sent from ${url.protocol}//${url.host}` };
  return { ok: true };
}

/**
 * Registers `fn` for `channel`. For an `invoke` channel the window gets `fn`'s value as
 * `{ ok: true, data }`, or `{ ok: false, error }` when the sender or the input is refused
 * or `fn` throws; a `send` channel's refusals are only logged.
 */
export function registerHandler<S extends z.ZodType, R>(
  ipc: IpcMainLike,
  channel: MainChannel,
  schema: S,
  fn: (input: z.output<S>, event: IpcEventLike) => R | Promise<R>,
  trust: SenderTrust = DEFAULT_SENDER_TRUST,
): void {
  const kind = Object.hasOwn(IPC_ALLOW_LIST, channel) ? IPC_ALLOW_LIST[channel] : undefined;
  // A programming mistake, not a hostile message: fail at start, loudly.
  if (!kind) throw new Error(`ipc channel ${JSON.stringify(channel)} is not on the allow-list`);

  async function accept(event: IpcEventLike, input: unknown): Promise<Result<Awaited<R>>> {
    const sender = checkSender(event, trust.appOrigins);
    if (!sender.ok) {
      trust.log(`Refused ${channel}: ${sender.reason}`);
      return { ok: false, error: { code: 'unauthorized', message: REFUSED_SENDER_MESSAGE } };
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      trust.log(`Refused ${channel}: malformed input`, parsed.error.issues);
      const first = parsed.error.issues[0]?.message ?? 'Invalid input';
      return { ok: false, error: { code: 'invalid_input', message: first, fields: fieldMessages(parsed.error.issues) } };
    }
    try {
      return { ok: true, data: await fn(parsed.data, event) };
    } catch (error) {
      trust.log(`The ${channel} handler failed`, error);
      return { ok: false, error: { code: 'internal', message: 'Something went wrong. Your work is saved on this computer.' } };
    }
  }

  if (kind === 'invoke') {
    ipc.handle(channel, (event, input) => accept(event, input));
  } else {
    ipc.on(channel, (event, input) => {
      void accept(event, input);
    });
  }
}
