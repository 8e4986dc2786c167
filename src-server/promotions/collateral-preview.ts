import type { Promotion } from '../../shared/contract/platform-promotions';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { newSection } from '../../shared/model/section-factory';
import { letterRenderInput, renderLetterInput } from '../../shared/render';
import { renderSectionsMjml } from '../../shared/render/render-letter';
import type { Db } from '../db/database';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { promotionLookup } from '../../shared/render/merge-values';
import { renderChannel } from '../delivery/letter-render';

// Collateral as it will appear in a letter (HTML, and the block's own MJML): one zone block in the default letter styles of
// the organization's first channel, rendered with MJML and filled the way a send fills it.

/**
 * With `adTypeId`, the slot is a legacy Promotion block of that ad type (spec 3 §7 preview
 * per ad type); without, the zone block of the collateral's zone.
 */
export async function renderCollateral(db: Db, promotion: Promotion, platformUrl: string, adTypeId: number | null = null): Promise<{ html: string; mjml: string }> {
  const channel = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .selectAll('channels')
    .select('organizations.slug as brandSlug')
    .where('channels.organizationId', '=', promotion.brandId)
    .orderBy('channels.id')
    .executeTakeFirstOrThrow();
  const zoneBlock = newSection('newpromotion', 'preview');
  const typeBlock = newSection('promotion', 'preview');
  const section =
    adTypeId === null ? { ...zoneBlock, blockModel: { ...zoneBlock.blockModel, zone: promotion.zone } } : { ...typeBlock, blockModel: { ...typeBlock.blockModel, adTypeId } };
  const input = letterRenderInput({ settings: defaultLetterSettings(), esp: 0, uniqueId: `preview-${promotion.uniqueId}`, title: promotion.headline, subtitle: '' }, [section], {
    channel: renderChannel(channel, channel.brandSlug),
    platformUrl: platformUrl.replace(/\/+$/, ''),
    isCompanyLevel: false,
    year: new Date().getFullYear(),
    isEngagementSegment: false,
  });
  const rendered = await renderLetterInput(input);
  // The block alone, as it sits in a letter's MJML (GET promotions?mjml=true).
  const [blockMjml = ''] = renderSectionsMjml(input);
  const lookup = promotionLookup([
    adTypeId === null
      ? { ...promotion, heading: promotion.headline, promoterImage: '', promoterImageAlternativeText: '', adTypeId: null }
      : { ...promotion, heading: promotion.headline, promoterImage: '', promoterImageAlternativeText: '', zone: null, adTypeId },
  ]);
  return { html: fillMergeTags(rendered.html, lookup, 'html'), mjml: fillMergeTags(blockMjml, lookup, 'html') };
}
