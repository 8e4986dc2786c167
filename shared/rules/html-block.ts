// What the app itself can tell about an HTML block's markup (spec 2 §4 "Html block"). The
// spec validates on the server (POST contents/validate/html); the platform has no such call
// yet, so the panel runs this check, 2 s after the last edit, in its place. It refuses what
// the email would not show as written: markup that is not well formed, tags outside the
// email allow-list, and event-handler attributes. Relaxed mode lets such HTML through.

export const HTML_ERROR_MESSAGE = 'Error detected in your HTML. Please insert valid HTML to proceed.';
export const HTML_VALIDATION_DEBOUNCE_MS = 2000;
export const RELAX_HTML_LABEL = 'Relax HTML Validation';

/** Tags an HTML block may use: what mail clients render and the email's sanitizer keeps. */
export const HTML_SUPPORTED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del',
  'div', 'dl', 'dt', 'em', 'font', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li',
  'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
] as const;

const SUPPORTED = new Set<string>(HTML_SUPPORTED_TAGS);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Elements whose end tag HTML lets an author leave out. */
const OPTIONAL_END = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'colgroup', 'caption', 'option']);

export interface HtmlCheck {
  /** True when the markup is well formed and uses only supported tags; empty markup is not valid. */
  valid: boolean;
  /** What is wrong, first problem first, each with its line. */
  errors: string[];
}

interface Open {
  name: string;
  line: number;
}

function lineAt(html: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (html.charCodeAt(i) === 10) line++;
  return line;
}

/** Reads a tag's attributes from after its name to its '>'; answers the index after '>' or an error. */
function readAttributes(html: string, from: number, tag: string, line: number, errors: string[]): { end: number; selfClosing: boolean } | null {
  const seen = new Set<string>();
  let i = from;
  for (;;) {
    while (i < html.length && /\s/.test(html[i]!)) i++;
    if (i >= html.length) {
      errors.push(`Line ${line}: the <${tag}> tag is not closed with ">".`);
      return null;
    }
    if (html[i] === '>') return { end: i + 1, selfClosing: false };
    if (html.startsWith('/>', i)) return { end: i + 2, selfClosing: true };
    const name = /^[^\s"'>/=<]+/.exec(html.slice(i))?.[0];
    if (!name) {
      errors.push(`Line ${lineAt(html, i)}: unexpected "${html[i]}" in the <${tag}> tag.`);
      return null;
    }
    const lower = name.toLowerCase();
    if (seen.has(lower)) errors.push(`Line ${line}: the <${tag}> tag sets "${lower}" twice.`);
    if (lower.startsWith('on')) errors.push(`Line ${line}: event attributes such as "${lower}" are not supported.`);
    seen.add(lower);
    i += name.length;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    if (html[i] !== '=') continue;
    i++;
    while (i < html.length && /\s/.test(html[i]!)) i++;
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close === -1) {
        errors.push(`Line ${lineAt(html, i)}: the value of "${lower}" in the <${tag}> tag has no closing ${quote}.`);
        return null;
      }
      i = close + 1;
    } else {
      const value = /^[^\s"'=<>`]+/.exec(html.slice(i))?.[0];
      if (!value) {
        errors.push(`Line ${lineAt(html, i)}: "${lower}" in the <${tag}> tag has no value after "=".`);
        return null;
      }
      i += value.length;
    }
  }
}

/** Closes `name` on the stack, silently closing elements whose end tag may be left out. */
function close(stack: Open[], name: string, line: number, errors: string[]) {
  const at = stack.map((open) => open.name).lastIndexOf(name);
  if (at === -1) {
    errors.push(`Line ${line}: </${name}> has no opening <${name}>.`);
    return;
  }
  const unclosed = stack.slice(at + 1).find((open) => !OPTIONAL_END.has(open.name));
  if (unclosed) errors.push(`Line ${unclosed.line}: <${unclosed.name}> is not closed before </${name}> on line ${line}.`);
  stack.length = at;
}

export function checkHtml(html: string): HtmlCheck {
  if (html.trim() === '') return { valid: false, errors: [] };
  const errors: string[] = [];
  const stack: Open[] = [];
  let i = 0;
  while (i < html.length && errors.length === 0) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const line = lineAt(html, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      if (end === -1) errors.push(`Line ${line}: the comment is never closed with "-->".`);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === '!') {
      errors.push(`Line ${line}: a document type or declaration is not needed in an HTML block.`);
      break;
    }
    const endTag = /^<\/([A-Za-z][A-Za-z0-9-]*)\s*>/.exec(html.slice(lt));
    if (endTag) {
      const name = endTag[1]!.toLowerCase();
      if (VOID.has(name)) errors.push(`Line ${line}: <${name}> has no closing tag; remove </${name}>.`);
      else close(stack, name, line, errors);
      i = lt + endTag[0].length;
      continue;
    }
    if (html[lt + 1] === '/') {
      errors.push(`Line ${line}: the closing tag is not written correctly.`);
      break;
    }
    const start = /^<([A-Za-z][A-Za-z0-9-]*)/.exec(html.slice(lt));
    if (!start) {
      // A '<' that does not start a tag is text ("a < b"), which HTML allows.
      i = lt + 1;
      continue;
    }
    const name = start[1]!.toLowerCase();
    if (!SUPPORTED.has(name)) {
      errors.push(`Line ${line}: <${name}> is not supported in an HTML block.`);
      break;
    }
    const tag = readAttributes(html, lt + start[0].length, name, line, errors);
    if (!tag) break;
    if (!VOID.has(name) && !tag.selfClosing) {
      // Starting a cell, row or item ends the previous one when its end tag was left out.
      const top = stack[stack.length - 1];
      if (top && OPTIONAL_END.has(top.name) && top.name === name) stack.pop();
      stack.push({ name, line });
    }
    i = tag.end;
  }
  if (errors.length === 0) {
    const unclosed = stack.find((open) => !OPTIONAL_END.has(open.name));
    if (unclosed) errors.push(`Line ${unclosed.line}: <${unclosed.name}> is never closed.`);
  }
  return { valid: errors.length === 0, errors };
}
