import { useGetAdTypesQuery } from './promotions-api';

/**
 * How many zones a letter of the organization offers: one per ad type, one when it has
 * none (docs/decisions.md "Promotions"); null while not known (offline), which refuses nothing.
 */
export function useAvailableZones(brandSlug: string): number {
  const { data } = useGetAdTypesQuery({ brandSlug }, { skip: !brandSlug });
  return Math.max(1, data?.items.length ?? 1);
}

export function useKnownZones(brandSlug: string): number | null {
  const { data } = useGetAdTypesQuery({ brandSlug }, { skip: !brandSlug });
  return data ? Math.max(1, data.items.length) : null;
}
