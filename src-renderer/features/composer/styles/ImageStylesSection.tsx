import { Checkbox, Stack } from '@mantine/core';
import { BLOCK_ALIGNMENTS, effectiveDesktopWidth, type ImageSettings } from '../../../../shared/model';
import { checkImageWidth } from '../../../../shared/rules/letter-styles';
import { AlignmentField } from '../../../block-kit/style-fields/AlignmentField';
import { NumberStyleField } from '../../../block-kit/style-fields/NumberStyleField';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

/** Spec 2 §5: image width updates wait 300 ms. */
export const IMAGE_WIDTH_DEBOUNCE_MS = 300;

/**
 * IMAGE: the letter's image width, alignment and use-original-width. Full width hides the
 * width (spec 2 §4), as does the original width; the stored width comes back with either.
 */
export function ImageStylesSection() {
  const { settings, change } = useLetterStyles();
  const { disabled } = useStylesEnvironment();
  const images = settings.images;
  const set = <K extends keyof ImageSettings>(key: K, value: ImageSettings[K]) =>
    change((s) => ({ ...s, images: { ...s.images, [key]: value } }), `images.${key}`);
  const desktopWidth = effectiveDesktopWidth(settings);
  return (
    <Stack gap="xs">
      <AlignmentField value={images.alignment} options={BLOCK_ALIGNMENTS} onChange={(alignment) => set('alignment', alignment)} />
      {images.alignment !== 'full width' && (
        <>
          <Checkbox
            label="Use original width"
            checked={images.hasOriginalImageWidth}
            disabled={disabled}
            size="xs"
            onChange={(event) => set('hasOriginalImageWidth', event.currentTarget.checked)}
          />
          {!images.hasOriginalImageWidth && (
            <NumberStyleField
              label="Image width"
              value={images.width}
              check={(raw) => checkImageWidth(raw, desktopWidth)}
              debounceMs={IMAGE_WIDTH_DEBOUNCE_MS}
              onCommit={(width) => set('width', width)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
