// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PREVIEW_HEIGHT, PREVIEW_OVERVIEW_SCALE, PREVIEW_WRAPPER_WIDTH, PreviewFrame, previewScale, withFontFaces } from './PreviewFrame';
import { AppearanceToggle } from './AppearanceToggle';
import { APPEARANCE_CANVAS, type PreviewAppearance } from './dark-appearance';

afterEach(cleanup);

const html = '<!doctype html><html><head><title>x</title></head><body><p>Hello readers</p></body></html>';

function frame(width: number, scale: number) {
  render(
    <MantineProvider>
      <PreviewFrame html={html} width={width} scale={scale} />
    </MantineProvider>,
  );
  return screen.getByTitle('Email preview') as HTMLIFrameElement;
}

describe('preview scaling (spec 1 §9: wrapper 700 px scaled 0.45)', () => {
  it('shows the frame at actual size when the pane has room for it, or before the pane is measured', () => {
    expect(previewScale(1200, 642)).toBe(1);
    expect(previewScale(642, 642)).toBe(1);
    expect(previewScale(0, 642)).toBe(1);
    expect(previewScale(641, 642)).toBe(0.45);
    expect(previewScale(400, 322)).toBe(1);
  });

  it('draws the overview as the 700 px wrapper scaled 0.45, taking the same room and showing more of the letter', () => {
    const iframe = frame(640, PREVIEW_OVERVIEW_SCALE);
    const wrapper = iframe.parentElement!;
    expect(PREVIEW_WRAPPER_WIDTH).toBe(700);
    expect(wrapper.style.width).toBe('700px');
    expect(wrapper.style.transform).toBe('scale(0.45)');
    expect(wrapper.style.transformOrigin).toBe('top left');
    const room = wrapper.parentElement!;
    expect(room.hasAttribute('data-preview-overview')).toBe(true);
    expect(room.style.width).toBe('315px');
    expect(room.style.height).toBe(`${PREVIEW_HEIGHT}px`);
    expect(room.style.overflow).toBe('hidden');
    expect(iframe.style.width).toBe('642px');
    expect(iframe.style.height).toBe(`${PREVIEW_HEIGHT / 0.45}px`);
    // Scaling changes nothing of the frame's safety.
    expect(iframe.getAttribute('sandbox')).toBe('');
    expect(iframe.getAttribute('srcdoc')).toContain('http-equiv="Content-Security-Policy"');
  });

  it('widens the wrapper for an email wider than 700 px, so none of it is cut off', () => {
    const wrapper = frame(1200, PREVIEW_OVERVIEW_SCALE).parentElement!;
    expect(wrapper.style.width).toBe('1202px');
    expect(parseFloat(wrapper.parentElement!.style.width)).toBeCloseTo(1202 * 0.45);
  });

  it('puts no wrapper around the frame at actual size', () => {
    const iframe = frame(640, 1);
    expect(iframe.style.width).toBe('642px');
    expect(iframe.style.height).toBe(`${PREVIEW_HEIGHT}px`);
    expect(iframe.parentElement!.style.transform).toBe('');
    expect(document.querySelector('[data-preview-overview]')).toBeNull();
  });
});

const letterHtml = [
  '<!doctype html><html><head><meta name="color-scheme" content="light dark">',
  '<style>@media (prefers-color-scheme: dark) { body { background-color: #121212 !important; } }</style></head>',
  '<body style="background-color:#ffffff"><p style="color:#000000">Hello readers</p><img src="https://example.com/a.png"></body></html>',
].join('');

function PreviewWithAppearance({ width }: { width: number }) {
  const [appearance, setAppearance] = useState<PreviewAppearance>('light');
  return (
    <>
      <AppearanceToggle appearance={appearance} onChange={setAppearance} />
      <PreviewFrame html={letterHtml} width={width} scale={1} appearance={appearance} />
    </>
  );
}

describe('the preview appearance', () => {
  it('shows the frame as the picked appearance draws the email, at either width', async () => {
    for (const width of [640, 320]) {
      render(
        // No transitions or portals: the menu opens at once.
        <MantineProvider env="test">
          <PreviewWithAppearance width={width} />
        </MantineProvider>,
      );
      const pick = async (label: string) => {
        await userEvent.click(screen.getByRole('button', { name: /^Preview appearance: / }));
        await userEvent.click(await screen.findByRole('menuitem', { name: label }));
      };
      expect(screen.getByRole('button', { name: 'Preview appearance: Light' })).toBeTruthy();
      const iframe = () => screen.getByTitle('Email preview') as HTMLIFrameElement;
      const srcdoc = () => iframe().getAttribute('srcdoc') ?? '';

      expect(iframe().dataset.appearance).toBe('light');
      expect(srcdoc()).toContain('(prefers-color-scheme: dark)');
      expect(srcdoc()).not.toContain('data-preview-appearance');

      await pick('Apple Mail dark');
      expect(iframe().dataset.appearance).toBe('appleMailDark');
      expect(screen.getByRole('button', { name: 'Preview appearance: Apple Mail dark' })).toBeTruthy();
      expect(srcdoc()).toContain('@media (min-width: 0px) { body { background-color: #121212 !important; } }');
      expect(srcdoc()).toContain(':root { color-scheme: dark !important; }');
      expect(srcdoc()).toContain('style="background-color:#ffffff"');
      expect(iframe().style.background).toBe(APPEARANCE_CANVAS.appleMailDark);

      await pick('Gmail dark');
      expect(iframe().dataset.appearance).toBe('gmailDark');
      expect(srcdoc()).toContain('<body style="background-color:#121212">');
      expect(srcdoc()).toContain('<p style="color:#ebebeb">Hello readers</p>');
      expect(srcdoc()).toContain('<img src="https://example.com/a.png">');
      // Still the frame's own policy and sandbox, whatever the appearance.
      expect(srcdoc()).toContain('http-equiv="Content-Security-Policy"');
      expect(iframe().getAttribute('sandbox')).toBe('');
      expect(iframe().style.width).toBe(`${width + 2}px`);

      await pick('Light');
      expect(iframe().dataset.appearance).toBe('light');
      expect(srcdoc()).toContain('style="background-color:#ffffff"');
      cleanup();
    }
  });
});

describe('the preview frame and web fonts', () => {
  it("puts the shipped faces first in the head and leaves out the email's Google Fonts links, which must not be asked for", () => {
    const email = [
      '<html><head><title>x</title><!--[if !mso]><!--><link href="https://fonts.googleapis.com/css2?family=Lora:wght@400%3B700" rel="stylesheet" type="text/css">',
      '<style type="text/css">@import url(https://fonts.googleapis.com/css2?family=Lora:wght@400%3B700);</style><!--<![endif]--></head><body><p style="font-family:Lora, serif">Hi</p></body></html>',
    ].join('');
    const faces = "@font-face{font-family:'Lora';src:url(data:font/woff2;base64,AAAA) format('woff2');}";
    const html = withFontFaces(email, faces);
    expect(html).toMatch(/^<html><head><style data-preview-fonts="">@font-face\{font-family:'Lora';/);
    expect(html).not.toContain('fonts.googleapis.com');
    expect(html).toContain('<p style="font-family:Lora, serif">Hi</p>');
    expect(withFontFaces(email, '')).not.toContain('fonts.googleapis.com');
  });
});
