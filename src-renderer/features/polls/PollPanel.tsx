import { Alert, Divider, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { Poll } from '../../../shared/contract/platform-polls';
import type { PollModel, Section, SectionOf } from '../../../shared/model';
import { defaultPollModel } from '../../../shared/model';
import { checkButtonInnerPadding, checkButtonRadius, checkButtonSpacing, checkButtonWidth } from '../../../shared/rules/button-settings';
import { SIDE_NAMES } from '../../../shared/rules/border-settings';
import { withPollButtonAlignment, withPollButtonWidth } from '../../../shared/rules/poll-button';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { BLOCK_ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';
import { ColorField } from '../../block-kit/fields/ColorField';
import { RuleField } from '../../block-kit/fields/RuleField';
import { SIDE_LABELS, SidesField } from '../../block-kit/fields/SidesField';
import { usePanelContext } from '../../block-kit/panel-context';
import type { PanelProps } from '../../block-kit/section-edit';
import type { ComposerState } from '../../block-kit/composer-slice';
import { useGetPollMutation, usePickPollsQuery } from './polls-api';

// The poll block's panel (spec 2 §2, §4): the poll picker and the buttons' styling. The
// picker searches 300 ms after typing stops, 50 at a time; a poll another block of the
// letter already uses is shown disabled. Choosing a poll copies it into the block (so the
// in-use list follows the blocks); clearing resets the poll, keeping the styling.

export const POLL_SEARCH_DEBOUNCE_MS = 300;
const NO_POLLS = 'No polls found';

type PollSection = SectionOf<'poll'>;
type ModelEdit = (field: string, change: (model: PollModel) => Partial<PollModel>) => void;

/** Poll ids of every poll block but this one, layouts' children included. */
function pollIdsElsewhere(sections: readonly Section[], exceptId: string): Set<number> {
  const ids = new Set<number>();
  const walk = (list: readonly Section[]) => {
    for (const section of list) {
      if (section.type === 'poll' && section.uniqueId !== exceptId && section.blockModel.id !== null) ids.add(section.blockModel.id);
      if (section.blocks) walk(section.blocks);
    }
  };
  walk(sections);
  return ids;
}

/** The block's copy of a chosen poll; its styling stays the block's own. */
export function pollFields(poll: Poll): Partial<PollModel> {
  return {
    id: poll.id,
    title: poll.title,
    questionText: poll.questionText,
    pollType: poll.pollType,
    originType: poll.originType,
    showResultsOnResponsePage: poll.showResultsOnResponsePage,
    confirmationMessage: poll.confirmationMessage,
    confirmationMessageCorrect: poll.confirmationMessageCorrect,
    confirmationMessageIncorrect: poll.confirmationMessageIncorrect,
    options: poll.options.map(({ id, title }) => ({ id, title })),
    isAnonymous: poll.isAnonymous,
    createdAt: poll.createdAt,
  };
}

function resetPollFields(): Partial<PollModel> {
  const { align: _align, buttonAlignment: _a, buttonBackgroundColor: _b, buttonTextColor: _c, buttonBorderRadius: _d, buttonSpacing: _e, buttonInnerPadding: _f, buttonWidth: _g, ...poll } =
    defaultPollModel();
  return poll;
}

export function PollPanel({ section, edit }: PanelProps<PollSection>) {
  const { brandSlug, channelSlug, letterUniqueId, readOnly } = usePanelContext();
  const model = section.blockModel;
  const sections = useSelector((state: { composer: ComposerState }) => state.composer.present);
  const inUse = pollIdsElsewhere(sections, section.uniqueId);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), POLL_SEARCH_DEBOUNCE_MS);
  const [chosenText, setChosenText] = useState(model.title);
  // Typing the chosen poll's own title is not a search.
  const title = debounced === chosenText.trim() ? '' : debounced;
  const { data, isError } = usePickPollsQuery({ brandSlug, channelSlug, title, letterUniqueId }, { skip: readOnly });
  const [loadPoll] = useGetPollMutation();
  const [loadError, setLoadError] = useState<string | null>(null);

  const setModelFields: ModelEdit = (field, change) =>
    edit(field, (current: Section) => (current.type === 'poll' ? { ...current, blockModel: { ...current.blockModel, ...change(current.blockModel) } } : current));

  const items = isError ? [] : (data?.items ?? []);
  const options = items.map((poll) => ({ value: String(poll.id), label: poll.title, disabled: inUse.has(poll.id) }));
  if (model.id !== null && !options.some((option) => option.value === String(model.id))) options.unshift({ value: String(model.id), label: model.title, disabled: false });

  const choose = async (value: string | null) => {
    setLoadError(null);
    if (value === null) {
      setChosenText('');
      setModelFields('poll', resetPollFields);
      return;
    }
    const id = Number(value);
    if (id === model.id) return;
    const result = await loadPoll({ brandSlug, channelSlug, id });
    if ('error' in result && result.error) {
      setLoadError('message' in result.error ? String(result.error.message) : 'The poll could not be loaded.');
      return;
    }
    setChosenText(result.data.title);
    setModelFields('poll', () => pollFields(result.data));
  };

  return (
    <Stack gap="sm">
      <Select
        label="Poll"
        placeholder="Search polls"
        searchable
        clearable
        disabled={readOnly}
        data={options}
        value={model.id === null ? null : String(model.id)}
        searchValue={search}
        onSearchChange={setSearch}
        // The platform has searched already; the list is shown as it answered.
        filter={({ options: all }) => all}
        nothingFoundMessage={NO_POLLS}
        maxDropdownHeight={270}
        onChange={(value) => void choose(value)}
      />
      {loadError && <Alert color="red">{loadError}</Alert>}
      {model.id !== null && (
        <Text size="xs" c="dimmed">
          {model.questionText}
        </Text>
      )}
      <Divider label="Buttons" labelPosition="left" />
      <ChoiceField
        label="Button alignment"
        value={model.buttonAlignment}
        choices={BLOCK_ALIGNMENT_CHOICES}
        disabled={readOnly}
        onChange={(buttonAlignment) => setModelFields('buttonAlignment', (current) => withPollButtonAlignment(current, buttonAlignment))}
      />
      <RuleField
        label="Button width"
        description="Percent of the column"
        numeric
        value={model.buttonWidth}
        check={checkButtonWidth}
        disabled={readOnly}
        onValid={(buttonWidth) => setModelFields('buttonWidth', (current) => withPollButtonWidth(current, buttonWidth))}
      />
      <ColorField label="Button color" value={model.buttonBackgroundColor} disabled={readOnly} onValid={(buttonBackgroundColor) => setModelFields('buttonBackgroundColor', () => ({ buttonBackgroundColor }))} />
      <ColorField label="Button text color" value={model.buttonTextColor} disabled={readOnly} onValid={(buttonTextColor) => setModelFields('buttonTextColor', () => ({ buttonTextColor }))} />
      <RuleField
        label="Button border radius"
        numeric
        value={model.buttonBorderRadius.topLeft}
        check={checkButtonRadius}
        disabled={readOnly}
        onValid={(radius) =>
          setModelFields('buttonBorderRadius', () => ({ buttonBorderRadius: { topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius } }))
        }
      />
      <RuleField
        label="Button spacing"
        description="Space between the buttons, in px"
        numeric
        value={model.buttonSpacing}
        check={checkButtonSpacing}
        disabled={readOnly}
        onValid={(buttonSpacing) => setModelFields('buttonSpacing', () => ({ buttonSpacing }))}
      />
      <SidesField
        label="Button inner padding"
        names={SIDE_NAMES}
        labels={SIDE_LABELS}
        value={model.buttonInnerPadding}
        check={checkButtonInnerPadding}
        disabled={readOnly}
        onValid={(side, value) => setModelFields(`buttonInnerPadding.${side}`, (current) => ({ buttonInnerPadding: { ...current.buttonInnerPadding, [side]: value } }))}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
