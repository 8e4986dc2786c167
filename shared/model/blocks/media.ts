import { z } from 'zod';
import { IMAGE_WIDTH_DEFAULT } from '../constants';
import { BlockAlignmentSchema, CropOptionSchema } from '../enums';

// Image, logo and YouTube blocks share one model; YouTube adds the play-icon overlay.

export const ImageModelSchema = z.strictObject({
  align: BlockAlignmentSchema,
  alt: z.string(),
  borderRadius: z.number().nonnegative(),
  hasOriginalImageWidth: z.boolean(),
  imageSmartCrop: CropOptionSchema,
  link: z.string(),
  /** The uncropped upload; crops are always made again from it. */
  originalSrc: z.string(),
  src: z.string(),
  /** Stored images may lack it; read it through imageWidthOf (300 when unset). */
  width: z.number().positive().optional(),
});
export type ImageModel = z.infer<typeof ImageModelSchema>;

export const LogoModelSchema = ImageModelSchema;
export type LogoModel = ImageModel;

export const YoutubeModelSchema = ImageModelSchema.extend({ hasPlayIcon: z.boolean() });
export type YoutubeModel = z.infer<typeof YoutubeModelSchema>;

export function defaultImageModel(): ImageModel {
  return {
    align: 'center',
    alt: '',
    borderRadius: 0,
    hasOriginalImageWidth: false,
    imageSmartCrop: 'original',
    link: '',
    originalSrc: '',
    src: '',
    width: IMAGE_WIDTH_DEFAULT,
  };
}

/** The alt and link are filled from the channel when it is known (see logoAlt). */
export function defaultLogoModel(): LogoModel {
  return defaultImageModel();
}

export function defaultYoutubeModel(): YoutubeModel {
  return { ...defaultImageModel(), hasPlayIcon: true };
}

export function logoAlt(channelTitle: string): string {
  return `logo for ${channelTitle}`;
}

export function imageWidthOf(model: ImageModel): number {
  return model.width ?? IMAGE_WIDTH_DEFAULT;
}
