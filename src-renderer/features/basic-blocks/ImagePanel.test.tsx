// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, ImportedImage } from '../../../shared/contract/bridge';
import { newSection, type SectionOf } from '../../../shared/model';
import { ALT_QUOTES_MESSAGE, ALT_TOO_LONG_MESSAGE } from '../../../shared/rules/image-settings';
import { IMAGE_LINK_MESSAGE } from '../../../shared/rules/links';
import { IMAGE_ADDRESS_INVALID_MESSAGE } from '../../block-kit/images/ImageUploadField';
import { RECROP_FAILED_MESSAGE } from './ImagePanel';
import { rememberImportedImage } from './imported-images';
import { chooseOption, renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

// The core stands in at the window.bridge boundary for the upload test.
const IMPORTED: ImportedImage = {
  imageId: 'up-1',
  width: 1024,
  height: 768,
  url: '/local-images/up-1/original.png',
  variants: {
    original: '/local-images/up-1/original.png',
    circle: '/local-images/up-1/circle.png',
    square: '/local-images/up-1/square.png',
    '4:3': '/local-images/up-1/horizontalRectangle.png',
    '3:4': '/local-images/up-1/verticalRectangle.png',
  },
  uploaded: false,
};
const EARLIER: ImportedImage = {
  ...IMPORTED,
  imageId: 'earlier',
  url: 'https://platform.example/media/earlier.png',
  variants: { ...IMPORTED.variants, square: 'https://platform.example/media/earlier-square.png' },
  uploaded: true,
};
/** What the core answers for an image it never imported, once the platform has copied it. */
const COPIED: ImportedImage = {
  ...IMPORTED,
  imageId: 'copied',
  url: 'https://platform.example/media/copied.png',
  variants: {
    original: 'https://platform.example/media/copied.png',
    circle: 'https://platform.example/media/copied-circle.png',
    square: 'https://platform.example/media/copied-square.png',
    '4:3': 'https://platform.example/media/copied-4x3.png',
    '3:4': 'https://platform.example/media/copied-3x4.png',
  },
  uploaded: true,
};
const OFFLINE = 'Images from a web address need a connection to the platform.';
const imports: unknown[] = [];
const copies: unknown[] = [];
beforeAll(() => {
  window.bridge = {
    async invoke(channel, input) {
      if (channel === 'images.importFromUrl') {
        copies.push(input);
        const { url } = input as { url: string };
        if (url.startsWith('https://offline.example/')) return { ok: false, error: { code: 'offline', message: OFFLINE } };
        return { ok: true, data: COPIED } as never;
      }
      // An image imported in an earlier session: the core still knows its crops by its URL.
      if (channel === 'images.find') {
        const { url } = input as { url: string };
        return { ok: true, data: url === EARLIER.url ? EARLIER : null } as never;
      }
      if (channel !== 'images.import') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
      imports.push(input);
      return { ok: true, data: IMPORTED } as never;
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});

const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

function image(fields: Partial<SectionOf<'image'>['blockModel']> = {}): SectionOf<'image'> {
  const section = newSection('image', 'img');
  return { ...section, blockModel: { ...section.blockModel, ...fields } };
}

const chooseCrop = (label: string) => chooseOption('Crop', label);

describe('ImagePanel', () => {
  it('stores alt text, and shows the quotes message without storing a quoted one', async () => {
    const { current } = renderPanel(image());
    await retype('Alt text', 'A red bicycle');
    expect(current().blockModel.alt).toBe('A red bicycle');
    await userEvent.tab();
    await retype('Alt text', 'The "red" bicycle');
    expect(screen.getByText(ALT_QUOTES_MESSAGE)).toBeTruthy();
    expect(current().blockModel.alt).toBe('A red bicycle');
  });

  it('refuses alt text over 140 characters', async () => {
    const { current } = renderPanel(image());
    await userEvent.click(screen.getByLabelText('Alt text'));
    await userEvent.paste('x'.repeat(141));
    expect(screen.getByText(ALT_TOO_LONG_MESSAGE)).toBeTruthy();
    expect(current().blockModel.alt).toBe('');
  });

  it('takes https links only, 300 ms after typing', async () => {
    const { current } = renderPanel(image());
    await retype('Link to', 'http://example.com');
    expect(screen.getByText(IMAGE_LINK_MESSAGE)).toBeTruthy();
    await afterDebounce();
    expect(current().blockModel.link).toBe('');
    await retype('Link to', 'https://example.com');
    expect(current().blockModel.link).toBe('');
    await afterDebounce();
    expect(current().blockModel.link).toBe('https://example.com');
  });

  it('keeps the width from 50 to the desktop width', async () => {
    const { current } = renderPanel(image());
    await retype('Image width', '641');
    await afterDebounce();
    expect(screen.getByText('Image width must be from 50 to 640.')).toBeTruthy();
    expect(current().blockModel.width).toBe(300);
    await retype('Image width', '49');
    expect(screen.getByText('Image width must be from 50 to 640.')).toBeTruthy();
    await retype('Image width', '640');
    await afterDebounce();
    expect(current().blockModel.width).toBe(640);
  });

  it('hides the width for full width, and keeps it under the original width checkbox', async () => {
    const { current } = renderPanel(image({ width: 420 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use original image width' }));
    expect(current().blockModel.hasOriginalImageWidth).toBe(true);
    expect(screen.queryByLabelText('Image width')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use original image width' }));
    expect((screen.getByLabelText('Image width') as HTMLInputElement).value).toBe('420');
    await userEvent.click(screen.getByRole('radio', { name: 'Full width' }));
    expect(current().blockModel.align).toBe('full width');
    expect(screen.queryByLabelText('Image width')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Use original image width' })).toBeNull();
  });

  it('crops from the imported variants, and says so when they are not known', async () => {
    rememberImportedImage({
      imageId: 'i1',
      width: 800,
      height: 600,
      url: 'local://i1/original.png',
      variants: { original: 'local://i1/original.png', circle: 'local://i1/circle.png', square: 'local://i1/square.png', '4:3': 'local://i1/4x3.png', '3:4': 'local://i1/3x4.png' },
      uploaded: false,
    });
    const { current } = renderPanel(image({ src: 'local://i1/original.png', originalSrc: 'local://i1/original.png' }));
    await chooseCrop('Vertical rectangle (3:4)');
    expect(current().blockModel).toMatchObject({ imageSmartCrop: 'verticalRectangle', src: 'local://i1/3x4.png' });
    await chooseCrop('Original');
    expect(current().blockModel).toMatchObject({ imageSmartCrop: 'original', src: 'local://i1/original.png' });
    cleanup();

    // Never imported here: the platform copies it and the core crops the copy.
    const unknown = renderPanel(image({ src: 'https://cdn.example.com/a.png', originalSrc: 'https://cdn.example.com/a.png' }));
    copies.length = 0;
    await chooseCrop('Square');
    await waitFor(() => expect(unknown.current().blockModel).toMatchObject({ imageSmartCrop: 'square', src: COPIED.variants.square, originalSrc: COPIED.url }));
    expect(copies).toEqual([{ letterUniqueId: 'letter-1', url: 'https://cdn.example.com/a.png', purpose: 'block' }]);
    // Its crops are known from then on: another crop asks nobody.
    await chooseCrop('Circle');
    expect(unknown.current().blockModel).toMatchObject({ imageSmartCrop: 'circle', src: COPIED.variants.circle });
    expect(copies).toHaveLength(1);
    cleanup();

    // The copy cannot be made (offline): the block keeps its crop and says why.
    const offline = renderPanel(image({ src: 'https://offline.example/b.png', originalSrc: 'https://offline.example/b.png' }));
    await chooseCrop('Square');
    expect(await screen.findByText(`${RECROP_FAILED_MESSAGE} ${OFFLINE}`)).toBeTruthy();
    expect(offline.current().blockModel).toMatchObject({ imageSmartCrop: 'original', src: 'https://offline.example/b.png' });
    cleanup();

    const earlier = renderPanel(image({ src: EARLIER.url, originalSrc: EARLIER.url }));
    await chooseCrop('Square');
    await waitFor(() => expect(earlier.current().blockModel).toMatchObject({ imageSmartCrop: 'square', src: EARLIER.variants.square }));
  });

  it('shows the uploaded image in the chosen crop, and crops it again on request', async () => {
    const { current } = renderPanel(image({ imageSmartCrop: 'square' }), {}, true);
    const input = screen.getByLabelText<HTMLInputElement>('Image: choose a file');
    await userEvent.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'bike.png', { type: 'image/png' }));
    await waitFor(() => expect(current().blockModel.src).toBe('/local-images/up-1/square.png'));
    expect(current().blockModel.originalSrc).toBe('/local-images/up-1/original.png');
    expect(imports).toEqual([expect.objectContaining({ letterUniqueId: 'letter-1', fileName: 'bike.png', purpose: 'block' })]);
    await chooseCrop('Circle');
    expect(current().blockModel).toMatchObject({ imageSmartCrop: 'circle', src: '/local-images/up-1/circle.png' });
  });

  it('takes an image by its web address, in the chosen crop', async () => {
    const { current } = renderPanel(image({ imageSmartCrop: 'square' }), {}, true);
    copies.length = 0;
    await userEvent.type(screen.getByLabelText('Image: web address'), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(IMAGE_ADDRESS_INVALID_MESSAGE)).toBeTruthy();
    expect(copies).toEqual([]);
    await retype('Image: web address', 'https://photos.example/harbour.jpg');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(current().blockModel).toMatchObject({ src: COPIED.variants.square, originalSrc: COPIED.url, imageSmartCrop: 'square' }));
    expect(copies).toEqual([{ letterUniqueId: 'letter-1', url: 'https://photos.example/harbour.jpg', purpose: 'block' }]);
    expect((screen.getByLabelText('Image: web address') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(IMAGE_ADDRESS_INVALID_MESSAGE)).toBeNull();
  });

  it('says why an address could not be used, and keeps the image it had', async () => {
    const { current } = renderPanel(image({ src: 'https://cdn.example.com/a.png', originalSrc: 'https://cdn.example.com/a.png' }), {}, true);
    await retype('Image: web address', 'https://offline.example/c.png');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(OFFLINE)).toBeTruthy();
    expect(current().blockModel.src).toBe('https://cdn.example.com/a.png');
  });

  it('removing the image resets the crop', async () => {
    const { current } = renderPanel(image({ src: 'https://cdn.example.com/a.png', originalSrc: 'https://cdn.example.com/o.png', imageSmartCrop: 'square' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(current().blockModel).toMatchObject({ src: '', originalSrc: '', imageSmartCrop: 'original' });
  });

  it('overrides every image with this one after confirming', async () => {
    const { store } = renderPanel(image({ width: 200, align: 'left' }));
    await userEvent.click(screen.getByRole('button', { name: 'Override all image styles' }));
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(store.getState().composer.settings.images).toEqual({ width: 200, alignment: 'left', hasOriginalImageWidth: false });
  });
});
