import { Alert, Badge, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { Delta } from '../../../shared/model/delta';
import type { Section } from '../../../shared/model';
import { deltaPlainText } from '../../../shared/model/rewrite-markup';
import { AI_SETUP_HINT, REWRITE_EMPTY_MESSAGE, REWRITE_PROMPT_LABELS, rewritePromptsFor } from '../../../shared/rules/ai-rewrite';
import { AI_NOT_CONFIGURED_MESSAGE } from '../../../shared/contract/platform-media';
import type { RewritePrompt } from '../../../shared/contract/platform-ai-rewrite';
import { RichTextEditor } from '../../ui/rich-text';
import { useGetAiStatusQuery } from './ai-assistant-api';
import { canRewrite, canSave, isBusy } from './rewrite-state';
import { useRewrite } from './use-rewrite';

export interface RewriteAssistantProps {
  section: Pick<Section, 'delta'>;
  brandSlug: string;
  channelSlug: string;
  onSave: (delta: Delta) => void;
  onClose: () => void;
}

/**
 * The overlay titled 'AI assistant' (spec 2 §4): choose a prompt, watch the suggestion
 * being written, edit it, and Save it over the section (or Cancel). Mounted while open,
 * so each opening starts at NEW.
 */
export function RewriteAssistant({ section, brandSlug, channelSlug, onSave, onClose }: RewriteAssistantProps) {
  const content = useMemo(() => deltaPlainText(section.delta), [section.delta]);
  const place = useMemo(() => ({ brandSlug, channelSlug, delta: section.delta, content }), [brandSlug, channelSlug, section.delta, content]);
  const { state, dispatch, rewrite, cancel } = useRewrite(place);
  const status = useGetAiStatusQuery();
  const notConfigured = status.data?.configured === false;
  const prompts = rewritePromptsFor(content);
  const busy = isBusy(state);
  const shown = busy ? state.streaming : state.suggestion;

  const close = () => {
    cancel();
    onClose();
  };

  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      centered
      title={
        <Group gap="xs">
          <Text fw={600}>AI assistant</Text>
          {/* Decoration: hidden from the dialog's accessible name, which is the title alone. */}
          <Badge size="xs" variant="light" aria-hidden>
            beta
          </Badge>
        </Group>
      }
    >
      <Stack gap="sm" data-rewrite-phase={state.phase}>
        {notConfigured && (
          <Alert color="gray" title={AI_NOT_CONFIGURED_MESSAGE}>
            {AI_SETUP_HINT}
          </Alert>
        )}
        {content === '' && (
          <Alert color="yellow" role="alert">
            {REWRITE_EMPTY_MESSAGE}
          </Alert>
        )}
        <Radio.Group
          label="Rewrite the text so it is"
          value={state.prompt}
          onChange={(value) => dispatch({ type: 'promptChosen', prompt: value as RewritePrompt })}
        >
          <Group gap="sm" mt={4}>
            {prompts.map((prompt) => (
              <Radio key={prompt} value={prompt} label={REWRITE_PROMPT_LABELS[prompt]} disabled={busy} />
            ))}
          </Group>
        </Radio.Group>

        {state.notice && (
          <Alert color={state.notice.tone === 'error' ? 'red' : 'yellow'} role="alert">
            {state.notice.message}
          </Alert>
        )}

        {(shown || busy) && (
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" fw={500} id="ai-suggestion-label">
                Suggestion
              </Text>
              {busy && <Loader size="xs" aria-label="Writing the suggestion" />}
            </Group>
            <div role="status" aria-live="polite" aria-busy={busy} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, padding: '4px 8px', minHeight: 80 }}>
              {shown ? (
                <RichTextEditor
                  // A new editor for each finished suggestion: the edits are made to that one.
                  key={busy ? 'streaming' : 'suggestion'}
                  delta={shown}
                  readOnly={busy}
                  ariaLabel="Suggestion"
                  placeholder=""
                  onChange={(delta) => dispatch({ type: 'suggestionEdited', suggestion: delta })}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Writing…
                </Text>
              )}
            </div>
          </Stack>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button variant="light" loading={busy} disabled={notConfigured || !canRewrite(state, content)} onClick={() => void rewrite()}>
            {state.suggestion ? 'Rewrite again' : 'Rewrite'}
          </Button>
          <Button disabled={!canSave(state)} onClick={() => state.suggestion && onSave(state.suggestion)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
