import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { ImageService } from '../images/image-service';

// Images the editor picks, drops or gives by web address; the work is in images/ (processing, local copies, the upload queue).
export function imageHandlers(images: ImageService): Pick<BridgeHandlers, 'images.import' | 'images.find' | 'images.importFromUrl'> {
  return {
    'images.import': (input) => images.importImage(input),
    'images.find': ({ url }) => images.images.findByUrl(url),
    'images.importFromUrl': (input) => images.importFromUrl(input),
  };
}
