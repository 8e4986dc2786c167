// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection, type SectionOf } from '../../../../shared/model';
import { undone } from '../../../block-kit/composer-slice';
import { chooseOption, fieldIn, openSection, renderStyles, replaceWith, retype, TEST_CHANNEL } from './test-support';

afterEach(cleanup);

function button(id: string, backgroundColor?: string): SectionOf<'button'> {
  const section = newSection('button', id);
  return backgroundColor ? { ...section, blockModel: { ...section.blockModel, backgroundColor } } : section;
}

function divider(id: string, width?: number): SectionOf<'divider'> {
  const section = newSection('divider', id);
  return width === undefined ? section : { ...section, blockModel: { ...section.blockModel, width } };
}

describe('BUTTON', () => {
  it('the button colour reaches buttons at the letter colour, not a button with its own; undo takes both back', async () => {
    const { settings, sections, store } = renderStyles([button('follows'), button('own', '#00ff00')]);
    const panel = await openSection('BUTTON');
    await replaceWith(fieldIn(panel, 'Button color'), '#ff0000');
    expect(settings().buttons.color).toBe('#ff0000');
    const colours = () => (sections() as SectionOf<'button'>[]).map((s) => s.blockModel.backgroundColor);
    expect(colours()).toEqual(['#ff0000', '#00ff00']);
    store.dispatch(undone());
    expect(settings().buttons.color).toBe('#1D2D4D');
    expect(colours()).toEqual(['#1D2D4D', '#00ff00']);
  });

  it("'Channel Accent Color' gives the button the channel's accent colour", async () => {
    const { settings } = renderStyles([], { channel: TEST_CHANNEL });
    const panel = await openSection('BUTTON');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Channel Accent Color' }));
    expect(settings().buttons.color).toBe('#123456');
    expect(fieldIn(panel, 'Button color').disabled).toBe(true);
  });

  it('clamps the button font size to 8–72 and says so, naming the limit', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('BUTTON');
    const size = fieldIn(panel, 'Font size');
    await replaceWith(size, '100');
    expect(settings().buttons.fontSize).toBe(72);
    expect(within(panel).getByText('Font size is at most 72, so 100 became 72.')).toBeTruthy();
    await userEvent.tab();
    expect(size.value).toBe('72');
    await replaceWith(size, '5');
    expect(settings().buttons.fontSize).toBe(8);
  });

  it('sets alignment and text colour', async () => {
    const { settings } = renderStyles([button('b')]);
    const panel = await openSection('BUTTON');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Left' }));
    expect(settings().buttons.alignment).toBe('left');
    await replaceWith(fieldIn(panel, 'Text color'), '#000000');
    expect(settings().buttons.textColor).toBe('#000000');
  });
});

describe('DIVIDER', () => {
  it('writes the thickness after its 400 ms pause; dividers at the old thickness follow', async () => {
    const { settings, sections } = renderStyles([divider('follows'), divider('own', 6)]);
    const panel = await openSection('DIVIDER');
    await replaceWith(fieldIn(panel, 'Thickness'), '4');
    expect(settings().dividers.thickness).toBe(1);
    await waitFor(() => expect(settings().dividers.thickness).toBe(4), { timeout: 2000 });
    expect((sections() as SectionOf<'divider'>[]).map((s) => s.blockModel.width)).toEqual([4, 6]);
  });

  it('refuses a negative thickness and sets the style', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('DIVIDER');
    await replaceWith(fieldIn(panel, 'Thickness'), '-2');
    await waitFor(() => expect(within(panel).getByText('Thickness must be from 0 to 50.')).toBeTruthy(), { timeout: 2000 });
    expect(settings().dividers.thickness).toBe(1);
    await chooseOption(panel, 'Divider style', 'Dashed');
    expect(settings().dividers.style).toBe('dashed');
  });

  it('refuses a thickness over 50 with the same rule and words as the divider block panel', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('DIVIDER');
    await replaceWith(fieldIn(panel, 'Thickness'), '51');
    await waitFor(() => expect(within(panel).getByText('Thickness must be from 0 to 50.')).toBeTruthy(), { timeout: 2000 });
    expect(settings().dividers.thickness).toBe(1);
  });
});

