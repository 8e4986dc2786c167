import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import { renderParsed } from '../test-support';
import { sanitizeEmailHtml } from './html';

const dirty = `
  <div class="box" onclick="steal()">Hello <b>there</b>
    <script>alert(1)</script><iframe src="https://evil.example"></iframe>
    <object data="x"></object><meta http-equiv="refresh" content="0"><base href="https://evil.example/">
    <link rel="stylesheet" href="https://evil.example/x.css">
    <a href="javascript:alert(1)">js</a> <a href="file:///etc/passwd">file</a>
    <a href="https://example.com/ok" onmouseover="x()">ok</a>
    <img src="https://cdn.example/i.png" alt="pic" onerror="x()">
    <p style="background:url(javascript:alert(1))">styled</p>
    <table><tr><td bgcolor="#eeeeee">cell</td></tr></table>
  </div>`;

describe('html block', () => {
  it('keeps email markup and drops everything that runs or loads code', () => {
    const clean = sanitizeEmailHtml(dirty);
    for (const forbidden of ['<script', '<iframe', '<object', '<meta', '<base', '<link', 'onclick', 'onerror', 'onmouseover', 'javascript:', 'file:']) {
      expect(clean).not.toContain(forbidden);
    }
    expect(clean).toContain('<b>there</b>');
    expect(clean).toContain('href="https://example.com/ok"');
    expect(clean).toContain('<td bgcolor="#eeeeee">cell</td>');
  });

  it('renders valid or relaxed html, sanitised, and nothing otherwise', async () => {
    for (const flags of [{ isValid: true, isRelaxed: false }, { isValid: false, isRelaxed: true }]) {
      const section = newSection('html', 'h');
      section.blockModel = { html: dirty, ...flags };
      const { $, errors } = await renderParsed([section]);
      expect(errors).toEqual([]);
      expect($('b').text()).toBe('there');
      expect($('img[src="https://cdn.example/i.png"]').attr('alt')).toBe('pic');
      expect($('a[href="https://example.com/ok"]').text()).toBe('ok');
      expect($('script, iframe, object, base')).toHaveLength(0);
      expect($('[onclick], [onerror], [onmouseover]')).toHaveLength(0);
    }
    const invalid = newSection('html', 'h');
    invalid.blockModel = { html: '<p>unchecked</p>', isValid: false, isRelaxed: false };
    const { $ } = await renderParsed([invalid]);
    expect($('body').text()).not.toContain('unchecked');
  });
});
