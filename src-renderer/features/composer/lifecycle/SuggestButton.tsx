import { Button, Menu } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SuggestionSource } from '../../../../shared/contract/platform-media';
import { errorMessage, useSuggestMutation } from './lifecycle-api';
import { toastError } from '../../../ui/toasts';

/** Where suggestions came from, said plainly: the AI, or the letter's own text. */
export const SUGGESTION_SOURCE_LABELS: Record<SuggestionSource, string> = {
  ai: 'AI suggestions',
  content: "From your letter's text (AI unavailable)",
};

/**
 * Generate with AI (shown when the subject generator flag is on): asks for suggestions and
 * lets the editor pick one. Suggestions taken from the letter's content are labelled so.
 */
export function SuggestButton({
  letterUniqueId,
  field,
  label,
  disabled,
  onPick,
  onBusyChange,
}: {
  letterUniqueId: string;
  field: 'subject' | 'previewText';
  label: string;
  disabled?: boolean;
  onPick: (text: string) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [suggest, { isLoading }] = useSuggestMutation();
  const [found, setFound] = useState<{ items: string[]; source: SuggestionSource } | null>(null);
  useEffect(() => onBusyChange?.(isLoading), [isLoading, onBusyChange]);

  const run = async () => {
    const result = await suggest({ uniqueId: letterUniqueId, field });
    if ('error' in result) toastError(errorMessage(result.error, 'Sorry, no suggestions could be made.'));
    else setFound(result.data);
  };

  return (
    <Menu opened={found !== null} onChange={(open) => !open && setFound(null)} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" loading={isLoading} disabled={disabled} onClick={() => void run()}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={found ? SUGGESTION_SOURCE_LABELS[found.source] : undefined} maw={360}>
        {found && <Menu.Label>{SUGGESTION_SOURCE_LABELS[found.source]}</Menu.Label>}
        {found?.items.map((item) => (
          <Menu.Item key={item} onClick={() => onPick(item)} style={{ whiteSpace: 'normal' }}>
            {item}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
