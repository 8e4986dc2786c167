import { describe, expect, it } from 'vitest';
import { escapeHtml, safeUrl } from './escape';

describe('escaping', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('keeps web, mail and merge-tag links and refuses script and file URLs', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('mailto:editor@example.com')).toBe('mailto:editor@example.com');
    expect(safeUrl('{{ unsubscribeUrl }}')).toBe('{{ unsubscribeUrl }}');
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBe('#');
    expect(safeUrl('java\tscript:alert(1)')).toBe('#');
    expect(safeUrl('file:///etc/passwd')).toBe('#');
    expect(safeUrl('data:text/html,<script>')).toBe('#');
  });
});
