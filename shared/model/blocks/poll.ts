import { z } from 'zod';
import { CornersSchema, SidesSchema, corners } from '../border';
import {
  BUTTON_BACKGROUND_COLOR_DEFAULT,
  BUTTON_BORDER_RADIUS_DEFAULT,
  BUTTON_TEXT_COLOR_DEFAULT,
  POLL_BUTTON_INNER_PADDING_DEFAULT,
  POLL_BUTTON_SPACING_DEFAULT,
  POLL_BUTTON_WIDTH_DEFAULT,
} from '../constants';
import { AlignmentSchema, BlockAlignmentSchema, PollOriginSchema, PollTypeSchema } from '../enums';

// A poll block holds a copy of the chosen poll plus its button styling (spec 2 §3, spec 3).

export const PollOptionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Some sources call the option's text optionText; kept when present. */
  optionText: z.string().optional(),
});
export type PollOption = z.infer<typeof PollOptionSchema>;

const percent = z.number().min(0).max(100);

export const PollModelSchema = z.strictObject({
  /** null until a poll is chosen; the block then shows its placeholder. */
  id: z.number().int().nullable(),
  title: z.string(),
  questionText: z.string(),
  pollType: PollTypeSchema.nullable(),
  originType: PollOriginSchema.nullable(),
  showResultsOnResponsePage: z.boolean(),
  confirmationMessage: z.string(),
  confirmationMessageCorrect: z.string(),
  confirmationMessageIncorrect: z.string(),
  options: z.array(PollOptionSchema),
  isAnonymous: z.boolean(),
  createdAt: z.string().nullable(),
  align: AlignmentSchema,
  buttonAlignment: BlockAlignmentSchema,
  buttonBackgroundColor: z.string(),
  buttonTextColor: z.string(),
  buttonBorderRadius: CornersSchema,
  buttonSpacing: percent,
  buttonInnerPadding: SidesSchema,
  buttonWidth: percent,
});
export type PollModel = z.infer<typeof PollModelSchema>;

/** The ends of a feedback scale shown as buttons (spec 2 §4); five options read as stars instead. */
export const FEEDBACK_SCALE_LABELS = { low: 'not likely at all', high: 'extremely likely' } as const;
export const FEEDBACK_STAR_OPTION_COUNT = 5;

export function defaultPollModel(): PollModel {
  return {
    id: null,
    title: '',
    questionText: '',
    pollType: null,
    originType: null,
    showResultsOnResponsePage: false,
    confirmationMessage: '',
    confirmationMessageCorrect: '',
    confirmationMessageIncorrect: '',
    options: [],
    isAnonymous: false,
    createdAt: null,
    align: 'left',
    buttonAlignment: 'full width',
    buttonBackgroundColor: BUTTON_BACKGROUND_COLOR_DEFAULT,
    buttonTextColor: BUTTON_TEXT_COLOR_DEFAULT,
    buttonBorderRadius: corners(BUTTON_BORDER_RADIUS_DEFAULT),
    buttonSpacing: POLL_BUTTON_SPACING_DEFAULT,
    buttonInnerPadding: { ...POLL_BUTTON_INNER_PADDING_DEFAULT },
    buttonWidth: POLL_BUTTON_WIDTH_DEFAULT,
  };
}
