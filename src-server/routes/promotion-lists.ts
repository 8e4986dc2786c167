import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { BrandPromotionsQuerySchema, ChannelIdPromotionsQuerySchema, OrganizationPromotionsQuerySchema, PromotionItemListSchema, PromotionsQuerySchema } from '../../shared/contract/platform-promotion-calls';
import { DERIVED_PROMOTIONS_FILTER, PromotionStatus, promotionRunsOn } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { platformUrlOf } from '../delivery/letter-render';
import { currentUser } from '../http/authentication';
import { invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { renderCollateral } from '../promotions/collateral-preview';
import { channelAccess, channelOf, promotionAccess, type PromotionAccess } from '../promotions/promotion-access';
import { promotionPage } from '../promotions/promotion-list';
import { promotionRows, type PromotionFilter } from '../promotions/promotion-queries';
import type { PromotionRow } from '../promotions/promotion-records';
import { BrandParams, ChannelParams, OrgParams, docs, params, path } from './promotion-route-schemas';

// Spec 3 §7 "Promotions and collateral", the lists: a channel's, a brand's, an
// organization's (by days, as occurrences, in zone order) and the letters' call (GET
// promotions: channels and dates, rendered as MJML on request). Every list reads through
// promotionRows; an advertiser's holds only their own campaigns' promotions.

/** The filter query (3 all, 4 approved, 0 awaiting review) as a status. */
function statusOf(filter: number): Pick<PromotionFilter, 'status'> {
  return filter === DERIVED_PROMOTIONS_FILTER ? {} : { status: filter === PromotionStatus.approved ? PromotionStatus.approved : filter };
}

const scope = (access: PromotionAccess): Pick<PromotionFilter, 'organizationId' | 'onlyCreatedBy'> => ({
  organizationId: access.organizationId,
  onlyCreatedBy: access.onlyCreatedBy,
});

export const promotionListRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(path(promotionPaths.channelIdPromotions(':channel')), docs("The promotions that run in a channel (by id or slug): filter, keyword, page, sortBy (scheduledDate), direction (desc)", ChannelParams, { querystring: ChannelIdPromotionsQuerySchema, response: { 200: PromotionItemListSchema } }), async (request, reply) => {
    const { channel: ref } = params(ChannelParams, request.params);
    const { channel, access } = await channelAccess(db, currentUser(request).id, ref);
    const query = parseInput(ChannelIdPromotionsQuerySchema, request.query);
    const rows = await promotionRows(db, { ...scope(access), channelSlug: channel.slug, keyword: query.keyword, ...statusOf(query.filter) });
    return sendAs(reply, PromotionItemListSchema, await promotionPage(db, rows, query));
  });

  app.get(path(promotionPaths.brandPromotions(':brand')), docs("A brand's promotions: filter, channelId, keyword, page, sortDate (desc)", BrandParams, { querystring: BrandPromotionsQuerySchema, response: { 200: PromotionItemListSchema } }), async (request, reply) => {
    const { brand } = params(BrandParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, brand);
    const query = parseInput(BrandPromotionsQuerySchema, request.query);
    const channel = query.channelId !== undefined ? await channelOf(db, access, query.channelId) : null;
    const rows = await promotionRows(db, { ...scope(access), ...(channel ? { channelSlug: channel.slug } : {}), keyword: query.keyword, ...statusOf(query.filter) });
    return sendAs(reply, PromotionItemListSchema, await promotionPage(db, rows, { sortBy: 'scheduledDate', direction: query.sortDate, page: query.page, records: query.records }));
  });

  app.get(path(promotionPaths.organizationPromotions(':org')), docs("An organization's promotions: from, to, occurrences (one item a day), channel, sortBy (scheduledDate or position), filter, keyword, page", OrgParams, { querystring: OrganizationPromotionsQuerySchema, response: { 200: PromotionItemListSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const query = parseInput(OrganizationPromotionsQuerySchema, request.query);
    if (query.from && query.to && query.to < query.from) throw invalidData({ to: ['The end date cannot be before the start date.'] });
    const channel = query.channel !== undefined ? await channelOf(db, access, query.channel) : null;
    const rows = await promotionRows(db, { ...scope(access), ...(channel ? { channelSlug: channel.slug } : {}), keyword: query.keyword, ...statusOf(query.filter) });
    return sendAs(reply, PromotionItemListSchema, await promotionPage(db, rows, query));
  });

  app.get(path(promotionPaths.promotions()), docs("Promotions of channels (channelSlug, channels[]) on dates (dates[]) for letters: status (approved), records, direction, mjml=true adds each one's block as MJML and HTML", z.object({}), { querystring: PromotionsQuerySchema, response: { 200: PromotionItemListSchema } }), async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(PromotionsQuerySchema, request.query);
    const slugs = [...new Set([...(query.channelSlug ? [query.channelSlug] : []), ...query['channels[]']])];
    if (slugs.length === 0) throw invalidData({ channelSlug: ['Name a channel (channelSlug or channels[]).'] });
    const found = new Map<number, PromotionRow>();
    for (const slug of slugs) {
      const { channel, access } = await channelAccess(db, user.id, slug);
      const rows = await promotionRows(db, { ...scope(access), channelSlug: channel.slug, ...(query.status === 'approved' ? { status: PromotionStatus.approved } : {}) });
      for (const row of rows) {
        if (query['dates[]'].length === 0 || query['dates[]'].some((day) => promotionRunsOn(row, day))) found.set(row.id, row);
      }
    }
    const page = await promotionPage(db, [...found.values()], { sortBy: 'scheduledDate', direction: query.direction, page: query.page, records: query.records });
    if (!query.mjml) return sendAs(reply, PromotionItemListSchema, page);
    const items = [];
    for (const item of page.items) items.push({ ...item, ...(await renderCollateral(db, item, platformUrlOf(request))) });
    return sendAs(reply, PromotionItemListSchema, { items, total: page.total });
  });
};
