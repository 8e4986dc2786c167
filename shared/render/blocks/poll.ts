import { POLL_RESPONSE_PARAMS, publicPagePaths } from '../../contract/public-pages';
import type { PollModel, PollOption } from '../../model';
import { FEEDBACK_SCALE_LABELS, FEEDBACK_STAR_OPTION_COUNT, PollType } from '../../model';
import { cornersPx, css, fontSizePx, fontStack, px, safeColor, sidesPx } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjElement } from '../mjml';
import type { BlockRenderer, RenderContext } from '../types';
import { SUBSCRIBER_ID_TAG } from './footer';
import { mjTextAttributes, sectionTextStyle } from './dynamic';

// A poll: its question and one link per option to the platform's response page, which
// records the answer for this letter and subscriber. Feedback scales of five read as stars;
// other scales as a row of buttons between 'not likely at all' and 'extremely likely'.

export { FEEDBACK_SCALE_LABELS };
const STAR_OPTION_COUNT = FEEDBACK_STAR_OPTION_COUNT;
const STAR_SIZE = 32;
const STAR = '&#9733;';

/**
 * The response page an option links to; the subscriber is a merge tag filled at send time.
 * The web archive's copy is read by no one in particular, so its links name no subscriber.
 */
export function pollResponseUrl(ctx: RenderContext, pollId: number, optionId: number): string {
  const q = POLL_RESPONSE_PARAMS;
  // The merge tag also keeps the link out of click tracking: each reader's address differs.
  const subscriber = ctx.webArchive ? '' : `&${q.subscriber}=${SUBSCRIBER_ID_TAG}`;
  const letter = encodeURIComponent(ctx.letterUniqueId);
  return `${ctx.platformUrl}${publicPagePaths.pollResponse(pollId)}?${q.option}=${optionId}&${q.letter}=${letter}${subscriber}`;
}

function optionLabel(option: PollOption): string {
  return option.title.trim() || option.optionText?.trim() || String(option.id);
}

interface ButtonLook {
  background: string;
  color: string;
  font: string;
  fontSize: string;
}

function buttonLook(model: PollModel, ctx: RenderContext): ButtonLook {
  const buttons = ctx.settings.buttons;
  return {
    background: safeColor(model.buttonBackgroundColor, '#1D2D4D'),
    color: safeColor(model.buttonTextColor, '#FFFFFF'),
    // The poll model has no font of its own; its buttons read like the letter's buttons.
    font: fontStack(buttons.font, buttons.fallbackFont),
    fontSize: fontSizePx(buttons.fontSize),
  };
}

/** Single selection and quiz: one button per option, one under the other. */
function optionButtons(model: PollModel, pollId: number, ctx: RenderContext): string {
  const look = buttonLook(model, ctx);
  const fullWidth = model.buttonAlignment === 'full width';
  const align = fullWidth ? 'center' : model.buttonAlignment;
  const width = fullWidth ? '100%' : `${Math.max(1, Math.min(100, model.buttonWidth))}%`;
  return model.options
    .map((option, index) =>
      mjElement(
        'mj-button',
        {
          href: safeUrl(pollResponseUrl(ctx, pollId, option.id)),
          align,
          width,
          'background-color': look.background,
          color: look.color,
          'font-family': look.font,
          'font-size': look.fontSize,
          'border-radius': cornersPx(model.buttonBorderRadius),
          'inner-padding': sidesPx(model.buttonInnerPadding),
          'padding-bottom': index === model.options.length - 1 ? undefined : px(model.buttonSpacing),
        },
        escapeHtml(optionLabel(option)),
      ),
    )
    .join('\n');
}

/** A five-option feedback scale: five star links, the first the lowest. */
function stars(model: PollModel, pollId: number, ctx: RenderContext): string {
  const color = safeColor(model.buttonBackgroundColor, '#1D2D4D');
  const align = model.buttonAlignment === 'full width' ? 'center' : model.buttonAlignment;
  const starCss = css({
    color,
    'text-decoration': 'none',
    'font-size': `${STAR_SIZE}px`,
    'line-height': 1,
    padding: `0 ${px(model.buttonSpacing / 2)}`,
  });
  const links = model.options.map((option) => {
    const label = escapeAttr(optionLabel(option));
    const href = escapeAttr(safeUrl(pollResponseUrl(ctx, pollId, option.id)));
    return `<a href="${href}" target="_blank" title="${label}" aria-label="${label}" style="${escapeAttr(starCss)}">${STAR}</a>`;
  });
  return mjElement('mj-text', { align, 'line-height': '1' }, links.join(''));
}

/** Any other feedback scale: a row of buttons, labelled at both ends. */
function scaleButtons(model: PollModel, pollId: number, ctx: RenderContext, labelColor: string): string {
  const look = buttonLook(model, ctx);
  const count = model.options.length;
  const half = px(model.buttonSpacing / 2);
  const font = { 'font-family': look.font, 'font-size': look.fontSize };
  const buttonCss = css({
    display: 'block',
    background: look.background,
    color: look.color,
    ...font,
    'text-decoration': 'none',
    'text-align': 'center',
    'border-radius': cornersPx(model.buttonBorderRadius),
    padding: sidesPx(model.buttonInnerPadding),
  });
  const cells = model.options.map(
    (option) =>
      `<td style="padding:0 ${half}" width="${Math.floor(100 / count)}%"><a href="${escapeAttr(safeUrl(pollResponseUrl(ctx, pollId, option.id)))}" target="_blank" style="${escapeAttr(buttonCss)}">${escapeHtml(optionLabel(option))}</a></td>`,
  );
  const labelCss = css({ ...font, color: labelColor, padding: `${px(model.buttonSpacing)} ${half} 0` });
  const labels =
    `<td colspan="${Math.ceil(count / 2)}" style="${escapeAttr(labelCss)};text-align:left">${FEEDBACK_SCALE_LABELS.low}</td>` +
    (count > 1 ? `<td colspan="${Math.floor(count / 2)}" style="${escapeAttr(labelCss)};text-align:right">${FEEDBACK_SCALE_LABELS.high}</td>` : '');
  const table = { cellpadding: 0, cellspacing: 0, role: 'presentation', 'table-layout': 'fixed' };
  return mjElement('mj-table', table, `<tr>${cells.join('')}</tr><tr>${labels}</tr>`);
}

/**
 * A poll block with no poll chosen renders nothing: the editor's placeholder is not for
 * readers, and there is nothing to answer.
 */
export const renderPoll: BlockRenderer<'poll'> = (section, ctx) => {
  const model = section.blockModel;
  if (model.id === null || model.pollType === null) return '';
  const pollId = model.id;
  const style = { ...sectionTextStyle(section), alignment: model.align };
  const question = model.questionText.trim() || model.title.trim();
  const parts: string[] = [];
  if (question) {
    parts.push(`<mj-text${mjTextAttributes(style, '#202a33', px(model.buttonSpacing))}>${escapeHtml(question)}</mj-text>`);
  }
  if (model.options.length > 0) {
    if (model.pollType !== PollType.feedbackScale) parts.push(optionButtons(model, pollId, ctx));
    else if (model.options.length === STAR_OPTION_COUNT) parts.push(stars(model, pollId, ctx));
    else parts.push(scaleButtons(model, pollId, ctx, safeColor(style.color, '#202a33')));
  }
  return parts.join('\n');
};
