// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { BUTTON_LINK_MESSAGE, INVALID_EMAIL_MESSAGE } from '../../../shared/rules/links';
import { openSection, renderPanel, retype, typeKeys } from '../../testing/panel-test-support';

afterEach(cleanup);

const button = () => newSection('button', 'b');
/** Three different colours, so a checkbox that applies the wrong one is caught. */
const CHANNEL = { title: 'Weekly', accentColor: '#123456', fontColor: '#654321', backgroundColor: '#fdf6e3' };
/** Past the 300 ms link debounce. */
const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

describe('ButtonPanel', () => {
  it('stores an https link after the debounce', async () => {
    const { current } = renderPanel(button());
    await retype('Link', 'https://example.com/spring');
    await afterDebounce();
    expect(current().blockModel.link).toBe('https://example.com/spring');
    expect(screen.queryByText(BUTTON_LINK_MESSAGE)).toBeNull();
  });

  it('shows the https message for an http link and stores nothing', async () => {
    const { current } = renderPanel(button());
    await retype('Link', 'http://example.com');
    await afterDebounce();
    expect(screen.getByText(BUTTON_LINK_MESSAGE)).toBeTruthy();
    expect(current().blockModel.link).toBe('');
  });

  it('takes an email address as a mailto: link, and changing the type clears the link', async () => {
    const { current } = renderPanel(button());
    await userEvent.click(screen.getByRole('radio', { name: 'Email address' }));
    await retype('Link', 'editor@');
    expect(screen.getByText(INVALID_EMAIL_MESSAGE)).toBeTruthy();
    await retype('Link', 'editor@example.com');
    await afterDebounce();
    expect(current().blockModel.link).toBe('mailto:editor@example.com');
    // Reopening shows the address without its prefix.
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('editor@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'Web address' }));
    expect(current().blockModel.link).toBe('');
    expect((screen.getByLabelText('Link') as HTMLInputElement).value).toBe('');
  });

  it('clamps spacing and width to 0–100 and says so, naming the limit', async () => {
    const { current } = renderPanel(button());
    await retype('Spacing', '150');
    expect(current().blockModel.buttonSpacing).toBe(100);
    expect(screen.getByText('Spacing is at most 100, so 150 became 100.')).toBeTruthy();
    await retype('Spacing', '20');
    expect(current().blockModel.buttonSpacing).toBe(20);
    expect(screen.queryByText(/Spacing is at/)).toBeNull();
    const width = await retype('Width', '-1');
    expect(current().blockModel.buttonWidth).toBe(0);
    expect(screen.getByText('Width is at least 0, so -1 became 0.')).toBeTruthy();
    await userEvent.tab();
    expect((width as HTMLInputElement).value).toBe('0');
    await retype('Width', '');
    expect(screen.getByText('Width is required.')).toBeTruthy();
    expect(current().blockModel.buttonWidth).toBe(0);
  });

  it('clamps the font size to 8–72 and says so, naming the limit', async () => {
    const { current } = renderPanel(button());
    const field = await retype('Font size', '90');
    expect(current().fontSize).toBe(72);
    expect(screen.getByText('Font size is at most 72, so 90 became 72.')).toBeTruthy();
    await userEvent.tab();
    expect((field as HTMLInputElement).value).toBe('72');
    await retype('Font size', '3');
    expect(current().fontSize).toBe(8);
    expect(screen.getByText('Font size is at least 8, so 3 became 8.')).toBeTruthy();
    await retype('Font size', '20');
    expect(current().fontSize).toBe(20);
    expect(screen.queryByText(/Font size is at/)).toBeNull();
  });

  it('sets the label, colours, alignment and inner padding', async () => {
    const { current } = renderPanel(button(), { channel: CHANNEL });
    await retype('Button text', 'Read more');
    expect(current().blockModel.value).toBe('Read more');
    await userEvent.tab();
    await retype('Button text', '  ');
    expect(screen.getByText('Button text is required.')).toBeTruthy();
    expect(current().blockModel.value).toBe('Read more');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Channel Accent Color' }));
    expect(current().blockModel.backgroundColor).toBe('#123456');
    expect(current().blockModel.useChannelColor?.backgroundColor).toBe(true);
    expect((screen.getByLabelText('Button color') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Channel Accent Color' }));
    expect(current().blockModel.backgroundColor).toBe('#1D2D4D');
    expect(current().blockModel.useChannelColor?.backgroundColor).toBe(false);
    await retype('Text color', '#ff0000');
    expect(current().blockModel.color).toBe('#ff0000');
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    expect(current().blockModel.align).toBe('right');
    await retype('Inner padding left', '40');
    expect(current().blockModel.innerPadding).toEqual({ top: 10, right: 25, bottom: 10, left: 40 });
    await retype('Inner padding top', '10000');
    expect(screen.getByText('Inner padding must be from 0 to 9999.')).toBeTruthy();
    expect(current().blockModel.innerPadding.top).toBe(10);
  });

  it('makes every button follow this one after confirming the override', async () => {
    const { store, current } = renderPanel({ ...button(), blockModel: { ...button().blockModel, backgroundColor: '#00ff00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Override all button styles' }));
    expect(screen.getByText('This action will replace all existing button styles with the new settings')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(store.getState().composer.settings.buttons.color).toBe('#00ff00');
    expect(current().blockModel.backgroundColor).toBe('#00ff00');
  });

  it('has the common settings, paddings 0–250', async () => {
    const { current } = renderPanel(button());
    await openSection('PADDING');
    // Typed key by key, '2' and '25' are fine on the way, but '251' leaves the padding as it was.
    await typeKeys('Padding top', '251');
    expect(screen.getByText('Padding must be from 0 to 250.')).toBeTruthy();
    expect(current().paddingTop).toBe(10);
    await retype('Padding top', '250');
    expect(current().paddingTop).toBe(250);
  });

  it("'Channel Font Color' gives the label the channel's font colour (not its accent) and gives the old one back", async () => {
    const { current } = renderPanel(button(), { channel: CHANNEL });
    const checkboxes = screen.getAllByRole('checkbox', { name: 'Channel Font Color' });
    // One for the label; the section's COLOR has no second one for a colour the button does not draw.
    expect(checkboxes).toHaveLength(1);
    await userEvent.click(checkboxes[0]!);
    expect(current().blockModel.color).toBe('#654321');
    expect(current().blockModel.useChannelColor).toEqual({ color: true });
    expect((screen.getByLabelText('Text color') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(checkboxes[0]!);
    expect(current().blockModel.color).toBe('#FFFFFF');
    expect(current().blockModel.useChannelColor).toEqual({ color: false });
  });

  it('offers no channel colours at company level, nor while the channel is unknown', () => {
    renderPanel(button(), { channel: CHANNEL, letter: { uniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'company' } });
    expect(screen.queryByRole('checkbox', { name: /^Channel .* Color$/ })).toBeNull();
    cleanup();
    renderPanel(button(), { channel: null });
    expect(screen.queryByRole('checkbox', { name: /^Channel .* Color$/ })).toBeNull();
  });
});
