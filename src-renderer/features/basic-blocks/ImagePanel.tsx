import { Button, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { ImportedImage } from '../../../shared/contract/bridge';
import type { CropOption, SectionOf } from '../../../shared/model';
import { IMAGE_CROP_CHOICES, cropVariant } from '../../../shared/rules/image-settings';
import { ImageUploadField } from '../../block-kit/images/ImageUploadField';
import { getBridge } from '../../app/bridge';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ImageFields } from './ImageFields';
import { croppedUrl, rememberImportedImage } from './imported-images';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

// The image block (spec 2 §2 "Image panel", §4): upload a file or give a web address, crop
// (made again from the original, whichever app put the image in), removing (which resets the
// crop), then the image settings and the common settings.

export const RECROP_MESSAGE = 'Upload the image again to crop it this way.';
export const RECROP_FAILED_MESSAGE = 'This image could not be cropped.';

export function ImagePanel({ section, edit }: PanelProps<SectionOf<'image'>>) {
  const { letterUniqueId, readOnly } = usePanelContext();
  const model = section.blockModel;
  const [cropError, setCropError] = useState<string | null>(null);

  const chooseCrop = async (crop: CropOption) => {
    setCropError(null);
    // Nothing to crop yet: the choice applies to the next upload.
    if (!model.src) return setModel(edit, 'image', 'imageSmartCrop', { imageSmartCrop: crop });
    const original = model.originalSrc || model.src;
    let src = croppedUrl(original, crop);
    let originalSrc = model.originalSrc;
    if (src === null) {
      const image = await cropsOf(original);
      if (!image.ok) return setCropError(image.message);
      rememberImportedImage(image.data);
      src = croppedUrl(image.data.url, crop);
      originalSrc = image.data.url;
    }
    if (src === null) return setCropError(RECROP_MESSAGE);
    setModel(edit, 'image', 'imageSmartCrop', { imageSmartCrop: crop, src, originalSrc });
  };

  /**
   * The crops of an image whose crops this session does not know: imported in an earlier
   * session, the core still knows them by any of its URLs; never imported here (a template's
   * image, one added on another computer), the platform copies it and the core crops the copy.
   */
  async function cropsOf(url: string): Promise<{ ok: true; data: ImportedImage } | { ok: false; message: string }> {
    const found = await getBridge().invoke('images.find', { url });
    if (found.ok && found.data) return { ok: true, data: found.data };
    const copied = await getBridge().invoke('images.importFromUrl', { letterUniqueId, url, purpose: 'block' });
    if (copied.ok) return copied;
    return { ok: false, message: copied.error.message ? `${RECROP_FAILED_MESSAGE} ${copied.error.message}` : RECROP_MESSAGE };
  }

  return (
    <Stack gap="sm">
      <ImageUploadField
        label="Image"
        value={model.src || null}
        letterUniqueId={letterUniqueId}
        disabled={readOnly}
        fromAddress
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
