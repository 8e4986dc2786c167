import { DIVIDER_THICKNESS_MAX } from '../../model';
import { px, safeColor } from '../css';
import { mjElement } from '../mjml';
import type { BlockRenderer } from '../types';

// A horizontal rule. The block's colour, style and thickness win over the letter's DIVIDER
// styles, which the head's mj-attributes carry as defaults.

export const renderDivider: BlockRenderer<'divider'> = (section, ctx) => {
  const model = section.blockModel;
  return mjElement('mj-divider', {
    'border-color': safeColor(model.color, safeColor(ctx.settings.dividers.color, '#000000')),
    'border-style': model.style,
    'border-width': px(model.width, DIVIDER_THICKNESS_MAX),
  });
};
