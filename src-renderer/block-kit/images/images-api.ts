import type { ChannelInput, ImportedImage } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The image calls of the composer: a picked or dropped file goes to the core, which shrinks
// and crops it, keeps it on this computer and uploads it (images.import); an image's crops
// can be found again by any of its URLs (images.find), to re-crop a block later; an image
// given by its web address is copied by the platform and kept the same way (images.importFromUrl).

export const imagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    importImage: build.mutation<ImportedImage, ChannelInput<'images.import'>>({
      query: (input) => ipc('images.import', input),
    }),
    /** An image by its web address: the platform copies it and the core keeps it with every crop (images.importFromUrl). */
    importImageFromUrl: build.mutation<ImportedImage, ChannelInput<'images.importFromUrl'>>({
      query: (input) => ipc('images.importFromUrl', input),
    }),
    /** The crops of an image imported on this computer, by any of its URLs (null when unknown). */
    findImage: build.query<ImportedImage | null, { url: string }>({
      query: (input) => ipc('images.find', input),
    }),
  }),
});

export const { useImportImageMutation, useImportImageFromUrlMutation, useFindImageQuery, useLazyFindImageQuery } = imagesApi;
