import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// The composer's canvas: blocks added from the palette (by click, keyboard and drag),
// reordered, deleted, undone and redone, text made bold, all kept across a reload, and
// drawn by the email preview on desktop and mobile.

const app = useAppInBrowser();

const { canvasTypes, palette, section, paragraphText, typeOverParagraph, openNewLetter } = composerPage(app);

/**
 * Drags with the mouse as a person does, dropping near the top left of `target`: the
 * library places a dragged item by its centre, which must stay over the canvas.
 */
async function mouseDrag(source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The drag source or its target is not on screen.');
  await app.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await app.page.mouse.down();
  // The library starts a drag only after the pointer has moved a few pixels.
  await app.page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
  await app.page.mouse.move(to.x + 40, to.y + 2, { steps: 20 });
  await app.page.waitForTimeout(300);
  await app.page.mouse.up();
}

describe('the composer', () => {
  it('adds, reorders, deletes, undoes and redoes sections, and keeps them across a reload', async () => {
    await openNewLetter();

    await palette('Heading').click();
    await palette('Paragraph').click();
    await palette('Button').focus();
    await app.page.keyboard.press('Enter');
    await palette('Divider').click();
    await expect.poll(canvasTypes).toEqual(['heading', 'paragraph', 'button', 'divider', 'footer']);

    await section('Button').click();
    await app.page.getByRole('button', { name: 'Move up', exact: true }).click();
    await expect.poll(canvasTypes).toEqual(['heading', 'button', 'paragraph', 'divider', 'footer']);

    await section('Paragraph').click();
    await app.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(canvasTypes).toEqual(['heading', 'button', 'divider', 'footer']);

    await app.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(canvasTypes).toEqual(['heading', 'button', 'paragraph', 'divider', 'footer']);
    await app.page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(canvasTypes).toEqual(['heading', 'button', 'divider', 'footer']);

    // The library's keyboard dragging: lift with Space, move with the arrows, drop with Space.
    await app.page.getByRole('button', { name: 'Drag Divider', exact: true }).focus();
    await app.page.keyboard.press('Space');
    await app.page.keyboard.press('ArrowUp');
    await app.page.keyboard.press('Space');
    await expect.poll(canvasTypes).toEqual(['heading', 'divider', 'button', 'footer']);

    // With the canvas focused, the Edit shortcuts run the composer's history.
    await app.page.getByRole('region', { name: 'Canvas' }).focus();
    await app.page.keyboard.press('Control+Z');
    await expect.poll(canvasTypes).toEqual(['heading', 'button', 'divider', 'footer']);
    await app.page.keyboard.press('Control+Shift+Z');
    await expect.poll(canvasTypes).toEqual(['heading', 'divider', 'button', 'footer']);

    await section('Heading').click();
    const headingText = section('Heading').getByRole('textbox', { name: 'Heading text' });
    await expect.poll(() => headingText.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
    await headingText.click();
    await app.page.keyboard.press('Control+A');
    await app.page.keyboard.type('Spring news');
    await expect.poll(() => headingText.textContent()).toBe('Spring news');
    // The typing is one step of the composer's history, and the editor follows it both ways.
    await app.page.getByRole('button', { name: 'Undo', exact: true }).click();
    // A new heading is empty: 'Start writing something great...' is its placeholder, not its text.
    await expect.poll(() => headingText.textContent()).toBe('');
    await app.page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => headingText.textContent()).toBe('Spring news');

    // Saved locally within 500 ms of the last edit.
    await app.page.waitForTimeout(1_000);
    await expect.poll(() => app.page.getByRole('status', { name: 'Saving' }).count()).toBe(0);
    await app.page.reload();
    await expect.poll(canvasTypes, { timeout: 15_000 }).toEqual(['heading', 'divider', 'button', 'footer']);
    expect(await section('Button').getByText('New custom button').count()).toBe(1);
    await expect.poll(() => section('Heading').getByText('Spring news').count(), { timeout: 10_000 }).toBe(1);
    // Opening a letter is not an edit: there is nothing to undo.
    expect(await app.page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);

    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    const frame = app.page.getByTitle('Email preview');
    await expect.poll(() => frame.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', { timeout: 15_000 }).toContain('New custom button');
  });

  it('creates a section where a palette item is dropped on the canvas, and reorders sections by mouse drag', async () => {
    await openNewLetter();
    await palette('Heading').click();
    await palette('Divider').click();
    await expect.poll(canvasTypes).toEqual(['heading', 'divider', 'footer']);

    await mouseDrag(palette('Image'), section('Divider'));
    await expect.poll(canvasTypes).toEqual(['heading', 'image', 'divider', 'footer']);

    await mouseDrag(app.page.getByRole('button', { name: 'Drag Divider', exact: true }), section('Heading'));
    await expect.poll(canvasTypes).toEqual(['divider', 'heading', 'image', 'footer']);
  });

  it('types bold text with the toolbar and Ctrl+B, shows it in the mobile preview, and keeps it across a reload', async () => {
    await openNewLetter();
    await palette('Paragraph').click();
    await expect.poll(canvasTypes).toEqual(['paragraph', 'footer']);
    const text = paragraphText();
    await typeOverParagraph('Plain then ');
    const bold = section('Paragraph').getByRole('button', { name: 'Bold', exact: true });
    await bold.click();
    await app.page.keyboard.type('toolbar');
    await bold.click();
    await app.page.keyboard.type(' and ');
    await app.page.keyboard.press('Control+B');
    await app.page.keyboard.type('shortcut');
    await app.page.keyboard.press('Control+B');
    await app.page.keyboard.type(' words.');
    const sentence = 'Plain then toolbar and shortcut words.';
    await expect.poll(() => text.locator('strong').allTextContents()).toEqual(['toolbar', 'shortcut']);
    expect(await text.textContent()).toBe(sentence);

    // Saved locally within 500 ms of the last edit; the preview renders what was saved.
    await app.page.waitForTimeout(1_000);
    await expect.poll(() => app.page.getByRole('status', { name: 'Saving' }).count()).toBe(0);
    await app.page.getByText('Mobile', { exact: true }).first().click();
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    const frame = app.page.getByTitle('Email preview');
    const shown = app.page.frameLocator('iframe[title="Email preview"]');
    await expect.poll(() => shown.locator('strong').allTextContents(), { timeout: 15_000 }).toEqual(['toolbar', 'shortcut']);
    expect(await shown.getByText('Plain then', { exact: false }).count()).toBeGreaterThan(0);
    expect(Math.round(await frame.evaluate((el) => el.getBoundingClientRect().width))).toBe(322);

    // Too narrow a window for the desktop email: the spec's overview, 700 px scaled 0.45.
    const viewport = app.page.viewportSize();
    await app.page.setViewportSize({ width: 900, height: 800 });
    await app.page.getByText('Desktop', { exact: true }).first().click();
    await expect.poll(() => app.page.getByText('Shown at 45% to fit').count()).toBe(1);
    await expect.poll(() => frame.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(Math.round(642 * 0.45));
    if (viewport) await app.page.setViewportSize(viewport);
    await expect.poll(() => app.page.getByText('Shown at 45% to fit').count()).toBe(0);

    await app.page.reload();
    await expect.poll(canvasTypes, { timeout: 15_000 }).toEqual(['paragraph', 'footer']);
    const reloaded = section('Paragraph').getByRole('textbox', { name: 'Paragraph text' });
    await expect.poll(() => reloaded.locator('strong').allTextContents(), { timeout: 10_000 }).toEqual(['toolbar', 'shortcut']);
    expect(await reloaded.textContent()).toBe(sentence);
    await app.page.getByText('Mobile', { exact: true }).first().click();
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => shown.locator('strong').allTextContents(), { timeout: 15_000 }).toEqual(['toolbar', 'shortcut']);
    expect(Math.round(await frame.evaluate((el) => el.getBoundingClientRect().width))).toBe(322);
  });
});
