// Escaping for text and attribute values placed in MJML/HTML. Every user-supplied value
// goes through one of these; MJML passes element content through as HTML.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Same escaping; named for where it is used: inside an attribute's double quotes. */
export const escapeAttr = escapeHtml;

/**
 * A URL safe to put in href/src: http(s), mailto:, tel:, a merge tag such as
 * {{unsubscribeUrl}}, or a relative path. Anything else (javascript:, data:, file:, vbscript:)
 * becomes '#'.
 */
export function safeUrl(value: string): string {
  const url = value.trim();
  if (/^\{\{\s*[\w.]+\s*\}\}$/.test(url)) return url;
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url;
  // Browsers ignore whitespace and control characters inside a scheme ('java\tscript:').
  const squeezed = [...url].filter((c) => c.charCodeAt(0) > 32).join('');
  if (/^[a-z][a-z0-9+.-]*:/i.test(squeezed)) return '#';
  return url;
}
