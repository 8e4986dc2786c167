import { clamp, px, round2, safeColor, sidesPx } from '../css';
import { escapeHtml, safeUrl } from '../escape';
import { mjElement } from '../mjml';
import type { BlockRenderer } from '../types';

// The custom button. Its colours, alignment, radius, inner padding, spacing and width come
// from the block; its font comes from the letter's BUTTON styles (mj-attributes in the head).

const EMAIL_ADDRESS = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

/** Where the button goes: a web address, or an email address as a mailto: link (spec 2 §5). */
export function buttonHref(link: string): string | null {
  const value = link.trim();
  if (value === '') return null;
  const isBareAddress = EMAIL_ADDRESS.test(value) && !/^[a-z][a-z0-9+.-]*:/i.test(value);
  const href = safeUrl(isBareAddress ? `mailto:${value}` : value);
  return href === '#' ? null : href;
}

export const renderButton: BlockRenderer<'button'> = (section, ctx) => {
  const model = section.blockModel;
  const label = model.value.trim() === '' ? '&nbsp;' : escapeHtml(model.value);
  const letterPadding = ctx.settings.padding;
  // Spacing is the room above and below the button; the sides keep the letter's block padding.
  const spacing = clamp(model.buttonSpacing, 0, 100);
  const width = round2(clamp(model.buttonWidth, 0, 100));
  return mjElement(
    'mj-button',
    {
      href: buttonHref(model.link),
      align: model.align,
      'background-color': safeColor(model.backgroundColor, safeColor(ctx.settings.buttons.color, '#1D2D4D')),
      color: safeColor(model.color, safeColor(ctx.settings.buttons.textColor, '#FFFFFF')),
      'border-radius': px(model.borderRadius),
      'inner-padding': sidesPx(model.innerPadding),
      padding: sidesPx({ top: spacing, right: letterPadding.right, bottom: spacing, left: letterPadding.left }),
      // 0% would hide the button; it means "as wide as its label".
      width: width > 0 ? `${width}%` : undefined,
    },
    label,
  );
};
