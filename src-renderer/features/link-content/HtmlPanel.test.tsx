// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { newSection } from '../../../shared/model';
import { HTML_ERROR_MESSAGE, checkHtml } from '../../../shared/rules/html-block';
import { renderPanel, retype } from '../../testing/panel-test-support';

// The HTML panel over the bridge: the stand-in for the core answers validateHtml with the
// platform's own rules (or fails, when a test says so) and records what it was asked.

let asked: Array<Record<string, unknown>> = [];
let platformDown = false;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel !== 'linkContent.validateHtml') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    const args = input as { html: string };
    asked.push(args);
    if (platformDown) return { ok: false, error: { code: 'platform_error', message: 'The platform answered 500.' } };
    const verdict = checkHtml(args.html);
    return { ok: true, data: { isValid: verdict.valid, errors: verdict.errors } } as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  asked = [];
  platformDown = false;
});
afterEach(cleanup);

const afterValidation = () => act(() => new Promise((resolve) => setTimeout(resolve, 2_100)));

describe('HtmlPanel', () => {
  it('asks the platform 2 s after the last edit and stores its verdict', async () => {
    const { current } = renderPanel(newSection('html', 'h'), {}, true);
    await retype('HTML code', '<p>Hello <strong>you</strong></p>');
    expect(current().blockModel.html).toBe('');
    expect(asked).toHaveLength(0);
    await afterValidation();
    expect(asked).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', html: '<p>Hello <strong>you</strong></p>' }]);
    expect(current().blockModel).toEqual({ html: '<p>Hello <strong>you</strong></p>', isValid: true, isRelaxed: false });
    expect(screen.queryByText(HTML_ERROR_MESSAGE)).toBeNull();
  });

  it('waits the whole 2 s: a pause of 1.5 s is not the end of an edit', async () => {
    const { current } = renderPanel(newSection('html', 'h'), {}, true);
    await retype('HTML code', '<p>One</p>');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(asked).toHaveLength(0);
    await userEvent.paste('<p>Two</p>');
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_500)));
    expect(asked).toHaveLength(0);
    expect(current().blockModel.html).toBe('');
    await afterValidation();
    expect(asked.map((a) => a.html)).toEqual(['<p>One</p><p>Two</p>']);
  });

  it("shows the spec message with the platform's first problem and a link to the supported tags", async () => {
    const { current } = renderPanel(newSection('html', 'h'), {}, true);
    await retype('HTML code', '<div><script>x()</script></div>');
    await afterValidation();
    expect(screen.getByText(HTML_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Line 1: <script> is not supported in an HTML block.')).toBeTruthy();
    expect(current().blockModel).toMatchObject({ isValid: false, isRelaxed: false });
    await userEvent.click(screen.getByRole('button', { name: 'See the supported HTML tags' }));
    expect(screen.getByText('<table>')).toBeTruthy();
  });

  it('counts a failed validation call as invalid, with the generic message', async () => {
    platformDown = true;
    const { current } = renderPanel(newSection('html', 'h'), {}, true);
    await retype('HTML code', '<p>Fine</p>');
    await userEvent.tab();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(current().blockModel).toMatchObject({ html: '<p>Fine</p>', isValid: false });
    expect(screen.getAllByText(HTML_ERROR_MESSAGE).length).toBeGreaterThan(0);
  });

  it('relaxes the validation', async () => {
    const { current } = renderPanel(newSection('html', 'h'), {}, true);
    await userEvent.click(screen.getByRole('switch', { name: 'Relax HTML Validation' }));
    expect(current().blockModel.isRelaxed).toBe(true);
  });
});
