import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import { renderParsed, styleOf, testContext } from '../test-support';
import { buttonHref } from './button';

describe('button', () => {
  it('renders every field of the block', async () => {
    const section = newSection('button', 'b');
    section.blockModel = {
      value: 'Get <started>',
      link: 'https://example.com/start',
      align: 'left',
      backgroundColor: '#aa0000',
      color: '#00ff00',
      borderRadius: 12,
      innerPadding: { top: 5, right: 30, bottom: 6, left: 31 },
      buttonSpacing: 20,
      buttonWidth: 60,
    };
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const anchor = $('a[href="https://example.com/start"]');
    expect(anchor.text().trim()).toBe('Get <started>');
    expect(styleOf(anchor.attr('style'))).toMatchObject({ color: '#00ff00', padding: '5px 30px 6px 31px', 'border-radius': '12px' });
    const cell = anchor.closest('td[bgcolor]');
    expect(cell.attr('bgcolor')).toBe('#aa0000');
    expect(styleOf(cell.attr('style'))['border-radius']).toBe('12px');
    const table = anchor.closest('table');
    expect(styleOf(table.attr('style')).width).toBe('60%');
    const container = table.closest('td[align]');
    expect(container.attr('align')).toBe('left');
    // Spacing above and below; the sides keep the letter's block padding (4px).
    expect(styleOf(container.attr('style')).padding).toBe('20px 4px');
  });

  it("keeps a merge tag in the link's query as written, for the sending step to fill per reader", async () => {
    const section = newSection('button', 'b');
    const link = "https://shop.example/offer?name={{ first_name | capitalize or 'friend' }}&id={{uniqueId}}";
    section.blockModel = { ...section.blockModel, link };
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    expect($('a').filter((_, a) => $(a).attr('href') === link)).toHaveLength(1);
  });

  it('uses the letter button font', async () => {
    const section = newSection('button', 'b');
    section.blockModel.link = 'https://example.com';
    const settings = (await import('../../model')).defaultLetterSettings();
    settings.buttons = { ...settings.buttons, font: 'Georgia', fallbackFont: 'Arial', fontSize: 22 };
    const { $ } = await renderParsed([section], { settings });
    const style = styleOf($('a[href="https://example.com"]').attr('style'));
    expect(style).toMatchObject({ 'font-family': 'Georgia, Arial, serif', 'font-size': '22px' });
  });

  it('links email addresses with mailto and refuses unsafe links', () => {
    expect(buttonHref('team@example.com')).toBe('mailto:team@example.com');
    expect(buttonHref('mailto:team@example.com')).toBe('mailto:team@example.com');
    expect(buttonHref('javascript:alert(1)')).toBeNull();
    expect(buttonHref('')).toBeNull();
  });
});

describe('divider', () => {
  it('draws the block colour, style and thickness', async () => {
    const section = newSection('divider', 'd');
    section.blockModel = { color: '#123456', style: 'dashed', width: 3 };
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const rule = $('p').filter((_, p) => (styleOf($(p).attr('style'))['border-top'] ?? '') !== '');
    expect(styleOf(rule.attr('style'))['border-top']).toBe('dashed 3px #123456');
  });
});

describe("the button's 'Channel Accent Color' and 'Channel Font Color'", () => {
  it("paints the button in the channel's accent colour and its label in the channel's font colour", async () => {
    const section = newSection('button', 'b');
    section.blockModel = { ...section.blockModel, link: 'https://example.com/go', backgroundColor: '#000003', color: '#000004', useChannelColor: { backgroundColor: true, color: true } };
    const context = testContext();
    const channel = { ...context.channel!, accentColor: '#aa0000', fontColor: '#123456', backgroundColor: '#fdf6e3' };
    const { $ } = await renderParsed([section], { context: { channel } });
    const anchor = $('a[href="https://example.com/go"]');
    expect(styleOf(anchor.attr('style')).color).toBe('#123456');
    expect(anchor.closest('td[bgcolor]').attr('bgcolor')).toBe('#aa0000');
    // Without a channel the colours stored when the boxes were ticked stand.
    const alone = await renderParsed([section], { context: { channel: null } });
    const own = alone.$('a[href="https://example.com/go"]');
    expect(styleOf(own.attr('style')).color).toBe('#000004');
    expect(own.closest('td[bgcolor]').attr('bgcolor')).toBe('#000003');
  });
});
