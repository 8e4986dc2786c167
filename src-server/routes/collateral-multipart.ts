import type { FastifyRequest } from 'fastify';
// For the request's multipart methods (the plugin registers them in promotion-collateral-calls.ts).
import type {} from '@fastify/multipart';
import { invalidData } from '../http/errors';

// The spec's collateral calls send multipart (spec 3 §7): the collateral's fields as text
// parts, lists as repeated `name[]` parts, the image as a file part. The same calls also
// take the fields as JSON (the image then an address), as the campaign's collateral calls do.

export interface CollateralImageFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

const NUMBERS = new Set(['adTypeId', 'templateCustomizationId', 'zone', 'payActionNameCode', 'payActionQuantity', 'payActionValue']);
const IMAGE_FIELD = 'image';

/** Text parts as the collateral schema reads them: numbers as numbers, an empty number as absent. */
function fieldValue(name: string, value: string): unknown {
  if (!NUMBERS.has(name)) return value;
  if (value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

export async function readCollateralRequest(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; image: CollateralImageFile | null }> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw invalidData({ body: ['Send the collateral as multipart form data or a JSON object.'] });
    return { fields: body as Record<string, unknown>, image: null };
  }
  const fields: Record<string, unknown> = {};
  let image: CollateralImageFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== IMAGE_FIELD || image) {
        part.file.resume();
        throw invalidData({ [part.fieldname]: ['Only the image is sent as a file.'] });
      }
      image = { bytes: await part.toBuffer(), contentType: part.mimetype, fileName: part.filename };
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    if (part.fieldname.endsWith('[]')) {
      const name = part.fieldname.slice(0, -2);
      const list = Array.isArray(fields[name]) ? (fields[name] as unknown[]) : [];
      fields[name] = [...list, value];
    } else {
      fields[part.fieldname] = fieldValue(part.fieldname, value);
    }
  }
  // An image sent as a file replaces any address given for it.
  if (image) fields[IMAGE_FIELD] = '';
  return { fields, image };
}
