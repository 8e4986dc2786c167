import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { ImageService } from '../images/image-service';

// Images the editor picks or drops; the work is in images/ (processing, local copies, the upload queue).
export function imageHandlers(images: ImageService): Pick<BridgeHandlers, 'images.import' | 'images.find'> {
  return {
    'images.import': (input) => images.importImage(input),
    'images.find': ({ url }) => images.images.findByUrl(url),
  };
}
