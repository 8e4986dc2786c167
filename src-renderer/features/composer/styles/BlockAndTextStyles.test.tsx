// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection, sides, type Section, type SectionOf } from '../../../../shared/model';
import { undone } from '../../../block-kit/composer-slice';
import { chooseOption, fieldIn, openSection, renderStyles, replaceWith, retype, TEST_CHANNEL } from './test-support';

afterEach(cleanup);

const paragraph = (id: string, fields: Partial<Section> = {}) => ({ ...newSection('paragraph', id), ...fields }) as Section;

describe('BLOCK', () => {
  it('the block background reaches sections that follow it, not those with their own colour', async () => {
    const { settings, sections } = renderStyles([
      paragraph('follows', { backgroundColor: '#ffffff' }),
      paragraph('own', { backgroundColor: '#123456' }),
      paragraph('transparent'),
    ]);
    const block = await openSection('BLOCK');
    await retype(fieldIn(block, 'Block background color'), '#abcdef');
    expect(settings().backgroundColor).toBe('#abcdef');
    expect(sections().map((s) => s.backgroundColor)).toEqual(['#abcdef', '#123456', 'transparent']);
  });

  it('writes padding 0–9999 and refuses 10000 with a message', async () => {
    const { settings } = renderStyles();
    const block = await openSection('BLOCK');
    const top = fieldIn(block, 'Padding top');
    await replaceWith(top, '10000');
    expect(within(block).getByText('Padding must be between 0 and 9999.')).toBeTruthy();
    expect(settings().padding).toEqual(sides(4));
    await replaceWith(top, '9999');
    expect(settings().padding).toEqual({ top: 9999, right: 4, bottom: 4, left: 4 });
    expect(within(block).queryByText('Padding must be between 0 and 9999.')).toBeNull();
  });

  it('switching borders on gives 1 px on every side, then each side can change', async () => {
    const { settings } = renderStyles();
    const block = await openSection('BLOCK');
    await userEvent.click(within(block).getByRole('switch', { name: 'Apply borders' }));
    expect(settings().borders).toMatchObject({ applyBorders: true, thickness: sides(1) });
    await retype(fieldIn(block, 'Border size left'), '3');
    expect(settings().borders.thickness).toEqual({ top: 1, right: 1, bottom: 1, left: 3 });
    await replaceWith(fieldIn(block, 'Border radius'), '10000');
    expect(within(block).getByText('The border radius must be between 0 and 9999.')).toBeTruthy();
    expect(settings().borders.borderRadius.topLeft).toBe(3);
  });

  it("'Override block settings' asks first, then gives every section the letter's block styles in one step", async () => {
    const own = paragraph('own', { backgroundColor: '#123456', borderColor: '#ff0000', borderThickness: sides(2) });
    const { sections, store } = renderStyles([own]);
    const block = await openSection('BLOCK');
    await userEvent.click(within(block).getByRole('button', { name: 'Override block settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to proceed?' });
    expect(within(dialog).getByText('This action will replace all existing blocks styles with the new settings')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sections()[0]).toBe(own);

    await userEvent.click(within(block).getByRole('button', { name: 'Override block settings' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Proceed' }));
    expect(sections()[0]).toMatchObject({ backgroundColor: 'transparent' });
    expect(sections()[0]).not.toHaveProperty('borderColor');
    store.dispatch(undone());
    expect(sections()[0]).toEqual(own);
  });
});

describe('TEXT', () => {
  it('edits the chosen text type; an h2 heading at the old size follows, other levels do not', async () => {
    const h2 = { ...newSection('heading', 'h2'), blockModel: { headingType: 'h2' as const, align: 'left' as const }, fontSize: 28 };
    const h1 = { ...newSection('heading', 'h1'), fontSize: 28 };
    const { settings, sections } = renderStyles([h2, h1]);
    const text = await openSection('TEXT');
    await chooseOption(text, 'Text Type', 'H2');
    const size = fieldIn(within(text).getByRole('group', { name: 'Type' }), 'Font size');
    expect(size.value).toBe('28');
    await retype(size, '30');
    expect(settings().text.h2.fontSize).toBe(30);
    expect(settings().text.h1.fontSize).toBe(32);
    expect(sections().map((s) => s.fontSize)).toEqual([30, 28]);
  });

  it('refuses a font size under 8 and a line height under 1, writing nothing', async () => {
    const { settings } = renderStyles();
    const text = await openSection('TEXT');
    await retype(fieldIn(text, 'Font size'), '7');
    expect(within(text).getByText('The font size must be at least 8.')).toBeTruthy();
    await retype(fieldIn(text, 'Line height'), '0.5');
    expect(within(text).getByText('The line height must be at least 1.')).toBeTruthy();
    expect(settings().text.p).toMatchObject({ fontSize: 16, lineHeight: 1.52 });
  });

  it('changes the primary font of the paragraph style', async () => {
    const { settings } = renderStyles();
    const text = await openSection('TEXT');
    await chooseOption(text, 'Primary font', 'Georgia');
    expect(settings().text.p.font).toBe('Georgia');
  });

  it('sets the link colour, the channel accent colour flag and the link Style choices', async () => {
    const { settings } = renderStyles([], { channel: TEST_CHANNEL });
    const link = within(await openSection('TEXT')).getByRole('group', { name: 'Link' });
    expect(within(link).getByText('These styles apply to all links in the newsletter, regardless of text type.')).toBeTruthy();
    await retype(fieldIn(link, 'Color'), '#ff0000');
    expect(settings().links.color).toBe('#ff0000');
    await userEvent.click(within(link).getByRole('checkbox', { name: 'Channel Accent Color' }));
    expect(settings().links.useChannelColor.linkColor).toBe(true);
    await chooseOption(link, 'Style', 'Bold');
    expect(settings().links).toMatchObject({ weight: 'bold', style: 'normal', decoration: 'underline' });
  });

  it("'Override text block settings' gives paragraphs the letter's paragraph style after confirming", async () => {
    const { sections } = renderStyles([paragraph('p')]);
    const text = await openSection('TEXT');
    await userEvent.click(within(text).getByRole('button', { name: 'Override text block settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to proceed?' });
    expect(within(dialog).getByText('This action will replace all existing text styles with the new settings')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    const [p] = sections() as SectionOf<'paragraph'>[];
    expect(p).toMatchObject({ defaultFont: 'System UI', fontFallback: 'Arial', fontSize: 16 });
  });
});
