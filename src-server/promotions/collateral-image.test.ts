import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_TYPE_DEFAULTS } from '../../shared/rules/promotions';
import { HttpError } from '../http/errors';
import { createDiskImageStorage, newImageKey, type ImageStorage } from '../integrations/image-storage';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { startLoopbackServer, type LoopbackServer } from '../testing/loopback-server';
import { checkCollateralImage } from './collateral-image';

// The collateral image check against real images made with sharp: served by a site on
// loopback, or already copied into the platform's own storage.

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

let site: LoopbackServer;
let storage: ImageStorage;
let dir: string;
const images = new Map<string, Buffer>();

beforeAll(async () => {
  images.set('/square.png', await png(300, 300));
  images.set('/wide.png', await png(640, 480));
  site = await startLoopbackServer((request, response) => {
    const image = images.get(request.url);
    if (!image) return response.writeHead(200, { 'content-type': 'text/html' }).end('<p>a page</p>');
    response.writeHead(200, { 'content-type': 'image/png' }).end(image);
  });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'collateral-image-'));
  storage = createDiskImageStorage(dir);
});
afterAll(async () => {
  await site?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function refusal(run: Promise<void>): Promise<{ status: number; image: string[] | undefined }> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, image: (error as HttpError).errors?.image };
}

describe('the collateral image check', () => {
  it('takes an image of the ad type size (300x300 by default) and no image at all', async () => {
    await expect(checkCollateralImage({ storage, allowHttp: true, guard: PRIVATE_ALLOWED }, `${site.url}/square.png`, AD_TYPE_DEFAULTS)).resolves.toBeUndefined();
    await expect(checkCollateralImage({ storage, allowHttp: true, guard: PRIVATE_ALLOWED }, '', AD_TYPE_DEFAULTS)).resolves.toBeUndefined();
  });

  it('refuses another size with a message naming the required one', async () => {
    expect(await refusal(checkCollateralImage({ storage, allowHttp: true, guard: PRIVATE_ALLOWED }, `${site.url}/wide.png`, AD_TYPE_DEFAULTS))).toEqual({
      status: 422,
      image: ['The image must be 300x300 pixels; this one is 640x480.'],
    });
    expect(await refusal(checkCollateralImage({ storage, allowHttp: true, guard: PRIVATE_ALLOWED }, `${site.url}/square.png`, { imageWidth: 600, imageHeight: 200 }))).toEqual({
      status: 422,
      image: ['The image must be 600x200 pixels; this one is 300x300.'],
    });
  });

  it('reads the platform’s own copy from storage, without fetching it', async () => {
    const key = newImageKey('png');
    await storage.put(key, await png(120, 60));
    const before = site.requests.length;
    const own = `https://platform.invalid/media/${key}`;
    await expect(checkCollateralImage({ storage, allowHttp: false, guard: PRIVATE_ALLOWED }, own, { imageWidth: 120, imageHeight: 60 })).resolves.toBeUndefined();
    expect((await refusal(checkCollateralImage({ storage, allowHttp: false, guard: PRIVATE_ALLOWED }, own, AD_TYPE_DEFAULTS))).image).toEqual([
      'The image must be 300x300 pixels; this one is 120x60.',
    ]);
    expect(site.requests.length).toBe(before);
  });

  it('refuses what is not an image, and plain http where only https is allowed, on the image field', async () => {
    expect(await refusal(checkCollateralImage({ storage, allowHttp: true, guard: PRIVATE_ALLOWED }, `${site.url}/page`, AD_TYPE_DEFAULTS))).toMatchObject({ status: 422, image: [expect.any(String)] });
    expect(await refusal(checkCollateralImage({ storage, allowHttp: false, guard: PRIVATE_ALLOWED }, `${site.url}/square.png`, AD_TYPE_DEFAULTS))).toEqual({
      status: 422,
      image: ['Only https addresses can be used for images.'],
    });
  });
});
