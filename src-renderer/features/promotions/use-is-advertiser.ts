import { useSelector } from 'react-redux';
import { api } from '../../app/api';
import { sessionApi } from '../../app/session-api';
import { isAdvertiserOf } from './advertiser-navigation';

const selectSession = sessionApi.endpoints.getSession.select();

/**
 * Whether the signed-in user only advertises in this organization: the screens then leave
 * out what the platform keeps for its members (approvals, ad types).
 */
export function useIsAdvertiser(brandSlug: string): boolean {
  return useSelector((state: object) => {
    if (!(api.reducerPath in state)) return false;
    const session = selectSession(state as Parameters<typeof selectSession>[0]).data;
    return isAdvertiserOf(session?.organizations.find((o) => o.slug === brandSlug));
  });
}
