// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../../shared/model';
import { HTML_ERROR_MESSAGE } from '../../../../shared/rules/html-block';
import { renderPanel, retype } from './panel-test-support';

afterEach(cleanup);

const afterValidation = () => act(() => new Promise((resolve) => setTimeout(resolve, 2_100)));

describe('HtmlPanel', () => {
  it('stores valid markup 2 s after the last edit', async () => {
    const { current } = renderPanel(newSection('html', 'h'));
    await retype('HTML code', '<p>Hello <strong>you</strong></p>');
    expect(current().blockModel.html).toBe('');
    await afterValidation();
    expect(current().blockModel).toEqual({ html: '<p>Hello <strong>you</strong></p>', isValid: true, isRelaxed: false });
    expect(screen.queryByText(HTML_ERROR_MESSAGE)).toBeNull();
  });

  it('shows the spec message with the first problem, and keeps invalid markup out of the email', async () => {
    const { current } = renderPanel(newSection('html', 'h'));
    await retype('HTML code', '<div><script>x()</script></div>');
    await afterValidation();
    expect(screen.getByText(HTML_ERROR_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Line 1: <script> is not supported in an HTML block.')).toBeTruthy();
    expect(current().blockModel).toMatchObject({ isValid: false, isRelaxed: false });
  });

  it('relaxes the validation, and lists the supported tags', async () => {
    const { current } = renderPanel(newSection('html', 'h'));
    await userEvent.click(screen.getByRole('switch', { name: 'Relax HTML Validation' }));
    expect(current().blockModel.isRelaxed).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Supported HTML tags' }));
    expect(screen.getByText('<table>')).toBeTruthy();
  });

  it('validates at once when the field is left', async () => {
    const { current } = renderPanel(newSection('html', 'h'));
    await retype('HTML code', '<p>Bye');
    await userEvent.tab();
    expect(current().blockModel).toMatchObject({ html: '<p>Bye', isValid: true });
  });
});
