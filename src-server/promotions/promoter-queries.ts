import type { Db } from '../db/database';
import type { PromotionAccess } from './promotion-access';

// The one promoters query (an organization's, and GET promotions/promoters across the
// organizations a caller reaches): the distinct names and emails campaigns give, an
// advertiser's own campaigns only.

export interface Promoter {
  name: string;
  email: string;
}

/** `keyword`: name or email containing it, any case. */
export async function promoterRows(db: Db, accesses: readonly PromotionAccess[], keyword = ''): Promise<Promoter[]> {
  if (accesses.length === 0) return [];
  let select = db
    .selectFrom('promotionCampaigns')
    .select(['promoterName as name', 'promoterEmail as email'])
    .distinct()
    .where('promoterEmail', '<>', '')
    .where((eb) =>
      eb.or(
        accesses.map((access) =>
          access.onlyCreatedBy === null
            ? eb('organizationId', '=', access.organizationId)
            : eb.and([eb('organizationId', '=', access.organizationId), eb('createdByUserId', '=', access.onlyCreatedBy)]),
        ),
      ),
    );
  const trimmed = keyword.trim();
  if (trimmed !== '') {
    const like = `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb('promoterName', 'ilike', like), eb('promoterEmail', 'ilike', like)]));
  }
  return select.orderBy('name').orderBy('email').execute();
}
