import type { PollModel } from '../model/blocks/poll';
import type { BlockAlignment } from '../model/enums';

// The poll buttons' alignment and width move together (spec 2 §4, spec 3 §6 "Polls"):
// choosing full width sets the width to 100; a width of 100 sets full width; a width under
// 100 while full width sets the alignment to left.

type ButtonLayout = Pick<PollModel, 'buttonAlignment' | 'buttonWidth'>;

export function withPollButtonAlignment(current: ButtonLayout, buttonAlignment: BlockAlignment): ButtonLayout {
  return buttonAlignment === 'full width' ? { buttonAlignment, buttonWidth: 100 } : { buttonAlignment, buttonWidth: current.buttonWidth };
}

export function withPollButtonWidth(current: ButtonLayout, buttonWidth: number): ButtonLayout {
  if (buttonWidth === 100) return { buttonAlignment: 'full width', buttonWidth };
  if (current.buttonAlignment === 'full width') return { buttonAlignment: 'left', buttonWidth };
  return { buttonAlignment: current.buttonAlignment, buttonWidth };
}
