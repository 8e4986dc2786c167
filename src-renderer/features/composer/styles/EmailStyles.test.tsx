// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { undone } from '../../../block-kit/composer-slice';
import { fieldIn, openSection, renderStyles, retype, TEST_CHANNEL } from './test-support';

afterEach(cleanup);

const SMALL = 'We support desktop widths larger than 600px. Because you set yours below that, we reset it to 600px.';
const LARGE = 'We support desktop widths smaller than 2000px. Because you set yours above that, we reset it to 2000px.';
const MOBILE_LARGE = 'We support mobile widths smaller than 2000px. Because you set yours above that, we reset it to 2000px.';
const MOBILE_IGNORED = 'We support mobile widths of 240px or more, so a smaller value is ignored.';

describe('Styles tab', () => {
  it("lists the spec's sections in order", () => {
    renderStyles();
    const names = ['EMAIL STYLES', 'BLOCK', 'BUTTON', 'DIVIDER', 'TEXT', 'IMAGE', 'PROMOTION'];
    const controls = screen.getAllByRole('button').filter((button) => names.includes(button.textContent ?? ''));
    expect(controls.map((c) => c.textContent)).toEqual(names);
  });

  it('disables every field of a read-only letter', async () => {
    renderStyles([], { readOnly: true, channel: TEST_CHANNEL });
    const email = await openSection('EMAIL STYLES');
    for (const name of ['Desktop width', 'Mobile width', 'Background color']) expect(fieldIn(email, name).disabled).toBe(true);
    expect((within(email).getByRole('checkbox', { name: 'Channel Background Color' }) as HTMLInputElement).disabled).toBe(true);
    const block = await openSection('BLOCK');
    expect((within(block).getByRole('button', { name: 'Override block settings' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('EMAIL STYLES', () => {
  it('resets a desktop width under 600 to 600 with the warning, after the 500 ms pause', async () => {
    const { settings } = renderStyles();
    const width = fieldIn(await openSection('EMAIL STYLES'), 'Desktop width');
    expect(width.value).toBe('640');
    await retype(width, '500');
    // Still typing: nothing is checked or written yet.
    expect(settings().maxWidthDesktop).toBe(640);
    expect(screen.queryByText(SMALL)).toBeNull();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SMALL), { timeout: 2000 });
    expect(width.value).toBe('600');
    expect(settings().maxWidthDesktop).toBe(600);
  });

  it('resets a desktop width over 2000 to 2000 with the other warning; a width in range clears it', async () => {
    const { settings } = renderStyles();
    const width = fieldIn(await openSection('EMAIL STYLES'), 'Desktop width');
    await retype(width, '2500');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LARGE), { timeout: 2000 });
    expect(width.value).toBe('2000');
    expect(settings().maxWidthDesktop).toBe(2000);
    await retype(width, '720');
    await waitFor(() => expect(settings().maxWidthDesktop).toBe(720), { timeout: 2000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the width at once when the field is left', async () => {
    const { settings } = renderStyles();
    const width = fieldIn(await openSection('EMAIL STYLES'), 'Desktop width');
    await retype(width, '100');
    await userEvent.tab();
    expect(settings().maxWidthDesktop).toBe(600);
    expect(width.value).toBe('600');
  });

  it('says so when the mobile width is wider than the desktop width, until either width puts it right', async () => {
    const { settings } = renderStyles();
    const email = await openSection('EMAIL STYLES');
    expect(within(email).queryByRole('status')).toBeNull();
    await retype(fieldIn(email, 'Mobile width'), '900');
    await waitFor(() => expect(settings().maxWidthMobile).toBe(900), { timeout: 2000 });
    expect(within(email).getByRole('status').textContent).toBe(
      'The mobile width (900px) is wider than the desktop width (640px), so phones get a wider email than computers. Make it narrower unless you meant this.',
    );
    await retype(fieldIn(email, 'Desktop width'), '1000');
    await waitFor(() => expect(settings().maxWidthDesktop).toBe(1000), { timeout: 2000 });
    expect(within(email).queryByRole('status')).toBeNull();
  });

  it('ignores a mobile width under 240: nothing written, the field shows the stored width again; 240 and above are written', async () => {
    const { settings } = renderStyles();
    const email = await openSection('EMAIL STYLES');
    const mobile = fieldIn(email, 'Mobile width');
    await retype(mobile, '239');
    await waitFor(() => expect(within(email).getByText(MOBILE_IGNORED)).toBeTruthy(), { timeout: 2000 });
    expect(mobile.value).toBe('320');
    expect(settings().maxWidthMobile).toBe(320);
    await retype(mobile, '240');
    await waitFor(() => expect(settings().maxWidthMobile).toBe(240), { timeout: 2000 });
    expect(within(email).queryByText(MOBILE_IGNORED)).toBeNull();
  });

  it('resets a mobile width over 2000 to 2000 with a warning, like the desktop width', async () => {
    const { settings } = renderStyles();
    const email = await openSection('EMAIL STYLES');
    const mobile = fieldIn(email, 'Mobile width');
    await retype(mobile, '2500');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MOBILE_LARGE), { timeout: 2000 });
    expect(mobile.value).toBe('2000');
    expect(settings().maxWidthMobile).toBe(2000);
  });

  it('writes a valid background colour and refuses one that is not a colour', async () => {
    const { settings } = renderStyles();
    const email = await openSection('EMAIL STYLES');
    const background = fieldIn(email, 'Background color');
    await retype(background, '#112233');
    expect(settings().backgroundColorBody).toBe('#112233');
    await retype(background, 'nonsense');
    expect(within(email).getByText('Enter a colour such as #1D2D4D.')).toBeTruthy();
    expect(settings().backgroundColorBody).toBe('#112233');
  });

  it("'Channel Background Color' uses the channel's background colour (not its accent) and gives the old one back", async () => {
    const { settings } = renderStyles([], { channel: TEST_CHANNEL });
    const email = await openSection('EMAIL STYLES');
    const checkbox = within(email).getByRole('checkbox', { name: 'Channel Background Color' }) as HTMLInputElement;
    // A letter in the channel's accent colour is not on the channel's background colour.
    await retype(fieldIn(email, 'Background color'), TEST_CHANNEL.accentColor);
    expect(checkbox.checked).toBe(false);
    await retype(fieldIn(email, 'Background color'), '#FFFFFF');
    await userEvent.click(checkbox);
    expect(settings().backgroundColorBody).toBe(TEST_CHANNEL.backgroundColor);
    expect(checkbox.checked).toBe(true);
    // The colour stays editable: a letter on the channel's colour can still take another.
    expect(fieldIn(email, 'Background color').disabled).toBe(false);
    await userEvent.click(checkbox);
    expect(settings().backgroundColorBody).toBe('#FFFFFF');
  });

  it('offers no channel colour at company level', async () => {
    renderStyles([], { channel: null });
    const email = await openSection('EMAIL STYLES');
    expect(within(email).queryByRole('checkbox', { name: 'Channel Background Color' })).toBeNull();
  });

  it('undo takes a style change back, and the field follows', async () => {
    const { settings, store } = renderStyles();
    const email = await openSection('EMAIL STYLES');
    const background = fieldIn(email, 'Background color');
    await retype(background, '#abcdef');
    expect(settings().backgroundColorBody).toBe('#abcdef');
    // Typing one colour is one step, however many keys it took.
    store.dispatch(undone());
    expect(settings().backgroundColorBody).toBe('#FFFFFF');
    await waitFor(() => expect(background.value).toBe('#FFFFFF'));
    expect(store.getState().composer.past).toHaveLength(0);
  });
});
