// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLetterSettings, newSection, sides } from '../../../shared/model';
import { FONT_SIZE_TOO_SMALL_MESSAGE, LINE_HEIGHT_RANGE_MESSAGE } from '../../../shared/rules/text-settings';
import { withHeadingType } from './HeadingPanel';
import { chooseOption, openSection, renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

describe('common settings on a paragraph', () => {
  it('FONT: fonts from the lists, size from 8 (blank is 16), line height 1–50, alignment', async () => {
    const { current } = renderPanel(newSection('paragraph', 'p'));
    await openSection('FONT');
    await chooseOption('Primary font', 'Lato');
    expect(current().defaultFont).toBe('Lato');
    await chooseOption('Fallback font', 'Georgia');
    expect(current().fontFallback).toBe('Georgia');
    await retype('Font size', '7');
    expect(screen.getByText(FONT_SIZE_TOO_SMALL_MESSAGE)).toBeTruthy();
    expect(current().fontSize).toBe(18);
    await retype('Font size', '8');
    expect(current().fontSize).toBe(8);
    await retype('Font size', '');
    expect(current().fontSize).toBe(16);
    await retype('Line height', '0.5');
    expect(screen.getByText(LINE_HEIGHT_RANGE_MESSAGE)).toBeTruthy();
    expect(current().lineHeight).toBe(1.52);
    await retype('Line height', '1.255');
    expect(current().lineHeight).toBe(1.26);
    await userEvent.click(screen.getByRole('radio', { name: 'Center' }));
    expect(current().blockModel.align).toBe('center');
  });

  it('COLOR: background (empty is none), extend switch, text colour; a colour the email cannot draw is refused', async () => {
    const { current } = renderPanel(newSection('paragraph', 'p'));
    await openSection('COLOR');
    await retype('Background Color', '#abcdef');
    expect(current().backgroundColor).toBe('#abcdef');
    await retype('Background Color', '');
    expect(current().backgroundColor).toBe('transparent');
    await userEvent.click(screen.getByRole('switch', { name: /Extend background color/ }));
    expect(current().extendBgColor).toBe(true);
    await retype('Text Color', 'not a colour');
    await userEvent.tab();
    expect(screen.getByText('Enter a colour such as #1D2D4D.')).toBeTruthy();
    expect(current().textColor).toBe('#202a33');
  });

  it("COLOR: 'Channel Background Color' and 'Channel Font Color' follow the channel's own colours, not its accent", async () => {
    const channel = { title: 'Weekly', accentColor: '#123456', fontColor: '#654321', backgroundColor: '#fdf6e3' };
    const { current } = renderPanel({ ...newSection('paragraph', 'p'), backgroundColor: '#abcdef' }, { channel });
    await openSection('COLOR');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Channel Background Color' }));
    expect(current().backgroundColor).toBe('#fdf6e3');
    expect(current().useChannelColor).toEqual({ backgroundColor: true });
    expect((screen.getByLabelText('Background Color') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Channel Font Color' }));
    expect(current().textColor).toBe('#654321');
    expect(current().useChannelColor).toEqual({ backgroundColor: true, textColor: true });
    // Unticked, the colour from before comes back and the field can be typed in again.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Channel Background Color' }));
    expect(current().backgroundColor).toBe('#abcdef');
    expect(current().useChannelColor).toEqual({ backgroundColor: false, textColor: true });
    expect((screen.getByLabelText('Background Color') as HTMLInputElement).disabled).toBe(false);
  });

  it('COLOR: no channel colour checkboxes at company level', async () => {
    const channel = { title: 'Company', accentColor: '#123456', fontColor: '#654321', backgroundColor: '#fdf6e3' };
    renderPanel(newSection('paragraph', 'p'), { channel, letter: { uniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'company' } });
    await openSection('COLOR');
    expect(screen.getByLabelText('Text Color')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Channel Background Color' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Channel Font Color' })).toBeNull();
  });

  it('BORDER: the switch gives 1 on every side, and brings back the thickness it had', async () => {
    const { current } = renderPanel(newSection('paragraph', 'p'));
    await openSection('BORDER');
    await userEvent.click(screen.getByRole('switch', { name: 'Apply border' }));
    expect(current().borderThickness).toEqual(sides(1));
    await retype('Border size left', '4');
    expect(current().borderThickness).toEqual({ top: 1, right: 1, bottom: 1, left: 4 });
    await retype('Border size top', '10000');
    expect(screen.getByText('Border size must be from 0 to 9999.')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Dashed' }));
    expect(current().borderStyle).toBe('dashed');
    await userEvent.click(screen.getByRole('switch', { name: 'Apply border' }));
    expect(current().borderThickness).toEqual(sides(0));
    await userEvent.click(screen.getByRole('switch', { name: 'Apply border' }));
    expect(current().borderThickness).toEqual({ top: 1, right: 1, bottom: 1, left: 4 });
  });
});

describe('heading', () => {
  it('a new heading type copies that level from the letter text styles', async () => {
    const { current } = renderPanel(newSection('heading', 'h'));
    await chooseOption('Heading type', 'H2');
    expect(current()).toMatchObject({
      defaultFont: 'System UI',
      fontFallback: 'Arial',
      fontSize: 28,
      lineHeight: 1.52,
      blockModel: { headingType: 'h2', align: 'left' },
    });
  });

  it('withHeadingType takes every font setting of the level', () => {
    const settings = defaultLetterSettings();
    settings.text.h3 = { font: 'Inter', fontFallback: 'Arial', fontSize: 30, lineHeight: 1.1, color: '#111111', alignment: 'center' };
    expect(withHeadingType(newSection('heading', 'h'), 'h3', settings)).toMatchObject({
      defaultFont: 'Inter',
      fontFallback: 'Arial',
      fontSize: 30,
      lineHeight: 1.1,
      textColor: '#111111',
      blockModel: { headingType: 'h3', align: 'center' },
    });
  });
});

describe('blockquote', () => {
  it('sets its quote colour and has no BORDER section', async () => {
    const { current } = renderPanel(newSection('blockquote', 'q'));
    expect(screen.queryByRole('button', { name: 'BORDER' })).toBeNull();
    expect(screen.getByRole('button', { name: 'PADDING' })).toBeTruthy();
    await retype('Border color', '#ff0000');
    expect(current().blockModel.borderColor).toBe('#ff0000');
  });
});
