import { describe, expect, it } from 'vitest';
import { SVG_NOT_SUPPORTED_MESSAGE } from '../contract/platform-media';
import { claimedImageFormat, imageFileLabel, imageFileRefusal, NOT_AN_IMAGE_FILE_MESSAGE, replaceImageUrls } from './image-upload';

describe('imageFileRefusal', () => {
  it('refuses SVG by its type or by a .svg name (spec 1 §5), whatever the other says', () => {
    expect(imageFileRefusal('logo.png', 'image/svg+xml')).toBe(SVG_NOT_SUPPORTED_MESSAGE);
    expect(imageFileRefusal('logo.SVG', 'image/png')).toBe(SVG_NOT_SUPPORTED_MESSAGE);
    expect(imageFileRefusal('logo.svgz', '')).toBe(SVG_NOT_SUPPORTED_MESSAGE);
  });

  it('takes the accepted formats by type, or by name when the system gives no type', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.heic', ''],
      ['a.tif', 'application/octet-stream'],
      ['a.bmp', 'image/bmp'],
      ['a.avif', 'image/avif'],
      ['favicon.ico', 'image/x-icon'],
    ]) {
      expect(imageFileRefusal(name!, type!), `${name} ${type}`).toBeNull();
    }
    expect(claimedImageFormat('photo.HEIC', '')).toBe('heif');
  });

  it('refuses anything else as not an image', () => {
    expect(imageFileRefusal('notes.txt', 'text/plain')).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(imageFileRefusal('photo.png', 'application/pdf')).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(imageFileRefusal('picture', '')).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(imageFileRefusal('scan.pbm', 'image/x-portable-bitmap')).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
  });
});

describe('imageFileLabel', () => {
  it('keeps names up to 20 characters and cuts longer ones to 20, the last an ellipsis', () => {
    expect(imageFileLabel('exactly-twenty-c.png')).toBe('exactly-twenty-c.png');
    expect(imageFileLabel('twenty-one-chars!.png')).toBe('twenty-one-chars!.p…');
    // Counted as the editor sees characters, not UTF-16 units.
    expect(Array.from(imageFileLabel('📷'.repeat(30)))).toHaveLength(20);
  });
});

describe('replaceImageUrls', () => {
  it('replaces every occurrence of each address and nothing else', () => {
    const text = JSON.stringify({ src: '/local-images/a/square.png', html: '<img src="/local-images/a/square.png">', other: '/local-images/b/square.png' });
    const out = JSON.parse(replaceImageUrls(text, { '/local-images/a/square.png': 'https://p.example/media/1.png' })) as Record<string, string>;
    expect(out).toEqual({ src: 'https://p.example/media/1.png', html: '<img src="https://p.example/media/1.png">', other: '/local-images/b/square.png' });
    expect(replaceImageUrls('unchanged', {})).toBe('unchanged');
  });
});
