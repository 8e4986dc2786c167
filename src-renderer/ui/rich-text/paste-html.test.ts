// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isAllowedLink, pastedHtmlToDelta, pastedTextToDelta, sanitizePastedHtmlString } from './paste-html';

describe('sanitizePastedHtmlString', () => {
  it('drops scripts, styles and their content', () => {
    const out = sanitizePastedHtmlString('<p>hi<script>alert(1)</script></p><style>p{color:red}</style><noscript>x</noscript>');
    expect(out).toBe('<p>hi</p>');
  });

  it('drops event handlers and style attributes, keeps the allowed attributes', () => {
    const out = sanitizePastedHtmlString(
      '<p onclick="x()" style="color:red" class="lead"><a href="https://a.test" target="_blank" rel="noopener" onmouseover="y()" id="k">go</a></p>',
    );
    expect(out).toBe('<p class="lead"><a href="https://a.test" target="_blank" rel="noopener">go</a></p>');
  });

  it('removes images and their onerror, keeping no markup outside the list', () => {
    const out = sanitizePastedHtmlString('<img src="x" onerror="alert(1)"><p>a<img src=javascript:alert(1) alt="b"></p>');
    expect(out).toBe('<p>a</p>');
    expect(out).not.toContain('onerror');
  });

  it('drops javascript:, data: and disguised links but keeps their text', () => {
    const out = sanitizePastedHtmlString(
      '<a href="javascript:alert(1)">one</a><a href=" JaVa\tScRiPt:alert(1)">two</a><a href="data:text/html,x">three</a><a href="mailto:me@example.com">four</a>',
    );
    expect(out).toBe('<a>one</a><a>two</a><a>three</a><a href="mailto:me@example.com">four</a>');
  });

  it('unwraps other elements but keeps their words apart', () => {
    expect(sanitizePastedHtmlString('<div><span style="x">a</span><b>b</b></div><h1>c</h1><h2>d</h2>')).toBe(' ab  c <h2>d</h2>');
  });

  it('drops iframes, svg and forms wholesale', () => {
    expect(sanitizePastedHtmlString('<iframe name="x"></iframe><textarea>t</textarea><object>o</object>ok')).toBe('ok');
    expect(sanitizePastedHtmlString('<p>a</p><svg><script>1</script><a href="https://a.test">in svg</a></svg>')).toBe('<p>a</p>');
  });
});

describe('pastedHtmlToDelta', () => {
  it('keeps the supported structure and formats', () => {
    const delta = pastedHtmlToDelta(
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>it</em> with <a href="https://a.test">a link</a></p>\n<ul><li>one</li><li><p>two</p></li></ul><ol><li>first</li></ol><h3>End</h3>',
    );
    expect(delta).toEqual({
      ops: [
        { insert: 'Title' },
        { insert: '\n', attributes: { header: 2 } },
        { insert: 'Some ' },
        { insert: 'bold', attributes: { bold: true } },
        { insert: ' and ' },
        { insert: 'it', attributes: { italic: true } },
        { insert: ' with ' },
        { insert: 'a link', attributes: { link: 'https://a.test' } },
        { insert: '\none' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'first' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'End' },
        { insert: '\n', attributes: { header: 3 } },
      ],
    });
  });

  it('never turns hostile input into a link or text of code', () => {
    const delta = pastedHtmlToDelta('<p><a href="javascript:alert(1)">click</a><script>steal()</script><img src=x onerror=alert(1)></p>');
    expect(delta).toEqual({ ops: [{ insert: 'click\n' }] });
  });

  it('is empty for markup without words', () => {
    expect(pastedHtmlToDelta('<p> </p><style>a{}</style>')).toEqual({ ops: [] });
  });
});

describe('pastedTextToDelta and isAllowedLink', () => {
  it('makes one line per line of text', () => {
    expect(pastedTextToDelta('a\r\nb\n\nc')).toEqual({ ops: [{ insert: 'a\nb\n\nc\n' }] });
    expect(pastedTextToDelta('a\n')).toEqual({ ops: [{ insert: 'a\n' }] });
  });

  it('accepts http(s) and mailto links only', () => {
    expect(isAllowedLink('https://a.test/x')).toBe(true);
    expect(isAllowedLink('http://a.test')).toBe(true);
    expect(isAllowedLink('mailto:me@example.com')).toBe(true);
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('ftp://a.test')).toBe(false);
    expect(isAllowedLink('https://')).toBe(false);
    expect(isAllowedLink('a.test')).toBe(false);
  });
});
