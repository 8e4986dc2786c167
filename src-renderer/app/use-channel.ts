import { useSelector } from 'react-redux';
import type { Channel } from '../../shared/model/channel';
import { api } from './api';
import { sessionApi } from './session-api';

const selectSession = sessionApi.endpoints.getSession.select();

/**
 * A channel of the signed-in session the app already holds (its colours, timezone, logo),
 * or null when unknown — also in stores without the api (component tests of one panel).
 */
export function useChannel(brandSlug: string | undefined, channelSlug: string | undefined): Channel | null {
  return useSelector((state: object) => {
    if (!(api.reducerPath in state) || !brandSlug || !channelSlug) return null;
    const session = selectSession(state as Parameters<typeof selectSession>[0]).data;
    const organization = session?.organizations.find((o) => o.slug === brandSlug);
    return organization?.channels.find((c) => c.channelSlug === channelSlug) ?? null;
  });
}
