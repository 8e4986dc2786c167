import { describe, expect, it } from 'vitest';
import { corners, defaultLetterSettings, newSection, sides } from '../../shared/model';
import { sectionBoxStyle } from './section-style';

describe('sectionBoxStyle', () => {
  it('draws the section fonts, paddings and the letter block background behind a transparent section', () => {
    const settings = { ...defaultLetterSettings(), backgroundColor: '#fafafa' };
    const style = sectionBoxStyle(newSection('paragraph', 'p'), settings);
    expect(style).toMatchObject({ fontFamily: 'Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, Helvetica Neue, Helvetica, Arial, sans-serif', fontSize: 18, color: '#202a33', padding: '10px 25px 10px 25px', background: '#fafafa', borderWidth: '0px 0px 0px 0px' });
    expect(sectionBoxStyle({ ...newSection('paragraph', 'p'), backgroundColor: '#ff0000' }, settings).background).toBe('#ff0000');
    // A family CSS cannot read unquoted would drop the whole declaration.
    expect(sectionBoxStyle({ ...newSection('paragraph', 'p'), defaultFont: 'Source Sans 3', fontFallback: 'Georgia' }, settings).fontFamily).toBe("'Source Sans 3', Georgia, sans-serif");
  });

  it("takes missing borders from the letter's while they are applied, and the section's own first", () => {
    const base = defaultLetterSettings();
    const settings = { ...base, borders: { ...base.borders, applyBorders: true, thickness: sides(2), color: '#00ff00', borderRadius: corners(6) } };
    expect(sectionBoxStyle(newSection('heading', 'h'), settings)).toMatchObject({ borderWidth: '2px 2px 2px 2px', borderColor: '#00ff00', borderRadius: '6px 6px 6px 6px' });
    const own = { ...newSection('heading', 'h'), borderThickness: sides(1, 3), borderColor: '#123456' };
    expect(sectionBoxStyle(own, settings)).toMatchObject({ borderWidth: '1px 3px 1px 3px', borderColor: '#123456' });
    expect(sectionBoxStyle(newSection('heading', 'h'), { ...settings, borders: { ...settings.borders, applyBorders: false } }).borderWidth).toBe('0px 0px 0px 0px');
  });
});
