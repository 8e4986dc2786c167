import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The renderer's words are in sentence case (issue 37): no Title Case Labels and no ALL-CAPS
// ones, whether typed that way or made so by a text transform. The spec's own labels stay
// word for word; they are listed here with where the spec gives them, and an entry that no
// longer matches anything fails, so the list only holds what is still shown.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Labels the spec (or a proper name) spells with capitals, each with why. */
const KEPT: Record<string, string> = {
  CREATE: 'spec 2 §1: the Blocks tab sections',
  'DYNAMIC CONTENT': 'spec 2 §1',
  LAYOUTS: 'spec 2 §1',
  INTEGRATIONS: 'spec 2 §1',
  'EMAIL STYLES': 'spec 2 §1: the Styles tab sections',
  BLOCK: 'spec 2 §1',
  BUTTON: 'spec 2 §1',
  DIVIDER: 'spec 2 §1',
  TEXT: 'spec 2 §1',
  IMAGE: 'spec 2 §1',
  PROMOTION: 'spec 2 §1',
  DETAILS: 'spec 1: the scheduled view',
  REMOVE: 'the word typed to confirm a delete, which the dialog asks for in capitals',
  'Background Color': 'spec 2: the COLOR section',
  'Text Color': 'spec 2: the COLOR section',
  'Channel Accent Color': 'spec 2',
  'Channel Background Color': 'spec 2',
  'Channel Font Color': 'spec 2',
  'Text Type': 'spec 2: the text settings panel',
  'Send a Test Email': 'spec 1: the test email dialog',
  'Image + Text': 'spec 2 §1: layout preset names',
  'Text + Image': 'spec 2 §1',
  'Image + Image': 'spec 2 §1',
  'Text + Text': 'spec 2 §1',
  'New Letter': "the registry command's label, shared with the desktop File menu (menus are Title Case on every desktop)",
  'New Template': 'the registry command of the Templates list, as New Letter',
  'Effective From': "From is the email header's name",
  BORDER: 'spec 2: the common block settings sections',
  PADDING: 'spec 2: the common block settings sections',
  'RSS (Legacy)': 'spec 2 §1: a palette name',
  LOADING: "spec 2: the AI rewrite's state names, compared in code, never shown",
  TEXTAREA: 'a tag name compared in code',
  SELECT: 'a tag name compared in code',
};

/** Words that are not capitalised in a title either, names that always are, and initialisms that are always capitals. */
const SMALL = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'by', 'with', 'as', 'at', 'from', 'per']);
const NAMES = new Set(['Letterdesk', 'Gmail', 'Outlook', 'Iterable', 'Evvnt', 'RevContent', 'YouTube', 'WordPress', 'Apple', 'Mail']);
/** Date and time formats ('YYYY-MM-DD HH:mm') and timestamps are code. */
const FORMAT = /^[YMDHhmsAaZzT0-9:\-/. ]+$/;
const isInitialism = (word: string) => /^[A-Z0-9]{1,5}s?$/.test(word) && !/^[A-Z]{6,}$/.test(word);

/** Why a piece of text is not sentence case, or null when it is. */
function caseProblem(text: string): string | null {
  const words = text.trim().split(/\s+/);
  // Prose only: identifiers, paths, formats and markup are not what an editor reads.
  if (words.length === 0 || !/^[A-Za-z0-9 +&'’(),.?!:·–-]+$/.test(text.trim()) || FORMAT.test(text.trim())) return null;
  const lettered = words.filter((word) => /[A-Za-z]/.test(word)).map((word) => word.replace(/[^A-Za-z0-9]/g, ''));
  if (lettered.length === 0) return null;
  if (lettered.every((word) => word === word.toUpperCase()) && lettered.some((word) => !isInitialism(word))) return 'ALL CAPS';
  const later = lettered.slice(1).filter((word) => !SMALL.has(word.toLowerCase()) && !NAMES.has(word));
  if (later.length > 0 && later.every((word) => /^[A-Z]/.test(word)) && later.some((word) => /^[A-Z][a-z]/.test(word))) return 'Title Case';
  return null;
}

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)testing\//.test(file) && !/\.d\.ts$/.test(file))
    .map((file) => path.join(dir, file));
}

/** Every text in a file an editor could read: string literals and JSX text, with where they are. */
function textsOf(file: string): { text: string; at: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { text: string; at: string }[] = [];
  const visit = (node: ts.Node) => {
    // Module names and type-level strings are code, not copy.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) {
      const text = node.text.trim();
      if (text) found.push({ text, at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const TEXTS = sources('src-renderer').flatMap(textsOf);

describe('sentence case in the renderer (issue 37)', () => {
  it('tells sentence case from Title Case and ALL CAPS', () => {
    expect(caseProblem('Restart Now')).toBe('Title Case');
    expect(caseProblem('RECENT RUNS')).toBe('ALL CAPS');
    expect(caseProblem('Recent runs')).toBeNull();
    expect(caseProblem('Feed URL')).toBeNull();
    expect(caseProblem('Add your first feed')).toBeNull();
    expect(caseProblem('Apple Mail dark')).toBeNull();
    expect(caseProblem('HTML')).toBeNull();
    expect(caseProblem('app.session')).toBeNull();
    expect(caseProblem('Sign in to Letterdesk')).toBeNull();
    expect(caseProblem('YYYY-MM-DD HH:mm')).toBeNull();
  });

  it('has no Title Case or ALL-CAPS text beyond the kept labels', () => {
    const problems = TEXTS.filter(({ text }) => !(text in KEPT) && caseProblem(text) !== null).map(({ text, at }) => `${at}: ${caseProblem(text)}: ${text}`);
    expect(problems).toEqual([]);
  });

  it('keeps only labels that are still shown', () => {
    const shown = new Set(TEXTS.map(({ text }) => text));
    expect(Object.keys(KEPT).filter((label) => !shown.has(label))).toEqual([]);
  });

  it('draws no text in capitals with a transform', () => {
    const transformed = sources('src-renderer').filter((file) => /\btt=["']uppercase|textTransform:\s*['"]uppercase/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(transformed).toEqual([]);
  });
});
