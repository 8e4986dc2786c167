import { Button, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { CropOption, SectionOf } from '../../../shared/model';
import { IMAGE_CROP_CHOICES, cropVariant } from '../../../shared/rules/image-settings';
import { ImageUploadField } from '../../block-kit/images/ImageUploadField';
import { getBridge } from '../../app/bridge';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ImageFields } from './ImageFields';
import { croppedUrl, rememberImportedImage } from './imported-images';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

// The image block (spec 2 §2 "Image panel", §4): upload, crop (made again from the original),
// removing (which resets the crop), then the image settings and the common settings.

export const RECROP_MESSAGE = 'Upload the image again to crop it this way.';

export function ImagePanel({ section, edit }: PanelProps<SectionOf<'image'>>) {
  const { letterUniqueId, readOnly } = usePanelContext();
  const model = section.blockModel;
  const [cropError, setCropError] = useState<string | null>(null);

  const chooseCrop = async (crop: CropOption) => {
    setCropError(null);
    // Nothing to crop yet: the choice applies to the next upload.
    if (!model.src) return setModel(edit, 'image', 'imageSmartCrop', { imageSmartCrop: crop });
    let src = croppedUrl(model.originalSrc, crop);
    if (src === null) {
      // Imported in an earlier session: the core still knows its crops by any of its URLs.
      const found = await getBridge().invoke('images.find', { url: model.originalSrc });
      if (found.ok && found.data) {
        rememberImportedImage(found.data);
        src = croppedUrl(found.data.url, crop);
      }
    }
    if (src === null) return setCropError(RECROP_MESSAGE);
    setModel(edit, 'image', 'imageSmartCrop', { imageSmartCrop: crop, src });
  };

  return (
    <Stack gap="sm">
      <ImageUploadField
        label="Image"
        value={model.src || null}
        letterUniqueId={letterUniqueId}
        disabled={readOnly}
        onUploaded={(image) => {
          rememberImportedImage(image);
          setCropError(null);
          setModel(edit, 'image', 'src', { originalSrc: image.url, src: image.variants[cropVariant(model.imageSmartCrop)] ?? image.url });
        }}
      />
      {model.src && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          disabled={readOnly}
          onClick={() => setModel(edit, 'image', 'src', { src: '', originalSrc: '', imageSmartCrop: 'original' })}
        >
          Remove image
        </Button>
      )}
      <Select
        label="Crop"
        allowDeselect={false}
        disabled={readOnly}
        data={IMAGE_CROP_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
        value={model.imageSmartCrop}
        error={cropError}
        onChange={(crop) => crop && void chooseCrop(crop as CropOption)}
      />
      <ImageFields section={section} edit={edit} />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
