import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ChannelInput, ChannelName } from '../../shared/contract/bridge';
import type { AppErrorShape } from '../../shared/contract/errors';
import { getBridge } from './bridge';

export interface IpcArgs<C extends ChannelName = ChannelName> {
  channel: C;
  input: ChannelInput<C>;
}

/** RTK Query over the bridge: a failed Result becomes the query's error, as it is. */
export const ipcBaseQuery: BaseQueryFn<IpcArgs, unknown, AppErrorShape> = async ({ channel, input }) => {
  const result = await getBridge().invoke(channel, input as never);
  return result.ok ? { data: result.data } : { error: result.error };
};

/** Builds typed query args for one channel. */
export function ipc<C extends ChannelName>(channel: C, input: ChannelInput<C>): IpcArgs<C> {
  return { channel, input };
}
