// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection, type SectionOf } from '../../../shared/model';
import { HTML_ERROR_MESSAGE } from '../../../shared/rules/html-block';
import { renderWith } from '../../testing/composer-test-support';
import { HtmlView, SUPPORTED_TAGS_LINK } from './HtmlView';

// The HTML block on the canvas says why its code is not shown (spec 2 §4, §9): the spec's
// message, the first problem the platform's rules find, and the supported-tags help.

function html(fields: Partial<SectionOf<'html'>['blockModel']>): SectionOf<'html'> {
  const section = newSection('html', 'h') as SectionOf<'html'>;
  return { ...section, blockModel: { ...section.blockModel, ...fields } };
}

afterEach(cleanup);

describe('HtmlView', () => {
  it('says why invalid HTML is not shown and opens the supported tags', async () => {
    renderWith(<HtmlView section={html({ html: '<p>Hi</p>\n<div><script>x()</script></div>', isValid: false })} />);
    expect(screen.getByText('Invalid HTML')).toBeTruthy();
    expect(screen.getByText(HTML_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Line 2: <script> is not supported in an HTML block.')).toBeTruthy();
    const link = screen.getByRole('button', { name: SUPPORTED_TAGS_LINK });
    expect(link.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(link);
    expect(link.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('<table>')).toBeTruthy();
  });

  it('names only the first problem', () => {
    renderWith(<HtmlView section={html({ html: '<blink>old</blink><marquee>older</marquee>', isValid: false })} />);
    expect(screen.getByText('Line 1: <blink> is not supported in an HTML block.')).toBeTruthy();
    expect(screen.queryByText(/<marquee>/)).toBeNull();
  });

  it('gives the generic message alone when the rules find nothing (the platform call failed)', () => {
    renderWith(<HtmlView section={html({ html: '<p>Fine</p>', isValid: false })} />);
    expect(screen.getByText(HTML_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/^Line \d+:/)).toBeNull();
    expect(screen.getByRole('button', { name: SUPPORTED_TAGS_LINK })).toBeTruthy();
  });

  it('draws relaxed or valid HTML instead of the message', () => {
    renderWith(<HtmlView section={html({ html: '<div><script>x()</script></div>', isValid: false, isRelaxed: true })} />);
    expect(screen.queryByText('Invalid HTML')).toBeNull();
    cleanup();
    renderWith(<HtmlView section={html({ html: '', isValid: false })} />);
    expect(screen.getByText('Use the editor in the HTML Block Settings to write your code.')).toBeTruthy();
    expect(screen.queryByText('Invalid HTML')).toBeNull();
  });
});
