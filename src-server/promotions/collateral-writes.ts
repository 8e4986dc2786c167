import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CollateralBodySchema } from '../../shared/contract/platform-promotions';
import { AD_TYPE_DEFAULTS, PromotionStatus, collateralErrors } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { invalidData } from '../http/errors';
import { checkCollateralImage, type CollateralImageDeps } from './collateral-image';
import type { CampaignRow } from './promotion-access';
import type { PromotionRow } from './promotion-records';
import { availableZones } from './promotion-records';

// Saving collateral (a campaign's promotion), whichever path it arrives by: the shared rules
// within the ad type's limits, a zone the organization offers, the image at the ad type's size.

export type CollateralBody = z.output<typeof CollateralBodySchema>;

/** The ad type's limits, or the defaults without one; an ad type of another organization is 422 like a missing one. */
export async function limitsFor(db: Db, organizationId: number, adTypeId: number | null | undefined) {
  if (adTypeId == null) return AD_TYPE_DEFAULTS;
  const adType = await db.selectFrom('promotionAdTypes').selectAll().where('id', '=', adTypeId).where('organizationId', '=', organizationId).executeTakeFirst();
  if (!adType) throw invalidData({ adTypeId: ['This ad type does not exist.'] });
  return adType;
}

function collateralCheck(body: CollateralBody, limits: Parameters<typeof collateralErrors>[1]): void {
  const errors = collateralErrors(
    { ...body, dateRangeStart: body.dateRangeStart ?? null, dateRangeEnd: body.dateRangeEnd ?? null },
    limits,
  );
  if (Object.keys(errors).length > 0) throw invalidData(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
}

async function checkZone(db: Db, organizationId: number, zone: number): Promise<void> {
  const zones = await availableZones(db, organizationId);
  if (zone > zones) throw invalidData({ zone: [`Choose a zone from 1 to ${zones}.`] });
}

/** Every check a save makes before anything is written (422 names the field). */
export async function checkCollateral(db: Db, deps: CollateralImageDeps, organizationId: number, body: CollateralBody): Promise<void> {
  const limits = await limitsFor(db, organizationId, body.adTypeId ?? body.templateCustomizationId);
  collateralCheck(body, limits);
  await checkZone(db, organizationId, body.zone);
  await checkCollateralImage(deps, body.image, limits);
}

function columns(body: CollateralBody) {
  const { templateCustomizationId, adTypeId, dates, dateRangeStart, dateRangeEnd, ...fields } = body;
  return {
    ...fields,
    adTypeId: adTypeId ?? templateCustomizationId ?? null,
    dates: toJson(dates),
    dateRangeStart: dateRangeStart ?? null,
    dateRangeEnd: dateRangeEnd ?? null,
  };
}

/** `uniqueId`: the caller's own (an upsert by promotionCollateralUid), else a new one. */
export async function createCollateral(
  db: Db,
  deps: CollateralImageDeps,
  campaign: CampaignRow,
  userId: number,
  body: CollateralBody,
  uniqueId: string = randomUUID(),
): Promise<PromotionRow> {
  await checkCollateral(db, deps, campaign.organizationId, body);
  return db
    .insertInto('promotions')
    .values({
      ...columns(body),
      uniqueId,
      campaignId: campaign.id,
      organizationId: campaign.organizationId,
      status: PromotionStatus.new,
      createdByUserId: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCollateral(db: Db, deps: CollateralImageDeps, existing: PromotionRow, body: CollateralBody): Promise<PromotionRow> {
  await checkCollateral(db, deps, existing.organizationId, body);
  return db
    .updateTable('promotions')
    // What was approved is not what will run any more.
    .set({ ...columns(body), status: PromotionStatus.new, updatedAt: new Date() })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
