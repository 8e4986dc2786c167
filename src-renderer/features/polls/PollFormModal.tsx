import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Radio, Select, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FEEDBACK_SCALES, POLL_OPTIONS_MAX, PollInputSchema } from '../../../shared/contract/platform-polls';
import type { FeedbackScale, Poll, PollInput } from '../../../shared/contract/platform-polls';
import { fieldMessages } from '../../../shared/contract/errors';
import { PollType } from '../../../shared/model/enums';
import type { PollType as PollTypeValue } from '../../../shared/model/enums';
import { POLL_TYPE_CHOICES } from './poll-labels';
import { useSavePollMutation } from './polls-api';

// Create or edit a poll: title, question, type (single selection, quiz with its correct
// option, feedback scale 1–5 or 0–10), options, anonymous, results on the response page,
// and the confirmation messages (the quiz's correct and incorrect ones too).

interface OptionDraft {
  key: number;
  id?: number;
  title: string;
  isCorrect: boolean;
}

const SCALE_LABELS: Record<FeedbackScale, string> = { '1-5': 'Rating 1–5 (stars)', '0-10': 'Rating 0–10' };

let nextKey = 1;
const draftOption = (title = '', isCorrect = false, id?: number): OptionDraft => ({ key: nextKey++, title, isCorrect, ...(id ? { id } : {}) });

export function PollFormModal({ brandSlug, poll, opened, onClose }: { brandSlug: string; poll: Poll | null; opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState(poll?.title ?? '');
  const [questionText, setQuestion] = useState(poll?.questionText ?? '');
  const [pollType, setPollType] = useState<PollTypeValue>(poll?.pollType ?? PollType.singleSelection);
  const [feedbackScale, setScale] = useState<FeedbackScale>(poll?.feedbackScale ?? '1-5');
  const [options, setOptions] = useState<OptionDraft[]>(
    poll && poll.pollType !== PollType.feedbackScale ? poll.options.map((o) => draftOption(o.title, o.isCorrect, o.id)) : [draftOption(), draftOption()],
  );
  const [isAnonymous, setAnonymous] = useState(poll?.isAnonymous ?? false);
  const [showResults, setShowResults] = useState(poll?.showResultsOnResponsePage ?? false);
  const [confirmationMessage, setConfirmation] = useState(poll?.confirmationMessage ?? '');
  const [correctMessage, setCorrect] = useState(poll?.confirmationMessageCorrect ?? '');
  const [incorrectMessage, setIncorrect] = useState(poll?.confirmationMessageIncorrect ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [save, saving] = useSavePollMutation();

  const feedback = pollType === PollType.feedbackScale;
  const quiz = pollType === PollType.quiz;
  const error = (path: string) => errors[path]?.[0];
  // A field's message goes once the field is edited, so what is shown is never stale.
  const touched = (...paths: string[]) =>
    setErrors((current) => (paths.some((path) => path in current) ? Object.fromEntries(Object.entries(current).filter(([key]) => !paths.includes(key))) : current));

  const submit = async () => {
    const input: PollInput = {
      title,
      questionText,
      pollType,
      feedbackScale: feedback ? feedbackScale : null,
      options: feedback ? [] : options.map((o) => ({ ...(o.id ? { id: o.id } : {}), title: o.title, isCorrect: quiz && o.isCorrect })),
      isAnonymous,
      showResultsOnResponsePage: showResults,
      confirmationMessage,
      confirmationMessageCorrect: quiz ? correctMessage : '',
      confirmationMessageIncorrect: quiz ? incorrectMessage : '',
    };
    const parsed = PollInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    const result = await save({ brandSlug, ...(poll ? { id: poll.id } : {}), poll: input });
    if ('error' in result && result.error) {
      const shape = result.error as { message?: string; fields?: Record<string, string[]> };
      setErrors(shape.fields ?? {});
      setFailure(shape.message ?? 'The poll could not be saved.');
      return;
    }
    onClose();
  };

  const correctKey = options.find((o) => o.isCorrect)?.key;

  return (
    <Modal opened={opened} onClose={onClose} title={poll ? 'Edit poll' : 'New poll'} size="lg">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Title" required value={title} onChange={(e) => {
            setTitle(e.currentTarget.value);
            touched('title');
          }} error={error('title')} />
        <Textarea label="Question" required autosize minRows={2} value={questionText} onChange={(e) => {
            setQuestion(e.currentTarget.value);
            touched('questionText');
          }} error={error('questionText')} />
        <Select
          label="Type"
          data={POLL_TYPE_CHOICES}
          value={String(pollType)}
          allowDeselect={false}
          onChange={(value) => value && setPollType(Number(value) as PollTypeValue)}
        />
        {feedback ? (
          <Radio.Group label="Scale" value={feedbackScale} onChange={(value) => {
              setScale(value as FeedbackScale);
              touched('feedbackScale');
            }} error={error('feedbackScale')}>
            <Group mt={4}>
              {FEEDBACK_SCALES.map((scale) => (
                <Radio key={scale} value={scale} label={SCALE_LABELS[scale]} />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <Stack gap={6} role="group" aria-label="Options">
            {options.map((option, index) => (
              <Group key={option.key} gap="xs" wrap="nowrap" align="flex-start">
                {quiz && (
                  <Radio
                    mt={8}
                    aria-label={`Option ${index + 1} is the correct answer`}
                    checked={correctKey === option.key}
                    onChange={() => {
                      touched('options');
                      setOptions((list) => list.map((o) => ({ ...o, isCorrect: o.key === option.key })));
                    }}
                  />
                )}
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={`Option ${index + 1}`}
                  placeholder={`Option ${index + 1}`}
                  value={option.title}
                  error={error(`options.${index}.title`)}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    touched(`options.${index}.title`, 'options');
                    setOptions((list) => list.map((o) => (o.key === option.key ? { ...o, title: text } : o)));
                  }}
                />
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove option ${index + 1}`}
                  disabled={options.length <= 2}
                  onClick={() => setOptions((list) => list.filter((o) => o.key !== option.key))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {error('options') && (
              <Alert color="red" variant="light" p="xs">
                {error('options')}
              </Alert>
            )}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={options.length >= POLL_OPTIONS_MAX}
              onClick={() => setOptions((list) => [...list, draftOption()])}
              style={{ alignSelf: 'flex-start' }}
            >
              Add option
            </Button>
          </Stack>
        )}
        <Switch label="Anonymous (downloads name no reader)" checked={isAnonymous} onChange={(e) => setAnonymous(e.currentTarget.checked)} />
        <Checkbox label="Show results on the response page" checked={showResults} onChange={(e) => setShowResults(e.currentTarget.checked)} />
        <TextInput label="Confirmation message" value={confirmationMessage} onChange={(e) => setConfirmation(e.currentTarget.value)} error={error('confirmationMessage')} />
        {quiz && (
          <>
            <TextInput label="Message for a correct answer" value={correctMessage} onChange={(e) => setCorrect(e.currentTarget.value)} />
            <TextInput label="Message for an incorrect answer" value={incorrectMessage} onChange={(e) => setIncorrect(e.currentTarget.value)} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving.isLoading} onClick={() => void submit()}>
            {poll ? 'Save poll' : 'Create poll'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
