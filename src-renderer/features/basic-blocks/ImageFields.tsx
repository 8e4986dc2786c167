import { Checkbox, Stack } from '@mantine/core';
import type { ImageModel, SectionOf } from '../../../shared/model';
import { effectiveDesktopWidth, imageWidthOf } from '../../../shared/model';
import { checkBorderRadius } from '../../../shared/rules/border-settings';
import { IMAGE_SETTINGS_DEBOUNCE_MS, checkAltText, checkImageWidth } from '../../../shared/rules/image-settings';
import type { FieldResult } from '../../../shared/rules/field-result';
import { checkImageLink } from '../../../shared/rules/links';
import { OverrideButton } from '../../block-kit/fields/OverrideButton';
import { BLOCK_ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type SectionEdit } from '../../block-kit/section-edit';
import { useOverrideStyles } from './use-override-styles';

// The image settings shared by image, logo and YouTube blocks (spec 2 §2 "Image panel"):
// link, alt text, alignment, radius, width (hidden for full width; original width keeps the
// typed width for when it is unchecked) and overriding every image's style with this one's.

type ImageSection = SectionOf<'image' | 'logo' | 'youtube'>;

export interface ImageFieldsProps {
  section: ImageSection;
  edit: SectionEdit;
  /** YouTube blocks link to their video, which their own field sets. */
  withLink?: boolean;
  linkPlaceholder?: string;
  altPlaceholder?: string;
  /** The alt text's rule: refusing quotes by default; the YouTube panel empties them instead (spec 2 §5). */
  altCheck?: (text: string) => FieldResult<string>;
}

export function ImageFields({ section, edit, withLink = true, linkPlaceholder, altPlaceholder, altCheck = checkAltText }: ImageFieldsProps) {
  const { settings, readOnly } = usePanelContext();
  const override = useOverrideStyles(readOnly);
  const model = section.blockModel;
  const desktopWidth = effectiveDesktopWidth(settings);
  const set = (field: string, fields: Partial<ImageModel>) => setModel(edit, section.type, field, fields);
  const fullWidth = model.align === 'full width';

  return (
    <Stack gap="sm">
      {withLink && (
        <RuleField
          label="Link to"
          placeholder={linkPlaceholder ?? 'https://'}
          value={model.link}
          check={checkImageLink}
          debounceMs={IMAGE_SETTINGS_DEBOUNCE_MS}
          disabled={readOnly}
          onValid={(link) => set('link', { link })}
        />
      )}
      <RuleField label="Alt text" placeholder={altPlaceholder} value={model.alt} check={altCheck} disabled={readOnly} onValid={(alt) => set('alt', { alt })} />
      <ChoiceField label="Alignment" value={model.align} choices={BLOCK_ALIGNMENT_CHOICES} disabled={readOnly} onChange={(align) => set('align', { align })} />
      <RuleField
        label="Border radius"
        numeric
        value={model.borderRadius}
        check={checkBorderRadius}
        disabled={readOnly}
        onValid={(borderRadius) => set('borderRadius', { borderRadius })}
      />
      {!fullWidth && (
        <>
          <Checkbox
            label="Use original image width"
            checked={model.hasOriginalImageWidth}
            disabled={readOnly}
            onChange={(event) => set('hasOriginalImageWidth', { hasOriginalImageWidth: event.currentTarget.checked })}
          />
          {!model.hasOriginalImageWidth && (
            <RuleField
              label="Image width"
              description={`From 50 to ${desktopWidth} px`}
              numeric
              value={imageWidthOf(model)}
              check={(text) => checkImageWidth(text, desktopWidth)}
              debounceMs={IMAGE_SETTINGS_DEBOUNCE_MS}
              disabled={readOnly}
              onValid={(width) => set('width', { width })}
            />
          )}
        </>
      )}
      <OverrideButton
        label="Override all image styles"
        explanation="This action will replace all existing image styles with the new settings"
        disabled={readOnly}
        onConfirm={() =>
          override('image', (current) => ({
            ...current,
            images: { width: imageWidthOf(model), alignment: model.align, hasOriginalImageWidth: model.hasOriginalImageWidth },
          }))
        }
      />
    </Stack>
  );
}