describe('IMAGE', () => {
  it('ignores a width beyond the desktop width with a message, writes one inside it', async () => {
    const image = newSection('image', 'i');
    const { settings, sections } = renderStyles([image]);
    const panel = await openSection('IMAGE');
    const width = fieldIn(panel, 'Image width');
    await replaceWith(width, '641');
    await waitFor(() => expect(within(panel).getByText('The image width must be between 50 and 640px.')).toBeTruthy(), { timeout: 2000 });
    expect(settings().images.width).toBe(300);
    await replaceWith(width, '49');
    await waitFor(() => expect(within(panel).getByText('The image width must be between 50 and 640px.')).toBeTruthy(), { timeout: 2000 });
    await replaceWith(width, '400');
    await waitFor(() => expect(settings().images.width).toBe(400), { timeout: 2000 });
    expect((sections()[0] as SectionOf<'image'>).blockModel.width).toBe(400);
  });

  it('hides the width for full width and for the original width', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('IMAGE');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Use original width' }));
    expect(settings().images.hasOriginalImageWidth).toBe(true);
    expect(within(panel).queryByRole('textbox', { name: 'Image width' })).toBeNull();
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Use original width' }));
    expect(fieldIn(panel, 'Image width').value).toBe('300');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Full width' }));
    expect(settings().images.alignment).toBe('full width');
    expect(within(panel).queryByRole('textbox', { name: 'Image width' })).toBeNull();
  });
});

describe('PROMOTION', () => {
  it("strips quotes from the disclaimer with 'quotes not allowed'", async () => {
    const promotion = newSection('promotion', 'p');
    const { settings, sections } = renderStyles([promotion]);
    const panel = await openSection('PROMOTION');
    const disclaimer = fieldIn(panel, /Disclaimer/);
    await replaceWith(disclaimer, 'Paid "by" us');
    expect(within(panel).getByRole('alert').textContent).toBe('quotes not allowed');
    expect(disclaimer.value).toBe('Paid by us');
    expect(settings().promotionSettings.disclaimer).toBe('Paid by us');
    expect((sections()[0] as SectionOf<'promotion'>).blockModel.disclaimer).toBe('Paid by us');
  });

  it('refuses an empty disclaimer and one over 180 characters, writing nothing', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('PROMOTION');
    const disclaimer = fieldIn(panel, /Disclaimer/);
    await userEvent.clear(disclaimer);
    expect(within(panel).getByText('The disclaimer is required.')).toBeTruthy();
    await replaceWith(disclaimer, 'a'.repeat(181));
    expect(within(panel).getByText('The disclaimer should be no more than 180 characters.')).toBeTruthy();
    expect(settings().promotionSettings.disclaimer).toBe('Promotion from');
    await replaceWith(disclaimer, 'a'.repeat(180));
    expect(settings().promotionSettings.disclaimer).toBe('a'.repeat(180));
  });

  it('styles the promotion copy and background', async () => {
    const { settings } = renderStyles();
    const panel = await openSection('PROMOTION');
    await chooseOption(panel, 'Text Type', 'Copy');
    await replaceWith(fieldIn(within(panel).getByRole('group', { name: 'Type' }), 'Font size'), '14');
    expect(settings().promotionSettings.copySettings.fontSize).toBe(14);
    expect(settings().promotionSettings.headingSettings.fontSize).toBe(20);
    await retype(fieldIn(panel, 'Promotion background color'), '#eee');
    expect(settings().promotionSettings.backgroundColor).toBe('#eee');
    await userEvent.click(within(panel).getByRole('switch', { name: 'Display disclaimer' }));
    expect(settings().promotionSettings.displayDisclaimer).toBe(false);
    expect(screen.queryByRole('textbox', { name: /Disclaimer/ })).toBeNull();
  });
});
