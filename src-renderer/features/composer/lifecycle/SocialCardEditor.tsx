import { checkOpenGraphUrl } from '../../../../shared/rules/open-graph-url';
import { useGetSessionQuery } from '../../../app/session-api';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SOCIAL_CARD_HEADLINE_FIELD_MAX } from '../../../../shared/rules/schedule';
import { getBridge } from '../../../app/bridge';
import { ImageUploadField } from '../../../block-kit/images/ImageUploadField';
import { errorMessage, useLoadOpenGraphMutation } from './lifecycle-api';
import { SidebarSection } from '../../../block-kit/SidebarSection';
import { toastError, toastWarning } from '../../../ui/toasts';
import { scheduleFieldId } from './schedule-field-id';
import type { ScheduleForm } from './use-schedule-form';

export const OPEN_GRAPH_LOAD_FAILED_MESSAGE = 'unable to load content from URL';
export const OPEN_GRAPH_NO_CONTENT_MESSAGE = 'This link returned no content: it has no title or description to use.';

/**
 * Social card (spec 1 §2 SOCIAL CARD): headline, description and image, as shown where the letter is shared. A
 * page's Open Graph title, description and image can fill them in.
 */
export function SocialCardEditor({
  letterUniqueId,
  form,
  disabled,
  onBusyChange,
}: {
  letterUniqueId: string;
  form: ScheduleForm;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { values } = form;
  const [url, setUrl] = useState('');
  const [loadOpenGraph, { isLoading }] = useLoadOpenGraphMutation();
  useEffect(() => onBusyChange?.(isLoading), [isLoading, onBusyChange]);

  // An image picked offline reaches the platform later: the card takes the platform's
  // address too, so a later save does not bring the local one back.
  const imageUrl = useRef(values.openGraphImageUrl);
  imageUrl.current = values.openGraphImageUrl;
  const setImage = useRef(form.set);
  setImage.current = form.set;
  useEffect(
    () =>
      getBridge().on('images.uploaded', (event) => {
        const uploaded = event.letterUniqueId === letterUniqueId ? event.urls[imageUrl.current] : undefined;
        if (uploaded) setImage.current('openGraphImageUrl', uploaded);
      }),
    [letterUniqueId],
  );

  const { data: session } = useGetSessionQuery();
  const [urlError, setUrlError] = useState<string | null>(null);
  const load = async () => {
    // Only the platform's own pages (spec 1 §5); the core refuses others too.
    const checked = session ? checkOpenGraphUrl(url, session.platformUrl) : null;
    if (checked && !checked.ok) return setUrlError(checked.message);
    setUrlError(null);
    const result = await loadOpenGraph({ url: url.trim() });
    if ('error' in result) {
      const message = errorMessage(result.error, OPEN_GRAPH_LOAD_FAILED_MESSAGE);
      toastError(message === OPEN_GRAPH_LOAD_FAILED_MESSAGE ? message : `${OPEN_GRAPH_LOAD_FAILED_MESSAGE}: ${message}`);
      return;
    }
    const { title, description, image } = result.data;
    if (title.trim() === '' && description.trim() === '') {
      toastWarning(OPEN_GRAPH_NO_CONTENT_MESSAGE);
      return;
    }
    if (title.trim() !== '') form.set('openGraphHeadline', title.trim());
    if (description.trim() !== '') form.set('openGraphDescription', description.trim());
    if (image.trim() !== '') form.set('openGraphImageUrl', image.trim());
  };

  return (
    <SidebarSection title="Social card">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Load from a page"
            placeholder="https://"
            value={url}
            error={urlError}
            disabled={disabled}
            style={{ flex: 1 }}
            onChange={(event) => {
              setUrl(event.currentTarget.value);
              setUrlError(null);
            }}
            onKeyDown={(event) => event.key === 'Enter' && url.trim() && void load()}
          />
          <Button variant="light" loading={isLoading} disabled={disabled || url.trim() === ''} onClick={() => void load()}>
            Load
          </Button>
        </Group>
        <TextInput
          label="Headline"
          id={scheduleFieldId('openGraphHeadline')}
          withAsterisk
          value={values.openGraphHeadline}
          description={`${values.openGraphHeadline.replace(/[\r\n]/g, '').length}/ ${SOCIAL_CARD_HEADLINE_FIELD_MAX}`}
          error={form.visibleError('openGraphHeadline')}
          disabled={disabled}
          onChange={(event) => form.set('openGraphHeadline', event.currentTarget.value)}
          onBlur={() => form.touch('openGraphHeadline')}
        />
        <Textarea
          label="Description"
          id={scheduleFieldId('openGraphDescription')}
          withAsterisk
          rows={3}
          value={values.openGraphDescription}
          error={form.visibleError('openGraphDescription')}
          disabled={disabled}
          onChange={(event) => form.set('openGraphDescription', event.currentTarget.value)}
          onBlur={() => form.touch('openGraphDescription')}
        />
        <ImageUploadField
          label="Image"
          value={values.openGraphImageUrl || null}
          letterUniqueId={letterUniqueId}
          purpose="social"
          disabled={disabled}
          onUploaded={(image) => form.set('openGraphImageUrl', image.url)}
        />
      </Stack>
    </SidebarSection>
  );
}
