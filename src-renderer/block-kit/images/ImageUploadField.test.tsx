// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, ImportedImage } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import { SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { NOT_AN_IMAGE_FILE_MESSAGE } from '../../../shared/rules/image-upload';
import { createAppStore } from '../../app/store';
import { IMAGE_LOAD_FAILED_MESSAGE, ImageUploadField, type ImageUploadFieldProps } from './ImageUploadField';

// The field over the bridge's transport: the fake below stands in for the core at the
// window.bridge boundary and records what the renderer sends it.

const IMAGE: ImportedImage = {
  imageId: 'img-1',
  width: 1024,
  height: 512,
  url: '/local-images/0123456789abcdef0123456789abcdef/original.png',
  variants: {
    original: '/local-images/0123456789abcdef0123456789abcdef/original.png',
    circle: '/local-images/0123456789abcdef0123456789abcdef/circle.png',
    square: '/local-images/0123456789abcdef0123456789abcdef/square.png',
    '4:3': '/local-images/0123456789abcdef0123456789abcdef/horizontalRectangle.png',
    '3:4': '/local-images/0123456789abcdef0123456789abcdef/verticalRectangle.png',
  },
  uploaded: false,
};

let calls: Array<{ channel: string; input: unknown }> = [];
let answer: () => Promise<Result<unknown>>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    if (channel === 'images.import' || channel === 'images.importFromUrl') return (await answer()) as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
beforeEach(() => {
  notifications.clean();
  calls = [];
  answer = async () => ({ ok: true, data: IMAGE });
});
afterEach(cleanup);

function renderField(props: Partial<ImageUploadFieldProps> = {}) {
  const uploaded: ImportedImage[] = [];
  const errors: string[] = [];
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <Notifications />
        <ImageUploadField
          label="Image"
          value={null}
          letterUniqueId="letter-1"
          onUploaded={(image) => uploaded.push(image)}
          onError={(message) => errors.push(message)}
          {...props}
        />
      </MantineProvider>
    </Provider>,
  );
  return { uploaded, errors, input: screen.getByLabelText<HTMLInputElement>('Image: choose a file') };
}

// The dialog's type filter is only a hint (and a drop skips it): the field must check for itself.
const user = () => userEvent.setup({ applyAccept: false });
const imports = () => calls.filter((call) => call.channel === 'images.import');
/** The message under the field: what its drop zone names as its description. */
const fieldError = () => {
  const id = screen.getByRole('group', { name: 'Image' }).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('ImageUploadField', () => {
  it('refuses an SVG by its type or its name with the spec message, sending nothing', async () => {
    const { input, uploaded, errors } = renderField();
    await user().upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(fieldError()).toBe(SVG_NOT_SUPPORTED_MESSAGE);
    await user().upload(input, new File(['<svg/>'], 'drawing.SVG', { type: '' }));
    expect(fieldError()).toBe(SVG_NOT_SUPPORTED_MESSAGE);
    // And as a toast, with the message passed on.
    await waitFor(() => expect(screen.getAllByText(SVG_NOT_SUPPORTED_MESSAGE).length).toBeGreaterThan(1));
    expect(imports()).toHaveLength(0);
    expect(uploaded).toHaveLength(0);
    expect(errors).toEqual([SVG_NOT_SUPPORTED_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE]);
  });

  it('refuses a file that is not an image', async () => {
    const { input } = renderField();
    await user().upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(fieldError()).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(imports()).toHaveLength(0);
  });

  it('cuts the file-name label at 20 characters and keeps the whole name in its title', async () => {
    const { input } = renderField();
    const name = 'Summer picnic in the park 2026.png';
    await user().upload(input, new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }));
    const label = screen.getByTestId('image-file-name');
    expect(Array.from(label.textContent ?? '')).toHaveLength(20);
    expect(label.textContent).toBe('Summer picnic in th…');
    expect(label.getAttribute('title')).toBe(name);

    await user().upload(input, new File([new Uint8Array([1])], 'short.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('image-file-name').textContent).toBe('short.png'));
  });

  it('sends a picked image to the core as base64 and hands on what it answers', async () => {
    const { input, uploaded } = renderField({ purpose: 'social' });
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);
    await user().upload(input, new File([bytes], 'card.png', { type: 'image/png' }));
    await waitFor(() => expect(uploaded).toEqual([IMAGE]));
    expect(imports()).toEqual([
      {
        channel: 'images.import',
        input: { letterUniqueId: 'letter-1', fileName: 'card.png', mimeType: 'image/png', dataBase64: 'iVBORw0KGgoA/w==', purpose: 'social' },
      },
    ]);
    expect(fieldError()).toBeNull();
  });

  it("takes a dropped file, and shows the core's refusal under the field and as a toast", async () => {
    answer = async () => ({ ok: false, error: { code: 'invalid_input', message: 'This bitmap image is damaged or incomplete.' } });
    const { uploaded, errors } = renderField();
    const zone = screen.getByRole('group', { name: 'Image' });
    const file = new File([new Uint8Array([66, 77, 0])], 'scan.bmp', { type: 'image/bmp' });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    await waitFor(() => expect(fieldError()).toBe('This bitmap image is damaged or incomplete.'));
    await waitFor(() => expect(screen.getAllByText('This bitmap image is damaged or incomplete.').length).toBeGreaterThan(1));
    expect(imports()).toHaveLength(1);
    expect(uploaded).toHaveLength(0);
    expect(errors).toEqual(['This bitmap image is damaged or incomplete.']);
  });

  it('shows the current image, says so when it fails to load, and takes nothing while disabled', async () => {
    const { input } = renderField({ value: IMAGE.variants.square, disabled: true });
    const image = screen.getByRole('img', { name: 'Image preview' });
    expect(image.getAttribute('src')).toBe(IMAGE.variants.square);
    fireEvent.error(image);
    expect(await screen.findByText(IMAGE_LOAD_FAILED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace image' }).hasAttribute('disabled')).toBe(true);
    fireEvent.drop(screen.getByRole('group', { name: 'Image' }), {
      dataTransfer: { files: [new File([new Uint8Array([1])], 'a.png', { type: 'image/png' })], types: ['Files'] },
    });
    await user().upload(input, new File([new Uint8Array([1])], 'b.png', { type: 'image/png' }));
    expect(imports()).toHaveLength(0);
    expect(screen.queryByTestId('image-file-name')).toBeNull();
  });

  it('offers the web-address box only where asked, and passes on the platform refusal as the file route does', async () => {
    renderField();
    expect(screen.queryByLabelText('Image: web address')).toBeNull();
    cleanup();
    const refusal = 'That address is not reachable from the platform.';
    answer = async () => ({ ok: false, error: { code: 'invalid_input', message: refusal } });
    const { uploaded, errors } = renderField({ fromAddress: true });
    await user().type(screen.getByLabelText('Image: web address'), 'http://127.0.0.1/secret.png{Enter}');
    await waitFor(() => expect(errors).toEqual([refusal]));
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
    expect(calls).toEqual([{ channel: 'images.importFromUrl', input: { letterUniqueId: 'letter-1', url: 'http://127.0.0.1/secret.png', purpose: 'block' } }]);
    expect(uploaded).toEqual([]);
  });
});

