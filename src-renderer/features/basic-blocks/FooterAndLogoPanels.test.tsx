// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

describe('FooterPanel', () => {
  it('sets the channel name, logo and alignment; Spanish only with the flag', async () => {
    const { current } = renderPanel(newSection('footer', 'f2'));
    await retype('Channel name', 'The Weekly');
    await userEvent.click(screen.getByRole('switch', { name: 'Show logo' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    expect(current().blockModel).toMatchObject({ channelName: 'The Weekly', hasLogo: true, align: 'right' });
    expect(screen.queryByRole('radio', { name: 'Spanish' })).toBeNull();
  });

  it("switches the 'Made with' credit off and on again (on for a new footer)", async () => {
    const { current } = renderPanel(newSection('footer', 'f2'));
    const credit = screen.getByRole('switch', { name: "Show the 'Made with' credit" }) as HTMLInputElement;
    expect(credit.checked).toBe(true);
    await userEvent.click(credit);
    expect(current().blockModel.madeWithCredit).toBe(false);
    expect(credit.checked).toBe(false);
    await userEvent.click(credit);
    expect(current().blockModel.madeWithCredit).toBe(true);
  });

  it('shows the credit off, and cannot turn it on, when the channel settings left it out', () => {
    renderPanel(newSection('footer', 'f2'), { channel: { title: 'Weekly', accentColor: '#123456', madeWithCredit: false } });
    // Mantine puts the description inside the label, so the name carries it.
    const credit = screen.getByRole('switch', { name: /^Show the 'Made with' credit/ }) as HTMLInputElement;
    expect(credit.checked).toBe(false);
    expect(credit.disabled).toBe(true);
    expect(screen.getByText("Switched off for every letter in the channel settings ('What readers see')")).toBeTruthy();
  });

  it('offers Spanish to channels with the spanishFooter flag', async () => {
    const { current } = renderPanel(newSection('footer', 'f2'), { isFeatureOn: (flag) => flag === 'spanishFooter' });
    await userEvent.click(screen.getByRole('radio', { name: 'Spanish' }));
    expect(current().blockModel.languageType).toBe('sp');
  });
});

describe('LogoPanel', () => {
  it('says the logo comes from the channel settings, with a link there', async () => {
    const { current } = renderPanel(newSection('logo', 'l'), { channel: { title: 'Weekly', accentColor: '#123456' } });
    const link = screen.getByRole('link', { name: 'channel settings' });
    expect(link.getAttribute('href')).toBe('/organizations/demo/channels/weekly/settings');
    expect((screen.getByLabelText('Alt text') as HTMLInputElement).placeholder).toBe('logo for Weekly');
    await retype('Link to', 'https://weekly.example.com');
    await userEvent.tab();
    expect(current().blockModel.link).toBe('https://weekly.example.com');
  });

  it('at company level says each channel fills it', () => {
    renderPanel(newSection('logo', 'l'), { letter: { uniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'company' } });
    expect(screen.getByText("At company level, the logo will be populated from each channel's settings.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'channel settings' })).toBeNull();
  });
});
