import type { Promotion } from '../../shared/contract/platform-promotions';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { newSection } from '../../shared/model/section-factory';
import { letterRenderInput, renderLetterInput } from '../../shared/render';
import type { Db } from '../db/database';
import { fillMergeTags } from '../delivery/merge-fill';
import { promotionLookup } from '../delivery/merge-values';
import { renderChannel } from '../delivery/letter-render';

// Collateral as it will appear in a letter: one zone block in the default letter styles of
// the organization's first channel, rendered with MJML and filled the way a send fills it.

export async function collateralPreviewHtml(db: Db, promotion: Promotion, platformUrl: string): Promise<string> {
  const channel = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .selectAll('channels')
    .select('organizations.slug as brandSlug')
    .where('channels.organizationId', '=', promotion.brandId)
    .orderBy('channels.id')
    .executeTakeFirstOrThrow();
  const block = newSection('newpromotion', 'preview');
  const section = { ...block, blockModel: { ...block.blockModel, zone: promotion.zone } };
  const rendered = await renderLetterInput(
    letterRenderInput({ settings: defaultLetterSettings(), esp: 0, uniqueId: `preview-${promotion.uniqueId}`, title: promotion.headline, subtitle: '' }, [section], {
      channel: renderChannel(channel, channel.brandSlug),
      platformUrl: platformUrl.replace(/\/+$/, ''),
      isCompanyLevel: false,
      year: new Date().getFullYear(),
      isEngagementSegment: false,
    }),
  );
  const lookup = promotionLookup([{ ...promotion, heading: promotion.headline, promoterImage: '', promoterImageAlternativeText: '', adTypeId: null }]);
  return fillMergeTags(rendered.html, lookup, 'html');
}
