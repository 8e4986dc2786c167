import { describe, expect, it } from 'vitest';
import { HTML_ERROR_MESSAGE, checkHtml } from './html-block';

describe('checkHtml: well formed markup of supported tags', () => {
  it.each([
    '<p>Hello</p>',
    'Just text, a < b and b > a',
    '<p>One<p>Two',
    '<ul><li>One<li>Two</ul>',
    '<table><tr><td>A<td>B</tr></table>',
    '<img src="https://example.com/a.png" alt="A">',
    '<br/><hr />',
    "<a href='https://example.com' target=_blank>link</a>",
    '<div style="color: red"><!-- a note --><strong>Bold</strong></div>',
    '<P>Upper case tags</P>',
  ])('%j is valid', (html) => {
    expect(checkHtml(html)).toEqual({ valid: true, errors: [] });
  });

  it.each([
    ['<div>open', 'Line 1: <div> is never closed.'],
    ['<div>\n<span>x</div>', 'Line 2: <span> is not closed before </div> on line 2.'],
    ['<p>x</p></div>', 'Line 1: </div> has no opening <div>.'],
    ['<script>alert(1)</script>', 'Line 1: <script> is not supported in an HTML block.'],
    ['<p onclick="x()">x</p>', 'Line 1: event attributes such as "onclick" are not supported.'],
    ['<p class="a>x</p>', 'Line 1: the value of "class" in the <p> tag has no closing ".'],
    ['<p class="a" class="b">x</p>', 'Line 1: the <p> tag sets "class" twice.'],
    ['<p\n', 'Line 1: the <p> tag is not closed with ">".'],
    ['<!-- never closed', 'Line 1: the comment is never closed with "-->".'],
    ['<!DOCTYPE html><p>x</p>', 'Line 1: a document type or declaration is not needed in an HTML block.'],
    ['<br></br>', 'Line 1: <br> has no closing tag; remove </br>.'],
    ['<p>x</ p>', 'Line 1: the closing tag is not written correctly.'],
  ])('%j is invalid: %s', (html, error) => {
    const result = checkHtml(html);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toBe(error);
  });

  it('treats empty markup as not validated, without an error to show', () => {
    expect(checkHtml('  \n')).toEqual({ valid: false, errors: [] });
  });

  it('keeps the spec message', () => {
    expect(HTML_ERROR_MESSAGE).toBe('Error detected in your HTML. Please insert valid HTML to proceed.');
  });
});
