import { bridgeChannels, isChannelName, type BridgeHandlers } from '../../shared/contract/bridge';
import { AppError, fieldMessages, type Result } from '../../shared/contract/errors';

// The transport edge shared by both hosts: the channel name and its input are checked
// against the contract before any handler runs, and every outcome becomes a Result value.

export type Dispatch = (channel: unknown, input: unknown) => Promise<Result<unknown>>;

export function createDispatch(handlers: BridgeHandlers, log: (error: unknown) => void = console.error): Dispatch {
  return async (channel, input) => {
    if (!isChannelName(channel)) {
      return { ok: false, error: { code: 'invalid_input', message: `Unknown channel: ${String(channel)}` } };
    }
    const parsed = bridgeChannels[channel].input.safeParse(input ?? {});
    if (!parsed.success) {
      const fields = fieldMessages(parsed.error.issues);
      const first = parsed.error.issues[0]?.message ?? 'Invalid input';
      return { ok: false, error: { code: 'invalid_input', message: first, fields } };
    }
    try {
      const handler = handlers[channel] as (value: unknown) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.toShape() };
      log(error);
      return { ok: false, error: { code: 'internal', message: 'Something went wrong. Your work is saved on this computer.' } };
    }
  };
}
