import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_FONTS } from './fonts';
import { WEB_FONT_FILES } from './web-font-files';

// The manifest scripts/vendor-web-fonts.ts writes, against the files it copied.
const shipped = resolve(import.meta.dirname, '../../src-renderer/public/web-fonts');

describe('the web fonts shipped with the app', () => {
  it('has the Latin regular face of every web font the pickers offer, as a woff2 file, with its licence', () => {
    expect(Object.keys(WEB_FONT_FILES).sort()).toEqual([...WEB_FONTS].sort());
    for (const font of WEB_FONTS) {
      const faces = WEB_FONT_FILES[font]?.faces ?? [];
      expect(faces.some((face) => face.weight === 400 && face.style === 'normal'), font).toBe(true);
      for (const face of faces) {
        const bytes = readFileSync(join(shipped, face.file));
        // Every woff2 file starts with its signature.
        expect(bytes.subarray(0, 4).toString('latin1'), face.file).toBe('wOF2');
      }
      const licence = readFileSync(join(shipped, 'licenses', `${WEB_FONT_FILES[font]!.slug}.txt`), 'utf8');
      expect(licence, font).toMatch(/LICENSE|LICENCE/);
    }
  });

  it('ships regular and bold for every family that has a bold, and stays under 6 MB', () => {
    const singleWeight = ['Abril Fatface', 'Anton', 'Bebas Neue', 'DM Serif Display', 'Pacifico'];
    for (const font of WEB_FONTS.filter((name) => !singleWeight.includes(name))) {
      expect(WEB_FONT_FILES[font]!.faces.some((face) => face.weight === 700), font).toBe(true);
    }
    const total = readdirSync(shipped, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
    expect(total).toBeLessThan(6 * 1024 * 1024);
  });

});
