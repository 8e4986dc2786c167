import { SVG_NOT_SUPPORTED_MESSAGE } from '../../shared/contract/platform-media';
import { NOT_AN_IMAGE_FILE_MESSAGE } from '../../shared/rules/image-upload';
import { HttpError } from '../http/errors';
import type { FetchedImage } from './fetch-image';
import { IMAGE_FORMATS, formatOfContentType, imageSize, isSvgContentType, looksLikeSvg, sniffFormats } from './image-sniff';

// An uploaded file as an accepted image (spec 1 §5: no SVG, the listed formats only): its
// declared type and its bytes must both say so, and the bytes decide the format. Used by
// the letter image upload and by collateral sent with its image as a file.

/** Refusals are 422 on `field`, the name the caller sent the file under. */
export function acceptImageBytes(declared: string | null, bytes: unknown, field: string): FetchedImage {
  const refused = (message: string) => new HttpError(422, message, { [field]: [message] });
  if (isSvgContentType(declared)) throw refused(SVG_NOT_SUPPORTED_MESSAGE);
  const declaredFormat = formatOfContentType(declared);
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw refused(declaredFormat ? 'The image is empty.' : NOT_AN_IMAGE_FILE_MESSAGE);
  if (looksLikeSvg(bytes)) throw refused(SVG_NOT_SUPPORTED_MESSAGE);
  if (declaredFormat === null) throw refused(NOT_AN_IMAGE_FILE_MESSAGE);
  const formats = sniffFormats(bytes);
  // AVIF is a kind of HEIF: when the bytes allow both, the declared type decides.
  const format = formats.includes(declaredFormat) ? declaredFormat : formats[0];
  if (!format) throw refused(NOT_AN_IMAGE_FILE_MESSAGE);
  return { format, bytes, contentType: IMAGE_FORMATS[format].contentType, size: imageSize(format, bytes) };
}
